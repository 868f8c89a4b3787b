import Foundation
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The encoders the ffmpeg video writer drives, one per output extension.
public enum VideoCodec: String, Sendable, Equatable, CaseIterable {
  /// `.mp4`: H.264 (libx264), 4:2:0, BT.709 matrix and tags, no alpha.
  case h264
  /// `.mkv`: H.264 as ``h264`` in Matroska, which holds any audio codec
  /// (copied as it is).
  case h264Matroska
  /// `.mov`: ProRes 4444 with alpha (prores_ks, `yuva444p10le`), what
  /// Final Cut, Premiere, DaVinci Resolve and After Effects import with
  /// transparency.
  case prores4444
  /// `.webm`: VP9 (libvpx-vp9) with alpha (`yuva420p`).
  case vp9
  /// `.gif`: one palette for the whole clip (palettegen), dithered
  /// (paletteuse), looping; 1-bit transparency. Written in two passes so
  /// that no process holds the clip in memory: the frames go losslessly
  /// (FFV1) to a temporary file beside the output while the palette is
  /// made, then a second ffmpeg maps them to it; the temporary files are
  /// removed afterwards (the disk briefly holds a lossless copy of the clip).
  case gif
  /// `.webp`: animated WebP (libwebp_anim), looping, with alpha.
  case webp

  /// Whether the format keeps an alpha channel (else frames are composited
  /// over ``VideoEncoding/background``).
  public var keepsAlpha: Bool { !isH264 }

  /// Whether the container can take an audio stream copied from the input.
  public var carriesAudio: Bool { isH264 || self == .prores4444 || self == .vp9 }

  /// Whether the encoder is H.264 (libx264, 4:2:0), in MP4 or Matroska.
  public var isH264: Bool { self == .h264 || self == .h264Matroska }

  /// The name for messages.
  public var displayName: String {
    switch self {
    case .h264: "H.264 MP4"
    case .h264Matroska: "H.264 MKV"
    case .prores4444: "ProRes 4444 MOV"
    case .vp9: "VP9 WebM"
    case .gif: "GIF"
    case .webp: "animated WebP"
    }
  }
}

/// Settings of the ffmpeg video writer (``VideoWriter``).
public struct VideoEncoding: Sendable, Equatable {
  /// What to do with an odd width or height, which H.264 in 4:2:0 cannot
  /// hold.
  public enum OddSizeHandling: Sendable, Equatable {
    /// Add one column/row at the right/bottom that repeats the edge pixels
    /// (default): no seam of another colour.
    case pad
    /// Drop the last row/column.
    case crop
  }

