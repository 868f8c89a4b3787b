import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender

/// What a ``VideoWarp`` will do and why, decided before any frame is read
/// or any output opened: the output size and format, what happens to the
/// audio, whether frames stay in Y′CbCr, and the notes a user should read.
///
/// A plan of a video holds the opened input (its ffmpeg waits for the
/// first read): ``run(progress:note:isCancelled:)`` it once; a plan let go
/// unrun stops its ffmpeg.
public final class VideoWarpPlan {
  /// The request planned.
  public let request: VideoWarp
  /// The output frame width in pixels (before any even-size change).
  public let width: Int
  /// The output frame height in pixels.
  public let height: Int
  /// The width the frames are encoded at: ``width``, or for H.264, HEVC
  /// and ProRes padded or cropped to an even size
  /// (``VideoEncoding/oddSize``).
  public let encodedWidth: Int
  /// The height the frames are encoded at (as ``encodedWidth``).
  public let encodedHeight: Int
  /// The output format: the output's ``VideoWarp/Output/format``, else
  /// from its path.
  public let format: OutputFormat
  /// The encoder settings the export uses: the request's, with the
  /// container, frame times, the audio source and plan and the colour path
  /// filled in. A MOV given no codec gets ProRes 4444 when any frame can
  /// have transparency, else 422 HQ (`WarpTransparency`).
  public let encoding: VideoEncoding
  /// The video's stream, as probed; nil for a still input.
  public let videoInfo: VideoInfo?
  /// Whether frames go from the decoder to the encoder in Y′CbCr
  /// (BT.709 4:2:0 in, H.264 or HEVC at an even size out: no colour
  /// conversion either way).
  public let keepsYCbCr: Bool
  /// Whether the input's uneven frame times (a phone clip, a GIF's
  /// delays) are kept; false: a constant frame rate.
  public var keepsFrameTimes: Bool { encoding.keepsFrameTimes }
  /// The frames to write, when known in advance.
  public let totalFrames: Int?
  /// What a user should know before the export (audio transcoded or left
  /// out, rotation applied, an odd size padded or cropped), in order.
  public let notes: [String]

  /// The renderer settings at the output size (colours in Y′CbCr when
  /// ``keepsYCbCr``).
  let warp: WarpOptions
  /// The background under every frame, in the frames' colour space.
  let background: RGBA8?
  /// The opened video; handed to the decoding thread by `run`.
  let reader: VideoReader?

  /// Frames waiting between two stages of a video export.
  static let queueCapacity = 2

