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
  if threadCount >= bandCount || threadCount == resolvedThreadCount(0) {
    DispatchQueue.concurrentPerform(iterations: bandCount) { body(bands[$0]) }
  } else {
    // Fewer threads than cores: give each worker a contiguous share.
    DispatchQueue.concurrentPerform(iterations: threadCount) { worker in
      var i = worker
      while i < bandCount {
        body(bands[i])
        i += threadCount
      }
    }
  }
}
