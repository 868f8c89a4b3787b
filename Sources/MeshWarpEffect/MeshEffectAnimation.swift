import Foundation
import MeshWarpCore

/// `MeshEffectModifier`'s animatable vector, which lets SwiftUI animate
/// from one effect kind to another through the identity, as
/// ``MeshEffect/interpolated(to:fraction:)`` does.
///
/// The vector is five kind weights (twirl, bulge, ripple, wave, lens: 1 for
/// the effect's kind, 0 for the others), then the effect's numbers
/// (``MeshEffect/animatableValues``). SwiftUI blends the vectors of the old
/// and new modifier linearly, component by component; the effect drawn at
/// a blend is the kind of the largest weight w₁ with its amount
/// (``MeshEffect/scaled(by:)``) times w₁ − w₂, w₂ the second largest
/// (clamped to 0…1). From one kind to another the weights are 1 − t and
/// t: the old kind fades to the identity over the first half, the new one
/// grows from it over the second, and the picture never jumps (an
/// animation interrupted midway, three weights, stays continuous too: the
/// factor is 0 where the largest two swap). Within one kind the weights do
/// not move and the numbers blend as before.
package enum MeshEffectAnimation {
  /// The kinds in the order of the weights.
  static let kinds = MeshEffect.Kind.allCases
  /// Length of the vector: the weights and the effect's numbers.
  package static let count = kinds.count + MeshEffect(.twirl).animatableValues.count

  /// The vector of `effect` with `kindWeights` (`nil`: its own kind's).
  package static func vector(_ effect: MeshEffect, kindWeights: [Double]?) -> [Double] {
    (kindWeights ?? kinds.map { $0 == effect.kind ? 1 : 0 }) + effect.animatableValues
  }

  /// Writes `values` back: the numbers into `effect`, the weights as
  /// returned; a vector of another length changes nothing.
  package static func apply(
    _ values: [Double], to effect: inout MeshEffect, kindWeights: inout [Double]?
  ) {
    guard values.count == count else { return }
    kindWeights = Array(values[0..<kinds.count])
    effect.animatableValues = Array(values[kinds.count...])
  }

  /// The effect drawn for `effect`'s numbers at `kindWeights` (`nil`: the
  /// effect itself): the kind of the largest weight (of two equal ones,
  /// `effect`'s own), its amount times the gap to the second largest.
  package static func drawn(_ effect: MeshEffect, kindWeights: [Double]?) -> MeshEffect {
    guard let weights = kindWeights, weights.count == kinds.count else { return effect }
    // Largest first; of equal weights (one half each, where both kinds
    // are scaled to nothing) the modifier's own kind, the new one.
    let own = kinds.firstIndex(of: effect.kind)
    let order = weights.indices.sorted {
      weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 == own
    }
    var e = effect
    e.kind = kinds[order[0]]
    let factor = min(1, max(0, weights[order[0]] - weights[order[1]]))
    return factor == 1 ? e : e.scaled(by: factor)
  }
}

/// The effects the built-in transitions (`AnyTransition.twirl`, `.pinch`,
/// `.ripple`) animate between: `active` when the view is out, `identity`
/// once it is in (which turns the layer effect off). SwiftUI walks from one
/// to the other as ``MeshEffect/interpolated(to:fraction:)`` does (one
/// kind: every number blends), and every state on the way is drawn:
/// none folds (MeshEffectTransitionTests walks them).
package enum MeshEffectTransitionStates {
  /// A twirl by `degrees`, unwinding to none.
  package static func twirl(degrees: Double) -> (active: MeshEffect, identity: MeshEffect) {
    (.twirl(degrees: degrees), .twirl(degrees: 0))
  }

  /// A pinch of strength −0.9 (a bulge needs k > −1), to none.
  package static let pinch = (
    active: MeshEffect.bulge(strength: -0.9), identity: MeshEffect.bulge(strength: 0)
  )

  /// Ripples of wavelength 0.08 running through a full period of phase
  /// while their amplitude falls from 0.012 to 0. The fold limit
  /// (``MeshEffect/rippleAmplitudeLimit()``) depends on the phase: 0.01495
  /// at 0 and 2π, 0.01272 at its lowest (phase 3.19); along the walk each
  /// state's amplitude stays below 0.81 of its own limit (the most at the
  /// start), so every state is drawn, and no phase at all folds 0.012.
  package static let ripple = (
    active: MeshEffect.ripple(amplitude: 0.012, wavelength: 0.08, phase: 2 * .pi),
    identity: MeshEffect.ripple(amplitude: 0, wavelength: 0.08, phase: 0)
  )
}
