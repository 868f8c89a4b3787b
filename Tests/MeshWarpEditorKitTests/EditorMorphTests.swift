import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

/// Morph mode headless: picture A (the content) and B side by side, the
/// same point dragged in each, the scrubber, undo, save and reload, and
/// the clean frame against the library's morph.
@Suite struct EditorMorphTests {
  /// A 400×300 session whose content is a 200×100 picture (A) morphing
  /// into a 120×120 picture (B) written to `directory`, with the points
  /// file `morph.json` there (created by the first save).
  static func session(in directory: borrowing TemporaryDirectory) throws -> LoggedSession {
    let a = RGBAImage(width: 200, height: 100, fill: RGBA8(200, 40, 40))
    var b = RGBAImage(width: 120, height: 120, fill: RGBA8(30, 60, 220))
    for y in 0..<60 { for x in 0..<120 { b[x, y] = RGBA8(240, 240, 30) } }
    try Data(try PNGEncoder.encode(b)).write(to: URL(fileURLWithPath: directory.file("b.png")))
    let s = LoggedSession(
      width: 400, height: 300, content: EditorContent(width: 400, height: 300, picture: a))
    try s.session.useMorph(
      picturePath: directory.file("b.png"), pointsPath: directory.file("morph.json"))
    return s
  }

  /// Where point `i` of the 5×5 grid shows in pane `pane`.
  static func point(_ i: Int, in pane: EditorViewport) -> Vector2 {
    pane.windowPoint(forUnit: Vector2(Double(i % 5) / 4, Double(i / 5) / 4))
  }

