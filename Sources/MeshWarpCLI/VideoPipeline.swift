import Foundation

/// What an input file holds, judged by its first bytes.
enum InputKind: Equatable {
  /// A still image (PNG without animation, JPEG, still WebP).
  case still
  /// Frames for ffmpeg: an animated PNG, or anything else (MP4, MOV, MKV,
  /// WebM, GIF, animated WebP, …): ffprobe decides.
  case video

  /// Reads up to 64 KiB of `path`: a PNG is a still unless an `acTL`
  /// chunk comes before its first `IDAT`; JPEG and a WebP without the
  /// animation flag are stills; known video containers and GIF are video
  /// (``looksLikeVideo(_:)``); the rest is left to the image decoder. Standard input and
  /// unreadable files are stills (the image decoder reports the problem).
  static func detect(path: String) -> InputKind {
    guard path != FileInput.standardInputPath, let handle = FileHandle(forReadingAtPath: path)
    else { return .still }
    defer { try? handle.close() }
    let head = [UInt8]((try? handle.read(upToCount: 65536)) ?? Data())
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if head.starts(with: png) {
      var offset = 8
      while offset + 8 <= head.count {
        let length = head[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: head[offset + 4..<offset + 8], as: UTF8.self)
        if type == "acTL" { return .video }
        if type == "IDAT" { return .still }
        offset += 12 + length
      }
      return .still
    }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .still }
    if head.count >= 21, head.starts(with: Array("RIFF".utf8)),
      Array(head[8..<12]) == Array("WEBP".utf8)
    {
      // VP8X: flags byte at 20; bit 1 (0x02) marks an animation.
      let extended = Array(head[12..<16]) == Array("VP8X".utf8)
      return extended && head[20] & 0x02 != 0 ? .video : .still
    }
    return looksLikeVideo(head) ? .video : .still
  }

  /// Whether `head` starts like a container ffmpeg reads for video: ISO
  /// media (MP4, MOV: `ftyp` at 4), Matroska/WebM (EBML), GIF, AVI, MPEG
  /// transport or program streams, FLV. Anything else goes to the image
  /// decoder, whose error names what the bytes look like.
  static func looksLikeVideo(_ head: [UInt8]) -> Bool {
    func at(_ offset: Int, _ bytes: [UInt8]) -> Bool {
      head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    return at(4, Array("ftyp".utf8)) || at(0, [0x1A, 0x45, 0xDF, 0xA3])
      || at(0, Array("GIF8".utf8)) || (at(0, Array("RIFF".utf8)) && at(8, Array("AVI ".utf8)))
      || at(0, [0x00, 0x00, 0x01, 0xBA]) || at(0, Array("FLV".utf8))
      || (head.count > 188 && head[0] == 0x47 && head[188] == 0x47)
  }
}

/// `meshwarp warp VIDEO --mesh … -o OUT`: decode, warp and encode at once,
/// on three threads joined by two small queues (at most a few frames in
/// memory, whatever the length); the mesh at each frame's timestamp;
/// frame rate, frame count and audio kept.
struct VideoPipeline {
  var input: String
  var output: String
  var mesh: MeshAnimation
  /// The output size; nil: the video's (rotation applied).
  var size: PixelSize?
  var warp: WarpOptions
  var encoding: MP4Options
  /// `--background`: composited under every frame, also in formats that
  /// keep alpha (`FrameExport.flattened`); nil: none.
  var background: ArgumentColour? = nil
  /// `--max-pixels`: the largest decoded frame (and output frame) accepted,
  /// checked before any frame is read or any output is opened.
  var maxPixels: Int = DecodeLimits.defaultMaxPixels
  /// `--no-audio`: false leaves the input's audio out.
  var keepsAudio = true
  /// Frames waiting between two stages.
  static let queueCapacity = 2

  /// Runs the export. On any failure or signal the ffmpeg children are
  /// stopped and no output is left (an existing file is kept as it was).
  func run(console: Console) throws {
    try SignalGuard.run { signals in try run(console: console, signals: signals) }
  }

