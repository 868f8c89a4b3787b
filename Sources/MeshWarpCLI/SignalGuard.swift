import Dispatch
import Foundation
import MeshWarpVideo
import Synchronization

/// Turns SIGINT, SIGTERM, SIGHUP (the terminal closed) and SIGQUIT
/// (Ctrl-\; these two unless inherited ignored, as under `nohup`) into
/// a cancellation while an export runs:
/// the signal stops every ffmpeg child at once (their pipes end, so
/// blocked reads and writes return), the export sees ``signal`` and
/// cleans up (temporary outputs removed), and the command exits with
/// 128 + the signal. Outside ``run(_:)`` the default actions apply.
final class SignalGuard: Sendable {
  private let received = Atomic<Int32>(0)

  /// The signal received, or nil.
  var signal: Int32? {
    let value = received.load(ordering: .acquiring)
    return value == 0 ? nil : value
  }

  /// Throws `CLIError.interrupted` when a signal arrived.
  func check() throws {
    if let signal { throw CLIError.interrupted(signal: signal) }
  }

  /// Runs `body` with the handlers installed; a signal received meanwhile
  /// turns what `body` throws into `CLIError.interrupted` (a `body` that
  /// completes has written its output whole).
  static func run<T>(_ body: (SignalGuard) throws -> T) throws -> T {
    let guardian = SignalGuard()
    // SIGHUP and SIGQUIT that this process inherited ignored (`nohup`, a
    // shell's background job) stay ignored: the export goes on.
    let signals = [SIGINT, SIGTERM] + [SIGHUP, SIGQUIT].filter { !isIgnored($0) }
    let queue = DispatchQueue(label: "meshwarp.signals")
    let sources = signals.map { number in
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        guardian.received.store(number, ordering: .releasing)
        RunningTools.stopAll()
      }
      return source
    }
    let previous = signals.map { Foundation.signal($0, SIG_IGN) }
    for source in sources { source.resume() }
    defer {
      for source in sources { source.cancel() }
      for (number, action) in zip(signals, previous) { _ = Foundation.signal(number, action) }
    }
    let result: T
    do {
      result = try body(guardian)
    } catch {
      try guardian.check()
      throw error
    }
    return result
  }

  /// Whether `number` is ignored (`SIG_IGN`) now.
  private static func isIgnored(_ number: Int32) -> Bool {
    let current = Foundation.signal(number, SIG_IGN)
    _ = Foundation.signal(number, current)
    return unsafeBitCast(current, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
