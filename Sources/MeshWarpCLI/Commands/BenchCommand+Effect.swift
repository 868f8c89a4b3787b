import Foundation
import MeshWarpCore
import MeshWarpEffect

extension BenchCommand {
  /// The SwiftUI warp's per-frame CPU work (MeshWarpEffect's portable
  /// part): `effect-plan-smooth` makes the plan of a full-screen phone view
  /// (393 × 852 pt at 3 px per point, 1179 × 2556 px) warped smoothly
  /// through a 9 × 9 grid: the Catmull-Rom surface, the sample offset and
  /// the packed shader data, which `visualEffect` used to redo every frame;
  /// `effect-plan-cached` takes the same plan from the cache, what a still
  /// view now pays per frame. One thread whatever `--threads` says.
  static func effectPlanCases() -> [Case] {
    let view = CGSize(width: 393, height: 852)
    let mesh = MeshPresets.sinusoidal(columns: 9, rows: 9, amplitude: 2)
    @Sendable func plan(cached: Bool) -> MeshWarpRenderPlan {
      cached
        ? MeshWarpRenderPlan.cached(
          mesh: mesh, smooth: true, viewSize: view, displayScale: 3, maxSampleOffset: .zero,
          addressMode: .clampToEdge)
        : MeshWarpRenderPlan(
          mesh: mesh, smooth: true, viewSize: view, displayScale: 3, maxSampleOffset: .zero,
          addressMode: .clampToEdge)
    }
    return [
      Case(name: "effect-plan-smooth", width: 1179, height: 2556) {
        { _ in precondition(!plan(cached: false).data.isEmpty) }
      },
      Case(name: "effect-plan-cached", width: 1179, height: 2556) {
        _ = plan(cached: true)
        return { _ in precondition(!plan(cached: true).data.isEmpty) }
      },
    ]
  }
}