  @Test func dragsInAAndBMoveEachSideAlone() throws {
    let directory = try TemporaryDirectory()
    let s = try Self.session(in: directory)
    #expect(s.session.mode == .morph)
    let layout = try #require(s.session.morphLayout)
    // Each pane is 188×122 (half of 400 by half of 300 − 32, less 6 px
    // around): A (2:1) shows at 188×94, B (square) at 122×122.
    #expect((layout.paneA.width, layout.paneA.height) == (188, 94))
    #expect((layout.paneB.width, layout.paneB.height) == (122, 122))
    let centreA = Self.point(12, in: layout.paneA)
    s.drag(from: centreA, to: centreA + Vector2(18.8, -9.4))
    var morph = try #require(s.session.morphDocument)
    #expect(abs(morph.a[12].x - 0.6) < 1e-9 && abs(morph.a[12].y - 0.4) < 1e-9)
    #expect(morph.b == MorphDocument.identity(columns: 5, rows: 5).b)
    #expect(
      s.lines.contains {
        $0.hasPrefix("morph point 12 in A at ") && $0.hasSuffix("(0.6000 0.4000)")
      })
    let cornerB = Self.point(6, in: layout.paneB)
    s.drag(from: cornerB, to: cornerB + Vector2(12.2, 24.4))
    morph = try #require(s.session.morphDocument)
    #expect(abs(morph.b[6].x - 0.35) < 1e-9 && abs(morph.b[6].y - 0.45) < 1e-9)
    #expect(morph.a[6] == CGPoint(x: 0.25, y: 0.25))
    // Undo takes B's drag back, then A's.
    s.session.handle(.key(.undo))
    #expect(s.session.morphDocument?.b[6] == CGPoint(x: 0.25, y: 0.25))
    #expect(s.lines.suffix(3).contains { $0.hasPrefix("morph point 6 in B at ") })
    s.session.handle(.key(.undo))
    #expect(s.session.morphDocument == MorphDocument.identity(columns: 5, rows: 5))
  }

  @Test func scrubberAndKeysSetT() throws {
    let directory = try TemporaryDirectory()
    let s = try Self.session(in: directory)
    let layout = try #require(s.session.morphLayout)
    let start = layout.knob(at: 0.5)
    s.drag(from: start, to: layout.knob(at: 0.25))
    #expect(abs((s.session.morphProgress ?? 0) - 0.25) < 1e-9)
    #expect(s.lines.last == "morph t 0.25")
    s.session.handle(.key(.gradientColumns(1)))
    #expect(abs((s.session.morphProgress ?? 0) - 0.30) < 1e-9)
    for _ in 0..<30 { s.session.handle(.key(.gradientColumns(1))) }
    #expect(s.session.morphProgress == 1)
    // Past the track's ends: clamped.
    s.drag(from: layout.knob(at: 1), to: Vector2(-50, layout.trackStart.y))
    #expect(s.session.morphProgress == 0)
  }

  @Test func saveReloadAndCleanFrame() throws {
    let directory = try TemporaryDirectory()
    let s = try Self.session(in: directory)
    let layout = try #require(s.session.morphLayout)
    let p = Self.point(12, in: layout.paneA)
    s.drag(from: p, to: p + Vector2(-18.8, 0))
    s.session.handle(.key(.saveJSON))
    let path = directory.file("morph.json")
    #expect(s.lines.contains("morph saved: \(path) (25 points)"))
    // A second session opens what the first saved.
    let again = try Self.session(in: directory)
    #expect(again.session.morphDocument == s.session.morphDocument)
    #expect(again.lines.contains("morph opened: \(path) (25 points)"))
    // The clean frame is the library's morph at t at A's size.
    s.session.handle(.key(.saveClean))
    let frame = s.session.renderFrame()
    let clean = try #require(frame.clean)
    let a = RGBAImage(width: 200, height: 100, fill: RGBA8(200, 40, 40))
    let b = try ImageDecoder.decodeFile(path: directory.file("b.png")).image
    let expected = MorphRenderer.render(
      try #require(s.session.morphDocument), at: 0.5, a: a, b: b,
      options: WarpOptions(width: 200, height: 100))
    let same = clean == expected  // a Bool: a failure does not print the pixels
    #expect(same, "clean \(clean.width)x\(clean.height)")
    // The window's morph pane shows B's yellow top half dissolving in.
    let result = layout.result
    let top = frame.image[result.x + result.width / 2, result.y + 3]
    #expect(top.g > 120 && top.r > 200)
  }

  /// A picture dropped in morph mode becomes picture A: the morph pane
  /// and the clean frame are drawn from it, not the first picture; a
  /// saved document that folds is saved with a warning.
  @Test func droppedPictureBecomesAAndFoldsAreWarnedOnSave() throws {
    let directory = try TemporaryDirectory()
    let s = try Self.session(in: directory)
    let green = RGBAImage(width: 50, height: 25, fill: RGBA8(20, 200, 40))
    try Data(try PNGEncoder.encode(green)).write(
      to: URL(fileURLWithPath: directory.file("green.png")))
    s.session.handle(.key(.gradientColumns(-1)))
    for _ in 0..<10 { s.session.handle(.key(.gradientColumns(-1))) }
    #expect(s.session.morphProgress == 0)
    s.session.handle(.open(path: directory.file("green.png")))
    s.session.handle(.key(.saveClean))
    let clean = try #require(s.session.renderFrame().clean)
    #expect(clean.width == 50 && clean.height == 25 && clean[25, 12] == RGBA8(20, 200, 40))
    // Point 12 of A dragged past its neighbour: faces fold part way.
    let layout = try #require(s.session.morphLayout)
    let p = Self.point(12, in: layout.paneA)
    s.drag(from: p, to: Self.point(14, in: layout.paneA) + Vector2(20, 0))
    s.session.handle(.key(.saveJSON))
    #expect(s.lines.contains { $0.hasPrefix("morph saved: ") })
    #expect(
      s.lines.contains { $0.hasPrefix("morph: ") && $0.hasSuffix("fix it before using the file") })
  }

  @Test func tabCyclesThroughTheThreeModes() throws {
    let directory = try TemporaryDirectory()
    let s = try Self.session(in: directory)
    var modes: [EditorMode] = []
    for _ in 0..<3 {
      s.session.handle(.key(.switchMode))
      modes.append(s.session.mode)
    }
    #expect(modes == [.warp, .gradient, .morph])
    // Without a morph, Tab stays between the other two.
    let plain = LoggedSession()
    plain.session.handle(.key(.switchMode))
    plain.session.handle(.key(.switchMode))
    #expect(plain.session.mode == .warp)
  }

  @Test func aFoldingDocumentIsRefusedWithItsT() throws {
    let directory = try TemporaryDirectory()
    var morph = MorphDocument.identity(columns: 2, rows: 2)
    // B mirrored left to right: every face turns over at t = 0.5.
    morph.b = morph.a.map { CGPoint(x: 1 - $0.x, y: $0.y) }
    try Data(morph.compactJSON().utf8).write(
      to: URL(fileURLWithPath: directory.file("morph.json")))
    #expect(throws: MorphError.self) { try Self.session(in: directory) }
  }

  /// A morph file dropped on the window replaces the points (undoable); a
  /// session without picture B says it cannot show one.
  @Test func droppedMorphFileOpens() throws {
    let directory = try TemporaryDirectory()
    var morph = MorphDocument.identity(columns: 3, rows: 3)
    morph.b[4] = CGPoint(x: 0.6, y: 0.55)
    let path = directory.file("dropped.json")
    try Data(morph.compactJSON().utf8).write(to: URL(fileURLWithPath: path))
    let s = try Self.session(in: directory)
    s.session.handle(.open(path: path))
    #expect(s.session.morphDocument == morph)
    #expect(s.lines.contains("morph opened: \(path) (9 points)"))
    s.session.handle(.key(.undo))
    #expect(s.session.morphDocument == MorphDocument.identity(columns: 5, rows: 5))
    let plain = LoggedSession()
    plain.session.handle(.open(path: path))
    #expect(plain.lines.last?.hasPrefix("open failed: \(path): a morph needs picture B") == true)
    #expect(plain.session.mode == .warp)
  }
}
