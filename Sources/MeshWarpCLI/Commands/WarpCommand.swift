/// `meshwarp warp IN.png --mesh MESH.json -o OUT.png`
enum WarpCommand: Command {
  static let spec = CommandSpec(
    name: "warp", summary: "Warp a PNG image through a mesh.",
    usage:
      "meshwarp warp IN.png --mesh MESH.json [--size WxH] [--edges transparent|clamp|origin] [--antialias N] [--supersample N] [--threads N] -o OUT.png",
    options: [
      OptionSpec(names: ["--mesh", "-m"], value: "MESH.json", help: "The warp mesh (required)."),
      OptionSpec(
        names: ["--output", "-o"], value: "OUT.png",
        help: "Where to write the result ('-' for stdout)."),
      OptionSpec(
        names: ["--size", "-s"], value: "WxH", help: "Output size in pixels (default: the input's)."
      ),
      OptionSpec(
        names: ["--edges"], value: "POLICY",
        help:
          "Outside the mesh: transparent (default), clamp (unwarped content), origin (the seed's smear)."
      ),
      OptionSpec(
        names: ["--antialias"], value: "N",
        help: "Samples per axis on the mesh's silhouette, 1-16 (default 4; 1 = hard edges)."),
      OptionSpec(
        names: ["--supersample"], value: "N",
        help: "Samples per axis for the whole image, 1-8 (default 1), for heavy minification."),
      OptionSpec(
        names: ["--threads", "-j"], value: "N", help: "Worker threads (default: all cores)."),
      InputFiles.maxPixelsOption,
    ],
    positionals: 1...1,
    details: """
      The mesh JSON: {"from": [[x,y],...], "to": [[x,y],...], "faces": [[i0,i1,i2,i3],...]}
      in normalized coordinates ((0,0) top-left, (1,1) bottom-right). Errors in the mesh
      stop the command; warnings (e.g. a folded face) are printed and it renders anyway.
      """)

  static func run(_ args: ParsedArguments, console: Console) throws {
    guard let meshPath = args.string("--mesh") else {
      throw CLIError.usage("--mesh MESH.json is required\nUsage: \(spec.usage)")
    }
    guard let output = args.string("--output") else {
      throw CLIError.usage("-o OUT.png is required\nUsage: \(spec.usage)")
    }
    let size = try args.size("--size")
    let edges = try args.choice("--edges", as: EdgePolicy.self) ?? .transparent
    let antialias = try args.int("--antialias", in: 1...16) ?? 4
    let supersample = try args.int("--supersample", in: 1...8) ?? 1
    let threads = try args.int("--threads", in: 1...256) ?? 0
    let maxPixels = try InputFiles.maxPixels(args)
    if let size {
      try InputFiles.checkOutputSize(
        size.width * supersample, size.height * supersample, maxPixels: maxPixels)
    }
    let mesh = try InputFiles.loadMesh(meshPath, console: console)
    let source = try PNGDecoder.decodeFile(path: args.positionals[0], maxPixels: maxPixels)
    let width = size?.width ?? source.width
    let height = size?.height ?? source.height
    try InputFiles.checkOutputSize(width * supersample, height * supersample, maxPixels: maxPixels)
    let result = WarpRenderer.render(
      source, mesh: mesh,
      options: WarpOptions(
        width: width, height: height, edges: edges, antialias: antialias,
        supersample: supersample, threads: threads))
    try OutputFiles.write(
      try PNGEncoder.encode(result, destination: output), to: output, console: console)
    if output != "-" { console.error("wrote \(output) (\(width)x\(height))") }
  }
}