  init(_ request: VideoWarp) throws {
    self.request = request
    let output = request.output
    let maxPixels = request.maxPixels
    // A side derived from the other is rounded to an even number for the
    // encoders of 4:2:0 and 4:2:2 blocks rather than padded afterwards.
    let even =
      (try? output.format ?? OutputFormat.infer(path: output.path, pngIsAnimated: true))?
      .container.map { (output.encoding.codec ?? $0.defaultCodec(transparent: true)).needsEvenSize }
      ?? false
    switch request.input {
    case .image(let image, let frames):
      guard !frames.times.isEmpty else { throw VideoWarpError.noFrames }
      reader = nil
      videoInfo = nil
      (width, height) = OutputSize.resolve(
        width: output.width, height: output.height, input: (image.width, image.height),
        even: even)
      totalFrames = frames.times.count
    case .video(let path):
      let opened = try VideoReader(path: path)
      if let fps = request.framesPerSecond {
        try opened.resample(to: FrameRate(framesPerSecond: fps))
      }
      let info = opened.info
      // Every decoded frame has the stream's size: one check covers them all.
      guard info.width * info.height <= maxPixels else {
        opened.cancel()
        throw ImageCodecError.imageTooLarge(
          source: path, width: info.width, height: info.height, maxPixels: maxPixels)
      }
      reader = opened
      videoInfo = info
      (width, height) = OutputSize.resolve(
        width: output.width, height: output.height, input: (info.width, info.height),
        even: even)
      totalFrames = Self.framesKept(
        total: opened.frameTimes?.timestamps.count ?? info.estimatedFrameCount,
        fps: info.framesPerSecond, start: request.start, end: request.end)
    }
    guard width * height <= maxPixels else {
      reader?.cancel()
      throw VideoWarpError.outputTooLarge(width: width, height: height, maxPixels: maxPixels)
    }
    if let (place, error) = request.mesh.effectProblem(width: width, height: height) {
      reader?.cancel()
      throw VideoWarpError.effectDoesNotHold(place: place, error: error)
    }
    var encoding = output.encoding
    do {
      format = try output.format ?? OutputFormat.infer(path: output.path, pngIsAnimated: true)
      encoding.container = format.container
      try encoding.checkCodecFits(path: output.path)
    } catch {
      reader?.cancel()
      throw error
    }
    var notes: [String] = []
    // A MOV not told its codec: ProRes 4444 if any frame can have
    // transparency, else 422 HQ.
    if let container = format.container, encoding.codec == nil, container.choosesCodecByContent {
      let transparent: Bool
      switch request.input {
      case .image(let image, let frames):
        transparent = WarpTransparency.possible(
          sourceIsOpaque: image.isOpaque, mesh: request.mesh, warp: request.warp,
          background: output.background, times: frames.times)
      case .video:
        transparent = WarpTransparency.possible(
          sourceIsOpaque: videoInfo?.hasAlpha == false, mesh: request.mesh, warp: request.warp,
          background: output.background,
          times: WarpTransparency.sampleTimes(
            of: request.mesh, framesPerSecond: videoInfo?.framesPerSecond ?? 30))
      }
      encoding.codec = container.defaultCodec(transparent: transparent)
      notes.append(AnimationExport.codecChoiceNote(encoding.resolvedCodec, in: container))
    }
    let codec = format.container == nil ? nil : encoding.resolvedCodec
    var warp = request.warp
    var background = output.background
    var keepsYCbCr = false
    // How deep frames go, and the colour of the output (`DepthChoice`).
    let depth: DepthChoice
    do {
      depth = try DepthChoice.decide(
        input: videoInfo?.color, format: format, codec: codec, requested: encoding.depth,
        toneMapping: encoding.toneMapping, width: videoInfo?.storedWidth ?? width,
        height: videoInfo?.storedHeight ?? height, path: output.path)
      try reader?.decode(depth.decoding)
    } catch {
      reader?.cancel()
      throw error
    }
    encoding.deepOutput = depth.deepOutput
    encoding.framesAreDeep = depth.framesAreDeep
    if let text = depth.note { notes.append(text) }
    if let reader, let info = videoInfo {
      if request.keepsMetadata { encoding.metadataSource = reader.path }
      encoding.loopCount = info.loopCount ?? 0
      let subtitles = SubtitlePlan.codecs(
        ofSubtitlesIn: reader.path, ffprobePath: reader.ffprobePath)
      if !subtitles.isEmpty, request.start > 0 || request.end != nil {
        // ffmpeg's input seek does not move subtitle packets (a cue at 0.5 s
        // stayed at 0.5 s after `-ss 0.5`): left out rather than out of step.
        notes.append(
          "the subtitles (\(subtitles.joined(separator: ", "))) are not kept: a trimmed clip's subtitles are not cut"
        )
      } else {
        let (subtitlePlan, subtitleNote) = SubtitlePlan.decide(
          codecs: subtitles, into: format.container)
        if subtitlePlan != .none {
          encoding.subtitleSource = reader.path
          encoding.subtitlePlan = subtitlePlan
        }
        if let subtitleNote { notes.append(subtitleNote) }
      }
      if info.hasAudio, request.keepsAudio {
        Self.planAudio(of: reader, into: format, path: output.path, &encoding, notes: &notes)
        encoding.audioStart = request.start
        encoding.audioDuration = request.end.map { $0 - request.start }
      }
      // A BT.709 4:2:0 input into H.264 stays in Y′CbCr from decoder to
      // encoder (`YCbCr420Packing`: no conversion either way); the colours
      // the warp adds are given in Y′CbCr too.
      if depth.deepOutput == nil,
        Self.keepsYCbCr(input: reader.yuv, output: codec, width: width, height: height),
        reader.keepYCbCr()
      {
        keepsYCbCr = true
        encoding.framesAreYCbCr = true
        warp.edgeColor = YUV420Conversion.ycbcr(of: warp.edgeColor)
        background = background.map(YUV420Conversion.ycbcr(of:))
      }
      // Unevenly spaced frames (a phone clip, a GIF's delays) keep their times.
      encoding.keepsFrameTimes = reader.frameTimes != nil
      if info.rotation != 0 { notes.append("rotation \(info.rotation)° applied") }
      if let text = Self.animationEndsEarlyNote(
        request.mesh, clip: info.duration.map { (request.end ?? $0) - request.start },
        framesPerSecond: info.framesPerSecond)
      {
        notes.append(text)
      }
    }
    let encoded: (width: Int, height: Int) =
      codec == nil
      ? (width, height) : VideoWriter.encodedSize(width: width, height: height, options: encoding)
    if codec != nil,
      let text = VideoWriter.evenSizeNote(width: width, height: height, options: encoding)
    {
      notes.append(text)
    }
    warp.width = width
    warp.height = height
    (encodedWidth, encodedHeight) = encoded
    self.encoding = encoding
    self.notes = notes
    self.warp = warp
    self.background = background
    self.keepsYCbCr = keepsYCbCr
  }

