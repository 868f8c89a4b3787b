import Foundation
import MeshWarpFiles
import Synchronization

/// Where the tool writes: standard output and error, or buffers in tests.
package final class Console: Sendable {
  private let writeOut: @Sendable ([UInt8]) throws -> Void
  private let writeErr: @Sendable (String) -> Void
  /// Whether stderr is a terminal (progress lines are shown only then).
  package let stderrIsTerminal: Bool
  /// Whether stdout is a terminal (binary image data is refused there).
  package let stdoutIsTerminal: Bool

  package init(
    out: @escaping @Sendable ([UInt8]) throws -> Void,
    err: @escaping @Sendable (String) -> Void, stderrIsTerminal: Bool = false,
    stdoutIsTerminal: Bool = false
  ) {
    writeOut = out
    writeErr = err
    self.stderrIsTerminal = stderrIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
  }

  /// The process's stdout and stderr.
  package static var standard: Console {
    Console(
      out: { bytes in try StandardOutput.write(bytes) },
      err: { text in FileHandle.standardError.write(Data(text.utf8)) },
      stderrIsTerminal: isatty(2) == 1, stdoutIsTerminal: isatty(1) == 1)
  }

  /// A console that keeps what is written, for tests.
  /// `stdoutIsTerminal` plays a terminal on standard output.
  package static func capturing(stdoutIsTerminal: Bool = false) -> (
    console: Console, output: @Sendable () -> String, errors: @Sendable () -> String
  ) {
    let out = Mutex<[UInt8]>([])
    let err = Mutex<String>("")
    let console = Console(
      out: { bytes in out.withLock { $0 += bytes } }, err: { text in err.withLock { $0 += text } },
      stdoutIsTerminal: stdoutIsTerminal)
    return (
      console, { out.withLock { String(decoding: $0, as: UTF8.self) } },
      { err.withLock { $0 } }
    )
  }

  /// Writes a line to stdout.
  package func print(_ line: String) throws { try writeOut(Array((line + "\n").utf8)) }

  /// Writes bytes to stdout.
  package func write(_ bytes: [UInt8]) throws { try writeOut(bytes) }

  /// Writes a line to stderr.
  package func error(_ line: String) { writeErr(line + "\n") }

  /// Shows a one-line status on stderr when it is a terminal, overwriting
  /// the previous one; `final` ends the line.
  package func status(_ text: String, final: Bool) {
    guard stderrIsTerminal else { return }
    writeErr("\r\u{1B}[K\(text)\(final ? "\n" : "")")
  }

  /// Shows `done/total` progress on stderr when it is a terminal.
  package func progress(_ label: String, _ done: Int, _ total: Int) {
    guard stderrIsTerminal else { return }
    let end = done >= total ? "\n" : ""
    writeErr("\r\(label) \(done)/\(total)\(end)")
  }
}
