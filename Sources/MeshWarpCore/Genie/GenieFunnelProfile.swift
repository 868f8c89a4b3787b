import Foundation

/// The shape of a genie funnel's side: how far (0…1) the side has moved
/// from the view's edge toward the target's edge at fraction `sigma` (0…1)
/// of the funnel's length.
///
/// BCGenieEffect draws each side as the cubic Bézier from P0 = (c₀, s₀) to
/// P3 = (c₁, s₁) with both inner control points at the middle depth,
/// P1 = (c₀, s_m) and P2 = (c₁, s_m), s_m = (s₀ + s₁)/2, so the side leaves
/// the view and enters the target parallel to the travel direction (an S).
/// In the Bézier parameter u:
///
/// ```
/// s(u) = s₀ + (s₁ − s₀)·(3u/2 − 3u²/2 + u³)
/// c(u) = c₀ + (c₁ − c₀)·(3u² − 2u³)          = c₀ + (c₁ − c₀)·smoothstep(u)
/// ```
///
/// s′(u) ∝ 3u² − 3u + 3/2 > 0, so s is strictly increasing and c is a
/// function of s. With σ = (s − s₀)/(s₁ − s₀) and u = ½ + w, s(u) = σ
/// becomes the depressed cubic w³ + ¾w + (½ − σ) = 0, whose one real root is
/// (Cardano, hyperbolic form, p = ¾ > 0) w = sinh(asinh(4σ − 2)/3). So
///
/// ```
/// profile(σ) = smoothstep(½ + sinh(asinh(4σ − 2)/3))
/// ```
///
/// exact to rounding (BCGenieEffect takes three Newton steps instead).
/// profile(0) = 0, profile(½) = ½, profile(1) = 1, profile(1 − σ) =
/// 1 − profile(σ), zero slope at both ends (2 in the middle).
///
/// - Parameter sigma: fraction of the funnel's length; exactly 0 at or
///   below 0 and exactly 1 at or above 1.
@inlinable package func genieFunnelProfile(_ sigma: Double) -> Double {
  if sigma <= 0 { return 0 }
  if sigma >= 1 { return 1 }
  return smoothstep(0.5 + sinh(asinh(4 * sigma - 2) / 3))
}
