import MeshWarpCore

/// The warp's inner loop: shades one run of pixels of one face on one row.
///
/// Exact source points come from the same closed form as `QuadInverter`
/// (the core's one inverse bilinear), unrolled for a row: with h = p − a,
/// k1 = e×f + h×g and k0 = h×e are affine in the pixel's x. The root is chosen
/// by QuadInverter's rule (nearest the unit square, ties → smaller v);
/// `WarpSpanShaderTests` checks that the two agree.
///
/// Incremental evaluation: a run is cut into near-equal chunks of at most
/// ``chunk`` pixels. For each, the exact source points at its first pixel,
/// its middle and its end (the next chunk's first pixel, which is solved
/// once for both; the last pixel for the run's last chunk) define a
/// quadratic in the pixel index; when it reproduces the exact point at the
/// first quarter within ``tolerance`` source pixels, the chunk is evaluated
/// from the quadratic by forward differences, otherwise it is split at its
/// middle and each half tried again (under 8 pixels, every pixel is solved
/// exactly). Within one face the map is smooth (analytic), so the
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
  /// The diagonal a → c that splits the face into its upper (a, b, c) and
  /// lower (a, c, d) triangles, and the side of it that b lies on.
  let diagonal: Vector2
  let upperSide: Bool

  /// Most pixels per chunk (measured with callgrind on the benchmark
  /// meshes: 32 → 64 → 128 cut the exact solves; 256 gained nothing, since
  /// longer chunks fail the check and are split).
  static let chunk = 128
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
    diagonal = warped.c - warped.a
    upperSide = cross(diagonal, warped.b - warped.a) >= 0
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
  /// Where the bilinear inverse has no root (folded or degenerate faces),
  /// the affine map of the face's triangle (``Quad/triangleParameters(of:upper:)``)
  /// that covers the pixel: `upper`, or when `nil` (a run across both
  /// triangles of a convex face) the one on the centre's side of the
  /// diagonal.
  @inline(__always)
  func sourcePoint(x: Int, y: Int, upper: Bool? = nil) -> Vector2 {
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
        if q != 0 {
          // QuadInverter's rule: the root nearest the unit square, ties →
          // smaller v. The smaller root is tried first: inside the square
          // it wins outright, and the other root's u is never computed.
          let v2 = k0 / q
          let (small, large) = v2 < v1 ? (v2, v1) : (v1, v2)
          let first = candidate(small, hx, hy)
          if first.outside == 0 {
            (u, v, found) = (first.u, small, true)
          } else {
            let second = candidate(large, hx, hy)
            let best = second.outside < first.outside ? (second.u, large) : (first.u, small)
            (u, v) = best
            found = min(first.outside, second.outside).isFinite
          }
        } else {
          let c1 = candidate(v1, hx, hy)
          (u, v, found) = (c1.u, v1, c1.outside.isFinite)
        }
      }
    }
    if !found {
      let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
      let side = upper ?? ((cross(diagonal, p - warped.a) >= 0) == upperSide)
      let t = warped.triangleParameters(of: p, upper: side)
      u = t.x
      v = t.y
    }
    u = min(max(u, 0), 1)
    v = min(max(v, 0), 1)
    return sa + se * u + sf * v + sg * (u * v)
  }

  /// Shades pixels `xs` of row `y` into `out` (the pixel at `xs.lowerBound`):
  /// pixels of the face's `upper` or lower triangle, or with `upper` nil of
  /// both triangles of a convex face (see ``sourcePoint(x:y:upper:)``).
  @inline(__always)
  func shade<Writer: SpanWriter>(
    row y: Int, xs: Range<Int>, upper: Bool?, sampler: Writer,
    out: UnsafeMutablePointer<Writer.Channel>
  ) {
    guard !xs.isEmpty else { return }
    let chunks = (xs.count + Self.chunk - 1) / Self.chunk
    var x = xs.lowerBound
    var start = sourcePoint(x: x, y: y, upper: upper)
    for k in 1...chunks {
      let next = xs.lowerBound + xs.count * k / chunks
      // The chunk's far end: the next chunk's first pixel where there is
      // one (solved once for both), else the run's last pixel.
      let l = k < chunks ? next - x : next - x - 1
      let end = l == 0 ? start : sourcePoint(x: x + l, y: y, upper: upper)
      shadeChunk(
        row: y, x: x, count: next - x, end: l, startPoint: start, endPoint: end, upper: upper,
        sampler: sampler, out: out + (x - xs.lowerBound) &* 4)
      x = next
      start = end
    }
  }

  /// Shades `count` pixels of row `y` from column `x`, given the exact source
  /// points of pixel `x` and of pixel `x + l` (`l` = `count` or
  /// `count` − 1). When the quadratic through those and the middle misses
  /// the check point, the chunk is split at the middle and each half tried
  /// again; chunks under 8 pixels are solved exactly.
  func shadeChunk<Writer: SpanWriter>(
    row y: Int, x: Int, count n: Int, end l: Int, startPoint start: Vector2, endPoint end: Vector2,
    upper: Bool?, sampler: Writer, out pixel: UnsafeMutablePointer<Writer.Channel>
  ) {
    guard n >= 8 else {
      for i in 0..<n {
        let s = i == 0 ? start : (i == l ? end : sourcePoint(x: x + i, y: y, upper: upper))
        sampler.write(at: s, to: pixel + i &* 4)
      }
      return
    }
    // The quadratic through the exact points at 0, m and l, checked at m/2.
    let m = l / 2
    let q = m / 2
    let middle = sourcePoint(x: x + m, y: y, upper: upper)
    let check = sourcePoint(x: x + q, y: y, upper: upper)
    let slopeM = (middle - start) / Double(m)
    let c = ((end - start) / Double(l) - slopeM) / Double(l - m)
    let b = slopeM - c * Double(m)
    let predicted = start + (b + c * Double(q)) * Double(q)
    let error = predicted - check
    // Both comparisons false for NaN (Swift's max(NaN, 0) is 0: a NaN
    // must not pass as a small error).
    guard abs(error.x) <= Self.tolerance && abs(error.y) <= Self.tolerance else {
      shadeChunk(
        row: y, x: x, count: m, end: m, startPoint: start, endPoint: middle, upper: upper,
        sampler: sampler, out: pixel)
      shadeChunk(
        row: y, x: x + m, count: n - m, end: l - m, startPoint: middle, endPoint: end,
        upper: upper, sampler: sampler, out: pixel + m &* 4)
      return
    }
    sampler.writeQuadratic(
      count: n, start: start, end: end, b: b, c: c, span: Double(l), out: pixel)
  }

  /// Writes `count` pixels from `out` whose source points are the quadratic
  /// p(i) = start + (b + c·i)·i, i = 0, 1, …; `end` is p(`span`), the last
  /// i the caller solved (p's range over [0, span] bounds the taps
  /// checked). Taps that may leave the image go through the clamping
  /// sampler; otherwise forward differences in fixed point.
  @inline(__always)
  static func shadeQuadratic(
    count n: Int, start: Vector2, end: Vector2, b: Vector2, c: Vector2, span l: Double,
    sampler: BilinearSampler, out pixel: UnsafeMutablePointer<UInt8>
  ) {
    guard QuadraticSteps.fits(start: start, b: b, c: c, limit: 1_073_741_824) else {
      // Absurd coordinates: point by point, clamped before the fixed point.
      for i in 0..<n {
        let t = Double(i)
        let (qx, qy) = sampler.fixedPair(start + (b + c * t) * t)
        sampler.write(fixedX: qx, fixedY: qy, to: pixel + i &* 4)
      }
      return
    }
    let (lo, hi) = QuadraticSteps.range(start: start, end: end, b: b, c: c, span: l)
    let inside = sampler.tapsInside(lo: sampler.fixedPair(lo), hi: sampler.fixedPair(hi))
    writeSteps(
      QuadraticSteps(start: start, b: b, c: c), count: n, inside: inside, sampler: sampler,
      out: pixel)
  }

  /// Writes `count` pixels from `out` at the taps `steps` passes through;
  /// `inside`: every tap and its right and lower neighbours lie inside the
  /// image (see ``BilinearSampler/tapsInside(lo:hi:)``).
  @inline(__always)
  static func writeSteps(
    _ steps: QuadraticSteps, count n: Int, inside: Bool, sampler: BilinearSampler,
    out pixel: UnsafeMutablePointer<UInt8>
  ) {
    var q = steps
    if sampler.opaque {
      sampler.writeOpaqueRun(
        q, count: n, inside: inside, to: pixel, vectorized: sampler.vectorized)
      return
    }
    guard inside else {
      sampler.writeClampedRun(q, count: n, to: pixel)
      return
    }
    // Separate loops on purpose: one loop taking the writer as a closure
    // was not inlined and cost 210 M instead of 133 M instructions for a
    // one-quad 1080p render (callgrind).
    var o = pixel
    let stop = pixel + n &* 4
    while o < stop {
      sampler.writeInterior(fixedX: q.tapX, fixedY: q.tapY, to: o)
      q.advance()
      o += 4
    }
  }
}

