import MeshWarpEditorKit
import Testing

/// `meshwarp-editor`'s command line: its options, their defaults, and its
/// messages (read by MeshWarpArguments, in the editor's words).
@Suite struct EditorArgumentsTests {
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

  /// Every option is read as the editor's own parser read it (the
  /// spellings, the values and the messages of its errors).
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

  /// What the shared parser brings: `--name=value`, `-h` among options
  /// still reading them, a repeated option's last value winning.
  @Test func sharedParserSpellings() throws {
    let a = try EditorArguments.parse(["--size=320x200", "--fps=30", "-h", "--fps", "60"])
    #expect(a.width == 320 && a.height == 200 && a.fps == 60 && a.showUsage)
    expectRefused(["--paused=yes"], "option '--paused' takes no value")
    expectRefused(["--size", "800xx600"], "--size needs WxH within 1…8192, got '800xx600'")
  }

  /// Each example of the help parses (after the environment and the
  /// program's name).
  @Test func helpExamplesParse() throws {
    let examples = EditorArguments.configuration.examples
    #expect(!examples.isEmpty)
    for example in examples {
      let words = example.command.split(separator: " ").map(String.init)
        .drop { $0.contains("=") }
      #expect(words.first == "meshwarp-editor", "\(example.command)")
      #expect(throws: Never.self, "\(example.command)") {
        try EditorArguments.parse(Array(words.dropFirst()))
      }
    }
  }
}
