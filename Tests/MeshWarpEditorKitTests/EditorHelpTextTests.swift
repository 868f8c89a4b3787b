import Foundation
import MeshWarpEditorKit
import Testing
import _TestSupport

/// `meshwarp-editor --help`, generated from `EditorArguments`' declarations,
/// compared whole with the checked-in Help/meshwarp-editor.txt. After changing
/// options on purpose, regenerate with `MESHWARP_UPDATE_HELP=1 swift test
/// --filter EditorHelpTextTests` and review the diff. (EditorBinaryTests checks
/// that the built binary prints exactly this text.)
@Suite struct EditorHelpTextTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Help/meshwarp-editor.txt")

  /// What `--help` writes to standard output.
  static var helpOutput: String { EditorArguments.helpText }

  @Test func helpMatchesTheCheckedInText() throws {
    let expected = try PinnedText.expected(Self.helpOutput, file: Self.file)
    #expect(
      Self.helpOutput == expected,
      "meshwarp-editor --help differs from Help/meshwarp-editor.txt (- expected, + actual):\n\(lineDiff(expected, Self.helpOutput))"
    )
  }

  /// Each option the help lists is one the parser accepts, and no line of
  /// the help is wider than a terminal.
  @Test func everyListedOptionParses() throws {
    let listed = Self.helpOutput.split(separator: "\n").filter { $0.hasPrefix("  --") }.map {
      String($0.dropFirst(2).prefix { $0 != " " && $0 != "," })
    }
    #expect(listed.count == 14, "\(listed)")
    for option in listed {
      let arguments =
        switch option {
        case "--paused", "--help": [option]
        case "--size": [option, "2x2"]
        default: [option, "2"]
        }
      #expect(throws: Never.self, "\(option)") { _ = try EditorArguments.parse(arguments) }
    }
    for line in Self.helpOutput.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }
}
