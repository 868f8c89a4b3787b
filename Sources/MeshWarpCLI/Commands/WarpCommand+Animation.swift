import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpVideo

/// `warp`'s paths through time: a still image under an animated mesh, and
/// video input, both run by the library's `VideoWarp`.
extension WarpCommand {
  /// The renderer settings of this command, at `width × height` (nil: the
  /// size the library's job decides); `smooth` (default: `--smooth`) lets
  /// the renderer smooth each frame's mesh.
  func warpOptions(width: Int? = nil, height: Int? = nil, smooth: Bool? = nil) -> WarpOptions {
    rendering.warpOptions(
      width: width, height: height, antialias: antialias, supersample: supersample,
      threads: threading.threads, smooth: smooth ?? rendering.smooth)
  }

  /// The encoder settings of this command's video output: `--codec`,
  /// `--quality`, … (`VideoOptions`), with `--depth` and `--tone-map`.
  var videoEncoding: VideoEncoding {
    var encoding = video.encoding(image, threads: threading.threads)
    encoding.depth = depth
    encoding.toneMapping = toneMap ?? .hable
    return encoding
  }

  /// Whether the animation `-o` (or `--format` for standard output) asks
  /// for is encoded in blocks that need even sides (H.264, HEVC, ProRes),
  /// so that a side derived from `--size W:-1` is rounded to an even number.
  var animationNeedsEvenSize: Bool {
    let format =
      (try? AnimatedOutput.check(format: image.format, path: output.output))
      ?? (try? AnimatedOutput.format(of: output.output))
    guard let container = format?.container else { return false }
    return (video.codec ?? container.defaultCodec(transparent: true)).needsEvenSize
  }

  /// A still input warped with the mesh at each frame's time into a
  /// `width × height` animation (a size `run` has checked).
  func warpIntoAnimation(
    _ animation: MeshAnimation, source: RGBAImage, width: Int, height: Int, console: Console
  ) throws {
    _ = try AnimatedOutput.format(of: output.output)
    let format = try AnimatedOutput.check(format: image.format, path: output.output)
    try AnimatedOutput.checkExistingFrames(
      at: output.output, overwrite: image.overwrite, noClobber: image.noClobber)
    try AnimatedOutput.check(codec: video.codec, path: output.output)
    try AnimatedOutput.check(
      encoderSettings: video.encoding(image, threads: threading.threads), path: output.output,
      format: format)
    if image.format == nil { AnimatedOutput.noteAnimatedPNG(at: output.output, console: console) }
    let times = try frames.frameTimes(following: animation.duration)
    if !animation.isAnimated {
      console.error(
        effectKind != nil
          ? "note: the effect does not change: every frame is the same (give a parameter as a range A:B)"
          : "note: the mesh does not change: every frame is the same (give a keyframe file or --to-mesh)"
      )
    }
    let job = VideoWarp(
      input: .image(source, frames: times), mesh: animation,
      warp: warpOptions(width: width, height: height),
      output: VideoWarp.Output(
        path: output.output, encoding: videoEncoding,
        width: width, height: height,
        background: image.background?.rgba, format: format),
      maxPixels: limits.maxPixels)
    let (_, result) = try ConsoleExport.run(job, console: console)
    if !output.isStandardOutput {
      console.error(
        "wrote \(output.output) (\(plural(times.times.count, "frame")), \(result.width)x\(result.height), \(times.framesPerSecond) fps)"
      )
    }
  }

