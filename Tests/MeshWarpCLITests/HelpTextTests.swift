import Foundation
import Testing

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
    let file = Self.folder.appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["MESHWARP_UPDATE_HELP"] == "1" {
      try run.output.write(to: file, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
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

/// A line diff of `expected` and `actual` (longest common subsequence):
/// `- ` lines only expected, `+ ` lines only actual, `  ` lines in both.
func lineDiff(_ expected: String, _ actual: String) -> String {
  let a = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
    expected.hasSuffix("\n") ? 1 : 0)
  let b = actual.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
    actual.hasSuffix("\n") ? 1 : 0)
  let (x, y) = (Array(a), Array(b))
  var lcs = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
  for i in stride(from: x.count - 1, through: 0, by: -1) {
    for j in stride(from: y.count - 1, through: 0, by: -1) {
      lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  var out = ""
  var (i, j) = (0, 0)
  while i < x.count || j < y.count {
    if i < x.count, j < y.count, x[i] == y[j] {
      out += "  \(x[i])\n"
      i += 1
      j += 1
    } else if i < x.count, j == y.count || lcs[i + 1][j] >= lcs[i][j + 1] {
      out += "- \(x[i])\n"
      i += 1
    } else {
      out += "+ \(y[j])\n"
      j += 1
    }
  }
  return out
}
