/// The warp's inner loop: shades one run of pixels of one face on one row.
///
/// Same math as ``QuadInverter`` (the core's one inverse bilinear), unrolled
/// for a row: with h = p − a, both k1 = e×f + h×g and k0 = h×e are affine in
/// the pixel's x, so each pixel costs a few multiply-adds, one square root
/// and three divisions (none for parallelograms, where k2 = 0). The root is
/// chosen by QuadInverter's rule (nearest the unit square, ties → smaller v);
/// `MeshWarpRenderTests` checks the two agree.
@usableFromInline struct WarpSpanShader: Sendable {
  let a: Vector2
  let e: Vector2
  let f: Vector2
  let g: Vector2
  let k2: Double
  let crossEF: Double
  /// The original quad's bilinear coefficients (source pixels).
  let sa: Vector2
  let se: Vector2
  let sf: Vector2
  let sg: Vector2
  let warped: Quad

  init(warped: Quad, original: Quad) {
    let inv = QuadInverter(warped)
    a = inv.a
    e = inv.e
    f = inv.f
    g = inv.g
    k2 = inv.k2
    crossEF = inv.crossEF
    sa = original.a
    se = original.b - original.a
    sf = original.d - original.a
    sg = original.a - original.b + original.c - original.d
    self.warped = warped
  }

  /// (u, v) for the root `v`, and how far (u, v) lies outside the unit
  /// square; `outside` is infinite when no finite u exists.
  @inline(__always)
  func candidate(_ v: Double, _ hx: Double, _ hy: Double) -> (u: Double, outside: Double) {
    let dx = e.x + g.x * v
    let dy = e.y + g.y * v
    let u = abs(dx) >= abs(dy) ? (hx - f.x * v) / dx : (hy - f.y * v) / dy
    guard u.isFinite, v.isFinite else { return (0, .infinity) }
    let outside = max(0, -u) + max(0, u - 1) + max(0, -v) + max(0, v - 1)
    return (u, outside)
  }

  /// Shades pixels `xs` of row `y` into `out` (the row's first pixel at
  /// `out + xs.lowerBound·4`).
  @inline(__always)
  func shade(
    row y: Int, xs: Range<Int>, upper: Bool, sampler: BilinearSampler,
    out: UnsafeMutablePointer<UInt8>
  ) {
    let hy = Double(y) + 0.5 - a.y
    let hx0 = Double(xs.lowerBound) + 0.5 - a.x
    let k1Row = crossEF + hx0 * g.y - hy * g.x
    let k0Row = hx0 * e.y - hy * e.x
    var pixel = out
    for i in 0..<xs.count {
      let di = Double(i)
      let hx = hx0 + di
      let k1 = k1Row + g.y * di
      let k0 = k0Row + e.y * di
      var u = 0.0
      var v = 0.0
      var found = false
      if k2 == 0 {
        if k1 != 0 {
          v = -k0 / k1
          let c = candidate(v, hx, hy)
          u = c.u
          found = c.outside.isFinite
        }
      } else {
        var disc = k1 * k1 - 4 * k0 * k2
        if disc < 0 && disc > -1e-12 * k1 * k1 { disc = 0 }
        if disc >= 0 {
          let w = disc.squareRoot()
          let q = -0.5 * (k1 + (k1 < 0 ? -w : w))
          let v1 = q / k2
          let c1 = candidate(v1, hx, hy)
          var best = (u: c1.u, v: v1, outside: c1.outside)
          if q != 0 {
            let v2 = k0 / q
            let c2 = candidate(v2, hx, hy)
            if c2.outside < best.outside || (c2.outside == best.outside && v2 < best.v) {
              best = (c2.u, v2, c2.outside)
            }
          }
          u = best.u
          v = best.v
          found = best.outside.isFinite
        }
      }
      if !found {
        let p = Vector2(hx + a.x, hy + a.y)
        let t = warped.triangleParameters(of: p, upper: upper)
        u = t.x
        v = t.y
      }
      u = min(max(u, 0), 1)
      v = min(max(v, 0), 1)
      let s = sa + se * u + sf * v + sg * (u * v)
      sampler.write(at: s, to: pixel)
      pixel += 4
    }
  }
}
