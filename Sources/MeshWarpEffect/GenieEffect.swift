#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// The genie effect on any view: at `progress` 0 the view is untouched, at
  /// 1 it has slid through a funnel into `target`; animatable, so
  /// `withAnimation { progress = 1 }` plays it.
  ///
  /// The mesh comes from the core (``GenieViewMesh``) for the view's size at
  /// render time, and is drawn by the same layer-effect shader as
  /// `meshWarpEffect`, with the `maxSampleOffset` this progress's mesh
  /// needs; at progress 0 the layer effect is off (`isEnabled: false`).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct GenieEffectModifier: ViewModifier, Animatable {
    /// 0 (untouched) … 1 (inside the target); clamped.
    public var progress: Double
    /// The target in the view's own coordinate space (points), beyond the
    /// view toward `edge` (e.g. a dock icon's frame below the view).
    public var target: CGRect
    /// Where the target lies.
    public var edge: GenieEdge

    /// Pixels per point: the shader's clamp to the edge stops at the edge
    /// pixels' centres.
    @Environment(\.displayScale) private var displayScale
    /// The view's last render plan and its key.
    @State private var plans = LastPlanStore<MeshWarpRenderPlan.Key, MeshWarpRenderPlan>()

    /// `nonisolated` so that `AnyTransition.genie` (not main-actor isolated)
    /// can build it under Swift 6's strict concurrency checking.
    nonisolated public init(progress: Double, target: CGRect, edge: GenieEdge = .bottom) {
      self.progress = progress
      self.target = target
      self.edge = edge
    }

    /// The progress is what animates. `nonisolated` as `Animatable` requires.
    nonisolated public var animatableData: Double {
      get { progress }
      set { progress = newValue }
    }

    public func body(content: Content) -> some View {
      let progress = min(max(progress, 0), 1)
      let target = target
      let edge = edge
      let (displayScale, plans) = (displayScale, plans)
      content.visualEffect { effect, proxy in
        // Off at progress 0; otherwise this progress's mesh and offset,
        // kept with the view while the progress stays.
        let genie = GenieEffectPlan(
          viewSize: proxy.size, target: target, edge: edge, progress: progress,
          displayScale: displayScale, store: plans)
        return effect.layerEffect(
          MeshWarpShader.shader(
            data: genie.plan.data, size: proxy.size, displayScale: displayScale),
          maxSampleOffset: genie.plan.maxSampleOffset, isEnabled: genie.isEnabled)
      }
    }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension View {
    /// Applies the genie effect: see ``GenieEffectModifier``.
    ///
    /// - Parameters:
    ///   - progress: 0 (untouched) … 1 (inside `target`).
    ///   - target: the target rect in this view's coordinate space, points.
    ///   - edge: where the target lies (default `.bottom`, the dock).
    public func genieEffect(progress: Double, target: CGRect, edge: GenieEdge = .bottom)
      -> some View
    {
      modifier(GenieEffectModifier(progress: progress, target: target, edge: edge))
    }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension AnyTransition {
    /// A transition that minimizes the view into `target` on removal and
    /// brings it back out on insertion (genie-out is genie-in reversed).
    ///
    /// - Parameters:
    ///   - target: the target rect in the view's coordinate space, points.
    ///   - edge: where the target lies.
    public static func genie(target: CGRect, edge: GenieEdge = .bottom) -> AnyTransition {
      .modifier(
        active: GenieEffectModifier(progress: 1, target: target, edge: edge),
        identity: GenieEffectModifier(progress: 0, target: target, edge: edge))
    }
  }
#endif
