/// Inverts the bilinear map of one quad: given a point, find (u, v) with
/// `P(u, v) = a + u·e + v·f + u·v·g = p`, where `e = b − a`, `f = d − a`,
/// `g = a − b + c − d`.
///
/// Crossing `h = p − a = u·(e + v·g) + v·f` with `(e + v·g)` eliminates u and
/// leaves a quadratic in v (× is the 2D cross product):
///
///     k2·v² + k1·v + k0 = 0,   k2 = g × f,   k1 = e × f + h × g,   k0 = h × e
///
/// then `u = (h − v·f) / (e + v·g)` on the axis with the larger denominator.
/// The roots use the cancellation-free form `q = −(k1 + sign(k1)·√Δ)/2`,
/// `v = q/k2` and `v = k0/q`; the second tends to the linear solution
/// `−k0/k1` as k2 → 0, so parallelograms (k2 = 0, e.g. the identity grid) and
/// near-parallelograms need no threshold. Of the real roots, the one nearest
/// the unit square wins (ties: smaller v), which is deterministic for folded
/// quads, where two roots can lie inside (rule 4 of the original MeshWarpEffect package).
///
/// Source: the standard inverse of a bilinear patch (Í. Quílez, "inverse
/// bilinear interpolation", 2010), with Numerical Recipes §5.6's stable roots.
/// Bound: for convex quads the result reproduces `p` through `point(u:v:)` to
/// within ~1e-12 of the quad's size (Double).
package struct QuadInverter: Sendable {
  package let a: Vector2
  package let e: Vector2
  package let f: Vector2
  package let g: Vector2
  /// g × f: zero exactly for parallelograms.
  package let k2: Double
  /// e × f: twice the signed area of the parallelogram part.
  package let crossEF: Double

  /// Precomputes the terms of `quad` that do not depend on the point.
  @inlinable package init(_ quad: Quad) {
    a = quad.a
    e = quad.b - quad.a
    f = quad.d - quad.a
    g = quad.a - quad.b + quad.c - quad.d
    k2 = cross(g, f)
    crossEF = cross(e, f)
  }

  /// The bilinear parameters (u, v) of `p`, unclamped: the root nearest the
  /// unit square, or `nil` when no real root exists (p lies outside a
  /// non-convex quad, or the quad is degenerate).
  @inlinable package func parameters(of p: Vector2) -> Vector2? {
    let h = p - a
    let k1 = crossEF + cross(h, g)
    let k0 = cross(h, e)
    var best: Vector2? = nil
    var bestOutside = Double.infinity

    @inline(__always) func consider(_ v: Double) {
      guard v.isFinite else { return }
      let dx = e.x + g.x * v
      let dy = e.y + g.y * v
      let u: Double
      if abs(dx) >= abs(dy) {
        guard dx != 0 else { return }
        u = (h.x - f.x * v) / dx
      } else {
        u = (h.y - f.y * v) / dy
      }
      guard u.isFinite else { return }
      let outside =
        max(0, -u) + max(0, u - 1) + max(0, -v) + max(0, v - 1)
      if outside < bestOutside || (outside == bestOutside && v < (best?.y ?? .infinity)) {
        best = Vector2(u, v)
        bestOutside = outside
      }
    }

    if k2 == 0 {
      guard k1 != 0 else { return nil }
      consider(-k0 / k1)
      return best
    }
    var discriminant = k1 * k1 - 4 * k0 * k2
    if discriminant < 0 {
      // A tangent point reads as slightly negative in floating point.
      guard discriminant > -1e-12 * k1 * k1 else { return nil }
      discriminant = 0
    }
    let w = discriminant.squareRoot()
    let q = -0.5 * (k1 + (k1 < 0 ? -w : w))
    consider(q / k2)
    if q != 0 { consider(k0 / q) }
    return best
  }
}

extension Quad {
  /// The bilinear parameters (u, v) of `p` in this quad, or `nil`; see
  /// `QuadInverter`. Unclamped: values outside [0, 1] mean `p` is outside.
  package func parameters(of p: Vector2) -> Vector2? {
    QuadInverter(self).parameters(of: p)
  }
}
