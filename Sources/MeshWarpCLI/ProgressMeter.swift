import Foundation

/// "frames 45/90  28.1 fps  1.6 s left" on a terminal, at most ten times a
/// second, and once more at the end.
final class ProgressMeter: @unchecked Sendable {
  private let console: Console
  private let total: Int?
  private let start = Date()
  private var shown = Date.distantPast
  private let lock = NSLock()

  init(console: Console, total: Int?) {
    self.console = console
    self.total = total
  }

  /// Reports `done` frames written.
  func update(_ done: Int) {
    guard console.stderrIsTerminal else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    let last = total.map { done >= $0 } ?? false
    guard last || now.timeIntervalSince(shown) >= 0.1 else { return }
    shown = now
    console.status(
      Self.text(done: done, total: total, seconds: now.timeIntervalSince(start)), final: last)
  }

  /// Ends the line after an export whose total was unknown or not reached.
  func finish(_ done: Int) {
    guard console.stderrIsTerminal, total.map({ done < $0 }) ?? true else { return }
    console.status(
      Self.text(done: done, total: total, seconds: Date().timeIntervalSince(start)), final: true)
  }

  /// The status line.
  static func text(done: Int, total: Int?, seconds: Double) -> String {
    let fps = seconds > 0 ? Double(done) / seconds : 0
    var text = "frames \(done)" + (total.map { "/\($0)" } ?? "")
    text += String(format: "  %.1f fps", fps)
    if let total, fps > 0, done < total {
      text += String(format: "  %.1f s left", Double(total - done) / fps)
    }
    return text
  }
}
