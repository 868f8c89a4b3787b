import MeshWarpArguments
import MeshWarpCore
import MeshWarpRender

/// `meshwarp gradient (FILE.json | --preset meshing) -o OUT`
struct GradientCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "gradient", summary: "Render a mesh gradient (SwiftUI MeshGradient rules).",
    details: """
      Give either FILE.json or --preset. Gradient JSON: {"width":3,"height":3,
      "points":[[x,y],...],"colors":[[r,g,b,a],...],"background":[r,g,b,a],
      "smoothsColors":true,"colorSpace":"device"|"perceptual"} (or "bezierPoints" with
      position/leading/top/trailing/bottom, an omitted handle being the automatic one);
      omitted keys take SwiftUI's defaults.
      A colour is [r,g,b] or [r,g,b,a] in 0...1, or "#RGB", "#RRGGBB", "#RRGGBBAA".
      A gradient keyframe file ({"keyframes": [{"time": 0, "gradient": "a.json",
      "easing": "easeInOut"}, ...]}, all of one width × height) animates; its length is
      the default --duration. A keyframe's omitted keys keep the previous keyframe's
      values ({"time": 2, "gradient": {"colors": [...]}} changes only the colours).
      A plain gradient file is still: every frame is the same.
      """,
    examples: [
      (
        "A still of the animated preset, 1280 × 720:",
        "meshwarp gradient --preset meshing --size 1280x720 -o still.png"
      ),
      (
        "Four seconds of it as an MP4 (or .webm, .gif, .apng, frame_%04d.png):",
        "meshwarp gradient --preset meshing --duration 4 -o meshing.mp4"
      ),
      (
        "Your own gradient file, warped through a mesh:",
        "meshwarp gradient mine.json --warp mesh.json -o mine.webp"
      ),
    ])

  static let defaultSize = PixelSize(width: 800, height: 800)

  @Argument(placeholder: "FILE.json", help: "The gradient (or give --preset).") var file: String?
  @Option(placeholder: "NAME", help: "A built-in animated gradient: meshing (the blog's).")
  var preset: GradientPreset?
  @OptionGroup var output = OutputOptions.stillOrAnimation(
    animatedWhen: "with --duration or a keyframe file")
  @OptionGroup var image: ImageOutputOptions
  @OptionGroup var still: RenderedStillOptions
  @OptionGroup var size = SizeOptions(
    help: "Output size in pixels.", default: Self.defaultSize)
  @OptionGroup var frames = FrameTimeOptions(fpsAlone: true)
  @OptionGroup var fill: GradientFillOptions
  @OptionGroup var video = VideoOptions(presetFlag: "--video-preset")
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var limits: InputLimitOptions

  func validate() throws {
    switch (file, preset) {
    case (nil, nil):
      throw CLIError.usage(
        "give a gradient FILE.json or --preset NAME\nUsage: \(Self.usage)")
    case (_?, _?): throw CLIError.usage("give either a gradient file or --preset, not both")
    default: break
    }
  }

  func run(console: Console) throws {
    let input = try GradientInput.parse(
      file ?? preset?.rawValue ?? "", role: "meshwarp gradient")
    let size = size.size ?? Self.defaultSize
    try limits.checkOutputSize(size.width, size.height)
    let warp = try fill.warpAnimation(duration: frames.animation.duration, console: console)
    let times = try frames.frameTimes(gradient: input, warp: warp, console: console)
    let threads = threading.threads
    let renderer = GradientRenderer(
      options: GradientRenderOptions(
        dithering: !fill.noDither, threads: resolvedThreadCount(threads)))
    try still.check(times: times, path: output.output, image: image)
    if still.isOwnStill {
      // A still at 16 bits, or tagged Display P3.
      let t = times.times[0]
      return try still.write(
        at: t, warp: warp, size: size, output: output, image: image, threads: threads,
        console: console
      ) { deep in
        let gradient = input.gradient(t)
        if deep {
          return .rgba16(renderer.render16(gradient, width: size.width, height: size.height))
        }
        return .rgba8(renderer.render(gradient, width: size.width, height: size.height))
      }
    }
    try FrameExport.write(
      times, width: size.width, height: size.height, to: output.output,
      video: video.encoding(image, threads: threads),
      console: console, image: image
    ) { t in
      let image = renderer.render(input.gradient(t), width: size.width, height: size.height)
      guard let warp else { return image }
      return WarpRenderer.render(
        image, geometry: warp.geometry(at: t), options: WarpOptions(threads: threads))
    }
  }
}
