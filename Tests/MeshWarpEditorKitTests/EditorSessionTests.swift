import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import MeshWarpRender
import Testing
import _TestSupport

/// A session on a small frame whose log lines are kept.
final class LoggedSession {
  var lines: [String] = []
  var session: EditorSession!

  init(width: Int = 400, height: Int = 300, content: EditorContent? = nil) {
    session = EditorSession(
      frameWidth: width, frameHeight: height,
      content: content ?? EditorContent(width: width, height: height), paused: true
    ) { [unowned self] in self.lines.append($0) }
  }

  /// Presses at `from`, moves in `steps` and releases at `to` (window pixels).
  func drag(from a: Vector2, to b: Vector2, steps: Int = 4) {
    session.handle(.mouseDown(a))
    for k in 1...steps { session.handle(.mouseMove(a + (b - a) * (Double(k) / Double(steps)))) }
    session.handle(.mouseUp(b))
  }

  func click(_ p: Vector2) {
    session.handle(.mouseDown(p))
    session.handle(.mouseUp(p))
  }
}

@Suite struct EditorSessionTests {
  @Test func draggingAPointMovesItAndLogsIt() {
    let s = LoggedSession()
    // The centre vertex is at (200, 150); grab it 3 px off and drag.
    s.drag(from: Vector2(203, 150), to: Vector2(303, 230))
    let p = s.session.mesh[column: 1, row: 1]
    // The grab offset is kept: the point lands 3 px left of the pointer.
    #expect(abs(p.x - 300.0 / 400) < 1e-12 && abs(p.y - 230.0 / 300) < 1e-12)
    #expect(s.lines.contains("point 4 (column 1, row 1) moved to 300.0 230.0 px (0.7500 0.7667)"))
    // Every other point stayed.
    for (i, pair) in s.session.mesh.pointPairs.enumerated() where i != 4 {
      #expect(pair.from == pair.to)
    }
  }

  @Test func pointsStayInsideTheWindow() {
    let s = LoggedSession()
    s.drag(from: Vector2(400, 300), to: Vector2(520, -40))
    #expect(s.session.mesh[column: 2, row: 2] == CGPoint(x: 1, y: 0))
  }

  @Test func draggingEmptySpaceMovesNothingAndIsNoClick() {
    let s = LoggedSession()
    s.drag(from: Vector2(100, 220), to: Vector2(160, 260))
    #expect(s.session.mesh.isIdentity)
    #expect(!s.lines.contains { $0.hasPrefix("click") || $0.hasPrefix("point") })
  }

  /// The warped-interaction promise: a click where the toggle appears after
  /// the warp flips it; a click where it was before the warp does not.
  @Test func clickThroughTheWarpHitsTheToggle() throws {
    let s = LoggedSession()
    // Pull the top-left corner to (100, 60): the toggle's cell shrinks
    // towards the middle and stays convex.
    s.drag(from: Vector2(0.5, 0.5), to: Vector2(100.5, 60.5))
    #expect(s.session.mesh[column: 0, row: 0] == CGPoint(x: 100.0 / 400, y: 60.0 / 300))
    // Independent reference: the track centre c (content unit point) lies in
    // the top-left cell, whose original quad is [0, 0.5]²: (u, v) = c / 0.5,
    // and it appears at the bilinear blend of the warped corners.
    let c = EditorToggle.trackCentreUnit(contentSize: Vector2(400, 300))
    let (u, v) = (c.x / 0.5, c.y / 0.5)
    let corners = [
      Vector2(100.0 / 400, 60.0 / 300), Vector2(0.5, 0), Vector2(0.5, 0.5), Vector2(0, 0.5),
    ]
    let expected =
      (corners[0] * ((1 - u) * (1 - v)) + corners[1] * (u * (1 - v)) + corners[2] * (u * v)
        + corners[3] * ((1 - u) * v)) * Vector2(400, 300)
    let shown = try #require(s.session.toggleWindowPoint)
    print("toggle appears at", shown, "expected", expected)
    #expect(abs(shown.x - expected.x) < 1e-6 && abs(shown.y - expected.y) < 1e-6)

    // Where the toggle used to be now shows content far left of the card
    // (about (14.5, 35.6) px by a brute-force inverse): no flip.
    let unwarped = c * Vector2(400, 300)
    let elsewhere = try #require(s.session.contentPoint(forWindowPoint: unwarped))
    #expect(abs(elsewhere.x - 14.5) < 1 && abs(elsewhere.y - 35.6) < 1, "\(elsewhere)")
    #expect(!EditorToggle.contains(contentPoint: elsewhere, contentSize: Vector2(400, 300)))
    s.click(unwarped)
    #expect(!s.session.toggle.isOn)
    #expect(s.lines.last?.hasPrefix("click at 85.") == true)

    // Where it appears now: flips on, then off.
    s.click(shown)
    #expect(s.session.toggle.isOn)
    #expect(s.lines.last == "toggle: on")
    s.click(shown)
    #expect(!s.session.toggle.isOn)
    #expect(s.lines.last == "toggle: off")
  }

