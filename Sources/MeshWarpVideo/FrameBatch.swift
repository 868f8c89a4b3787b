import Dispatch

/// Frames held until a batch is full, then encoded all at once, one thread
/// per frame (`DispatchQueue.concurrentPerform`), and handed back in order:
/// the output does not depend on the batch size or the thread count.
/// Memory: one batch of frames plus their encodings.
package struct FrameBatch<Frame: Sendable> {
  /// Frames per batch (≥ 1): also how many are encoded at once.
  package let capacity: Int
  package private(set) var frames: [Frame] = []

  package init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Adds a frame.
  ///
  /// - Returns: true when the batch is full.
  package mutating func add(_ frame: Frame) -> Bool {
    frames.append(frame)
    return frames.count >= capacity
  }

  /// Drops the frames held.
  package mutating func removeAll() { frames = [] }

  /// Encodes the frames held and empties the batch.
  ///
  /// - Parameter encode: called with the batch and an index, on any thread,
  ///   for every index at once.
  /// - Returns: the results in frame order.
  package mutating func encodeAll<Encoded: Sendable>(
    _ encode: @Sendable ([Frame], Int) throws -> Encoded
  ) -> [Result<Encoded, any Error>] {
    let batch = frames
    frames = []
    var results = [Result<Encoded, any Error>?](repeating: nil, count: batch.count)
    results.withUnsafeMutableBufferPointer { slots in
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: batch.count) { i in
        slots[i] = Result { try encode(batch, i) }
      }
    }
    return results.map { $0! }
  }
}