  /// x264 speed/size presets, fastest to slowest.
  public enum Preset: String, Sendable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow
  }

  /// Frames per second (> 0).
  public var framesPerSecond: Double
  /// Quality 1 … 100 (default 90), mapped to each encoder's setting by
  /// ``VideoQuality``: the H.264 and VP9 constant rate factor, the WebP
  /// quality; no effect on ProRes and GIF.
  public var quality: Int
  /// An expert override of the H.264 (0 … 51) or VP9 (0 … 63) constant rate
  /// factor, lower is better; nil (default): from ``quality``.
  public var constantRateFactor: Int?
  public var preset: Preset
  public var oddSize: OddSizeHandling
  /// Video has no alpha: frames are composited over this colour, its alpha
  /// ignored (and padding uses it). Opaque black by default.
  public var background: RGBA8
  /// The ffmpeg to run; nil: `MESHWARP_FFMPEG`, else `ffmpeg` on PATH.
  public var ffmpegPath: String?
  /// The encoder and container (default H.264 in MP4).
  public var codec: VideoCodec
  /// A media file whose audio streams are copied into the output untouched
  /// (`-map 1:a? -c:a copy`), when the codec's container carries audio; nil
  /// for none.
  public var audioSource: String?
  /// What happens to ``audioSource``'s audio: copied (default), or
  /// transcoded where the container cannot hold it
  /// (``AudioPlan/decide(codecs:into:)``); `.none` leaves it out.
  public var audioPlan: AudioPlan = .copy
  /// Seconds of ``audioSource`` skipped before its audio is taken (≥ 0;
  /// ffmpeg's input `-ss`), so that a trimmed clip keeps its sound in sync.
  public var audioStart: Double = 0
  /// Seconds of ``audioSource``'s audio taken (input `-t`); nil: to its end.
  public var audioDuration: Double?
  /// The frames hold BT.709 limited-range Y′CbCr in their R, G, B bytes
  /// (a warp kept in Y′CbCr: ``YCbCr420Packing``), sent packed, not
  /// converted; ``background`` stays sRGB and is converted. Only for H.264
  /// at an even size (``VideoWriter/sendsYUV(width:height:codec:)``).
  package var framesAreYCbCr = false
  /// Each frame keeps the duration given to ``VideoWriter/append(_:duration:)``
  /// (a variable-rate clip, a GIF's delays): frames go to ffmpeg in
  /// Matroska with their timestamps (`MatroskaRawFrames`), encoded with
  /// `-fps_mode passthrough` in the input's microsecond time base, instead
  /// of as raw video at ``framesPerSecond``. Frames appended without a
  /// duration show for `1 / framesPerSecond`.
  public var keepsFrameTimes = false

  public init(
    framesPerSecond: Double = 30, quality: Int = EncoderQuality.defaultValue,
    constantRateFactor: Int? = nil, preset: Preset = .medium,
    oddSize: OddSizeHandling = .pad, background: RGBA8 = .black, ffmpegPath: String? = nil,
    codec: VideoCodec = .h264, audioSource: String? = nil
  ) {
    self.codec = codec
    self.audioSource = audioSource
    self.framesPerSecond = framesPerSecond
    self.quality = quality
    self.constantRateFactor = constantRateFactor
    self.preset = preset
    self.oddSize = oddSize
    self.background = background
    self.ffmpegPath = ffmpegPath
  }
}

/// Writes video (H.264 MP4, ProRes 4444 MOV, VP9 WebM, GIF, animated WebP:
/// ``VideoEncoding/codec``) by piping raw RGBA frames to an `ffmpeg` process:
/// `ffmpeg -f rawvideo -pix_fmt rgba -s WxH -r FPS -i - [-i AUDIO] -vf …
/// -c:v ENCODER …` (see `arguments(width:height:options:outputPath:)`).
///
/// Colour: frames are sRGB; the YUV formats are converted with the BT.709
/// matrix in limited ("TV") range and tagged BT.709 (matrix, primaries,
/// transfer), which is what players assume for HD and what sRGB content
/// displays as on them. H.264 at an even size is converted here
/// (`YUV420Conversion`, in parallel) and sent as `yuv420p`, or, for
/// frames kept in Y′CbCr (`VideoEncoding/framesAreYCbCr`), packed
/// (`YCbCr420Packing`); the rest as RGBA, converted by ffmpeg's `scale`
/// filter.
///
/// ffmpeg writes a temporary file beside the target, renamed over it only
/// when ffmpeg succeeds; a failure leaves an existing file untouched and
/// reports ffmpeg's exit status with the end of its error output.
///
/// Frames go through a Unix socket pair rather than a pipe, written with
/// `MSG_NOSIGNAL`: if ffmpeg dies mid-way the write fails with EPIPE instead
/// of raising SIGPIPE, whatever the process's signal settings.
public final class VideoWriter: FrameSink {
  public let destination: String
  public let width: Int
  public let height: Int
  public let options: VideoEncoding
  /// The ffmpeg executable in use.
  public let ffmpegPath: String

  private let output: AtomicFileWriter
  private let process: SpawnedProcess
  /// H.264 at an even size: frames go to ffmpeg as `yuv420p`
  /// (``YUV420Conversion``), converted here; else as RGBA.
  private let sendsYUV: Bool
  /// The converted frame, reused.
  private var planes: [UInt8] = []
  private var socket: Int32
  private let stderrFile: Int32
  /// The opaque canvas each frame is drawn over (video has no alpha).
  private let background: RGBAImage
  private let lifecycle: FrameWriterLifecycle
  /// ``VideoEncoding/keepsFrameTimes``: the next frame's start, in seconds.
  private var clock: Double = 0

