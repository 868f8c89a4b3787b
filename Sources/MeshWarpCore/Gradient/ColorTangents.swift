/// Colour tangents for `smoothsColors`: the average of the two neighbouring
/// differences, limited by Fritsch–Carlson so that colours do not overshoot
/// between vertices (Documentation/MeshGradient.md; F. N. Fritsch and R. E.
/// Carlson, "Monotone Piecewise Cubic Interpolation", SIAM J. Numer. Anal.
/// 17(2), 1980 — the sufficient condition α, β ≤ 3).
///
/// Per channel of premultiplied RGBA (or premultiplied Oklab + alpha), along
/// a row or a column, with a missing neighbour's difference taken as 0:
///
/// ```
/// d0 = C(i) − C(i−1),  d1 = C(i+1) − C(i),  m = (d0 + d1) / 2
/// m = 0                          if d0 · d1 ≤ 0 (an extremum, or flat)
/// m = sign(m) · min(|m|, 3|d0|, 3|d1|)  otherwise
/// ```
///
/// The tangent is a derivative per unit of the patch parameter: the Bézier
/// colour controls of the edge from i to i+1 are `C(i) + m(i)/3` and
/// `C(i+1) − m(i+1)/3`. Border vertices therefore get m = 0 (flat colour
/// across the border).
package enum ColorTangents {
  /// The limited tangent at a vertex, per channel.
  ///
  /// - Parameters:
  ///   - previous: the colour before (left, or above), or nil at a border.
  ///   - current: the vertex's colour.
  ///   - next: the colour after (right, or below), or nil at a border.
  package static func tangent(
    previous: SIMD4<Double>?, current: SIMD4<Double>, next: SIMD4<Double>?
  ) -> SIMD4<Double> {
    let d0 = previous.map { current - $0 } ?? .zero
    let d1 = next.map { $0 - current } ?? .zero
    var m = SIMD4<Double>.zero
    for k in 0..<4 {
      m[k] = limited(d0: d0[k], d1: d1[k])
    }
    return m
  }

  /// One channel of ``tangent(previous:current:next:)``.
  @inlinable package static func limited(d0: Double, d1: Double) -> Double {
    guard d0 * d1 > 0 else { return 0 }
    let m = (d0 + d1) / 2
    let bound = 3 * min(abs(d0), abs(d1))
    return abs(m) <= bound ? m : (m < 0 ? -bound : bound)
  }
}
