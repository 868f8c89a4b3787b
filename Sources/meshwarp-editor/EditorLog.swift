import Foundation

/// The demo's log: one line per event on stdout, written at once (unbuffered
/// `write`), because tests and scripts read it while the window runs.
enum EditorLog {
  /// Writes `text` and a newline to stdout.
  static func line(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Writes `text` and a newline to stderr.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