  /// Starts ffmpeg for a `width × height` video at `path`.
  ///
  /// - Parameters:
  ///   - path: the file to write (its extension need not match the codec);
  ///     replaced only when ``finish()`` succeeds.
  ///   - width: the frame width in pixels (≥ 1).
  ///   - height: the frame height in pixels (≥ 1).
  ///   - options: frame rate, quality, codec, background, audio source.
  ///   - environment: where `MESHWARP_FFMPEG` and `PATH` are read (the
  ///     process environment by default).
  /// - Throws: `VideoError.toolUnavailable` when ffmpeg is not found or
  ///   does not start; `.unsupportedOutput` for standard output or a bad
  ///   size; `.fileSystem` when the temporary file cannot be created.
  public init(
    path: String, width: Int, height: Int, options: VideoEncoding = .init(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    guard path != StandardOutput.path else {
      throw VideoError.unsupportedOutput(
        path: path, reason: "MP4 cannot be written to standard output (it needs a seekable file)")
    }
    let minimum = options.oddSize == .crop ? 2 : 1
    guard width >= minimum, height >= minimum, width <= 16384, height <= 16384 else {
      throw VideoError.unsupportedOutput(
        path: path,
        reason: "an MP4 video cannot be \(width)×\(height) (H.264: \(minimum)…16384 per side)")
    }
    guard options.framesPerSecond > 0, options.framesPerSecond.isFinite else {
      throw VideoError.unsupportedOutput(
        path: path, reason: "frame rate must be > 0 (got \(options.framesPerSecond))")
    }
    destination = path
    self.width = width
    self.height = height
    self.options = options
    sendsYUV = Self.sendsYUV(width: width, height: height, codec: options.codec)
    ffmpegPath =
      try options.ffmpegPath.map { explicit in
        guard let found = ExecutableLocator.find(explicit, environment: environment) else {
          throw VideoError.toolUnavailable(
            tool: "ffmpeg", reason: "\(explicit) is not an executable file")
        }
        return found
      } ?? ExecutableLocator.ffmpeg(environment: environment)
    output = try AtomicFileWriter(path: path)
    precondition(
      !options.framesAreYCbCr || sendsYUV, "Y′CbCr frames need H.264 at an even size")
    let b = options.background
    let canvas = RGBA8(b.r, b.g, b.b, 255)
    background =
      options.codec.keepsAlpha
      ? RGBAImage(width: 0, height: 0)
      : RGBAImage(
        width: width, height: height,
        fill: options.framesAreYCbCr ? YUV420Conversion.ycbcr(of: canvas) : canvas)
    lifecycle = FrameWriterLifecycle(destination: path, noun: "video", frameSize: (width, height))

    // ffmpeg's error output goes to an unlinked temporary file: no pipe to
    // drain, readable after ffmpeg exits.
    var template = Array(Self.temporaryDirectoryPath("meshwarp-ffmpeg-XXXXXX").utf8CString)
    let stderrFile: Int32
    do {
      stderrFile = try systemCall { mkstemp(&template) }
    } catch {
      output.discard()
      throw error.fileSystem(path: NSTemporaryDirectory(), .create)
    }
    unlink(template)
    _ = fcntl(stderrFile, F_SETFD, FD_CLOEXEC)
    self.stderrFile = stderrFile

    var pair: [Int32] = [-1, -1]
    do {
      try systemCall {
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
      }
    } catch {
      output.discard()
      close(stderrFile)
      throw VideoError.toolUnavailable(tool: "ffmpeg", reason: "socketpair failed: \(error)")
    }
    socket = pair[0]
    shutdown(pair[0], Int32(SHUT_RD))
    shutdown(pair[1], Int32(SHUT_WR))

    do {
      process = try SpawnedProcess(
        tool: "ffmpeg", executable: ffmpegPath,
        arguments: Self.arguments(
          width: width, height: height, options: options, outputPath: output.temporaryPath),
        input: pair[1], error: stderrFile)
    } catch {
      close(pair[0])
      close(pair[1])
      close(stderrFile)
      output.discard()
      throw error
    }
    close(pair[1])  // ffmpeg holds its own copy; ours would hide its exit
  }

  deinit { cancel() }

  /// The size of the encoded video for frames of `width × height`: H.264
  /// in 4:2:0 needs even sides, so an odd one grows by one pixel
  /// (``VideoEncoding/OddSizeHandling/pad``) or loses one (`crop`); the other
  /// codecs keep the size.
  package static func encodedSize(width: Int, height: Int, options: VideoEncoding) -> (
    width: Int, height: Int
  ) {
    guard options.codec.isH264 else { return (width, height) }
    let grow = options.oddSize == .pad ? 1 : 0
    return (
      width + (width % 2 == 1 ? 2 * grow - 1 : 0), height + (height % 2 == 1 ? 2 * grow - 1 : 0)
    )
  }

  /// Whether frames of this size and codec are sent as `yuv420p`: H.264
  /// (whose 4:2:0 needs no alpha) at an even size (odd sizes are padded or
  /// cropped by ffmpeg's filters first).
  package static func sendsYUV(width: Int, height: Int, codec: VideoCodec) -> Bool {
    codec.isH264 && width % 2 == 0 && height % 2 == 0
  }

  /// ffmpeg's command line (without the program).
  static func arguments(width: Int, height: Int, options: VideoEncoding, outputPath: String)
    -> [String]
  {
    let (p, q) = bestRationalApproximation(options.framesPerSecond, limit: 1_000_000)
    let yuv = sendsYUV(width: width, height: height, codec: options.codec)
    var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error"]
    if !options.keepsFrameTimes {
      arguments += [
        "-f", "rawvideo", "-pix_fmt", yuv ? "yuv420p" : "rgba", "-s", "\(width)x\(height)",
        "-r", "\(p)/\(q)",
      ]
    }
    if yuv {
      arguments += [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
        "-color_range", "tv",
      ]
    }
    if options.keepsFrameTimes { arguments += ["-f", "matroska"] }
    arguments += ["-i", "-"]
    let codec = options.codec
    let audio = codec.carriesAudio && options.audioPlan != .none ? options.audioSource : nil
    if let audio {
      if options.audioStart > 0 { arguments += ["-ss", "\(options.audioStart)"] }
      if let seconds = options.audioDuration { arguments += ["-t", "\(seconds)"] }
      arguments += ["-i", "file:" + audio]
    }
    if codec != .gif { arguments += ["-map", "0:v"] }
    if audio != nil { arguments += options.audioPlan.arguments }
    if options.keepsFrameTimes { arguments += keepingTimes }
    // The constant rate factor of H.264 and VP9: the override, else from
    // the quality.
    let crf =
      options.constantRateFactor ?? VideoQuality.constantRateFactor(
        quality: options.quality, codec: codec) ?? 0
    // sRGB to BT.709 YUV in limited range (the matrix on the frames, then
    // the pixel format), with the tags that say so on the frames (what
    // ProRes writes in its headers) and on the stream.
    let frameTags = "setparams=color_primaries=bt709:color_trc=bt709:colorspace=bt709:range=tv"
    func bt709(_ pixelFormat: String) -> String {
      "scale=out_color_matrix=bt709:out_range=tv,format=\(pixelFormat)," + frameTags
    }
    let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
    switch codec {
    case .h264, .h264Matroska:
      var filters: [String] = []
      if width % 2 == 1 || height % 2 == 1 {
        switch options.oddSize {
        case .pad:
          // Padded, then the new column/row overwritten by the edge's
          // pixels (fillborders' smear, which takes planar formats only;
          // the frames are opaque here).
          filters.append(
            "format=gbrp,pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0,fillborders=right=\(width % 2):bottom=\(height % 2):mode=smear"
          )
        case .crop: filters.append("crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0")
        }
      }
      // (Sent as yuv420p already at an even size: only the tags.)
      filters.append(yuv ? frameTags : bt709("yuv420p"))
      arguments += ["-vf", filters.joined(separator: ",")]
      arguments += [
        "-c:v", "libx264", "-preset", options.preset.rawValue,
        "-crf", "\(min(max(crf, 0), 51))",
      ]
      arguments +=
        tags + (codec == .h264 ? ["-movflags", "+faststart", "-f", "mp4"] : ["-f", "matroska"])
    case .prores4444:
      arguments += ["-vf", bt709("yuva444p10le")]
      arguments += ["-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0"]
      arguments += tags + ["-f", "mov"]
    case .vp9:
      arguments += ["-vf", bt709("yuva420p")]
      arguments += [
        "-c:v", "libvpx-vp9", "-crf", "\(min(max(crf, 0), 63))", "-b:v", "0", "-row-mt", "1",
      ]
      arguments += tags + ["-f", "webm"]
    case .gif:
      // Pass 1 of 2 (``gifSecondPassArguments(outputPath:keepsFrameTimes:)``): the clip's
      // palette, and the frames losslessly (FFV1 in Matroska) to a file,
      // so that no process holds the clip in memory.
      arguments += [
        "-filter_complex",
        "[0:v]split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p]",
        "-map", "[p]", "-f", "image2", "-update", "1", "-y", gifPalettePath(outputPath),
        "-map", "[b]",
      ]
      if options.keepsFrameTimes { arguments += keepingTimes }
      arguments += ["-c:v", "ffv1", "-f", "matroska", "-y", gifFramesPath(outputPath)]
      return arguments
    case .webp:
      let quality = EncoderQuality.clamped(options.quality)
      arguments += [
        "-c:v", "libwebp_anim", "-pix_fmt", "yuva420p", "-quality", "\(quality)", "-loop", "0",
        "-f", "webp",
      ]
    }
    arguments += ["-y", outputPath]
    return arguments
  }

  /// Output options that keep every frame's timestamp: no frame dropped
  /// or repeated to a rate, and the encoder in the input's time base
  /// (by default it takes 1/rate, which rounds the times).
  static let keepingTimes = ["-fps_mode", "passthrough", "-enc_time_base", "-1"]

  /// GIF pass 2 (after ``arguments(width:height:options:outputPath:)``):
  /// the saved frames mapped to the clip's palette, dithered, looping.
  static func gifSecondPassArguments(outputPath: String, keepsFrameTimes: Bool = false)
    -> [String]
  {
    [
      "-hide_banner", "-nostdin", "-loglevel", "error",
      "-i", gifFramesPath(outputPath), "-i", gifPalettePath(outputPath),
      "-filter_complex", "[0:v][1:v]paletteuse=dither=sierra2_4a:alpha_threshold=128",
    ] + (keepsFrameTimes ? keepingTimes : []) + ["-loop", "0", "-f", "gif", "-y", outputPath]
  }

  /// The GIF passes' intermediate files, beside the temporary output.
  static func gifFramesPath(_ outputPath: String) -> String { outputPath + ".frames.mkv" }
  static func gifPalettePath(_ outputPath: String) -> String { outputPath + ".palette.png" }

  public func append(_ image: RGBAImage) throws {
    try append(image, duration: 1 / options.framesPerSecond)
  }

  /// Adds a frame shown for `duration` seconds (> 0): kept with
  /// ``VideoEncoding/keepsFrameTimes``, else the frame rate decides.
  public func append(_ image: RGBAImage, duration: Double) throws {
    let index = lifecycle.framesAccepted
    try lifecycle.accept(image, cancel: cancel)
    var frame = image
    // An opaque frame needs no compositing (a warp that covers the frame
    // costs no blend).
    if !options.codec.keepsAlpha && !image.isOpaque {
      frame = background
      frame.drawOver(image, at: 0, 0)
    }
    do {
      func sendAll(_ bytes: UnsafeRawBufferPointer) throws {
        try writeAll(bytes) { start, count, _ in
          send(socket, start, count, Int32(MSG_NOSIGNAL))
        }
      }
      if options.keepsFrameTimes {
        var prefix: [UInt8] = []
        if index == 0 {
          prefix = MatroskaRawFrames.header(
            width: width, height: height, fourCC: sendsYUV ? "I420" : "RGBA")
        }
        let start = Int((clock * 1e6).rounded())
        let shown = duration.isFinite && duration > 0 ? duration : 1 / options.framesPerSecond
        clock += shown
        let bytes =
          sendsYUV
          ? width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2) : width * height * 4
        prefix += MatroskaRawFrames.framePrefix(
          microseconds: start, durationMicroseconds: Int((clock * 1e6).rounded()) - start,
          frameBytes: bytes)
        try prefix.withUnsafeBytes(sendAll)
      }
      if options.framesAreYCbCr {
        YCbCr420Packing.pack(frame, into: &planes, threads: 0)
        try planes.withUnsafeBytes(sendAll)
      } else if sendsYUV {
        YUV420Conversion.convert(frame, into: &planes, threads: 0)
        try planes.withUnsafeBytes(sendAll)
      } else {
        try frame.pixels.withUnsafeBytes(sendAll)
      }
    } catch {
      // ffmpeg stopped reading: it has exited or is about to.
      close(socket)
      socket = -1
      let ending = process.wait()
      let tail = stderrTail()
      abandon()
      throw VideoError.toolFailed(
        tool: "ffmpeg", destination: destination,
        reason:
          "it stopped reading its input (\(ending.text)) while frame \(index) was being sent (\(error))",
        stderrTail: tail)
    }
  }

