import Foundation

/// Texts that tests compare whole with a checked-in file (the `--help` of
/// `meshwarp` and of `meshwarp-editor`). After changing such a text on
/// purpose, run the test with `MESHWARP_UPDATE_HELP=1` to rewrite the files,
/// and review their diff.
public enum PinnedText {
  /// The checked-in text of `file`; with `MESHWARP_UPDATE_HELP=1` in the
  /// environment, `actual` is written there first.
  public static func expected(_ actual: String, file: URL) throws -> String {
    if ProcessInfo.processInfo.environment["MESHWARP_UPDATE_HELP"] == "1" {
      try actual.write(to: file, atomically: true, encoding: .utf8)
    }
    return try String(contentsOf: file, encoding: .utf8)
  }
}

/// A line diff of `expected` and `actual` (longest common subsequence):
/// `- ` lines only expected, `+ ` lines only actual, `  ` lines in both.
public func lineDiff(_ expected: String, _ actual: String) -> String {
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
