#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension AnyTransition {
    /// The view twirls out by 360° while it fades (in: the reverse).
    public static var twirl: AnyTransition { twirl(angle: .degrees(360)) }

    /// The view twirls out by `angle` (positive clockwise) while it fades.
    /// At rest (angle 0) the layer effect is off.
    public static func twirl(angle: Angle) -> AnyTransition {
      effect(MeshEffectTransitionStates.twirl(degrees: angle.degrees))
    }

    /// The view pinches into its centre (strength −0.9) while it fades.
    /// At rest the layer effect is off.
    public static var pinch: AnyTransition { effect(MeshEffectTransitionStates.pinch) }

    /// Ripples run through the view (amplitude 0.012, wavelength 0.08, a
    /// full period of phase; no state of the walk folds) while it fades.
    /// At rest the layer effect is off.
    public static var ripple: AnyTransition { effect(MeshEffectTransitionStates.ripple) }

    /// The effect transition between `states`, with a fade.
    static func effect(_ states: (active: MeshEffect, identity: MeshEffect)) -> AnyTransition {
      .modifier(
        active: MeshEffectModifier(effect: states.active),
        identity: MeshEffectModifier(effect: states.identity)
      ).combined(with: .opacity)
    }
  }
#endif
