import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles

/// `meshwarp shader-data MESH.json [--size WxH] [--edges P] [-o FILE]`
struct ShaderDataCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "shader-data", summary: "Write the packed float array the Metal shader reads.",
    details: """
      Output: the floats of ShaderMeshData.pack (layout version in the header, see
      Documentation/ShaderDataLayout.md), whitespace-separated, shortest round-trip form,
      16 a line. The data is in normalized coordinates and does not depend on the view
      size; the shader scales by its `size` argument.
      """,
    examples: [
      (
        "The float array for a 300 × 300 view, to paste into a shader test:",
        "meshwarp shader-data mesh.json --size 300x300 -o mesh.txt"
      )
    ])

  @Argument(placeholder: "MESH.json", help: "The mesh to pack.") var meshPath: String
  @OptionGroup var output = OutputOptions(
    placeholder: "FILE", help: "Where to write.", default: StandardOutput.path,
    defaultHelp: "stdout")
  @OptionGroup var size = SizeOptions(
    help: "The view size the shader will get as its `size` argument (echoed on stderr).")
  @Option(placeholder: "POLICY", help: "Outside the mesh: transparent, unwarped, origin.")
  var edges: EdgePolicy = .transparent

  func run(console: Console) throws {
    let mesh = try DocumentFile.read(meshPath, accepting: [.mesh], role: "shader-data").mesh()
    try InputFiles.check(mesh, source: meshPath, console: console)
    let floats = ShaderMeshData.pack(mesh, edges: edges)
    var text = ""
    text.reserveCapacity(floats.count * 10)
    for (i, f) in floats.enumerated() {
      text += String(describing: f)
      text += (i % 16 == 15 || i == floats.count - 1) ? "\n" : " "
    }
    try output.write(Array(text.utf8), console: console)
    var note = "\(floats.count) floats (count), \(plural(mesh.faces.count, "face"))"
    if let size = size.size { note += "; shader size argument: \(size.width) \(size.height)" }
    if !output.isStandardOutput { note = "wrote \(output.output): " + note }
    console.error(note)
  }
}
