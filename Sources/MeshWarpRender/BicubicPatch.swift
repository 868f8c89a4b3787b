import MeshWarpCore

/// One cell of a ``CatmullRomSurface`` as a polynomial in its parameters:
/// p(u, v) = Σᵢⱼ cᵢⱼ uⁱ vʲ (i, j ≤ 3), so that a point and its partial
/// derivatives cost a few vector multiply-adds (Horner) instead of sixteen
/// weighted grid points. The coefficients are the Catmull-Rom basis in
/// power form, Bₖ(t) = Σᵢ bₖᵢ tⁱ (the weights of
/// ``CatmullRomSurface``'s formula expanded), so cᵢⱼ = Σₖₗ bₖᵢ bₗⱼ Pₗₖ;
/// `BicubicPatchTests` checks the patch against the surface.
struct BicubicPatch: Sendable {
  /// Coefficients of uⁱ, lanes j = 0…3 (powers of v), for x and for y.
  let x0, x1, x2, x3: SIMD4<Double>
  let y0, y1, y2, y3: SIMD4<Double>

  /// The power-form coefficients of the weights of P0…P3: row k holds
  /// bₖ₀…bₖ₃ (½·(−t + 2t² − t³), ½·(2 − 5t² + 3t³), ½·(t + 4t² − 3t³),
  /// ½·(−t² + t³)).
  static let basis: [SIMD4<Double>] = [
    SIMD4(0, -0.5, 1, -0.5), SIMD4(1, 0, -2.5, 1.5), SIMD4(0, 0.5, 2, -1.5),
    SIMD4(0, 0, -0.5, 0.5),
  ]

  /// The patch of 4 × 4 points `p` (row-major, row l = 0…3 along v), each
  /// multiplied by `scale`.
  init(points p: [Vector2], scale: Vector2) {
    var cx = [SIMD4<Double>](repeating: .zero, count: 4)
    var cy = [SIMD4<Double>](repeating: .zero, count: 4)
    for l in 0..<4 {
      for k in 0..<4 {
        let point = p[l * 4 + k] * scale
        for i in 0..<4 {
          // Lanes j: b_li·… summed over l as the weights along v.
          let w = Self.basis[k][i] * Self.basis[l]
          cx[i] += w * point.x
          cy[i] += w * point.y
        }
      }
    }
    (x0, x1, x2, x3) = (cx[0], cx[1], cx[2], cx[3])
    (y0, y1, y2, y3) = (cy[0], cy[1], cy[2], cy[3])
  }

  /// p(u, v).
  @inline(__always) func point(u: Double, v: Double) -> Vector2 {
    let vs = SIMD4(1, v, v * v, v * v * v)
    let ax = ((x3 * u + x2) * u + x1) * u + x0
    let ay = ((y3 * u + y2) * u + y1) * u + y0
    return Vector2((ax * vs).sum(), (ay * vs).sum())
  }

  /// p(u, v) and its partial derivatives ∂p/∂u and ∂p/∂v.
  @inline(__always)
  func pointAndDerivatives(u: Double, v: Double) -> (p: Vector2, du: Vector2, dv: Vector2) {
    let v2 = v * v
    let vs = SIMD4(1, v, v2, v2 * v)
    let dvs = SIMD4(0, 1, 2 * v, 3 * v2)
    let ax = ((x3 * u + x2) * u + x1) * u + x0
    let ay = ((y3 * u + y2) * u + y1) * u + y0
    let bx = (x3 * (3 * u) + x2 * 2) * u + x1
    let by = (y3 * (3 * u) + y2 * 2) * u + y1
    return (
      Vector2((ax * vs).sum(), (ay * vs).sum()), Vector2((bx * vs).sum(), (by * vs).sum()),
      Vector2((ax * dvs).sum(), (ay * dvs).sum())
    )
  }
}

extension CatmullRomSurface {
  /// Cell (column, row) as a polynomial patch, scaled by `scale` (e.g.
  /// pixels per unit).
  func patch(column: Int, row: Int, scale: Vector2) -> BicubicPatch {
    let w = columns + 2
    var p: [Vector2] = []
    p.reserveCapacity(16)
    for l in 0..<4 {
      for k in 0..<4 { p.append(points[(row + l) * w + column + k]) }
    }
    return BicubicPatch(points: p, scale: scale)
  }
}