  private func run(console: Console, signals: SignalGuard) throws {
    let opened: VideoReader
    do {
      opened = try VideoReader(path: input)
    } catch let error as VideoInputError {
      throw CLIError.failure(error.description)
    }
    let info = opened.info
    // Every decoded frame has the stream's size: one check covers them all.
    guard info.width * info.height <= maxPixels else {
      opened.cancel()
      throw MeshWarpIOError.imageTooLarge(
        source: input, width: info.width, height: info.height, maxPixels: maxPixels)
    }
    let width = size?.width ?? info.width
    let height = size?.height ?? info.height
    guard width * height <= maxPixels else {
      opened.cancel()
      throw CLIError.usage(
        "output \(width)x\(height) = \(width * height) pixels exceeds the limit of \(maxPixels) (raise it with --max-pixels)"
      )
    }
    let format: OutputFormat
    do {
      format = try AnimatedOutput.format(of: output)
    } catch {
      opened.cancel()
      throw error
    }
    var encoding = self.encoding
    if let codec = format.codec {
      if info.hasAudio, keepsAudio {
        let codecs = AudioPlan.codecs(ofAudioIn: input, ffprobePath: opened.ffprobePath)
        let plan = AudioPlan.decide(codecs: codecs, into: codec)
        encoding.audioPlan = plan
        switch plan {
        case .copy: encoding.audioSource = input
        case .transcode:
          encoding.audioSource = input
          console.error(
            "note: the audio (\(codecs.joined(separator: ", "))) is transcoded to \(plan.encoderName ?? "") (\(codec.displayName) cannot hold it as is)"
          )
        case .none:
          console.error("note: the audio is not kept (\(codec.displayName) holds no audio)")
        }
      }
    } else if info.hasAudio, keepsAudio {
      console.error("note: the audio is not copied (\(output) holds pictures only)")
    }
    // A BT.709 4:2:0 input into H.264 stays in Y′CbCr from decoder to
    // encoder (`YCbCr420Packing`: no conversion either way); the colours
    // the warp adds are given in Y′CbCr too.
    var warp = self.warp
    var background = self.background
    if Self.keepsYCbCr(input: opened.yuv, output: format.codec, width: width, height: height),
      opened.keepYCbCr()
    {
      encoding.framesAreYCbCr = true
      warp.edgeColor = YUV420Conversion.ycbcr(of: warp.edgeColor)
      background = background.map {
        ArgumentColour(rgba: YUV420Conversion.ycbcr(of: $0.rgba), text: $0.text)
      }
    }
    // Unevenly spaced frames (a phone clip, a GIF's delays) keep their times.
    let times = opened.frameTimes
    encoding.keepsFrameTimes = times != nil
    let total = times?.timestamps.count ?? info.estimatedFrameCount
    let meter = ProgressMeter(console: console, total: total)
    let made = try FrameSinks.make(
      path: output, width: width, height: height,
      options: FrameSinkOptions(
        framesPerSecond: info.framesPerSecond, pngIsAnimated: true, video: encoding),
      totalFrames: total, progress: { meter.update($0.framesWritten) })
    if info.rotation != 0 { console.error("note: rotation \(info.rotation)° applied") }
    let encoded: (width: Int, height: Int) =
      format.codec == .h264
      ? MP4Writer.encodedSize(width: width, height: height, options: encoding) : (width, height)
    if encoded != (width, height) {
      console.error(
        "note: H.264 4:2:0 needs even sizes: \(width)x\(height) "
          + (encoded.width > width || encoded.height > height
            ? "padded to \(encoded.width)x\(encoded.height) by repeating the edge pixels"
            : "cropped to \(encoded.width)x\(encoded.height)"))
    }

    // Each of these is used by one thread at a time (handed over through
    // the queues and the group).
    let reader = Handed(opened)
    let sink = Handed(made)
    let written = Handed(0)
    let decoded = FrameQueue<VideoFrame>(capacity: Self.queueCapacity)
    let warped = FrameQueue<RGBAImage>(capacity: Self.queueCapacity)
    // Spent frames flow back (a queue's worth is enough: more would only sit there).
    let spentSources = FramePool(capacity: Self.queueCapacity)
    let spentOutputs = FramePool(capacity: Self.queueCapacity)
    let failures = FailureBox()
    let done = DispatchGroup()
    // Whether a warped frame had transparency (then, into a format without
    // alpha, the note says what it was composited over).
    var sawTransparency = false

    // Decoding thread: ffmpeg → raw frames → `decoded`.
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      do {
        while let frame = try reader.value.nextFrame(reusing: spentSources.take()) {
          guard decoded.put(frame) else { break }
        }
        // ffmpeg may decode nothing from a truncated file and still exit 0:
        // say so about the input, not "no frames to write" about the output.
        if reader.value.framesRead == 0, signals.signal == nil {
          let said = reader.value.warnings
          throw CLIError.failure(
            "\(input): no frame could be decoded (truncated or corrupt?)"
              + (said.isEmpty ? "" : "; ffmpeg reported: \(said)"))
        }
      } catch {
        failures.record(error)
      }
      reader.value.cancel()
      decoded.close()
    }
    // Encoding thread: `warped` → the sink (an ffmpeg writing a temporary file).
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      do {
        while let image = warped.take() {
          guard !failures.failed else { break }
          if let times {
            try sink.value.append(image, duration: times.duration(at: written.value))
          } else {
            try sink.value.append(image)
          }
          written.value += 1
          spentOutputs.give(consume image)
        }
        if failures.failed { sink.value.cancel() } else { try sink.value.finish() }
      } catch {
        failures.record(error)
        sink.value.cancel()
        decoded.abandon()
      }
      warped.abandon()
    }
    // This thread warps (the renderer uses every core), with every option
    // of the command (interpolation, edges, --smooth, …).
    var options = warp
    options.width = width
    options.height = height
    while var frame = decoded.take() {
      if failures.failed || signals.signal != nil { break }
      var image = spentOutputs.take() ?? RGBAImage(width: 0, height: 0)
      WarpRenderer.render(
        frame.image, mesh: mesh.mesh(at: frame.timestamp), options: options, into: &image)
      // Handed back unshared, so that the decoder can write into it.
      let source = frame.image
      frame.image = RGBAImage(width: 0, height: 0)
      spentSources.give(consume source)
      if !sawTransparency && !image.isOpaque { sawTransparency = true }
      guard warped.put(FrameExport.flattened(image, over: background)) else { break }
    }
    if signals.signal != nil { failures.record(CLIError.interrupted(signal: signals.signal!)) }
    if failures.failed { decoded.abandon() }
    warped.close()
    done.wait()
    meter.finish(written.value)
    try signals.check()
    if let error = failures.first {
      if let error = error as? VideoInputError { throw CLIError.failure(error.description) }
      throw error
    }
    let warnings = reader.value.warnings
    if !warnings.isEmpty { console.error("note: ffmpeg reported: \(warnings)") }
    if sawTransparency, let codec = format.codec, !codec.keepsAlpha {
      let b = encoding.background
      console.error(
        "note: \(codec.displayName) has no alpha: transparent parts are composited over "
          + String(format: "#%02X%02X%02X", b.r, b.g, b.b))
    }
    console.error(
      "wrote \(output) (\(written.value) frames, \(encoded.width)x\(encoded.height), \(times == nil ? "\(info.frameRate) fps" : "variable frame rate kept")\(encoding.audioSource == nil ? "" : encoding.audioPlan == .copy ? ", audio copied" : ", audio transcoded"))"
    )
  }

  /// Whether frames stay in Y′CbCr from decoder to encoder
  /// (`YCbCr420Packing`): 4:2:0 planes of BT.709 in (`input`, the
  /// reader's matrix), H.264 at an even size out (BT.709 too).
  static func keepsYCbCr(
    input: YUV420ToRGBA.Matrix?, output codec: VideoCodec?, width: Int, height: Int
  ) -> Bool {
    input == .bt709 && codec == .h264
      && MP4Writer.sendsYUV(width: width, height: height, codec: .h264)
  }
}

/// The first error of a multi-threaded export.
final class FailureBox: @unchecked Sendable {
  private let lock = NSLock()
  private var error: (any Error)?

  func record(_ error: any Error) {
    lock.lock()
    if self.error == nil { self.error = error }
    lock.unlock()
  }

  var first: (any Error)? {
    lock.lock()
    defer { lock.unlock() }
    return error
  }

  var failed: Bool { first != nil }
}

/// A value handed from thread to thread, never used by two at once (the
/// hand-over goes through a lock: a queue or a dispatch group).
final class Handed<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
