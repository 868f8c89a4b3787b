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

  /// Reports `done` frames sent to the writer, `encoded` of them written
  /// by the encoder when it says.
  func update(_ done: Int, encoded: Int? = nil) {
    guard console.stderrIsTerminal else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    let last = total.map { done >= $0 } ?? false
    guard last || now.timeIntervalSince(shown) >= 0.1 else { return }
    shown = now
    console.status(
      Self.text(
        done: done, encoded: encoded, total: total, seconds: now.timeIntervalSince(start)),
      final: last)
  }

  /// Ends the line after an export whose total was unknown or not reached.
  func finish(_ done: Int) {
    guard console.stderrIsTerminal, total.map({ done < $0 }) ?? true else { return }
    console.status(
      Self.text(done: done, total: total, seconds: Date().timeIntervalSince(start)), final: true)
  }

  /// The status line for `done` frames sent of `total` after `seconds`.
  /// The rate and the time left count the frames the encoder has written
  /// (`encoded`) when it says: frames sent to x264 wait in its look-ahead,
  /// and counting them as done promised 25.5 s on a run that took 104 s.
  /// Time left = (total − encoded) / (encoded / seconds).
  static func text(done: Int, encoded: Int? = nil, total: Int?, seconds: Double) -> String {
    let finished = encoded ?? done
    let fps = seconds > 0 ? Double(finished) / seconds : 0
    var text = "frames \(done)" + (total.map { "/\($0)" } ?? "")
    text += String(format: "  %.1f fps", fps)
    if let total, fps > 0, done < total {
      text += String(format: "  %.1f s left", Double(total - finished) / fps)
    }
    return text
  }
}
