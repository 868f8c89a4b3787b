import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import MeshWarpImageIO
import MeshWarpRender
import Testing

/// Runs the built `meshwarp-editor` with SDL's offscreen driver and a script
/// on stdin, so SDL events (pushed by the script player) go through the real
/// event loop; checks its log. A binary that is not built, or SDL that
/// cannot start (its offscreen driver needs no display), fails the test:
/// nothing here is skipped.
@Suite struct EditorBinaryTests {
  /// The executable beside the test bundle (SwiftPM puts every product of a
  /// build in one folder), else under the package's `.build`.
  static func demoBinary() -> URL? {
    let fm = FileManager.default
    var candidates: [URL] = []
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    candidates.append(runner.deletingLastPathComponent())
    candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(package.appendingPathComponent(".build/debug"))
    candidates.append(package.appendingPathComponent(".build/release"))
    return candidates.map { $0.appendingPathComponent("meshwarp-editor") }.first {
      fm.isExecutableFile(atPath: $0.path)
    }
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the demo with `arguments`, `script` on stdin, killing it after
  /// `timeout` seconds.
  static func run(_ binary: URL, arguments: [String], script: String, timeout: Double = 120) throws
    -> Run
  {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SDL_VIDEODRIVER"] = "offscreen"
    environment["SDL_AUDIODRIVER"] = "dummy"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(timeout)
    // Read while it runs so a full pipe never blocks it.
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      out = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      err = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      process.terminate()
      Issue.record("meshwarp-editor did not finish within \(timeout) s; terminated")
    }
    process.waitUntilExit()
    group.wait()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// `--help` prints the help generated from the declarations (pinned by
  /// EditorHelpTextTests) and exits 0; an unknown option prints its message
  /// and the help to stderr and exits 2. Neither starts SDL.
  @Test func helpAndUsageErrorFromTheBinary() throws {
    let binary = try #require(
      Self.demoBinary(), "meshwarp-editor is not built (swift build --product meshwarp-editor)")
    let help = try Self.run(binary, arguments: ["--help"], script: "")
    #expect(help.status == 0 && help.stderr.isEmpty)
    #expect(help.stdout == EditorArguments.helpText)
    let bad = try Self.run(binary, arguments: ["--bogus"], script: "")
    #expect(bad.status == 2 && bad.stdout.isEmpty)
    #expect(
      bad.stderr == "meshwarp-editor: unknown option '--bogus'\n\n\(EditorArguments.helpText)")
  }

  @Test func scriptedDragClickAndSaveThroughSDL() throws {
    let binary = try #require(
      Self.demoBinary(), "meshwarp-editor is not built (swift build --product meshwarp-editor)")
    let (w, h) = (240, 180)
    // Where the toggle will appear after the scripted drag: the same session
    // logic, headless (its mapping is checked in EditorSessionTests).
    let model = EditorSession(
      frameWidth: w, frameHeight: h, content: EditorContent(width: w, height: h), log: { _ in })
    model.handle(.mouseDown(Vector2(120.5, 90.5)))
    model.handle(.mouseUp(Vector2(170.5, 130.5)))
    let toggle = try #require(model.toggleWindowPoint)
    let (tx, ty) = (Int(toggle.x), Int(toggle.y))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("meshwarp-editor-test-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = folder.appendingPathComponent("before.png").path
    let script = """
      wait 1
      save \(before)
      drag 120 90 170 130 3
      click \(tx) \(ty)
      key s
      key e
      key 4
      wait 1
      quit
      """
    let run = try Self.run(
      binary,
      arguments: [
        "--size", "\(w)x\(h)", "--script", "-", "--fps", "0", "--paused", "--save-dir", folder.path,
      ],
      script: script)
    print("meshwarp-editor exit \(run.status)\n\(run.stdout)\(run.stderr)")
    if run.status == 3 && run.stderr.contains("SDL_Init") {
      // SDL's offscreen driver needs no display: not starting is a failure.
      Issue.record(
        "SDL cannot start (\(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)))")
      return
    }
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("sdl: video driver offscreen") })
    #expect(lines.contains("point 4 (column 1, row 1) moved to 170.0 130.0 px (0.7083 0.7222)"))
    #expect(lines.contains { $0.hasPrefix("click at \(tx).5 \(ty).5 px -> content") })
    #expect(lines.contains("toggle: on"))
    #expect(lines.contains("edges: unwarped"))
    #expect(lines.contains("density: 4x4 points (warp kept)"))
    let saved = folder.appendingPathComponent("meshwarp-editor-frame-1.png").path
    #expect(lines.contains("saved: \(before)"))
    #expect(lines.contains("saved: \(saved)"))
    #expect(lines.contains("quit"))
    #expect(lines.last?.hasPrefix("stats: ") == true)

    // The saved frames: the warped one differs from the unwarped one, and
    // shows the toggle's ON colour where the toggle appears; the unwarped
    // one shows OFF at the toggle's own place.
    let warped = try PNGDecoder.decodeFile(path: saved)
    let unwarped = try PNGDecoder.decodeFile(path: before)
    #expect(warped.width == w && warped.height == h)
    #expect(warped != unwarped)
    func close(_ a: RGBA8, _ b: RGBA8) -> Bool {
      abs(Int(a.r) - Int(b.r)) <= 6 && abs(Int(a.g) - Int(b.g)) <= 6
        && abs(Int(a.b) - Int(b.b)) <= 6 && a.a == 255
    }
    #expect(close(warped[tx, ty], EditorToggle.onColor), "\(warped[tx, ty])")
    let home =
      EditorToggle.trackCentreUnit(contentSize: Vector2(Double(w), Double(h)))
      * Vector2(Double(w), Double(h))
    #expect(close(unwarped[Int(home.x), Int(home.y)], EditorToggle.offColor))

    // A picture as content: the saved frame, shown through the identity grid
    // at its own size, with the toggle drawn over it (off again).
    let again = try Self.run(
      binary, arguments: [saved, "--size", "\(w)x\(h)", "--script", "-", "--fps", "0"],
      script: "save \(folder.path)/picture.png\nwait 1\nquit\n")
    print(again.stdout, again.stderr)
    #expect(again.stdout.contains("content picture \(w)x\(h)"))
    let shown = try PNGDecoder.decodeFile(path: folder.appendingPathComponent("picture.png").path)
    // Away from the live toggle and from both frames' mesh lines, the
    // identity grid shows the picture bit-exactly.
    for (x, y) in [(215, 165), (200, 20), (30, 150)] {
      #expect(shown[x, y] == warped[x, y], "(\(x), \(y))")
    }
    #expect(close(shown[Int(home.x), Int(home.y)], EditorToggle.offColor))  // the live toggle
    #expect(again.status == 0)
    #expect(run.status == 0)
  }
}
