import Foundation

/// A first-in first-out queue of at most `capacity` items between two
/// threads: `put` waits while it is full, `take` while it is empty. After
/// `close()` puts fail and takes drain what is left, then return nil. It
/// bounds the frames a streaming export holds, whatever its length.
package final class FrameQueue<Item>: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Item] = []
  private var closed = false
  package let capacity: Int

  package init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Adds `item`, waiting for room. Returns false (dropping it) when the
  /// queue is closed.
  package func put(_ item: Item) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count >= capacity && !closed { condition.wait() }
    guard !closed else { return false }
    items.append(item)
    condition.broadcast()
    return true
  }

  /// The oldest item, waiting for one; nil once closed and empty.
  package func take() -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && !closed { condition.wait() }
    guard !items.isEmpty else { return nil }
    let item = items.removeFirst()
    condition.broadcast()
    return item
  }

  /// Ends the queue: waiting `put`s fail, `take`s drain then return nil.
  package func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Ends the queue and drops what it holds (after a failure).
  package func abandon() {
    condition.lock()
    closed = true
    items.removeAll()
    condition.broadcast()
    condition.unlock()
  }
}