  public func finish() throws {
    try lifecycle.checkFinish(cancel: cancel)
    close(socket)  // end of input: ffmpeg finishes the file
    socket = -1
    let ending = process.wait()
    guard ending.succeeded else {
      let tail = stderrTail()
      abandon()
      throw VideoError.toolFailed(
        tool: "ffmpeg", destination: destination, reason: ending.text, stderrTail: tail)
    }
    if options.codec == .gif { try runGIFSecondPass() }
    removeGIFIntermediates()
    try lifecycle.cancelling(abandon) { try output.commit() }
    close(stderrFile)
    lifecycle.markFinished()
  }

  public func cancel() {
    guard lifecycle.phase == .open else { return }
    if socket >= 0 {
      close(socket)
      socket = -1
    }
    process.send(SIGTERM)
    process.wait()
    abandon()
  }

  /// GIF: a second ffmpeg maps the saved frames to the palette (stopped,
  /// like the first, by ``RunningTools/stopAll()`` on a signal).
  private func runGIFSecondPass() throws {
    let second: SpawnedProcess
    do {
      second = try SpawnedProcess(
        tool: "ffmpeg", executable: ffmpegPath,
        arguments: Self.gifSecondPassArguments(
          outputPath: output.temporaryPath, keepsFrameTimes: options.keepsFrameTimes),
        error: stderrFile)
    } catch {
      abandon()
      throw error
    }
    let ending = second.wait()
    guard ending.succeeded else {
      let tail = stderrTail()
      abandon()
      throw VideoError.toolFailed(
        tool: "ffmpeg", destination: destination, reason: "palette pass: " + ending.text,
        stderrTail: tail)
    }
  }

