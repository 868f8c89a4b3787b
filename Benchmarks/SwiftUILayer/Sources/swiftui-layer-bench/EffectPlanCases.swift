import Foundation
import MeshWarpCore
@_spi(Benchmarks) import MeshWarpEffect

/// One benchmark case: `prepare` runs once, untimed, and returns the body
/// that is timed run after run.
struct BenchCase {
  var name: String
  var prepare: () -> () -> Void
}

/// The SwiftUI warp's per-frame CPU work (MeshWarpEffect's portable part):
/// `effect-plan-smooth` makes the plan of a full-screen phone view (393 × 852
/// pt at 3 px per point, 1179 × 2556 px) warped smoothly through a 9 × 9
/// grid: the Catmull-Rom surface, the sample offset and the packed shader
/// data, which `visualEffect` would otherwise redo every frame;
/// `effect-plan-cached` takes the same plan from the view's store, what a
/// still view pays per frame.
func effectPlanCases() -> [BenchCase] {
  let view = CGSize(width: 393, height: 852)
  let mesh = MeshPresets.sinusoidal(columns: 9, rows: 9, amplitude: 2)
  let store = LastPlanStore<MeshWarpRenderPlan.Key, MeshWarpRenderPlan>()
  func plan(cached: Bool) -> MeshWarpRenderPlan {
    cached
      ? MeshWarpRenderPlan.cached(
        mesh: mesh, smooth: true, viewSize: view, displayScale: 3, maxSampleOffset: .zero,
        addressMode: .clampToEdge, in: store)
      : MeshWarpRenderPlan(
        mesh: mesh, smooth: true, viewSize: view, displayScale: 3, maxSampleOffset: .zero,
        addressMode: .clampToEdge)
  }
  return [
    BenchCase(name: "effect-plan-smooth") {
      { precondition(!plan(cached: false).data.isEmpty) }
    },
    BenchCase(name: "effect-plan-cached") {
      _ = plan(cached: true)
      return { precondition(!plan(cached: true).data.isEmpty) }
    },
  ]
}
