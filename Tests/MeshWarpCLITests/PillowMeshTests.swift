import Foundation
import MeshWarpImageIO
import Testing
import _TestSupport

/// Pillow's `Image.transform(size, Image.MESH, data)`: the recipe in
/// Documentation/CommandLine.md turns its `(box, quad)` data into a mesh
/// file, and `meshwarp warp` then draws what Pillow draws.
@Suite struct PillowMeshTests {
  static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Documentation/CommandLine.md").path
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Reference/pillow_mesh.py").path

  /// Tests/Reference/pillow_mesh.py runs the page's recipe on a 5 × 4 mesh
  /// of perturbed quads (160 × 120 to 200 × 150) and Pillow's bilinear
  /// transform; the warp of the same picture through the recipe's mesh is
  /// within 45 dB of Pillow's (measured 51.1 dB; the recipe with Pillow's
  /// corner order left as it is gives 16.5).
  @Test(.enabled(if: TestPython.imports("numpy", "PIL")))
  func recipeDrawsWhatPillowDraws() throws {
    let dir = TemporaryFolder()
    let python = TestPython.process([Self.script, Self.page, dir.path])
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0, "pillow_mesh.py failed")
    let run = ToolRun([
      "warp", dir.file("src.png"), "--mesh", dir.file("mesh.json"), "--size", "200x150", "-o",
      dir.file("ours.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let ours = try PNGDecoder.decodeFile(path: dir.file("ours.png"))
    let pillow = try PNGDecoder.decodeFile(path: dir.file("pillow.png"))
    let psnr = TestImages.psnr(ours, pillow)
    #expect(psnr >= 45, "\(psnr) dB against Pillow's Image.MESH")
  }
}
