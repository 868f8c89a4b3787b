import Foundation

/// The first error of a multi-threaded export.
package final class FailureBox: @unchecked Sendable {
  private let lock = NSLock()
  private var error: (any Error)?

  package func record(_ error: any Error) {
    lock.lock()
    if self.error == nil { self.error = error }
    lock.unlock()
  }

  package var first: (any Error)? {
    lock.lock()
    defer { lock.unlock() }
    return error
  }

  package var failed: Bool { first != nil }
}

/// A value handed from thread to thread, never used by two at once (the
/// hand-over goes through a lock: a queue or a dispatch group).
package final class Handed<Value>: @unchecked Sendable {
  package var value: Value
  package init(_ value: Value) { self.value = value }
}
