import MeshWarpArguments
import Testing

/// A shared group, as `meshwarp`'s `-o` is one.
struct TestOutputOptions: ParsableArguments {
  @Option(short: "o", placeholder: "OUT", help: "Output.") var output = "-"
}

/// A command that declares one of each kind, for the parser alone.
struct ParserTestCommand: ParsableCommandLine {
  static let configuration = CommandConfiguration(name: "test", summary: "A test command.")
  static var commandName: String { "tool test" }
  @Argument(placeholder: "IN", help: "Input.") var input: String
  @OptionGroup var output: TestOutputOptions
  @Option(help: "Size.") var size: PixelSize?
  @Option(range: 1...100, help: "Count.") var count: Int?
  @Option(aliases: ["--old-level"], range: 0.5...2, help: "Level.") var level = 1.0
  @Flag(help: "JSON.") var json: Bool
}

@Suite struct ArgumentParserTests {
  func parse(_ args: [String]) throws -> (ParserTestCommand, [String]) {
    guard case .run(let command, let warnings) = try ParserTestCommand.parse(args) else {
      throw UsageError(.refusedByValidation, "help requested")
    }
    return (command, warnings)
  }

  /// The usage error `args` give, or nil when they parse.
  func usageError(_ args: [String]) -> UsageError? {
    do {
      _ = try ParserTestCommand.parse(args)
      return nil
    } catch {
      return error
    }
  }

  @Test func valuesFlagsAndPositionals() throws {
    let (a, warnings) = try parse(["in.png", "-o", "out.png", "--size=640x480", "--json"])
    #expect(a.input == "in.png")
    #expect(a.output.output == "out.png")
    #expect(a.size == PixelSize(width: 640, height: 480))
    #expect(a.json)
    #expect(a.count == nil && a.level == 1.0 && warnings.isEmpty)
    #expect(try parse(["in", "-oout.png", "--count", "7"]).0.output.output == "out.png")
  }

  @Test func defaultsAndDeprecatedAliases() throws {
    let (a, warnings) = try parse(["in", "--old-level", "1.5"])
    #expect(a.output.output == "-" && !a.json && a.level == 1.5)
    #expect(warnings == ["warning: '--old-level' is deprecated; use '--level'"])
  }

  @Test func doubleDashEndsOptionsAndDashIsPositional() throws {
    #expect(try parse(["--", "--weird-name.png"]).0.input == "--weird-name.png")
    #expect(try parse(["-"]).0.input == "-")
    #expect(try parse(["-5"]).0.input == "-5")
  }

  @Test func helpIsAskedFor() throws {
    for args in [["--help"], ["in", "-h"], ["--help", "--bogus"]] {
      guard case .help = try ParserTestCommand.parse(args) else {
        Issue.record("\(args): no help")
        continue
      }
    }
  }

  @Test func usageErrorsNameTheOptionAndWhatItExpects() {
    let usage = ParserTestCommand.usage
    let cases: [([String], UsageError.Problem, String)] = [
      (
        ["in", "--bogus"], .unknownOption("--bogus"),
        "unknown option '--bogus' for 'tool test' (see 'tool test --help')"
      ),
      (
        ["in", "--jsno"], .unknownOption("--jsno"),
        "unknown option '--jsno' for 'tool test'; did you mean '--json'? (see 'tool test --help')"
      ),
      (["in", "-o"], .missingValue(option: "-o"), "option '-o' needs a value: OUT"),
      (
        ["in", "--count"], .missingValue(option: "--count"),
        "option '--count' needs a value: N (a whole number from 1 to 100)"
      ),
      (
        ["in", "-o", "a", "--output", "b"], .repeatedOption("--output"),
        "option '--output' ('-o', '--output') given more than once"
      ),
      (
        ["in", "--json", "--json"], .repeatedOption("--json"),
        "option '--json' given more than once"
      ),
      (["in", "--json=yes"], .unexpectedValue(option: "--json"), "option '--json' takes no value"),
      ([], .argumentCount(given: []), "'tool test' takes 1 argument (IN), got 0\nUsage: \(usage)"),
      (
        ["a", "b"], .argumentCount(given: ["a", "b"]),
        "'tool test' takes 1 argument (IN), got 2: a b\nUsage: \(usage)"
      ),
      (
        ["in", "--count", "120"],
        .invalidValue(option: "--count", value: "120", expected: "a whole number from 1 to 100"),
        "--count expects a whole number from 1 to 100, got '120'"
      ),
      (
        ["in", "--count", "1.5"],
        .invalidValue(option: "--count", value: "1.5", expected: "a whole number from 1 to 100"),
        "--count expects a whole number from 1 to 100, got '1.5'"
      ),
      (
        ["in", "--level=3"],
        .invalidValue(option: "--level", value: "3", expected: "a number from 0.5 to 2"),
        "--level expects a number from 0.5 to 2, got '3'"
      ),
      (
        ["in", "--size", "10x0"],
        .invalidValue(
          option: "--size", value: "10x0",
          expected: "WIDTHxHEIGHT in pixels, each side 1 to 65535 (e.g. 800x600)"),
        "--size expects WIDTHxHEIGHT in pixels, each side 1 to 65535 (e.g. 800x600), got '10x0'"
      ),
    ]
    for (args, problem, message) in cases {
      let error = usageError(args)
      #expect(error?.problem == problem, "\(args)")
      #expect(error?.message == message, "\(args)")
    }
  }

