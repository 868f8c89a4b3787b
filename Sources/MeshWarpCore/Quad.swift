/// Four corners in perimeter order with the bilinear map
/// `P(u, v) = a + u·(b − a) + v·(d − a) + u·v·(a − b + c − d)`,
/// so that P(0,0) = a, P(1,0) = b, P(1,1) = c, P(0,1) = d.
package struct Quad: Hashable, Sendable {
  package var a: Vector2
  package var b: Vector2
  package var c: Vector2
  package var d: Vector2

  package init(_ a: Vector2, _ b: Vector2, _ c: Vector2, _ d: Vector2) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
  }

  /// The corners in perimeter order.
  package var corners: [Vector2] { [a, b, c, d] }

  /// The bilinear map at parameters (u, v) ∈ [0, 1]².
  @inlinable package func point(u: Double, v: Double) -> Vector2 {
    let e = b - a
    let f = d - a
    let g = a - b + c - d
    return a + e * u + f * v + g * (u * v)
  }

  /// Signed area by the shoelace formula (positive when the corners run
  /// clockwise on a y-down screen).
  package var signedArea: Double {
    0.5 * (cross(a, b) + cross(b, c) + cross(c, d) + cross(d, a))
  }

  /// The same quad with every corner transformed by `scale` (component-wise),
  /// e.g. normalized UV → pixels.
  @inlinable package func scaled(by scale: Vector2) -> Quad {
    Quad(a * scale, b * scale, c * scale, d * scale)
  }

  /// The axis-aligned bounds (min, max).
  package var bounds: (min: Vector2, max: Vector2) {
    (
      Vector2(Swift.min(a.x, b.x, c.x, d.x), Swift.min(a.y, b.y, c.y, d.y)),
      Vector2(Swift.max(a.x, b.x, c.x, d.x), Swift.max(a.y, b.y, c.y, d.y))
    )
  }
}

extension Quad {
  /// (u, v) of `p` by the affine map of one of the quad's two triangles:
  /// the upper triangle (a, b, c) ↦ (0,0), (1,0), (1,1), the lower (a, c, d)
  /// ↦ (0,0), (1,1), (0,1). Exact on the triangle's corners; used where the
  /// bilinear inverse has no root (folded or degenerate quads), so every
  /// covered point still gets a deterministic answer. Zero for a degenerate
  /// triangle.
  package func triangleParameters(of p: Vector2, upper: Bool) -> Vector2 {
    let (t0, t1, t2) = upper ? (a, b, c) : (a, c, d)
    let area2 = cross(t1 - t0, t2 - t0)
    guard area2 != 0 else { return .zero }
    // Barycentric weights of t1 and t2.
    let w1 = cross(p - t0, t2 - t0) / area2
    let w2 = cross(t1 - t0, p - t0) / area2
    return upper ? Vector2(w1 + w2, w2) : Vector2(w1, w1 + w2)
  }
}
