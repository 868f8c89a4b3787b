import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpEffect

/// The iOS 17 gradient under `TimelineView(.animation)`: the key changes
/// every frame, and `task(id:)` cancels the previous task each time. These
/// tests drive the real lane the way `RenderedMeshGradient` does (a new
/// main-actor task per frame, the previous one cancelled, each publishing
/// what `publishableRender(_:)` returns) with renders slower than a frame,
/// and check that bitmaps keep coming: at least one per two render
/// durations, newer each time, the last one the newest render that
/// finished.
@Suite(.serialized) struct MeshGradientLaneLiveness {
  /// What one simulated second leaves behind.
  @MainActor final class Log {
    var published: [Int] = []
  }

  /// Renders that finished (the frame of each) and their durations.
  final class Renders: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Int] = []
    private var durations: [Double] = []
    func record(frame: Int, seconds: Double) {
      lock.withLock {
        frames.append(frame)
        durations.append(seconds)
      }
    }
    var finished: [Int] { lock.withLock { frames } }
    var meanDuration: Double {
      lock.withLock { durations.isEmpty ? 0 : durations.reduce(0, +) / Double(durations.count) }
    }
  }

  @MainActor
  static func simulate(frameRate: Double, renderSeconds: Double, frames: Int) async -> (
    published: [Int], renders: Renders, elapsed: Double
  ) {
    let renders = Renders()
    let lane = MeshGradientRenderLane { key in
      let start = Date()
      Thread.sleep(forTimeInterval: renderSeconds)
      renders.record(frame: key.width, seconds: Date().timeIntervalSince(start))
      return [UInt8](repeating: 0, count: 4)
    }
    let log = Log()
    let mesh = GradientPresets.meshing(at: 0)
    var tasks: [Task<Void, Never>] = []
    let start = Date()
    // A fixed number of frames (not a fixed time), so that a loaded machine
    // that stalls the main actor still issues them all.
    for frame in 1...frames {
      // task(id:): the previous task is cancelled when the key changes.
      tasks.last?.cancel()
      // The frame number stands in for the mesh's change.
      let key = MeshGradientRaster.Key(mesh: mesh, width: frame, height: 1)
      tasks.append(
        Task { @MainActor in
          guard let render = await lane.publishableRender(key) else { return }
          _ = render.bytes
          log.published.append(key.width)
        })
      try? await Task.sleep(nanoseconds: UInt64(1e9 / frameRate))
    }
    let elapsed = Date().timeIntervalSince(start)
    for task in tasks { await task.value }
    return (log.published, renders, elapsed)
  }

  @Test(arguments: [60.0, 120.0])
  @MainActor
  func slowRendersStillPublish(frameRate: Double) async {
    // 2.5 frames at 60 Hz, 5 at 120 Hz.
    let result = await Self.simulate(
      frameRate: frameRate, renderSeconds: 0.042, frames: Int(1.2 * frameRate))
    let finished = result.renders.finished
    // The lane renders back to back while frames keep coming, so the
    // renders that finished span as many render durations: at least one
    // bitmap per two of them. (Counted in renders, not wall time, so that
    // a loaded machine that stalls the main actor does not decide it.)
    #expect(
      finished.count >= 5, "\(frameRate) Hz: only \(finished.count) renders in \(result.elapsed) s")
    #expect(
      result.published.count >= finished.count / 2,
      "\(frameRate) Hz: \(result.published.count) bitmaps for \(finished.count) renders of \(result.renders.meanDuration) s in \(result.elapsed) s"
    )
    // Each bitmap newer than the one before, the last the newest finished.
    #expect(
      result.published == result.published.sorted()
        && Set(result.published).count == result.published.count)
    #expect(result.published.last != nil && result.published.last == finished.max())
  }
}