  @Test func requiredOptionsAreReported() {
    struct Needs: ParsableCommandLine {
      static let configuration = CommandConfiguration(name: "needs", summary: "S.")
      @Option(short: "m", placeholder: "MESH.json", help: "The warp mesh.") var mesh: String
    }
    #expect {
      try Needs.parse([])
    } throws: { error in
      let error = error as? UsageError
      return error?.problem == .missingOption("--mesh")
        && error?.message
          == "missing --mesh MESH.json: the warp mesh\nUsage: needs --mesh MESH.json"
    }
  }

  /// What `validate()` throws becomes a usage error that keeps it, for a
  /// tool to report as its own.
  @Test func validationErrorsAreKept() {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "--a needs --b" }
    }
    struct Checked: ParsableCommandLine {
      static let configuration = CommandConfiguration(name: "checked", summary: "S.")
      @Flag(help: "A.") var a: Bool
      func validate() throws { if a { throw Refused() } }
    }
    #expect(throws: Never.self) { try Checked.parse([]) }
    #expect {
      try Checked.parse(["--a"])
    } throws: { error in
      let error = error as? UsageError
      return error?.problem == .refusedByValidation && error?.message == "--a needs --b"
        && error?.underlying is Refused
    }
  }

  /// A command may let a repeated option's last value win, and declare
  /// `--help` itself, as a flag read with the others.
  @Test func lastValueWinsAndOwnHelp() throws {
    struct Window: ParsableCommandLine {
      static let configuration = CommandConfiguration(
        name: "window", summary: "S.", repeatedOptions: .lastWins)
      @Option(range: 0...8, help: "Threads.") var threads = 0
      @Flag(name: "--help", short: "h", help: "Show this help.") var showHelp: Bool
    }
    guard case .run(let w, _) = try Window.parse(["--threads", "2", "-h", "--threads=3"]) else {
      Issue.record("the parser's help instead of the command's flag")
      return
    }
    #expect(w.threads == 3 && w.showHelp)
    #expect(Window.usage == "window [--threads N]")
    #expect(Window.helpText.components(separatedBy: "--help, -h").count == 2)
  }

  @Test func numbersAndSizesAreChecked() throws {
    for bad in ["0x10", "10x0", "-5x5", "abc", "10x", "99999x10", "10x10x10", "10xx10"] {
      #expect(PixelSize.argumentParser.parse(bad) == nil, "\(bad)")
    }
    #expect(PixelSize.argumentParser.parse("65535X1") == PixelSize(width: 65535, height: 1))
    let window = PixelSize.parser(sides: 1...8192)
    #expect(window.parse("8192x1") == PixelSize(width: 8192, height: 1))
    #expect(window.parse("8193x1") == nil)
    #expect(window.expectation == "WIDTHxHEIGHT in pixels, each side 1 to 8192 (e.g. 800x600)")
    #expect(try parse(["in", "--count", "12"]).0.count == 12)
    for bad in ["nan", "inf", "1e999", ""] { #expect(Double.argumentParser.parse(bad) == nil) }
    let positive = Int.argumentParser.atLeast(1)
    #expect(positive.parse("0") == nil && positive.parse("1") == 1)
    #expect(positive.expectation == "a whole number from 1")
    #expect(positive.expecting("a positive integer").expectation == "a positive integer")
    #expect(Double.argumentParser.in(0.5...2).expectation == "a number from 0.5 to 2")
  }

  @Test func choicesListTheirWords() {
    enum Fruit: String, CaseIterable, ArgumentChoices {
      case apple, pear
      static var synonyms: [(word: String, value: Fruit)] { [("poire", .pear)] }
    }
    #expect(Fruit.argumentParser.parse("poire") == .pear)
    #expect(Fruit.argumentParser.expectation == "one of apple, pear")
    #expect(Fruit.argumentParser.placeholder == "apple|pear")
    #expect(Fruit.argumentParser.completion == .words(["apple", "pear"]))
    #expect(Fruit.pear.argumentDescription == "pear")
  }

  @Test func namesComeFromPropertiesInKebabCase() {
    #expect(ArgumentTable.kebabCase("noDither") == "no-dither")
    #expect(ArgumentTable.kebabCase("maxPixels") == "max-pixels")
  }

  /// Messages name an option as it was spelled, else by the long name the
  /// declaration derives: never a name written out again.
  @Test func messagesNameOptionsFromTheirDeclarations() throws {
    let (a, _) = try parse(["in", "--old-level", "1.5"])
    #expect(a.longName(of: a.$level) == "--level" && a.spelling(of: a.$level) == "--old-level")
    #expect(a.spelling(of: a.$count) == "--count")
  }

  @Test func helpListsEveryOption() {
    let help = ParserTestCommand.helpText
    for name in [
      "--output, -o OUT", "--size WxH", "--json", "--help", "(default: 1)", "--old-level",
    ] {
      #expect(help.contains(name), "\(name)")
    }
    #expect(help.hasPrefix("A test command.\n\nUsage: tool test IN [--output OUT]"))
  }
}
