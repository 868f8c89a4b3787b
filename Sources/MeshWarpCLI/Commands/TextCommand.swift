/// `meshwarp text "Meshing" -o OUT`: text filled with a mesh gradient.
enum TextCommand: Command {
  static let spec = CommandSpec(
    name: "text", summary: "Fill text with an (animated) mesh gradient, the blog's effect.",
    usage:
      "meshwarp text TEXT [--font F] [--size PX] [--gradient FILE.json|preset] [--time T | --duration S --fps N] [--warp MESH.json] -o OUT.(png|apng|mp4)",
    options: [
      OptionSpec(
        names: ["--output", "-o"], value: "OUT",
        help: "Output: .png, .apng, .mp4, frame_%04d.png or a folder."),
      OptionSpec(
        names: ["--font", "-f"], value: "F",
        help: "Fontconfig pattern (\"DejaVu Sans:bold\", the default) or a font file path."),
      OptionSpec(names: ["--size", "-s"], value: "PX", help: "Font size in pixels (default 150)."),
      OptionSpec(
        names: ["--width"], value: "W",
        help: "Font width: expanded (default, as the blog) or standard."),
      OptionSpec(
        names: ["--align"], value: "A", help: "Lines: leading (default), center or trailing."),
      OptionSpec(
        names: ["--gradient", "-g"], value: "G",
        help: "A gradient JSON file or preset (default: meshing)."),
      OptionSpec(
        names: ["--background", "-b"], value: "COLOR",
        help: "transparent (default), black, white or #RRGGBB[AA]."),
      OptionSpec(names: ["--padding"], value: "PX", help: "Space around the letters (default 8)."),
    ] + FrameTimes.options + [
      GradientInput.warpOption, GradientInput.ditherOption,
      OptionSpec(
        names: ["--threads", "-j"], value: "N", help: "Worker threads (default: all cores)."),
    ],
    positionals: 1...1,
    details: """
      The gradient is stretched over the letters' ink bounds and shows only inside the
      letters (SwiftUI: Text(...).foregroundStyle(meshGradient)). Use \\n for line breaks.
      """)

  static func run(_ args: ParsedArguments, console: Console) throws {
    let text = args.positionals[0].replacingOccurrences(of: "\\n", with: "\n")
    guard !text.isEmpty else { throw CLIError.usage("the text is empty") }
    guard let output = args.string("--output") else {
      throw CLIError.usage("-o OUT is required\nUsage: \(spec.usage)")
    }
    let size = try args.double("--size", in: 1...2000) ?? 150
    let width: FontWidth =
      switch args.string("--width") ?? "expanded" {
      case "expanded": .expanded
      case "standard": .standard
      case let other: throw CLIError.usage("--width must be expanded or standard, got '\(other)'")
      }
    let alignment: LineAlignment =
      switch args.string("--align") ?? "leading" {
      case "leading", "left": .leading
      case "center", "centre": .center
      case "trailing", "right": .trailing
      case let other:
        throw CLIError.usage("--align must be leading, center or trailing, got '\(other)'")
      }
    let background = try parseColour(args.string("--background") ?? "transparent")
    let padding = try args.int("--padding", in: 0...10_000) ?? 8
    let gradient = try GradientInput.parse(args.string("--gradient") ?? "meshing")
    let times = try FrameTimes(args)
    let threads = try args.int("--threads", in: 1...256) ?? 0
    let warp = try args.string("--warp").map { try InputFiles.loadMesh($0, console: console) }

    let font = try FontFace(
      FontSpecifier(argument: args.string("--font") ?? "DejaVu Sans:bold"), width: width)
    console.error("font: \(font.family) \(font.style) (\(font.path)); \(font.widthTreatment)")
    let filled = try FilledText(
      text, font: font, options: TextLayoutOptions(sizePixels: size, alignment: alignment),
      padding: padding)
    let renderer = GradientRenderer(
      options: GradientRenderOptions(
        dithering: !args.flag("--no-dither"), threads: resolvedThreadCount(threads)))
    try FrameExport.write(
      times, width: filled.width, height: filled.height, to: output, console: console
    ) { t in
      let image = filled.render(background: background) { w, h in
        renderer.render(gradient.gradient(t), width: w, height: h)
      }
      guard let warp else { return image }
      return WarpRenderer.render(image, mesh: warp, options: WarpOptions(threads: threads))
    }
  }

  /// `transparent`, `black`, `white`, `#RRGGBB` or `#RRGGBBAA`.
  static func parseColour(_ text: String) throws -> RGBA8 {
    switch text.lowercased() {
    case "transparent", "none", "clear": return .transparent
    case "black": return .black
    case "white": return .white
    default: break
    }
    let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard hex.count == 6 || hex.count == 8, let v = UInt32(hex, radix: 16) else {
      throw CLIError.usage("colour '\(text)': use transparent, black, white, #RRGGBB or #RRGGBBAA")
    }
    let full = hex.count == 6 ? (v << 8) | 0xFF : v
    return RGBA8(
      UInt8(full >> 24), UInt8((full >> 16) & 0xFF), UInt8((full >> 8) & 0xFF), UInt8(full & 0xFF))
  }
}
