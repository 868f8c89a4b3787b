import Foundation
import MeshWarpImageIO

/// "decoding… 1.4 s" on a terminal while a step of a still warp runs
/// longer than a second (a 48 MP picture's decode, render and encode each
/// do), updated five times a second; nothing for shorter steps, and nothing
/// when stderr is not a terminal. The line is cleared at the end.
final class StageStatus: @unchecked Sendable {
  private let console: Console
  private let lock = NSLock()
  private var stage: ImageWarpStage?
  private var started = Date()
  private var shown = false
  private var timer: DispatchSourceTimer?

  /// Steps shorter than this show nothing (default 1 s).
  let threshold: TimeInterval

  init(console: Console, threshold: TimeInterval = 1) {
    self.console = console
    self.threshold = threshold
    guard console.stderrIsTerminal else { return }
    let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.schedule(deadline: .now() + 0.2, repeating: 0.2)
    timer.setEventHandler { [weak self] in self?.tick() }
    timer.resume()
    self.timer = timer
  }

  /// A step begins.
  func enter(_ stage: ImageWarpStage) {
    lock.lock()
    defer { lock.unlock() }
    self.stage = stage
    started = Date()
  }

  /// The last step has ended: stop, and clear the line if one was shown.
  func finish() {
    timer?.cancel()
    timer = nil
    lock.lock()
    defer { lock.unlock() }
    stage = nil
    if shown { console.status("", final: false) }
    shown = false
  }

  private func tick() {
    lock.lock()
    defer { lock.unlock() }
    guard let stage else { return }
    let seconds = Date().timeIntervalSince(started)
    guard seconds >= threshold else { return }
    shown = true
    console.status("\(stage.rawValue)… \(String(format: "%.1f", seconds)) s", final: false)
  }

  deinit { timer?.cancel() }
}
