import Foundation
import MeshWarpArguments
import MeshWarpRender
import MeshWarpText
import Testing

@testable import MeshWarpCLI

/// `meshwarp`'s commands as MeshWarpArguments reads them (the parser
/// itself is tested in MeshWarpArgumentsTests): their spellings, the
/// library's values, and usage errors as the tool reports them.
@Suite struct CommandArgumentsTests {
  /// A usage error is exit code 2, named after the command; a command's
  /// own error from `validate()` keeps its code.
  @Test func usageErrorsAsTheToolReportsThem() {
    let unknown = ToolRun(["validate", "--bogus"])
    #expect(unknown.status == 2)
    #expect(
      unknown.errors
        == "meshwarp validate: unknown option '--bogus' for 'meshwarp validate' (see 'meshwarp validate --help')\n"
    )
    let refused = UsageError(.refusedByValidation, "x", underlying: CLIError.failure("bad file"))
    #expect(CLIError(refused) == .failure("bad file"))
    #expect(CLIError(UsageError(.unknownOption("--x"), "unknown")) == .usage("unknown"))
    #expect(WarpCommand.commandName == "meshwarp warp")
    #expect(
      WarpCommand.usage.hasPrefix(
        "meshwarp warp IN... --output OUT [--mesh MESH.json] [--effect KIND]"))
  }

  @Test func libraryValues() {
    #expect(
      CanvasRect.argumentParser.parse("1, 2,3,4")?.rect == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(CanvasRect.argumentParser.parse("1,2,3") == nil)
    #expect(ArgumentColor.argumentParser.parse("#11223344")?.rgba == RGBA8(0x11, 0x22, 0x33, 0x44))
    #expect(ArgumentColor.argumentParser.parse("#1122zz") == nil)
    #expect(LineAlignment.argumentParser.parse("centre") == .center)
    #expect(LineAlignment.argumentParser.expectation == "one of leading, center, trailing")
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
