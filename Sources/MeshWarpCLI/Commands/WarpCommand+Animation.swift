/// `warp`'s paths through time: a still image under an animated mesh, and
/// video input, both run by the library's `VideoWarp`.
extension WarpCommand {
  /// The renderer settings of this command, at `width × height`; `smooth`
  /// (default: `--smooth`) lets the renderer smooth each frame's mesh.
  func warpOptions(width: Int, height: Int, smooth: Bool? = nil) -> WarpOptions {
    quality.warpOptions(
      width: width, height: height, antialias: antialias, supersample: supersample,
      threads: threading.threads, smooth: smooth ?? quality.smooth)
  }

  /// A still input warped with the mesh at each frame's time into a
  /// `width × height` animation (a size `run` has checked).
  func warpIntoAnimation(
    _ animation: MeshAnimation, source: RGBAImage, width: Int, height: Int, console: Console
  ) throws {
    let times = try frames.frameTimes(following: animation.timeline)
    if !animation.isAnimated {
      console.error(
        "note: the mesh does not change: every frame is the same (give a keyframe file or --to-mesh)"
      )
    }
    let job = VideoWarp(
      input: .image(source, frames: times), mesh: animation,
      warp: warpOptions(width: width, height: height),
      output: VideoWarp.Output(
        path: output.output, encoding: video.encoding(image), width: width, height: height,
        background: image.background?.rgba),
      maxPixels: limits.maxPixels)
    try ConsoleExport.run(job, console: console)
    if !output.isStandardOutput {
      console.error(
        "wrote \(output.output) (\(plural(times.times.count, "frame")), \(width)x\(height), \(times.framesPerSecond) fps)"
      )
    }
  }

  /// A video input: every frame warped with the mesh at its timestamp.
  func warpVideo(_ animation: MeshAnimation, console: Console) throws {
    // --duration times a --to-mesh morph; the clip's own frame rate and
    // length are kept.
    if (frames.animation.duration != nil && toMesh == nil) || frames.animation.fpsGiven {
      throw CLIError.usage(
        "\(input) is a video: its own frame rate and length are kept (leave out --duration and --fps)"
      )
    }
    if output.isStandardOutput {
      throw CLIError.usage("a warped video is written to a file, not standard output")
    }
    let job = VideoWarp(
      input: .video(path: input), mesh: animation, warp: warpOptions(width: 0, height: 0),
      output: VideoWarp.Output(
        path: output.output, encoding: video.encoding(image), width: size.size?.width,
        height: size.size?.height, background: image.background?.rgba),
      maxPixels: limits.maxPixels, keepsAudio: !noAudio)
    let (plan, result) = try ConsoleExport.run(job, console: console)
    let rate =
      plan.keepsFrameTimes ? "variable frame rate kept" : "\(plan.videoInfo!.frameRate) fps"
    let audio =
      switch result.audio {
      case .none: ""
      case .copy: ", audio copied"
      case .transcode: ", audio transcoded"
      }
    console.error(
      "wrote \(output.output) (\(result.framesWritten) frames, \(result.width)x\(result.height), \(rate)\(audio))"
    )
  }
}