  /// A video input: every frame warped with the mesh at its timestamp.
  func warpVideo(_ animation: MeshAnimation, console: Console) throws {
    if frames.animation.fpsGiven {
      throw CLIError.usage("\(input) is a video: its own frame rate is kept (leave out --fps)")
    }
    let (start, end) = try trim()
    if output.isStandardOutput && image.format == nil {
      throw CLIError.usage(
        "a warped video goes to standard output in the format --format names (mp4, mkv, mov, webm, gif, webp, apng), or to a file"
      )
    }
    _ = try AnimatedOutput.format(of: output.output)
    let format = try AnimatedOutput.check(format: image.format, path: output.output)
    try AnimatedOutput.checkExistingFrames(
      at: output.output, overwrite: image.overwrite, noClobber: image.noClobber)
    try AnimatedOutput.check(codec: video.codec, path: output.output)
    try AnimatedOutput.check(
      encoderSettings: video.encoding(image, threads: threading.threads), path: output.output,
      format: format)
    if image.format == nil { AnimatedOutput.noteAnimatedPNG(at: output.output, console: console) }
    let job = VideoWarp(
      input: .video(path: input), mesh: animation, warp: warpOptions(),
      output: VideoWarp.Output(
        path: output.output, encoding: videoEncoding,
        width: size.width, height: size.height, background: image.background?.rgba,
        format: format),
      maxPixels: limits.maxPixels, keepsAudio: !noAudio, start: start, end: end)
    let (plan, result) = try ConsoleExport.run(job, console: console)
    let rate =
      plan.keepsFrameTimes ? "variable frame rate kept" : "\(plan.videoInfo!.frameRate) fps"
    let audio =
      switch result.audio {
      case .none: ""
      case .copy: ", audio copied"
      case .transcode: ", audio transcoded"
      }
    let place = output.isStandardOutput ? "standard output" : output.output
    console.error(
      "wrote \(place) (\(result.framesWritten) frames, \(result.width)x\(result.height), \(rate)\(audio))"
    )
  }

  /// `--start`, and `--end` or `--start` + `--duration`: the part of a
  /// video to keep, in seconds.
  func trim() throws -> (start: Double, end: Double?) {
    let from = start ?? 0
    if end != nil, frames.animation.duration != nil {
      throw CLIError.usage("give --end or --duration, not both (--duration S ends at --start + S)")
    }
    let to = end ?? frames.animation.duration.map { from + $0 }
    if let to, to <= from {
      throw CLIError.usage("the trim ends at \(to) s, not after its start at \(from) s")
    }
    return (from, to)
  }

  /// `--time T` on a video: the warped frame shown at T, as one still.
  func warpVideoFrame(_ meshFile: WarpInput, console: Console) throws {
    if frames.animation.duration != nil || frames.animation.fpsGiven || start != nil
      || end != nil
    {
      throw CLIError.usage(
        "--time T picks one frame of a video; trim with --start, --end or --duration instead")
    }
    let format: ImageFormat
    do {
      format = try image.stillFormat(for: output.output)
    } catch {
      throw CLIError.usage(
        "--time T on a video writes the one frame at T as a still (.png, .jpg, .webp); to trim, give --start T"
      )
    }
    let reader = try VideoReader(path: input)
    defer { reader.cancel() }
    let info = reader.info
    guard info.width * info.height <= limits.maxPixels else {
      throw ImageCodecError.imageTooLarge(
        source: input, width: info.width, height: info.height, maxPixels: limits.maxPixels)
    }
    let (width, height) = {
      let out = size.resolved(input: PixelSize(width: info.width, height: info.height))
      return (out.width, out.height)
    }()
    if size.size == nil { try limits.checkOutputSize(width * supersample, height * supersample) }
    // A deep or HDR video's frame comes exact at 8 bits, HDR tone-mapped
    // (a still is written at 8 bits here).
    let color = reader.info.color
    if color.isDeep || color.isHDR {
      let choice = try DepthChoice.decide(
        input: color, format: .png, codec: nil, requested: nil, toneMapping: toneMap ?? .hable,
        width: reader.info.storedWidth, height: reader.info.storedHeight, path: output.output,
        outputName: "a still")
      try reader.decode(choice.decoding)
      if let note = choice.note { console.error("note: " + note) }
    }
    guard let frame = try reader.frame(at: frames.time) else {
      throw VideoWarpError.noFrameDecoded(path: input, decoderSaid: reader.warnings)
    }
    // The frame is a still from here on: the library's job, with the mesh
    // read for the video's size.
    let job = ImageWarp(
      input: .decoded(DecodedImage(image: frame.image, format: .png)),
      warp: try imageWarp(meshFile), time: frames.time,
      options: warpOptions(), width: width, height: height,
      output: try image.stillOutput(
        for: output.output, format: format, threads: threading.threads, console: console),
      maxPixels: limits.maxPixels, threads: threading.threads)
    let plan = try CLIError.reporting { try job.plan(note: { console.error($0) }) }
    if let bytes = try plan.run(note: { console.error("note: " + $0) }) {
      try console.write(bytes)
    }
    if !output.isStandardOutput {
      console.error(
        "wrote \(output.output) (\(width)x\(height), the frame at \(frame.timestamp) s)")
    }
  }
}
