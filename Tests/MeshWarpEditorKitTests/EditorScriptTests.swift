import Foundation
import MeshWarpEditorKit
import Testing

@Suite struct EditorScriptTests {
  @Test func dragExpandsIntoFrames() throws {
    let steps = try EditorScript.parse("drag 10 20 50 60 4\n")
    #expect(
      steps == [
        .inject([.mouseDown(x: 10, y: 20)]),
        .inject([.mouseMove(x: 20, y: 30)]),
        .inject([.mouseMove(x: 30, y: 40)]),
        .inject([.mouseMove(x: 40, y: 50)]),
        .inject([.mouseMove(x: 50, y: 60)]),
        .inject([.mouseUp(x: 50, y: 60)]),
      ])
    #expect(try EditorScript.parse("drag 0 0 8 8").count == EditorScript.defaultDragSteps + 2)
  }

  @Test func everyCommand() throws {
    let text = """
      # a comment

      click 5 6   # trailing comment
      down 1 2
      move 3 4
      up 3 4
      key space
      save out/a.png
      wait 3
      sleep 20
      quit
      """
    #expect(
      try EditorScript.parse(text) == [
        .inject([.mouseDown(x: 5, y: 6)]), .inject([.mouseUp(x: 5, y: 6)]),
        .inject([.mouseDown(x: 1, y: 2)]), .inject([.mouseMove(x: 3, y: 4)]),
        .inject([.mouseUp(x: 3, y: 4)]), .inject([.key("space")]), .inject([.save("out/a.png")]),
        .waitFrames(3), .sleepMilliseconds(20), .inject([.quit]),
      ])
  }

  @Test func errorsNameTheLine() {
    for (text, line, fragment) in [
      ("click 1\n", 1, "takes 2"),
      ("wait 1\n\njump 3", 3, "unknown command 'jump'"),
      ("drag 1 2 3 x", 1, "'x' is not an integer"),
      ("key", 1, "one key name"),
      ("drag 1 2 3 4 0", 1, "at least 1"),
    ] {
      #expect {
        try EditorScript.parse(text)
      } throws: { error in
        guard let e = error as? EditorScript.ParseError else { return false }
        return e.line == line && e.description.contains(fragment)
      }
    }
  }

  /// `arguments` are refused with a `EditorArguments.Error` whose text is
  /// exactly `meshwarp-editor: message`.
  func expectRefused(
    _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = #expect(throws: EditorArguments.Error.self, sourceLocation: sourceLocation) {
      try EditorArguments.parse(arguments)
    }
    #expect(
      error?.description == "meshwarp-editor: \(message)", "\(arguments)",
      sourceLocation: sourceLocation)
  }

  @Test func arguments() throws {
    let a = try EditorArguments.parse([
      "pic.png", "--size", "640x480", "--script", "-", "--frames", "30", "--save-dir", "out",
      "--fps", "0", "--paused", "--threads", "1",
    ])
    #expect(a.imagePath == "pic.png" && a.width == 640 && a.height == 480)
    #expect(a.scriptPath == "-" && a.frameLimit == 30 && a.saveDirectory == "out")
    #expect(a.fps == 0 && a.paused && a.threads == 1)
    let d = try EditorArguments.parse([])
    #expect(d.width == 800 && d.height == 600 && d.imagePath == nil && d.fps == nil)
    for (arguments, message) in [
      (["--size", "800"], "--size needs WxH within 1…8192, got '800'"),
      (["--frames", "0"], "--frames needs a positive integer, got '0'"),
      (["--bogus"], "unknown option '--bogus'"),
      (["a.png", "b.png"], "one image at most ('a.png' and 'b.png')"),
    ] {
      expectRefused(arguments, message)
    }
  }

  /// Every option of the usage is read as before the table (the spellings,
  /// the values and the messages of its errors).
  @Test func everyOptionAndItsErrors() throws {
    let a = try EditorArguments.parse([
      "--mesh", "m.json", "--gradient", "g.json", "--display", "0", "--benchmark-frames", "5",
      "-h", "--size", "10X20", "-",
    ])
    #expect(a.meshPath == "m.json" && a.gradientPath == "g.json" && a.display == 0)
    #expect(a.benchmarkFrames == 5 && a.showUsage && a.width == 10 && a.height == 20)
    #expect(a.imagePath == "-" && !a.paused)
    #expect(try EditorArguments.parse(["--help"]).showUsage)
    #expect(try EditorArguments.parse(["--threads", "2", "--threads", "3"]).threads == 3)
    for (arguments, message) in [
      (["--fps", "-1"], "--fps needs a non-negative integer, got '-1'"),
      (["--threads", "x"], "--threads needs a non-negative integer, got 'x'"),
      (["--display", "-2"], "--display needs a display number from 0, got '-2'"),
      (["--benchmark-frames", "0"], "--benchmark-frames needs a positive integer, got '0'"),
      (["--size", "9000x10"], "--size needs WxH within 1…8192, got '9000x10'"),
      (["--script"], "--script needs a value"),
      (["--paused", "--save-dir"], "--save-dir needs a value"),
    ] {
      expectRefused(arguments, message)
    }
  }
}