/// The tap positions of a run's quadratic p(i) = start + (b + c·i)·i by
/// forward differences in 32.32 fixed point (tap position s − ½):
/// p(i+1) = p(i) + d(i), d(i+1) = d(i) + 2c. Integer adds instead of
/// Double evaluation and conversion per pixel; the rounding of d and 2c
/// (2⁻³² px) accumulates to < 10⁻⁶ px over a chunk.
struct QuadraticSteps {
  var px: Int
  var py: Int
  var dx: Int
  var dy: Int
  let ddx: Int
  let ddy: Int

  @inline(__always) init(start: Vector2, b: Vector2, c: Vector2) {
    @inline(__always) func fixed32(_ v: Double) -> Int { Int(v * 4_294_967_296) }
    px = fixed32(start.x - 0.5)
    py = fixed32(start.y - 0.5)
    dx = fixed32(b.x + c.x)
    dy = fixed32(b.y + c.y)
    ddx = fixed32(2 * c.x)
    ddy = fixed32(2 * c.y)
  }

  /// The current tap in 24.8 fixed point, rounded (the same tap as
  /// ``BilinearSampler/fixed(_:_:)``).
  @inline(__always) var tapX: Int { (px &+ (1 << 23)) &>> 24 }
  @inline(__always) var tapY: Int { (py &+ (1 << 23)) &>> 24 }

