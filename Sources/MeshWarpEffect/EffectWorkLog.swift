import Foundation

/// The CPU work the SwiftUI layer does to draw a frame, counted where it
/// happens, for tests: fields resolved and the floats packed for the
/// effect's shader, mesh plans made and the floats packed for the mesh's.
/// Counted only inside ``record(_:)`` (a task-local log), so concurrent
/// tests and apps pay nothing.
package final class EffectWorkLog: @unchecked Sendable {
  private let lock = NSLock()
  private var counts = Counts()

  /// What has been counted.
  package struct Counts: Equatable, Sendable {
    /// `WarpField`s resolved (parameters checked, radial table made).
    package var fields = 0
    /// Floats of `ShaderFieldData.pack`.
    package var fieldFloats = 0
    /// Mesh render plans made (mesh drawn, sample offset, packing).
    package var meshPlans = 0
    /// Floats of `ShaderMeshData.pack`.
    package var meshFloats = 0
  }

  package init() {}

  /// The counts so far.
  package var current: Counts { lock.withLock { counts } }

  /// The log of the running task, if it records.
  @TaskLocal package static var active: EffectWorkLog?

  /// Counts `change` in the running task's log, if any.
  package static func count(_ change: (inout Counts) -> Void) {
    guard let log = active else { return }
    log.lock.withLock { change(&log.counts) }
  }

  /// Runs `body` with a fresh log and returns the counts it left.
  package static func record(_ body: () throws -> Void) rethrows -> Counts {
    let log = EffectWorkLog()
    try $active.withValue(log) { try body() }
    return log.current
  }
}
