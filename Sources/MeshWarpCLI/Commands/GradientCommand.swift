/// `meshwarp gradient (FILE.json | --preset meshing) -o OUT`
enum GradientCommand: Command {
  static let spec = CommandSpec(
    name: "gradient", summary: "Render a mesh gradient (SwiftUI MeshGradient rules).",
    usage:
      "meshwarp gradient (FILE.json | --preset meshing) [--size WxH] [--time T | --duration S --fps N] [--warp MESH.json] [--no-dither] -o OUT.(png|apng|mp4)",
    options: [
      OptionSpec(
        names: ["--preset", "-p"], value: "NAME",
        help: "A built-in animated gradient: meshing (the blog's)."),
      OptionSpec(
        names: ["--output", "-o"], value: "OUT",
        help: "Output: .png, .apng, .mp4, frame_%04d.png or a folder."),
      OptionSpec(
        names: ["--size", "-s"], value: "WxH", help: "Output size in pixels (default 800x800)."),
    ] + FrameTimes.options + [
      GradientInput.warpOption, GradientInput.ditherOption,
      OptionSpec(
        names: ["--threads", "-j"], value: "N", help: "Worker threads (default: all cores)."),
      InputFiles.maxPixelsOption,
    ],
    positionals: 0...1,
    details: """
      Gradient JSON: {"width":3,"height":3,"points":[[x,y],...],"colors":[[r,g,b,a],...],
      "background":[r,g,b,a],"smoothsColors":true,"colorSpace":"device"|"perceptual"}
      (or "bezierPoints" with position/leading/top/trailing/bottom); omitted keys take
      SwiftUI's defaults.
      """)

  static func run(_ args: ParsedArguments, console: Console) throws {
    let input: GradientInput
    switch (args.positionals.first, args.string("--preset")) {
    case (let file?, nil): input = try GradientInput.parse(file)
    case (nil, let preset?):
      guard GradientPreset(rawValue: preset) != nil else {
        throw CLIError.usage(
          "unknown preset '\(preset)'; presets: \(GradientPreset.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      input = try GradientInput.parse(preset)
    case (nil, nil):
      throw CLIError.usage("give a gradient FILE.json or --preset NAME\nUsage: \(spec.usage)")
    case (_?, _?): throw CLIError.usage("give either a gradient file or --preset, not both")
    }
    guard let output = args.string("--output") else {
      throw CLIError.usage("-o OUT is required\nUsage: \(spec.usage)")
    }
    let size = try args.size("--size") ?? (800, 800)
    let maxPixels = try InputFiles.maxPixels(args)
    try InputFiles.checkOutputSize(size.width, size.height, maxPixels: maxPixels)
    let times = try FrameTimes(args)
    let threads = try args.int("--threads", in: 1...256) ?? 0
    let warp = try args.string("--warp").map { try InputFiles.loadMesh($0, console: console) }
    let renderer = GradientRenderer(
      options: GradientRenderOptions(
        dithering: !args.flag("--no-dither"), threads: resolvedThreadCount(threads)))
    try FrameExport.write(
      times, width: size.width, height: size.height, to: output, console: console
    ) { t in
      let image = renderer.render(input.gradient(t), width: size.width, height: size.height)
      guard let warp else { return image }
      return WarpRenderer.render(image, mesh: warp, options: WarpOptions(threads: threads))
    }
  }
}
