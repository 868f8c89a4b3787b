import Foundation

/// One view's last plan and its key: what a warped view keeps between
/// frames (in a `@State`), so that a still view reuses its plan and an
/// animated one makes one plan a frame, whatever other views do.
///
/// SwiftUI runs a `visualEffect` closure every frame and may run it off
/// the main actor: the store is a reference that the view's state holds
/// and the closure captures, guarded by a lock.
///
/// Not API: `@_spi(Benchmarks)` opens it to the SwiftUI layer's benchmarks
/// (Benchmarks/SwiftUILayer), as ``MeshWarpRenderPlan``.
@_spi(Benchmarks)
public final class LastPlanStore<Key: Hashable & Sendable, Plan: Sendable>:
  @unchecked Sendable
{
  private let lock = NSLock()
  /// The last key and its plan (guarded by `lock`).
  private var last: (key: Key, plan: Plan)?
  /// Plans made (misses), for tests (guarded by `lock`).
  private var made = 0

  /// An empty store.
  @_spi(Benchmarks) public init() {}

  /// How many plans the store has made so far.
  package var misses: Int { lock.withLock { made } }

  /// The kept plan when `key` is the last one, else `make()`'s (made
  /// outside the lock), which is kept instead.
  @_spi(Benchmarks) public func plan(for key: Key, make: () -> Plan) -> Plan {
    if let hit = lock.withLock({ last?.key == key ? last?.plan : nil }) { return hit }
    let plan = make()
    lock.withLock {
      made += 1
      last = (key, plan)
    }
    return plan
  }
}
