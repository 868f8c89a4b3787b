#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension AnyTransition {
    /// The view twirls out by 360° while it fades (in: the reverse).
    public static var twirl: AnyTransition { twirl(angle: .degrees(360)) }

    /// The view twirls out by `angle` (positive clockwise) while it fades.
    public static func twirl(angle: Angle) -> AnyTransition {
      .modifier(
        active: MeshEffectModifier(effect: .twirl(angle: angle)),
        identity: MeshEffectModifier(effect: .twirl(degrees: 0))
      ).combined(with: .opacity)
    }

    /// The view pinches into its centre (strength −0.9) while it fades.
    public static var pinch: AnyTransition {
      .modifier(
        active: MeshEffectModifier(effect: .bulge(strength: -0.9)),
        identity: MeshEffectModifier(effect: .bulge(strength: 0))
      ).combined(with: .opacity)
    }

    /// Ripples run through the view (amplitude 0.015, wavelength 0.08, a
    /// full period of phase) while it fades.
    public static var ripple: AnyTransition {
      .modifier(
        active: MeshEffectModifier(
          effect: .ripple(amplitude: 0.015, wavelength: 0.08, phase: 2 * .pi)),
        identity: MeshEffectModifier(effect: .ripple(amplitude: 0, wavelength: 0.08, phase: 0))
      ).combined(with: .opacity)
    }
  }
#endif
