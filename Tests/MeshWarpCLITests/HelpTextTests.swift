import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// The help of every command, and of `meshwarp` itself, compared whole with
/// the checked-in text in Help/<command>.txt. After changing options on
/// purpose, regenerate with `MESHWARP_UPDATE_HELP=1 swift test --filter
/// HelpTextTests` and review the diff.
@Suite struct HelpTextTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Help")
  static let names = ["meshwarp"] + MeshwarpTool.commands.map { $0.configuration.name }

  @Test(arguments: names) func helpMatchesTheCheckedInText(_ name: String) throws {
    let run = ToolRun(name == "meshwarp" ? ["--help"] : [name, "--help"])
    #expect(run.status == 0 && run.errors.isEmpty)
    let expected = try PinnedText.expected(
      run.output, file: Self.folder.appendingPathComponent("\(name).txt"))
    #expect(
      run.output == expected,
      "meshwarp \(name) --help differs from Help/\(name).txt (- expected, + actual):\n\(lineDiff(expected, run.output))"
    )
  }

  @Test func helpAlsoAsHelpCommand() {
    #expect(ToolRun(["help", "warp"]).output == ToolRun(["warp", "--help"]).output)
    #expect(ToolRun(["warp", "-h"]).output == ToolRun(["warp", "--help"]).output)
    let unknown = ToolRun(["help", "frobnicate"])
    #expect(
      unknown.status == 2 && unknown.errors.hasPrefix("meshwarp: unknown command 'frobnicate'"))
  }

  @Test func version() {
    let run = ToolRun(["--version"])
    #expect(run.status == 0 && run.output == "meshwarp \(MeshwarpTool.version)\n")
    #expect(MeshwarpTool.version.split(separator: ".").count == 3)
  }

  @Test func lineDiffMarksChangedLines() {
    #expect(lineDiff("a\nb\nc\n", "a\nx\nc\n") == "  a\n- b\n+ x\n  c\n")
  }
}