  @inline(__always) mutating func advance() {
    px &+= dx
    py &+= dy
    dx &+= ddx
    dy &+= ddy
  }

  /// The quadratic's range over [0, `span`] (`end` = p(`span`)): spanned by
  /// its ends and, per axis, its vertex if inside.
  @inline(__always)
  static func range(start: Vector2, end: Vector2, b: Vector2, c: Vector2, span l: Double)
    -> (lo: Vector2, hi: Vector2)
  {
    var lo = Vector2(min(start.x, end.x), min(start.y, end.y))
    var hi = Vector2(max(start.x, end.x), max(start.y, end.y))
    for axis in 0..<2 where c[axis] != 0 {
      let t = -b[axis] / (2 * c[axis])
      if t > 0 && t < l {
        let v = start[axis] + (b[axis] + c[axis] * t) * t
        lo[axis] = min(lo[axis], v)
        hi[axis] = max(hi[axis], v)
      }
    }
    return (lo, hi)
  }

  /// Whether the start and the differences are finite and below `limit`
  /// pixels, so that their fixed-point values cannot trap (32.32 needs
  /// |value| < 2³⁰ px).
  @inline(__always)
  static func fits(start: Vector2, b: Vector2, c: Vector2, limit: Double) -> Bool {
    @inline(__always) func fits(_ v: Double) -> Bool { abs(v) < limit }
    return fits(start.x) && fits(start.y) && fits(b.x + c.x) && fits(b.y + c.y)
      && fits(2 * c.x) && fits(2 * c.y)
  }
}

