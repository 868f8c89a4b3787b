import Dispatch
import Foundation

/// A pointer that may cross threads. Safe only when the threads write
/// disjoint ranges, which every caller in this module guarantees (row bands).
@usableFromInline package struct SharedPointer<T>: @unchecked Sendable {
  @usableFromInline package let base: UnsafeMutablePointer<T>
  @usableFromInline package init(_ base: UnsafeMutablePointer<T>) { self.base = base }
}

/// Thread count for `requested`: 0 means every active core.
package func resolvedThreadCount(_ requested: Int) -> Int {
  requested > 0 ? requested : activeCores
}

/// The active cores, asked once per process: Foundation reads the cgroup's
/// CPU quota files for it each time (an open, a read and a close per call;
/// per frame of a video they showed as a descriptor that came and went in
/// `Scripts/soak.sh`'s count).
private let activeCores = max(1, ProcessInfo.processInfo.activeProcessorCount)

/// Splits `0..<rows` into bands and runs `body` on each band, on up to
/// `threads` threads (0 = every core). Bands are about 4 per thread so that
/// uneven work (e.g. a mesh covering half the image) still balances.
/// Runs inline when one thread is asked for or there is one band.
///
/// Each thread takes the next band not yet taken, until none is left
/// (``BandCounter``). A fixed share per thread made a frame as slow as its
/// latest thread: when `concurrentPerform`'s worker woke late, the caller
/// ran both halves of a 2-thread frame, and the median time of a 2-thread
/// warp rose 41 % above its minimum.
package func forEachRowBand(
  rows: Int, threads: Int, minimumRowsPerBand: Int = 8,
  _ body: @Sendable (Range<Int>) -> Void
) {
  guard rows > 0 else { return }
  let threadCount = resolvedThreadCount(threads)
  let bandCount = threadCount == 1 ? 1 : min(max(1, rows / minimumRowsPerBand), threadCount * 4)
  if bandCount == 1 {
    body(0..<rows)
    return
  }
  let bands = (0..<bandCount).map { i in (rows * i / bandCount)..<(rows * (i + 1) / bandCount) }
  let counter = BandCounter()
  DispatchQueue.concurrentPerform(iterations: min(threadCount, bandCount)) { _ in
    while let i = counter.next(below: bandCount) { body(bands[i]) }
  }
}

/// Hands out band numbers 0, 1, 2, … to the threads that ask, each once.
/// A lock, not an atomic: `Synchronization.Atomic` needs iOS 18, and a
/// frame takes at most 4 bands per thread.
private final class BandCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var taken = 0

  /// The next band not yet taken, or nil when all `count` are.
  func next(below count: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard taken < count else { return nil }
    taken += 1
    return taken - 1
  }
}

/// A flag that any band of a parallel loop may raise and every band reads,
/// so that bands not yet started can stop early (an opacity scan that has
/// found a translucent pixel). A lock, as in ``BandCounter``: read once per
/// band or row, it costs nothing.
package final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false

  package init() {}

  /// Whether a band has raised the flag.
  package var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return raised
  }

  /// Raises the flag.
  package func set() {
    lock.lock()
    raised = true
    lock.unlock()
  }
}
