import Foundation

/// Waits for a Foundation `Process` to end without keeping a core busy.
///
/// swift-corelibs-foundation's `waitUntilExit()` runs the calling thread's
/// run loop in 50 ms slices until the process has ended; on a thread whose
/// run loop has no sources every slice returns at once, so the wait spins
/// (in a 3-s 1080p export, 1.5 s of CPU while x264 finished, taken from the
/// very encoder being waited for; `perf`). This waits on a semaphore that
/// the process's `terminationHandler` signals, which Foundation calls once
/// `isRunning` is false and the status is set.
final class ProcessExit: @unchecked Sendable {
  private let ended = DispatchSemaphore(value: 0)

  /// Installs `process`'s termination handler: call it before `run()`
  /// (a handler set later is not called for a process that already ended).
  init(_ process: Process) {
    let ended = self.ended
    process.terminationHandler = { _ in ended.signal() }
  }

  /// Returns once the process has ended; at once on later calls. Only for a
  /// process that was started.
  func wait() {
    ended.wait()
    ended.signal()
  }
}
