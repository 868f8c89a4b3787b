/// `meshwarp shader-data MESH.json [--size WxH] [--edges P] [-o FILE]`
enum ShaderDataCommand: Command {
  static let spec = CommandSpec(
    name: "shader-data", summary: "Write the packed float array the Metal shader reads.",
    usage:
      "meshwarp shader-data MESH.json [--size WxH] [--edges transparent|clamp|origin] [-o FILE]",
    options: [
      OptionSpec(
        names: ["--output", "-o"], value: "FILE", help: "Where to write (default: stdout)."),
      OptionSpec(
        names: ["--size", "-s"], value: "WxH",
        help: "The view size the shader will get as its `size` argument (echoed on stderr)."),
      OptionSpec(
        names: ["--edges"], value: "POLICY",
        help: "Outside the mesh: transparent (default), clamp, origin."),
    ],
    positionals: 1...1,
    details: """
      Output: the floats of ShaderMeshData.pack (layout version in the header, see
      Documentation/ShaderDataLayout.md), whitespace-separated, shortest round-trip form,
      16 a line. The data is in normalized coordinates and does not depend on the view
      size; the shader scales by its `size` argument.
      """)

  static func run(_ args: ParsedArguments, console: Console) throws {
    let mesh = try InputFiles.loadMesh(args.positionals[0], console: console)
    let edges = try args.choice("--edges", as: EdgePolicy.self) ?? .transparent
    let size = try args.size("--size")
    let floats = ShaderMeshData.pack(mesh, edges: edges)
    var text = ""
    text.reserveCapacity(floats.count * 10)
    for (i, f) in floats.enumerated() {
      text += String(describing: f)
      text += (i % 16 == 15 || i == floats.count - 1) ? "\n" : " "
    }
    let output = args.string("--output") ?? StandardOutput.path
    try OutputFiles.write(Array(text.utf8), to: output, console: console)
    var note = "\(floats.count) floats (count), \(mesh.faces.count) faces"
    if let size { note += "; shader size argument: \(size.width) \(size.height)" }
    if output != StandardOutput.path { note = "wrote \(output): " + note }
    console.error(note)
  }
}
