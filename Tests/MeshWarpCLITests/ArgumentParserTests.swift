import Foundation
import MeshWarpRender
import MeshWarpText
import Testing

@testable import MeshWarpCLI

/// A command that declares one of each kind, for the parser alone.
struct ParserTestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(name: "test", summary: "A test command.")
  @Argument(placeholder: "IN", help: "Input.") var input: String
  @OptionGroup var output = OutputOptions(placeholder: "OUT", help: "Output.", default: "-")
  @Option(help: "Size.") var size: PixelSize?
  @Option(range: 1...100, help: "Count.") var count: Int?
  @Option(aliases: ["--old-level"], range: 0.5...2, help: "Level.") var level = 1.0
  @Flag(help: "JSON.") var json: Bool
  func run(console: Console) throws {}
}

@Suite struct ArgumentParserTests {
  func parse(_ args: [String]) throws -> (ParserTestCommand, [String]) {
    guard case .run(let command, let warnings) = try ParserTestCommand.parse(args) else {
      throw CLIError.failure("help requested")
    }
    return (command, warnings)
  }

  /// The usage error `args` give, or nil when they parse.
  func usageError(_ args: [String]) -> String? {
    do {
      _ = try ParserTestCommand.parse(args)
      return nil
    } catch {
      guard case .usage(let text) = error, error.exitCode == 2 else { return "not usage: \(error)" }
      return text
    }
  }

  @Test func valuesFlagsAndPositionals() throws {
    let (a, warnings) = try parse(["in.png", "-o", "out.png", "--size=640x480", "--json"])
    #expect(a.input == "in.png")
    #expect(a.output.output == "out.png")
    #expect(a.size == PixelSize(width: 640, height: 480))
    #expect(a.json)
    #expect(a.count == nil && a.level == 1.0 && warnings.isEmpty)
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

  @Test func usageErrorsNameTheOptionAndWhatItExpects() {
    let usage = ParserTestCommand.usage
    let cases: [([String], String)] = [
      (
        ["in", "--bogus"],
        "unknown option '--bogus' for 'meshwarp test' (see 'meshwarp test --help')"
      ),
      (["in", "-o"], "option '-o' needs a value: OUT"),
      (["in", "--count"], "option '--count' needs a value: N (a whole number from 1 to 100)"),
      (
        ["in", "-o", "a", "--output", "b"],
        "option '--output' ('-o', '--output') given more than once"
      ),
      (["in", "--json", "--json"], "option '--json' given more than once"),
      (["in", "--json=yes"], "option '--json' takes no value"),
      ([], "'meshwarp test' takes 1 argument (IN), got 0\nUsage: \(usage)"),
      (["a", "b"], "'meshwarp test' takes 1 argument (IN), got 2: a b\nUsage: \(usage)"),
      (["in", "--count", "120"], "--count expects a whole number from 1 to 100, got '120'"),
      (["in", "--count", "1.5"], "--count expects a whole number from 1 to 100, got '1.5'"),
      (["in", "--level=3"], "--level expects a number from 0.5 to 2, got '3'"),
      (
        ["in", "--size", "10x0"],
        "--size expects WIDTHxHEIGHT in pixels, each side 1 to 65535 (e.g. 800x600), got '10x0'"
      ),
    ]
    for (args, message) in cases {
      #expect(usageError(args) == message, "\(args)")
    }
  }

  @Test func requiredOptionsAreReported() {
    struct Needs: ParsableCommand {
      static let configuration = CommandConfiguration(name: "needs", summary: "S.")
      @Option(short: "m", placeholder: "MESH.json", help: "The warp mesh.") var mesh: String
      func run(console: Console) throws {}
    }
    #expect {
      try Needs.parse([])
    } throws: { error in
      (error as? CLIError)
        == .usage("missing --mesh MESH.json: the warp mesh\nUsage: meshwarp needs --mesh MESH.json")
    }
  }

  @Test func numbersAndSizesAreChecked() throws {
    for bad in ["0x10", "10x0", "-5x5", "abc", "10x", "99999x10", "10x10x10"] {
      #expect(PixelSize.argumentParser.parse(bad) == nil, "\(bad)")
    }
    #expect(PixelSize.argumentParser.parse("65535X1") == PixelSize(width: 65535, height: 1))
    #expect(try parse(["in", "--count", "12"]).0.count == 12)
    for bad in ["nan", "inf", "1e999", ""] { #expect(Double.argumentParser.parse(bad) == nil) }
    #expect(CanvasRect.argumentParser.parse("1,2,3") == nil)
    #expect(
      CanvasRect.argumentParser.parse("1, 2,3,4")?.rect == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(ArgumentColor.argumentParser.parse("#11223344")?.rgba == RGBA8(0x11, 0x22, 0x33, 0x44))
    #expect(ArgumentColor.argumentParser.parse("#1122zz") == nil)
    #expect(LineAlignment.argumentParser.parse("centre") == .center)
    #expect(LineAlignment.argumentParser.expectation == "one of leading, center, trailing")
  }

  @Test func namesComeFromPropertiesInKebabCase() {
    #expect(ArgumentTable.kebabCase("noDither") == "no-dither")
    #expect(ArgumentTable.kebabCase("maxPixels") == "max-pixels")
  }

  /// Messages name an option as it was spelled, else by the long name the
  /// declaration derives: never a name written out again.
  @Test func messagesNameOptionsFromTheirDeclarations() throws {
    let limits = InputLimitOptions()
    #expect(limits.longName(of: limits.$maxPixels) == "--max-pixels")
    #expect(limits.spelling(of: limits.$maxPixels) == "--max-pixels")
    #expect {
      try limits.checkOutputSize(20_000, 20_000)
    } throws: { error in
      guard case .usage(let text) = error as? CLIError else { return false }
      return text.hasSuffix("exceeds the limit of 100000000 (raise it with --max-pixels)")
    }
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
  }

  /// Every spelling of every command is unique within the command (a new
  /// shared option must not reuse a command's word).
  @Test func spellingsAreUniquePerCommand() {
    for command in MeshwarpTool.commands {
      let table = command.argumentTable
      let spellings = table.options.flatMap(\.spellings) + ["--help", "-h"]
      #expect(
        Set(spellings).count == spellings.count, "\(command.configuration.name): \(spellings)")
    }
  }

  /// One word, one meaning: a spelling names the same long option in
  /// every command that takes it.
  @Test func oneWordOneMeaningAcrossCommands() {
    var meaning: [String: String] = [:]
    for command in MeshwarpTool.commands {
      for entry in command.argumentTable.options {
        for spelling in [entry.name] + (entry.short.map { [$0] } ?? []) {
          if let other = meaning[spelling] {
            #expect(other == entry.name, "\(spelling) is \(other) and \(entry.name)")
          }
          meaning[spelling] = entry.name
        }
      }
    }
    #expect(meaning["--size"] == "--size" && meaning["-s"] == "--size")
  }
}

@Suite struct DeprecatedSpellingTests {
  @Test func demoOutIsTheOldSpellingOfOutput() throws {
    guard case .run(let demo, let warnings) = try DemoCommand.parse(["--out", "pictures"]) else {
      Issue.record("help instead of a command")
      return
    }
    #expect(demo.output.output == "pictures")
    #expect(warnings == ["warning: '--out' is deprecated; use '--output'"])
  }
}