  /// The rendered frame shows the state at the warped place: grey, then
  /// green after the click.
  @Test func renderedFrameShowsTheToggleWhereItAppears() throws {
    let s = LoggedSession()
    s.drag(from: Vector2(200, 150), to: Vector2(300, 230))
    let p = try #require(s.session.toggleWindowPoint)
    let (x, y) = (Int(p.x), Int(p.y))
    func close(_ a: RGBA8, _ b: RGBA8) -> Bool {
      abs(Int(a.r) - Int(b.r)) <= 6 && abs(Int(a.g) - Int(b.g)) <= 6
        && abs(Int(a.b) - Int(b.b)) <= 6
    }
    let before = s.session.renderFrame().image[x, y]
    #expect(close(before, EditorToggle.offColor), "\(before)")
    s.click(p)
    let after = s.session.renderFrame().image[x, y]
    #expect(close(after, EditorToggle.onColor), "\(after)")
  }

  @Test func densityKeepsTheWarpAndResetClearsIt() throws {
    let s = LoggedSession()
    s.drag(from: Vector2(200, 150), to: Vector2(260, 190))
    let before = try #require(s.session.toggleWindowPoint)
    s.session.handle(.key(.density(5)))
    #expect(s.session.density == 5)
    #expect(s.session.mesh.pointPairs.count == 25)
    #expect(s.lines.contains("density: 5x5 points (warp kept)"))
    let after = try #require(s.session.toggleWindowPoint)
    #expect(abs(before.x - after.x) < 1e-6 && abs(before.y - after.y) < 1e-6)
    // The old centre is the new grid's (2, 2) and can still be dragged there.
    #expect(
      ControlPointPicker.vertex(
        in: s.session.mesh, at: Vector2(260, 190), frameSize: s.session.frameSize) == 12)
    s.session.handle(.key(.reset))
    #expect(s.session.mesh == .identity(columns: 5, rows: 5))
    #expect(s.lines.contains("reset: identity 5x5"))
  }

  @Test func keysChangeOptionsAndLog() {
    let s = LoggedSession()
    #expect(s.session.edges == .transparent)
    s.session.handle(.key(.cycleEdges))
    s.session.handle(.key(.cycleEdges))
    #expect(s.session.edges == .origin)
    s.session.handle(.key(.cycleEdges))
    #expect(s.session.edges == .color)
    #expect(s.session.warpOptions.edgeColor == EditorSession.edgeColor)
    s.session.handle(.key(.cycleEdges))
    #expect(s.session.edges == .transparent)
    #expect(
      s.lines.filter { $0.hasPrefix("edges: ") } == [
        "edges: unwarped", "edges: origin", "edges: color", "edges: transparent",
      ])
    #expect(!s.session.smooth && !s.session.warpOptions.smooth)
    s.session.handle(.key(.toggleSmooth))
    #expect(s.session.smooth && s.session.warpOptions.smooth)
    s.session.handle(.key(.toggleSmooth))
    #expect(!s.session.warpOptions.smooth)
    #expect(s.lines.filter { $0.hasPrefix("smooth: ") } == ["smooth: on", "smooth: off"])
    s.session.handle(.key(.toggleAntialias))
    #expect(!s.session.antialias && s.session.warpOptions.antialias == 1)
    s.session.handle(.key(.pause))
    #expect(!s.session.paused)  // started paused
    s.session.advance(by: 0.5)
    #expect(s.session.time == 0.5)
    s.session.handle(.key(.pause))
    s.session.advance(by: 0.5)
    #expect(s.session.time == 0.5)
    s.session.handle(.key(.help))
    #expect(s.session.showHelp && s.lines.contains("  S      SAVE THE FRAME AS PNG"))
    s.session.handle(.key(.quit))
    #expect(s.session.quitRequested)
  }

  @Test func unavailableFeaturesSaySo() {
    let s = LoggedSession()
    s.session.handle(.key(.genie))
    s.session.handle(.key(.gradientText))
    if !EditorHooks.genieAvailable {
      #expect(s.lines.contains("genie: not available yet (EditorHooks.genieMesh returns nil)"))
      #expect(s.session.genie == nil)
    }
    if !EditorHooks.gradientTextAvailable {
      #expect(s.lines.contains { $0.hasPrefix("gradient text: not available yet") })
      #expect(s.session.content.kind == .checkerboard)
    }
  }

  @Test func savesAreNumberedUnderTheSaveFolder() {
    let s = LoggedSession()
    s.session.handle(.key(.save))
    s.session.handle(.save(path: "x/y.png"))
    s.session.handle(.key(.save))
    #expect(
      s.session.takePendingSaves() == [
        "./meshwarp-editor-frame-1.png", "x/y.png", "./meshwarp-editor-frame-2.png",
      ])
    #expect(s.session.takePendingSaves().isEmpty)
  }

  @Test func keyNames() {
    #expect(EditorKey(name: "R") == .reset)
    #expect(EditorKey(name: "Space") == .pause)
    #expect(EditorKey(name: "7") == .density(7))
    #expect(EditorKey(name: "1") == .density(1))  // palette colour 1 in gradient mode
    #expect(EditorKey(name: "Escape") == .quit)
    #expect(EditorKey(name: "Left") == .nudge(dx: -1, dy: 0))
    #expect(EditorKey(name: "Down", shift: true) == .nudge(dx: 0, dy: 10))
    #expect(EditorKey(name: "Z", control: true) == .undo)
    #expect(EditorKey(name: "Z", shift: true, control: true) == .redo)
    #expect(EditorKey(name: "Y", control: true) == .redo)
    #expect(EditorKey(name: "R", control: true) == nil)
    #expect(EditorKey(name: "Tab") == .switchMode)
    #expect(EditorKey(name: "Q") == .toggleMinification)
    #expect(EditorKey(name: "B") == .bezierHandles)
    #expect(EditorKey(name: "V") == nil)
  }

  /// Every key name `EditorKey` knows has its line in the help.
  @Test func helpListsEveryKey() {
    let keys = Set(
      EditorHelp.lines.flatMap { $0.key.split(separator: " ").map(String.init) }
        + EditorHelp.lines.map(\.key))
    let names: [(name: String, help: String)] = [
      ("r", "R"), ("e", "E"), ("k", "K"), ("a", "A"), ("q", "Q"), ("g", "G"), ("t", "T"),
      ("space", "SPACE"), ("s", "S"), ("h", "H"), ("escape", "ESC"), ("tab", "TAB"), ("j", "J"),
      ("x", "X"), ("p", "P"), ("o", "O"), ("f", "F"), ("return", "RETURN"), ("[", "["),
      ("]", "]"), ("-", "-"), ("=", "="), ("m", "M"), ("c", "C"), ("b", "B"), ("left", "ARROWS"),
      ("2", "2-9"), ("1", "1-9"),
    ]
    for (name, help) in names {
      #expect(EditorKey(name: name) != nil, "\(name) is a key")
      #expect(keys.contains(help), "the help lists \(help)")
    }
    #expect(keys.contains("CTRL+Z") && keys.contains("CTRL+Y"))
  }
}
