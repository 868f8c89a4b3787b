import Foundation
import MeshWarpCore
import MeshWarpFiles

/// The editor's files: mesh and gradient JSON in, JSON and Swift code out,
/// and the rule for new file names (never overwrite a file the editor did
/// not open or create).
package enum EditorFiles {
  /// Reads a mesh JSON file (the format `meshwarp warp --mesh` reads).
  package static func loadMesh(path: String) throws -> WarpMesh {
    try JSONFile.decode(WarpMesh.self, path: path)
  }

  /// Reads a gradient JSON file (the format `meshwarp gradient` reads), validated;
  /// errors give line:column as the command line's do.
  package static func loadGradient(path: String) throws -> GradientMesh {
    let gradient = try JSONFile.decode(GradientMesh.self, path: path)
    try gradient.validate()
    return gradient
  }

  /// The mesh as JSON in the compact form `meshwarp mesh grid` writes
  /// (``WarpMesh/compactJSON(shorthand:)``: one grid row a line, with
  /// `"smooth": true` when set); Doubles are written with the shortest text
  /// that reads back to the same value, so a saved mesh reopens exactly.
  package static func meshJSON(_ mesh: WarpMesh) -> Data {
    Data(mesh.compactJSON().utf8)
  }

  /// Writes `data` to `path` atomically, creating its folder.
  package static func write(_ data: Data, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try OutputFile.write([UInt8](data), to: path)
  }

  /// A path in `folder` named `stem` + `suffix` that no file has yet:
  /// `stem-mesh.json`, then `stem-mesh-2.json`, `stem-mesh-3.json`, …
  package static func freshPath(folder: String, stem: String, suffix: String, extension ext: String)
    -> String
  {
    let fm = FileManager.default
    var n = 1
    while true {
      let name = "\(stem)-\(suffix)" + (n == 1 ? "" : "-\(n)") + ".\(ext)"
      let path = (folder as NSString).appendingPathComponent(name)
      if !fm.fileExists(atPath: path) { return path }
      n += 1
    }
  }
}