/// What the warp's span shader writes pixels through: the default
/// fixed-point bilinear sampler, or the general ``ContentSampler`` (any
/// interpolation and address mode). Both take the same runs, so every mode
/// gets the same incremental evaluation of source points. A deep source's
/// ``DeepSampler`` writes 16-bit values through the same runs.
protocol SpanWriter {
  /// The type of one value of the pixels written (four a pixel).
  associatedtype Channel: PixelChannel
  /// Writes the pixel whose source point is `s` (source pixels).
  func write(at s: Vector2, to out: UnsafeMutablePointer<Channel>)
  /// Writes `count` pixels from `out` whose source points are the quadratic
  /// p(i) = start + (b + c·i)·i; `end` is p(`span`) (see
  /// ``WarpSpanShader/shadeQuadratic(count:start:end:b:c:span:sampler:out:)``).
  func writeQuadratic(
    count: Int, start: Vector2, end: Vector2, b: Vector2, c: Vector2, span: Double,
    out: UnsafeMutablePointer<Channel>)
  /// Whether every source point in the box `lo`…`hi` (source pixels) is
  /// written without clamping, so that runs known to stay in the box may
  /// go through ``writeInteriorQuadratic(count:start:b:c:out:)``.
  func interiorBox(_ lo: Vector2, _ hi: Vector2) -> Bool
  /// ``writeQuadratic(count:start:end:b:c:span:out:)`` for a run whose
  /// source points all lie in a box that ``interiorBox(_:_:)`` accepted:
  /// no per-run bounds. A dense mesh's faces are a few pixels wide, and
  /// the range of each run's quadratic cost a tenth of their frame.
  func writeInteriorQuadratic(
    count: Int, start: Vector2, b: Vector2, c: Vector2, out: UnsafeMutablePointer<Channel>)
}

extension SpanWriter {
  /// No box is known to be clamp-free: every run is checked.
  @inline(__always) func interiorBox(_ lo: Vector2, _ hi: Vector2) -> Bool { false }

  @inline(__always) func writeInteriorQuadratic(
    count: Int, start: Vector2, b: Vector2, c: Vector2, out: UnsafeMutablePointer<Channel>
  ) {
    let span = Double(count - 1)
    writeQuadratic(
      count: count, start: start, end: start + (b + c * span) * span, b: b, c: c, span: span,
      out: out)
  }
}

extension BilinearSampler: SpanWriter {
  @inline(__always)
  func writeQuadratic(
    count: Int, start: Vector2, end: Vector2, b: Vector2, c: Vector2, span: Double,
    out: UnsafeMutablePointer<UInt8>
  ) {
    WarpSpanShader.shadeQuadratic(
      count: count, start: start, end: end, b: b, c: c, span: span, sampler: self, out: out)
  }

  /// Taps of the box, and their right and lower neighbours, inside the
  /// image (the box's corners rounded as the taps are).
  @inline(__always) func interiorBox(_ lo: Vector2, _ hi: Vector2) -> Bool {
    QuadraticSteps.fits(start: lo, b: .zero, c: .zero, limit: 1_073_741_824)
      && QuadraticSteps.fits(start: hi, b: .zero, c: .zero, limit: 1_073_741_824)
      && tapsInside(lo: fixedPair(lo), hi: fixedPair(hi))
  }

  @inline(__always) func writeInteriorQuadratic(
    count: Int, start: Vector2, b: Vector2, c: Vector2, out: UnsafeMutablePointer<UInt8>
  ) {
    // The start lies in the box; the steps are checked, as a run's are.
    guard QuadraticSteps.fits(start: start, b: b, c: c, limit: 1_073_741_824) else {
      let span = Double(count - 1)
      writeQuadratic(
        count: count, start: start, end: start + (b + c * span) * span, b: b, c: c,
        span: span, out: out)
      return
    }
    WarpSpanShader.writeSteps(
      QuadraticSteps(start: start, b: b, c: c), count: count, inside: true, sampler: self,
      out: out)
  }
}
