import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import MeshWarpRender
import MeshWarpVideo
import Testing
import _TestSupport

/// Whether ffmpeg and ffprobe are on PATH (the video tests need them).
let videoToolsAvailable =
  (try? VideoReader.tools(environment: ProcessInfo.processInfo.environment)) != nil

/// Video content, bezier handles in gradient mode, the benchmark.
@Suite struct EditorVideoAndHandleTests {
  /// A `frames`-frame 160×120 clip of ffmpeg's testsrc2 (every frame
  /// differs: it has a running counter) at 25 fps, in a new folder.
  func clip(frames: Int) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "meshwarp-video-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("clip.mp4").path
    let ffmpeg = try VideoReader.tools(environment: ProcessInfo.processInfo.environment).ffmpeg
    let p = Process()
    p.executableURL = URL(fileURLWithPath: ffmpeg)
    p.arguments = [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25",
      "-frames:v", "\(frames)", "-pix_fmt", "yuv420p", path,
    ]
    try p.run()
    p.waitUntilExit()
    try #require(p.terminationStatus == 0)
    return path
  }

  /// Waits (up to 20 s) until the decoder has decoded `count` frames.
  func waitDecoded(_ video: LoopingVideo, _ count: Int) async throws {
    for _ in 0..<2000 where video.decodedFrames < count && video.decodeError == nil {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(video.decodeError == nil)
    try #require(video.decodedFrames >= count)
  }

  @Test(.enabled(if: videoToolsAvailable)) func videoLoopsFrameByFrame() async throws {
    let video = try LoopingVideo(path: try clip(frames: 5))
    #expect(video.width == 160 && video.height == 120 && video.framesPerSecond == 25)
    #expect(video.frameNumber(atSeconds: 0.39) == 9)
    // Reading frame by frame: the 5 frames differ, then the loop repeats them.
    var seen: [RGBAImage] = []
    for n in 0..<12 {
      try await waitDecoded(video, n + 1)
      seen.append(video.frame(number: n))
    }
    #expect(Set(seen[0..<5].map(\.pixels)).count == 5)
    for n in 5..<12 { #expect(seen[n] == seen[n - 5], "frame \(n) repeats frame \(n - 5)") }
    // The decoder never runs more than the lookahead ahead of what is shown.
    try await Task.sleep(for: .milliseconds(300))
    #expect(video.decodedFrames <= 12 + LoopingVideo.lookahead)
    // Skipping ahead shows the newest frame decoded so far (no waiting).
    let shown = video.frame(number: 1000)
    #expect(seen[0..<5].contains(shown))
  }

  @Test(.enabled(if: videoToolsAvailable)) func videoContentPlaysInRealTime() async throws {
    let path = try clip(frames: 10)
    var lines: [String] = []
    let session = EditorSession(
      frameWidth: 320, frameHeight: 240, content: EditorContent(width: 320, height: 240)
    ) { lines.append($0) }
    session.handle(.open(path: path))
    #expect(session.content.kind == .video)
    #expect(lines.contains("content: video 160x120 at 25.00 fps from \(path), looping"))
    let first = session.renderFrame().image
    let video = try #require(session.content.video)
    try await waitDecoded(video, 4)
    session.advance(by: 0.01)  // still frame 0
    #expect(session.renderFrame().image == first)
    session.advance(by: 0.1)  // frame 2
    #expect(session.renderFrame().image != first)
    // Paused, the picture stays.
    session.handle(.key(.pause))
    let still = session.renderFrame().image
    session.advance(by: 0.2)
    #expect(session.renderFrame().image == still)
    #expect(
      EditorContentLoader.standard.canLoad(path: "x/clip.MOV")
        && EditorContentLoader.standard.isVideo(path: "a.webm"))
  }

  @Test func bezierHandlesDragUndoAndSave() throws {
    let s = LoggedSession()
    s.session.handle(.key(.switchMode))
    s.session.handle(.key(.bezierHandles))
    #expect(s.lines.last == "bezier handles: shown (automatic)")
    let automatic = s.session.gradient.resolvedBezierPoints
    // Vertex 4's trailing handle (automatic, toward vertex 5).
    let handle = automatic[4].trailingControlPoint * s.session.frameSize
    s.drag(from: handle, to: handle + Vector2(30, -20))
    guard case .bezierPoints(let points) = s.session.gradient.locations else {
      Issue.record("the gradient still has automatic handles")
      return
    }
    #expect(s.session.selectedGradientPoint == 4)
    let moved = automatic[4].trailingControlPoint + Vector2(30.0 / 400, -20.0 / 300)
    #expect(abs(points[4].trailingControlPoint.x - moved.x) < 1e-12)
    #expect(abs(points[4].trailingControlPoint.y - moved.y) < 1e-12)
    #expect(points[4].position == automatic[4].position)  // the vertex stays
    var others = points
    others[4].trailingControlPoint = automatic[4].trailingControlPoint
    #expect(others == automatic)  // nothing else moved
    #expect(s.lines.last?.hasPrefix("gradient handle 4 trailing at ") == true)
    // Dragging the vertex carries its handles along.
    let vertex = points[4].position * s.session.frameSize
    s.drag(from: vertex, to: vertex + Vector2(8, 4))
    guard case .bezierPoints(let after) = s.session.gradient.locations else {
      Issue.record("dragging the vertex dropped the gradient's handles")
      return
    }
    let d = after[4].position - points[4].position
    let dh = after[4].trailingControlPoint - points[4].trailingControlPoint
    #expect(abs(d.x - dh.x) < 1e-12 && abs(d.y - dh.y) < 1e-12 && d.x > 0)
    // The saved JSON carries the handles and reads back as the same gradient.
    let data = try s.session.gradient.jsonData(prettyPrinted: true)
    #expect(String(decoding: data, as: UTF8.self).contains("\"trailing\""))
    #expect(try GradientMesh(jsonData: data) == s.session.gradient)
    // Undo twice: the automatic handles are back.
    s.session.handle(.key(.undo))
    s.session.handle(.key(.undo))
    #expect(s.session.gradient == GradientEditing.defaultGradient)
    // Hidden handles are not picked: the same press selects nothing.
    s.session.handle(.key(.bezierHandles))
    s.drag(from: handle, to: handle + Vector2(30, -20))
    #expect(s.session.gradient == GradientEditing.defaultGradient)
  }

  @Test func handlesAreDrawnOnlyWhenShown() {
    let s = LoggedSession()
    s.session.handle(.key(.switchMode))
    let without = s.session.renderFrame().image
    s.session.handle(.key(.bezierHandles))
    let with = s.session.renderFrame().image
    let h = s.session.gradient.resolvedBezierPoints[4].trailingControlPoint * s.session.frameSize
    let (x, y) = (Int(h.x), Int(h.y))
    #expect(with[x, y] != without[x, y])
    #expect(with[x, y] == RGBA8(20, 20, 24))  // the handle's dark centre
  }

  @Test func benchmarkRendersTheWavyMesh() {
    let mesh = EditorBenchmark.wavyMesh(density: 9)
    #expect(mesh.validate().allSatisfy { $0.severity != .error })
    // Interior points only (49 of them), all but those on the wave's zeros.
    let moved = mesh.pointPairs.indices.filter {
      mesh.pointPairs[$0].from != mesh.pointPairs[$0].to
    }
    #expect(
      moved.count >= 40 && moved.allSatisfy { $0 % 9 != 0 && $0 % 9 != 8 && $0 > 8 && $0 < 72 })
    let s = LoggedSession(width: 160, height: 90)
    let result = EditorBenchmark.run(s.session, frames: 3, keepMesh: false)
    #expect(s.session.smooth && s.session.density == 9)
    #expect(result.dragging.frames == 3 && result.dragging.warp > 0)
    // Paused checkerboard, nothing moving: the warp is reused.
    #expect(result.idle.warp < result.dragging.warp)
    #expect(
      result.dragging.line(session: s.session, label: "dragging").hasPrefix(
        "benchmark dragging: 3 frames 160x90, 9x9 smooth: "))
    #expect(EditorBenchmark.median([4, 1, 3, 2]) == 2.5 && EditorBenchmark.median([5, 1, 3]) == 3)
  }
}

