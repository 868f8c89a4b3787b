import Foundation
import MeshWarpRender

/// Spent frames handed back from a later stage of a streaming export to an
/// earlier one (the encoder's to the warp, the warp's sources to the
/// decoder), so that a long video reuses a few frame buffers instead of
/// allocating (and page-faulting) 8 MB per 1080p frame twice. Holds at most
/// `capacity`; `take` never waits (an empty pool means: allocate).
package final class FramePool<Image>: @unchecked Sendable {
  private let lock = NSLock()
  private var images: [Image] = []
  package let capacity: Int

  package init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Keeps `image` for reuse, or drops it when the pool is full.
  package func give(_ image: consuming Image) {
    lock.lock()
    defer { lock.unlock() }
    if images.count < capacity { images.append(image) }
  }

  /// A spent frame, or nil when there is none.
  package func take() -> Image? {
    lock.lock()
    defer { lock.unlock() }
    return images.popLast()
  }
}
