import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import MeshWarpRender
import Testing
import _TestSupport

/// The editor's edits, files and exports, headless.
@Suite struct EditorTests {
  func folder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "meshwarp-editor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  @Test func nudgeUndoRedo() throws {
    let s = LoggedSession()
    s.session.handle(.key(.nudge(dx: 1, dy: 0)))
    #expect(s.lines.last == "nudge: no point selected (click one first)")
    s.drag(from: Vector2(200, 150), to: Vector2(260, 190))
    s.session.handle(.key(.nudge(dx: 1, dy: 0)))
    s.session.handle(.key(.nudge(dx: 0, dy: 10)))
    #expect(s.session.mesh[column: 1, row: 1] == CGPoint(x: 261.0 / 400, y: 200.0 / 300))
    #expect(s.lines.contains("point 4 (column 1, row 1) moved to 261.0 200.0 px (0.6525 0.6667)"))
    s.session.handle(.key(.undo))
    #expect(s.session.mesh[column: 1, row: 1] == CGPoint(x: 261.0 / 400, y: 190.0 / 300))
    #expect(s.lines.contains("undo: nudge point 4 by 0 10 px"))
    #expect(s.lines.contains("point 4 (column 1, row 1) at 261.0 190.0 px (0.6525 0.6333)"))
    s.session.handle(.key(.undo))
    s.session.handle(.key(.undo))  // the drag
    #expect(s.session.mesh.isIdentity)
    s.session.handle(.key(.undo))
    #expect(s.lines.last == "undo: nothing to undo")
    s.session.handle(.key(.redo))
    s.session.handle(.key(.redo))
    #expect(s.session.mesh[column: 1, row: 1] == CGPoint(x: 261.0 / 400, y: 190.0 / 300))
    // Density is an edit too, and a new edit clears the redo side.
    s.session.handle(.key(.density(5)))
    s.session.handle(.key(.redo))
    #expect(s.lines.last == "redo: nothing to redo")
    s.session.handle(.key(.undo))
    #expect(s.session.density == 3 && s.session.mesh.pointPairs.count == 9)
  }

  @Test func savedMeshReopensExactlyAndNothingIsClobbered() throws {
    let dir = try folder()
    // A file the editor did not open: never overwritten.
    let taken = (dir as NSString).appendingPathComponent("meshwarp-editor-mesh.json")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: taken))
    var lines: [String] = []
    let session = EditorSession(
      frameWidth: 300, frameHeight: 200, content: EditorContent(width: 300, height: 200),
      saveDirectory: dir, paused: true
    ) { lines.append($0) }
    session.handle(.key(.density(4)))
    session.handle(.mouseDown(Vector2(100, 66.66)))
    session.handle(.mouseMove(Vector2(113.3, 71.9)))
    session.handle(.mouseUp(Vector2(113.3, 71.9)))
    session.handle(.key(.saveJSON))
    let path = (dir as NSString).appendingPathComponent("meshwarp-editor-mesh-2.json")
    #expect(lines.last == "mesh saved: \(path) (4x4 points)")
    #expect(try String(contentsOfFile: taken, encoding: .utf8) == "keep")
    let reopened = try EditorFiles.openWarp(path: path, contentSize: Vector2(640, 480)).mesh
    #expect(reopened == session.mesh)  // bit-exact doubles
    // The second save writes the same file again.
    session.handle(.key(.nudge(dx: -1, dy: 0)))
    session.handle(.key(.saveJSON))
    #expect(lines.last == "mesh saved: \(path) (4x4 points)")
    // --mesh reopens it in a new session.
    let again = EditorSession(
      frameWidth: 300, frameHeight: 200, content: EditorContent(width: 300, height: 200),
      saveDirectory: dir, paused: true
    ) { _ in }
    try again.useMeshFile(path: path)
    #expect(again.mesh == session.mesh && again.density == 4)
  }

  @Test func cleanFrameIsTheCLIsWarp() throws {
    let s = LoggedSession()
    s.drag(from: Vector2(200, 150), to: Vector2(240, 130))
    s.session.handle(.key(.saveClean))
    let frame = s.session.renderFrame()
    // The CLI's defaults: transparent edges, 4×4 anti-aliasing, no supersampling.
    let reference = WarpRenderer.render(
      s.session.content.background(time: 0), mesh: s.session.mesh,
      options: WarpOptions(width: 400, height: 300))
    #expect(frame.clean == reference)
    #expect(frame.image != reference)  // the overlay and the toggle
    s.session.handle(.key(.toggleOverlay))
    #expect(s.session.renderFrame().image == reference)
  }

  @Test func gradientModeEditsColorsAndSize() throws {
    let s = LoggedSession()
    s.session.handle(.key(.switchMode))
    #expect(s.session.mode == .gradient && s.lines.contains("mode: gradient"))
    s.click(Vector2(160, 120))  // vertex 4 at (0.4, 0.4)
    #expect(s.session.selectedGradientPoint == 4)
    s.session.handle(.key(.density(6)))
    #expect(s.session.gradient.colors[4] == GradientEditing.color(hex: 0x007AFF))
    s.session.handle(.key(.hexEntry))
    s.session.handle(.text("ff88zz00"))
    s.session.handle(.key(.hexEntry))
    #expect(s.lines.last == "colour: gradient point 4 = #FF8800")
    // A palette swatch click.
    let swatch = GradientEditing.swatchRect(7, frameSize: s.session.frameSize)
    s.click(swatch.origin + Vector2(5, 5))
    #expect(s.session.gradient.colors[4] == .white)
    s.session.handle(.key(.undo))
    #expect(s.session.gradient.colors[4] == GradientEditing.color(hex: 0xFF8800))
    // One column and one row more, through the keys.
    s.session.handle(.key(.gradientColumns(1)))
    s.session.handle(.key(.gradientRows(1)))
    #expect(s.session.gradient.width == 4 && s.session.gradient.height == 4)
    #expect(s.lines.last == "gradient size: 4x4 (shape kept)")
    s.session.handle(.key(.undo))
    s.session.handle(.key(.undo))
    // 3×3 → 5×5 contains the old vertices: same places and colours there.
    let old = s.session.gradient
    let g = GradientResampler.resample(old, width: 5, height: 5)
    for r in 0..<3 {
      for c in 0..<3 {
        let a = old.positions[r * 3 + c]
        let b = g.positions[2 * r * 5 + 2 * c]
        #expect(abs(a.x - b.x) < 1e-12 && abs(a.y - b.y) < 1e-12)
        let (ca, cb) = (old.colors[r * 3 + c], g.colors[2 * r * 5 + 2 * c])
        #expect(abs(ca.red - cb.red) < 1e-9 && abs(ca.blue - cb.blue) < 1e-9)
      }
    }
    // Rendered like `meshwarp gradient` (default options).
    s.session.handle(.key(.saveClean))
    let frame = s.session.renderFrame()
    #expect(frame.clean == GradientRenderer().render(old, width: 400, height: 300))
  }

  @Test func hexColors() {
    // What the hex entry reads (typed digits go to the core's parser).
    #expect(GradientColor(text: "#FF8000") == GradientColor(red: 1, green: 128.0 / 255, blue: 0))
    #expect(GradientColor(text: "00000080")?.alpha == 128.0 / 255)
    #expect(GradientColor(text: "12345") == nil)
    #expect(GradientColor(text: "GG0000") == nil)
    #expect(GradientEditing.hexText(GradientEditing.color(hex: 0x34C759)) == "#34C759")
  }

  @Test func exportedCodeHasEveryPoint() {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh.pointPairs[4].to = CGPoint(x: 0.6, y: 0.55)
    let code = SwiftCodeExport.warp(mesh, viewSize: Vector2(800, 600))
    #expect(
      code.contains("MeshPointPair(from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 0.6, y: 0.55)),"))
    #expect(
      code.contains("MeshFace(i0: 0, i1: 1, i2: 4, i3: 3)") || code.contains("MeshFace(i0: 0,"))
    // 0.1 · 800 = 80 (+1), 0.05 · 600 = 30 (+1).
    #expect(code.contains("maxSampleOffset: CGSize(width: 81, height: 31)"))
    #expect(code.components(separatedBy: "MeshPointPair(").count - 1 == 9)
    let gradient = SwiftCodeExport.gradient(GradientEditing.defaultGradient)
    #expect(gradient.contains("MeshGradient(\n    width: 3,\n    height: 3,"))
    #expect(gradient.contains("SIMD2<Float>(0.4, 0.4),"))
    #expect(gradient.contains("colorSpace: .device)"))
    // Pasted into an app that supports iOS 17, it must still compile.
    #expect(
      gradient.contains(
        "@available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, watchOS 11.0, *)\nfunc editedMeshGradient()"
      ))
  }

  @Test func contentLoaderRefusesUnknownFiles() {
    #expect(EditorContentLoader.standard.canLoad(path: "a/b.PNG"))
    #expect(EditorContentLoader.standard.canLoad(path: "a/b.TIF"))
    #expect(!EditorContentLoader.standard.canLoad(path: "a/b.bmp"))
    #expect(throws: EditorContentLoader.UnsupportedFile.self) {
      try EditorContentLoader.standard.load(path: "x.bmp")
    }
  }
}
