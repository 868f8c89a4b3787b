/// `meshwarp text "Meshing" -o OUT`: text filled with a mesh gradient.
struct TextCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "text", summary: "Fill text with an (animated) mesh gradient, the blog's effect.",
    details: """
      The gradient is stretched over the letters' ink bounds and shows only inside the
      letters (SwiftUI: Text(...).foregroundStyle(meshGradient)). Use \\n for line breaks.
      """)

  @Argument(placeholder: "TEXT", help: "The text to draw.") var text: String
  @OptionGroup var output = OutputOptions(
    placeholder: "OUT", help: "Output: .png, .jpg, .webp, .apng, .mp4, frame_%04d.png or a folder.")
  @OptionGroup var image: ImageOutputOptions
  @Option(
    short: "f", placeholder: "F",
    help: "A fontconfig pattern (\"DejaVu Sans:bold\") or a font file path.")
  var font = "DejaVu Sans:bold"
  /// `--size` meant this before it meant WxH in every command: kept as a
  /// deprecated spelling.
  @Option(
    aliases: ["--size", "-s"], placeholder: "PX", range: 1...2000, help: "Font size in pixels.")
  var fontSize: Double = 150
  @Option(placeholder: "W", help: "Font width: expanded (as the blog) or standard.")
  var width: FontWidth = .expanded
  @Option(placeholder: "A", help: "Lines: leading, center or trailing.")
  var align: LineAlignment = .leading
  @Option(short: "g", placeholder: "G", help: "A gradient JSON file or preset.")
  var gradient = "meshing"
  @Option(placeholder: "PX", range: 0...10_000, help: "Space around the letters.")
  var padding = 8
  @OptionGroup var frames = FrameTimeOptions(fpsAlone: true)
  @OptionGroup var fill: GradientFillOptions
  @OptionGroup var video: VideoOptions
  @OptionGroup var threading: ThreadOptions

  func run(console: Console) throws {
    let text = self.text.replacingOccurrences(of: "\\n", with: "\n")
    guard !text.isEmpty else { throw CLIError.usage("the text is empty") }
    let gradient = try GradientInput.parse(self.gradient)
    let warp = try fill.warpAnimation(duration: frames.animation.duration, console: console)
    let times = try frames.frameTimes(gradient: gradient, warp: warp, console: console)
    let threads = threading.threads

    let face = try FontFace(FontSpecifier(argument: font), width: width)
    console.error("font: \(face.family) \(face.style) (\(face.path)); \(face.widthTreatment)")
    let filled = try FilledText(
      text, font: face, options: TextLayoutOptions(sizePixels: fontSize, alignment: align),
      padding: padding)
    let renderer = GradientRenderer(
      options: GradientRenderOptions(
        dithering: !fill.noDither, threads: resolvedThreadCount(threads)))
    let background = image.background?.rgba ?? .transparent
    try FrameExport.write(
      times, width: filled.width, height: filled.height, to: output.output,
      video: video.encoding(image), console: console, image: image
    ) { t in
      let frame = filled.render(background: background) { w, h in
        renderer.render(gradient.gradient(t), width: w, height: h)
      }
      guard let warp else { return frame }
      return WarpRenderer.render(
        frame, mesh: warp.mesh(at: t), options: WarpOptions(threads: threads))
    }
  }
}
