import Foundation
import MeshWarpCore

/// What ``GenieEffectModifier`` applies at one progress: whether the layer
/// effect is on at all, and the mesh, packed data and sample offset of this
/// progress. Pure Swift, so Linux tests check it.
package struct GenieEffectPlan: Sendable {
  /// Off at progress 0 (and below): the view is untouched, so SwiftUI
  /// skips the layer effect and its offscreen pass (a view shown through
  /// `.transition(.genie…)` sits at progress 0 for as long as it is shown).
  package let isEnabled: Bool
  /// The warp of this progress (the identity for an impossible layout:
  /// the target overlapping the view draws the view untouched).
  package let plan: MeshWarpRenderPlan

  /// - Parameters:
  ///   - viewSize: the view's size in points.
  ///   - target: the target rect in the view's coordinate space, points.
  ///   - edge: where the target lies.
  ///   - progress: 0 (untouched) … 1 (inside the target); clamped.
  ///   - displayScale: pixels per point.
  ///   - store: the view's last plan (`nil`: made anew).
  package init(
    viewSize: CGSize, target: CGRect, edge: GenieEdge, progress: Double, displayScale: CGFloat,
    store: LastPlanStore<MeshWarpRenderPlan.Key, MeshWarpRenderPlan>? = nil
  ) {
    let progress = progress.isFinite ? min(max(progress, 0), 1) : 0
    isEnabled = progress > 0
    let genie = try? GenieViewMesh(
      viewSize: viewSize, target: target, edge: edge, progress: progress)
    // The offset of this progress's mesh (its taps), not the travel at
    // progress 1: early in the animation the content has barely moved.
    let mesh = genie?.mesh ?? WarpMesh.identity(columns: 2, rows: 2)
    plan =
      store.map {
        MeshWarpRenderPlan.cached(
          mesh: mesh, smooth: false, viewSize: viewSize, displayScale: displayScale,
          maxSampleOffset: .zero, addressMode: .clampToEdge, in: $0)
      }
      ?? MeshWarpRenderPlan(
        mesh: mesh, smooth: false, viewSize: viewSize, displayScale: displayScale,
        maxSampleOffset: .zero, addressMode: .clampToEdge)
  }
}
