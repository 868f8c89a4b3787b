import Foundation
import MeshWarpImageIO
import Synchronization
import Testing

@testable import MeshWarpCLI

/// The status line of a still warp's long steps: shown on a terminal once
/// a step passes the threshold, never for shorter ones or off a terminal,
/// and cleared at the end.
@Suite struct StageStatusTests {
  static func console(terminal: Bool) -> (Console, @Sendable () -> String) {
    let text = Mutex<String>("")
    let console = Console(
      out: { _ in }, err: { line in text.withLock { $0 += line } }, stderrIsTerminal: terminal)
    return (console, { text.withLock { $0 } })
  }

  @Test func aLongStepIsShownAndCleared() {
    let (console, text) = Self.console(terminal: true)
    let status = StageStatus(console: console, threshold: 0.05)
    status.enter(.rendering)
    Thread.sleep(forTimeInterval: 0.5)
    status.finish()
    let written = text()
    #expect(written.contains("rendering… 0."), "\(written)")
    #expect(written.hasSuffix("\r\u{1B}[K"), "the line is cleared")
  }

  @Test func shortStepsAndPipesShowNothing() {
    var (console, text) = Self.console(terminal: true)
    var status = StageStatus(console: console, threshold: 30)
    status.enter(.decoding)
    Thread.sleep(forTimeInterval: 0.3)
    status.finish()
    #expect(text().isEmpty)
    (console, text) = Self.console(terminal: false)
    status = StageStatus(console: console, threshold: 0)
    status.enter(.encoding)
    Thread.sleep(forTimeInterval: 0.3)
    status.finish()
    #expect(text().isEmpty)
  }
}