  deinit { reader?.cancel() }

  /// Says when a warp animation that plays once ends more than a frame
  /// before the clip (`clip` seconds): its last frame then holds, which
  /// looks like a freeze.
  static func animationEndsEarlyNote(
    _ animation: MeshAnimation, clip: Double?, framesPerSecond: Double
  ) -> String? {
    guard let clip, let length = animation.duration, animation.repeatMode == .once,
      length + 1 / max(framesPerSecond, 1) < clip
    else { return nil }
    func seconds(_ v: Double) -> String { MeshEffectError.number(v) }
    return
      "the warp's animation lasts \(seconds(length)) s and holds its last frame for the remaining \(seconds(clip - length)) s of the clip (a keyframe file with \"loop\": true repeats it: meshwarp mesh … --loop)"
  }

  /// About how many of `total` frames at `fps` lie in `start ..< end`
  /// (for progress; nil when `total` is unknown).
  static func framesKept(total: Int?, fps: Double, start: Double, end: Double?) -> Int? {
    guard let total else { return nil }
    let first = Int((start * fps).rounded(.up))
    let last = end.map { Int(($0 * fps).rounded(.up)) } ?? total
    return max(0, min(total, last) - min(total, first))
  }

  /// The audio of `reader`'s file into `format`: copied, transcoded (with
  /// a note), or left out where the output holds none (with a note).
  static func planAudio(
    of reader: VideoReader, into format: OutputFormat, path: String,
    _ encoding: inout VideoEncoding, notes: inout [String]
  ) {
    guard let container = format.container else {
      let place = path == StandardOutput.path ? "an animated PNG" : path
      notes.append("the audio is not copied (\(place) holds pictures only)")
      return
    }
    let codecs = AudioPlan.codecs(ofAudioIn: reader.path, ffprobePath: reader.ffprobePath)
    let plan = AudioPlan.decide(codecs: codecs, into: container)
    encoding.audioPlan = plan
    switch plan {
    case .copy: encoding.audioSource = reader.path
    case .transcode:
      encoding.audioSource = reader.path
      notes.append(
        "the audio (\(codecs.joined(separator: ", "))) is transcoded to \(plan.encoderName ?? "") (\(container.displayName) cannot hold it as is)"
      )
    case .none:
      notes.append("the audio is not kept (\(container.displayName) holds no audio)")
    }
  }

  /// Whether frames are decoded, warped and encoded at 16 bits a value:
  /// a video over 8 bits into an output that holds more than 8
  /// (``VideoCodec/depths``, ``VideoEncoding/depth``); a note says so.
  public var isDeep: Bool { encoding.framesAreDeep }

  /// Whether frames stay in Y′CbCr from decoder to encoder
  /// (`YCbCr420Packing`): 4:2:0 planes of BT.709 in (`input`, the
  /// reader's matrix), H.264 or HEVC at an even size out (BT.709 too).
  package static func keepsYCbCr(
    input: YUV420ToRGBA.Matrix?, output codec: VideoCodec?, width: Int, height: Int
  ) -> Bool {
    guard input == .bt709, let codec else { return false }
    return VideoWriter.sendsYUV(width: width, height: height, codec: codec)
  }
}