  /// Removes the GIF passes' intermediate files (none for other codecs).
  private func removeGIFIntermediates() {
    guard options.codec == .gif else { return }
    unlink(Self.gifFramesPath(output.temporaryPath))
    unlink(Self.gifPalettePath(output.temporaryPath))
  }

  /// Drops the temporary output and the error log.
  private func abandon() {
    if socket >= 0 {
      close(socket)
      socket = -1
    }
    removeGIFIntermediates()
    output.discard()
    close(stderrFile)
    _ = lifecycle.markCancelled()
  }

  /// `name` inside the system's temporary directory.
  private static func temporaryDirectoryPath(_ name: String) -> String {
    let directory = NSTemporaryDirectory()
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The last lines of ffmpeg's error output (at most ~2 KB).
  private func stderrTail() -> String {
    let size = lseek(stderrFile, 0, SEEK_END)
    guard size > 0 else { return "" }
    let count = Int(min(size, 2048))
    var bytes = [UInt8](repeating: 0, count: count)
    let n = bytes.withUnsafeMutableBytes {
      pread(stderrFile, $0.baseAddress!, count, size - off_t(count))
    }
    guard n > 0 else { return "" }
    var text = String(decoding: bytes[..<n], as: UTF8.self)
    if count < size, let newline = text.firstIndex(of: "\n") {
      text = String(text[text.index(after: newline)...])  // drop a cut-off first line
    }
    return text
  }
}
