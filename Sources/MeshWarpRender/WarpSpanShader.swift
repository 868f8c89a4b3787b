/// The warp's inner loop: shades one run of pixels of one face on one row.
///
/// Exact source points come from the same closed form as ``QuadInverter``
/// (the core's one inverse bilinear), unrolled for a row: with h = p − a,
/// k1 = e×f + h×g and k0 = h×e are affine in the pixel's x. The root is chosen
/// by QuadInverter's rule (nearest the unit square, ties → smaller v);
/// `WarpSpanShaderTests` checks that the two agree.
///
/// Incremental evaluation: a run is cut into chunks of ``chunk`` pixels. For
/// each, the exact source points at the first, middle and last pixel define
/// a quadratic in the pixel index; when it reproduces the exact point at the
/// first quarter within ``tolerance`` source pixels, the chunk is evaluated
/// from the quadratic (two multiply-adds a coordinate), otherwise every pixel
/// is solved exactly. Within one face the map is smooth (analytic), so the
/// interpolation error is dominated by its third-order term, which the check
/// at a quarter point measures; affine faces (the identity, parallelograms)
/// come out with c = 0 and interpolate exactly.
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

  /// Pixels per chunk (empirical: 32 costs 4 exact solves per 32 pixels and
  /// the quadratic passes the tolerance on nearly every chunk of the
  /// benchmark meshes).
  static let chunk = 32
  /// Largest allowed interpolation error in source pixels (derived: a
  /// quarter of the sampler's 1/256-pixel tap step).
  static let tolerance = 1.0 / 1024

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

  /// u for the root `v`, and how far (u, v) lies outside the unit square;
  /// `outside` is infinite when no finite u exists.
  @inline(__always)
  func candidate(_ v: Double, _ hx: Double, _ hy: Double) -> (u: Double, outside: Double) {
    let dx = e.x + g.x * v
    let dy = e.y + g.y * v
    let u = abs(dx) >= abs(dy) ? (hx - f.x * v) / dx : (hy - f.y * v) / dy
    guard u.isFinite, v.isFinite else { return (0, .infinity) }
    let outside = max(0, -u) + max(0, u - 1) + max(0, -v) + max(0, v - 1)
    return (u, outside)
  }

  /// The exact source point (source pixels) for the centre of pixel (x, y).
  @inline(__always)
  func sourcePoint(x: Int, y: Int, upper: Bool) -> Vector2 {
    let hx = Double(x) + 0.5 - a.x
    let hy = Double(y) + 0.5 - a.y
    let k1 = crossEF + hx * g.y - hy * g.x
    let k0 = hx * e.y - hy * e.x
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
      let t = warped.triangleParameters(
        of: Vector2(Double(x) + 0.5, Double(y) + 0.5), upper: upper)
      u = t.x
      v = t.y
    }
    u = min(max(u, 0), 1)
    v = min(max(v, 0), 1)
    return sa + se * u + sf * v + sg * (u * v)
  }

  /// Shades pixels `xs` of row `y` into `out` (the pixel at `xs.lowerBound`).
  @inline(__always)
  func shade(
    row y: Int, xs: Range<Int>, upper: Bool, sampler: BilinearSampler,
    out: UnsafeMutablePointer<UInt8>
  ) {
    var x = xs.lowerBound
    var pixel = out
    while x < xs.upperBound {
      let n = min(Self.chunk, xs.upperBound - x)
      defer {
        x += n
        pixel += 4 * n
      }
      let first = sourcePoint(x: x, y: y, upper: upper)
      guard n >= 8 else {
        sampler.write(at: first, to: pixel)
        for i in 1..<max(n, 1) {
          sampler.write(at: sourcePoint(x: x + i, y: y, upper: upper), to: pixel + 4 * i)
        }
        continue
      }
      // The quadratic through the exact points at 0, m and l, checked at m/2.
      let l = n - 1
      let m = l / 2
      let q = m / 2
      let last = sourcePoint(x: x + l, y: y, upper: upper)
      let middle = sourcePoint(x: x + m, y: y, upper: upper)
      let check = sourcePoint(x: x + q, y: y, upper: upper)
      let slopeM = (middle - first) / Double(m)
      let c = ((last - first) / Double(l) - slopeM) / Double(l - m)
      let b = slopeM - c * Double(m)
      let predicted = first + (b + c * Double(q)) * Double(q)
      let error = predicted - check
      if max(abs(error.x), abs(error.y)) <= Self.tolerance {
        // One bounds check for the chunk: the quadratic's range over [0, l]
        // is spanned by its ends and, per axis, its vertex if inside.
        var lo = Vector2(min(first.x, last.x), min(first.y, last.y))
        var hi = Vector2(max(first.x, last.x), max(first.y, last.y))
        for axis in 0..<2 where c[axis] != 0 {
          let t = -b[axis] / (2 * c[axis])
          if t > 0 && t < Double(l) {
            let v = first[axis] + (b[axis] + c[axis] * t) * t
            lo[axis] = min(lo[axis], v)
            hi[axis] = max(hi[axis], v)
          }
        }
        if sampler.tapsInside(lo: sampler.fixedPair(lo), hi: sampler.fixedPair(hi)) {
          // Forward differences in 32.32 fixed point (tap position s − ½):
          // p(i+1) = p(i) + d(i), d(i+1) = d(i) + 2c. Integer adds instead
          // of Double evaluation and conversion per pixel; the rounding of d
          // and 2c (2^-32 px) accumulates to < 1e-6 px over a chunk.
          @inline(__always) func fixed32(_ v: Double) -> Int { Int(v * 4_294_967_296) }
          var px = fixed32(first.x - 0.5)
          var py = fixed32(first.y - 0.5)
          var dx = fixed32(b.x + c.x)
          var dy = fixed32(b.y + c.y)
          let ddx = fixed32(2 * c.x)
          let ddy = fixed32(2 * c.y)
          let half = 1 << 23
          for i in 0..<n {
            // 32.32 → 24.8, rounded: the same tap as BilinearSampler.fixed.
            sampler.writeInterior(
              fixedX: (px &+ half) &>> 24, fixedY: (py &+ half) &>> 24, to: pixel + 4 * i)
            px &+= dx
            py &+= dy
            dx &+= ddx
            dy &+= ddy
          }
        } else {
          for i in 0..<n {
            let t = Double(i)
            let (qx, qy) = sampler.fixedPair(first + (b + c * t) * t)
            sampler.write(fixedX: qx, fixedY: qy, to: pixel + 4 * i)
          }
        }
      } else {
        for i in 0..<n {
          let s: Vector2 =
            switch i {
            case 0: first
            case q: check
            case m: middle
            case l: last
            default: sourcePoint(x: x + i, y: y, upper: upper)
            }
          sampler.write(at: s, to: pixel + 4 * i)
        }
      }
    }
  }
}
