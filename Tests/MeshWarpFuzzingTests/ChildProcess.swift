import Foundation
import Testing

/// Runs fuzz entries in a child process (Swift Testing's exit tests): a trap
/// there — the bug class these tests look for — fails one test and names
/// the input instead of ending the whole test run.
///
/// The child writes the name of each input it is about to run to a log
/// file; when the child does not exit normally, `report` reads the last name
/// back (Swift Testing returns no child output for a failed exit test).
struct ChildProcess {
  /// The log's path, unique per child.
  let log: String

  init() {
    log = NSTemporaryDirectory() + "meshwarp-fuzz-child-\(UUID().uuidString).log"
  }

  /// Records the name of the input about to run (in the child).
  static func announce(_ name: String, log: String) {
    try? Data(name.utf8).write(to: URL(fileURLWithPath: log))
  }

  /// After the child: when it failed (`result` is nil), records an issue
  /// naming the last input it announced; removes the log.
  func report(_ result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation) {
    defer { try? FileManager.default.removeItem(atPath: log) }
    guard result == nil else { return }
    let input = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(none announced)"
    Issue.record("the child process failed on input: \(input)", sourceLocation: sourceLocation)
  }
}
