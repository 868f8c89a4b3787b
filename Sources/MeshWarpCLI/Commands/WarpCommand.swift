/// `meshwarp warp IN.png --mesh MESH.json -o OUT.png`
struct WarpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "warp", summary: "Warp an image (PNG, JPEG, WebP, GIF) through a mesh.",
    details: """
      The mesh JSON: {"from": [[x,y],...], "to": [[x,y],...], "faces": [[i0,i1,i2,i3],...]}
      in normalized coordinates ((0,0) top-left, (1,1) bottom-right). Errors in the mesh
      stop the command; warnings (e.g. a folded face) are printed and it renders anyway.
      """)

  @Argument(placeholder: "IN", help: "The image to warp: PNG, JPEG, WebP or GIF.") var input: String
  @Option(short: "m", placeholder: "MESH.json", help: "The warp mesh.") var mesh: String
  @OptionGroup var output = OutputOptions(
    placeholder: "OUT", help: "Where to write the result: .png, .jpg, .webp ('-' for stdout).")
  @OptionGroup var image: ImageOutputOptions
  @OptionGroup var size = SizeOptions(help: "Output size in pixels.", defaultHelp: "the input's")
  @Option(
    placeholder: "POLICY",
    help:
      "Outside the mesh: transparent, clamp (unwarped content), origin (the original MeshWarpEffect package's sample of the content's top-left pixel)."
  )
  var edges: EdgePolicy = .transparent
  @Option(range: 1...16, help: "Samples per axis on the mesh's silhouette (1 = hard edges).")
  var antialias = 4
  @Option(range: 1...8, help: "Samples per axis for the whole image, for heavy minification.")
  var supersample = 1
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var limits: InputLimitOptions

  func run(console: Console) throws {
    _ = try image.stillFormat(for: output.output)
    if let size = size.size {
      try limits.checkOutputSize(size.width * supersample, size.height * supersample)
    }
    let warpMesh = try InputFiles.loadMesh(mesh, console: console)
    let decoded = try ImageDecoder.decodeFile(path: input, maxPixels: limits.maxPixels)
    for note in decoded.notes { console.error("note: " + note) }
    let source = decoded.image
    let width = size.size?.width ?? source.width
    let height = size.size?.height ?? source.height
    try limits.checkOutputSize(width * supersample, height * supersample)
    let result = WarpRenderer.render(
      source, mesh: warpMesh,
      options: WarpOptions(
        width: width, height: height, edges: edges, antialias: antialias,
        supersample: supersample, threads: threading.threads))
    try image.write(
      result, to: output.output, console: console, color: decoded.color,
      greyscale: decoded.isGreyscale)
    if !output.isStandardOutput { console.error("wrote \(output.output) (\(width)x\(height))") }
  }
}
