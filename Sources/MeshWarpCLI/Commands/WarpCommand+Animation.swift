/// `warp`'s paths through time: a still image under an animated mesh, and
/// video input.
extension WarpCommand {
  /// The renderer settings of this command, at `width × height`; `smooth`
  /// (default: `--smooth`) lets the renderer smooth each frame's mesh.
  func warpOptions(width: Int, height: Int, smooth: Bool? = nil) -> WarpOptions {
    quality.warpOptions(
      width: width, height: height, antialias: antialias, supersample: supersample,
      threads: threading.threads, smooth: smooth ?? quality.smooth)
  }

  /// A still input warped with the mesh at each frame's time.
  func warpIntoAnimation(_ animation: MeshAnimation, source: RGBAImage, console: Console) throws {
    let times = try frames.frameTimes(following: animation.timeline)
    if !animation.isAnimated {
      console.error(
        "note: the mesh does not change: every frame is the same (give a keyframe file or --to-mesh)"
      )
    }
    let width = size.size?.width ?? source.width
    let height = size.size?.height ?? source.height
    try limits.checkOutputSize(width * supersample, height * supersample)
    let options = warpOptions(width: width, height: height)
    try FrameExport.write(
      times, width: width, height: height, to: output.output, video: video.encoding(image),
      console: console, image: image
    ) { t in
      WarpRenderer.render(source, mesh: animation.mesh(at: t), options: options)
    }
  }

  /// A video input: every frame warped with the mesh at its timestamp.
  func warpVideo(_ animation: MeshAnimation, console: Console) throws {
    if frames.animation.duration != nil || frames.animation.fpsGiven {
      throw CLIError.usage(
        "\(input) is a video: its own frame rate and length are kept (leave out --duration and --fps)"
      )
    }
    if output.isStandardOutput {
      throw CLIError.usage("a warped video is written to a file, not standard output")
    }
    let pipeline = VideoPipeline(
      input: input, output: output.output, mesh: animation, size: size.size,
      warp: warpOptions(width: 0, height: 0), encoding: video.encoding(image),
      background: image.background, maxPixels: limits.maxPixels, keepsAudio: !noAudio)
    try pipeline.run(console: console)
  }
}
