import Foundation
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// The queues between a video export's decoding, warping and encoding threads.
@Suite struct FrameQueueTests {
  @Test func frameQueueHoldsAtMostItsCapacity() {
    let queue = FrameQueue<Int>(capacity: 2)
    #expect(queue.put(1) && queue.put(2))
    let third = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = queue.put(3)  // waits for room
      third.signal()
    }
    #expect(third.wait(timeout: .now() + 0.2) == .timedOut)
    #expect(queue.take() == 1)
    #expect(third.wait(timeout: .now() + 5) == .success)
    queue.close()
    #expect(queue.take() == 2 && queue.take() == 3 && queue.take() == nil)
    #expect(!queue.put(4))
  }
}
