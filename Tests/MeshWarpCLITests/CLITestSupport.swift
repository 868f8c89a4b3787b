import Foundation
import MeshWarpCLI
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import _TestSupport

/// Runs the tool in-process and keeps its output.
struct ToolRun {
  var status: Int32
  var output: String
  var errors: String

  init(_ arguments: [String]) {
    let (console, out, err) = Console.capturing()
    status = MeshwarpTool.run(arguments, console: console)
    output = out()
    errors = err()
  }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "meshwarp-cli-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }

  func write(_ text: String, _ name: String) -> String {
    let p = file(name)
    try! text.write(toFile: p, atomically: true, encoding: .utf8)
    return p
  }

  func write(_ image: RGBAImage, _ name: String) -> String {
    let p = file(name)
    try! OutputFile.write(try! PNGEncoder.encode(image), to: p)
    return p
  }

  func write(_ mesh: WarpMesh, _ name: String) -> String {
    let p = file(name)
    try! JSONEncoder().encode(mesh).write(to: URL(fileURLWithPath: p))
    return p
  }
}
