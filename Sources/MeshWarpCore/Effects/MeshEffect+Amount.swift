import Foundation

extension MeshEffect {
  /// Whether the effect leaves every point where it is: a twirl of angle 0,
  /// a bulge of strength 0, a ripple or wave of amplitude 0, a lens with
  /// every coefficient 0. Its amount is the one number that scales the
  /// warp to nothing (``scaled(by:)``).
  package var isIdentity: Bool {
    switch kind {
    case .twirl: angle == 0
    case .bulge: strength == 0
    case .ripple, .wave: amplitude == 0
    case .lens: distortion == LensDistortion()
    }
  }

  /// The effect with its amount times `factor`: the twirl's angle, the
  /// bulge's strength, the ripple's or wave's amplitude, or every lens
  /// coefficient; 0 gives the identity (``isIdentity``), 1 the effect.
  /// How ``interpolated(to:fraction:)`` passes from one kind to another.
  package func scaled(by factor: Double) -> MeshEffect {
    var e = self
    switch kind {
    case .twirl: e.angle *= factor
    case .bulge: e.strength *= factor
    case .ripple, .wave: e.amplitude *= factor
    case .lens:
      let d = distortion
      e.distortion = LensDistortion(
        k1: d.k1 * factor, k2: d.k2 * factor, p1: d.p1 * factor, p2: d.p2 * factor,
        k3: d.k3 * factor, k4: d.k4 * factor, k5: d.k5 * factor, k6: d.k6 * factor,
        model: d.model)
    }
    return e
  }
}