/// Frames that reuse work between them show what a fresh render shows.
@Suite struct FrameReuseTests {
  @Test func reusedFramesEqualFreshRenders() {
    let s = LoggedSession(width: 200, height: 150)
    // A 9×9 wavy mesh, smooth on, the centre point selected.
    _ = EditorBenchmark.run(s.session, frames: 1, keepMesh: false)
    #expect(s.session.smooth && s.session.selectedPoint == 40)
    s.session.handle(.key(.toggleOverlay))  // the frame is the warp alone
    func fresh() -> RGBAImage {
      WarpRenderer.render(
        s.session.content.background(time: s.session.time), mesh: s.session.mesh,
        options: s.session.warpOptions)
    }
    let first = s.session.renderFrame()
    #expect(first.image == fresh())
    // Unchanged: reused, and equal again.
    let second = s.session.renderFrame()
    #expect(second.image == first.image && second.warpMilliseconds < first.warpMilliseconds)
    // A moved point (the smooth mesh's cache must not be reused).
    s.session.handle(.key(.nudge(dx: 6, dy: -4)))
    let third = s.session.renderFrame()
    #expect(third.image == fresh() && third.image != first.image)
    // Frames kept by the caller are not overwritten by later ones (the
    // buffers are reused only when no one else holds them).
    let kept = first.image
    s.session.handle(.key(.nudge(dx: -10, dy: 10)))
    _ = s.session.renderFrame()
    #expect(kept == second.image)
    // The overlay frame: reused buffers, same pixels as drawing afresh.
    s.session.handle(.key(.toggleOverlay))
    let a = s.session.renderFrame().image
    let b = s.session.renderFrame().image
    #expect(a == b && a != third.image)
    // The content's animation re-warps (the checkerboard scrolls while playing).
    s.session.handle(.key(.pause))  // LoggedSession starts paused
    s.session.advance(by: 0.5)
    s.session.handle(.key(.toggleOverlay))
    #expect(s.session.renderFrame().image == fresh())
  }

  @Test func minificationKeyMatchesTheCLIOption() {
    let s = LoggedSession(width: 200, height: 150)
    s.session.handle(.key(.toggleMinification))
    #expect(s.lines.last == "minification filter: off")
    #expect(s.session.warpOptions.minification == .off)
    s.session.handle(.key(.toggleMinification))
    #expect(s.session.warpOptions.minification == .standard)
  }
}
