import MeshWarpCore

/// A face's whole inverse map as one quadratic in the output point: its
/// second-order Taylor polynomial at the face's centre, used where it stays
/// within ``tolerance`` of the exact map, so that each row of the face is
/// one quadratic run with no exact solves (a dense mesh's faces are a few
/// dozen pixels across, and four solves a row were most of their cost).
///
/// With the warped map T(u, v) = a + e·u + f·v + g·uv and the original
/// F(u, v) likewise (a′, e′, f′, g′), the drawn map is G = F ∘ T⁻¹. At the
/// centre w₀ = (½, ½), p₀ = T(w₀), let M = T′(w₀)⁻¹ (rows ∇u, ∇v). Then
/// ∂G/∂pᵢ = F′·M·eᵢ, and differentiating T(w(p)) = p twice gives
/// ∂²w/∂pᵢ∂pⱼ = −M·g·Sᵢⱼ with Sᵢⱼ = M₀ᵢM₁ⱼ + M₁ᵢM₀ⱼ (T″ has only the
/// cross term g), so ∂²G/∂pᵢ∂pⱼ = (g′ − F′·M·g)·Sᵢⱼ = k·Sᵢⱼ:
///
///   G(p₀ + d) ≈ G(p₀) + J·d + ½·k·(Sₓₓ·dx² + 2·Sₓᵧ·dx·dy + Sᵧᵧ·dy²).
///
/// The polynomial is kept only when it is within ``tolerance`` per axis of
/// F(u, v) at T(u, v) for (u, v) on the 3 × 3 grid {0, ½, 1}² less its
/// centre (where it is exact; its error is
/// of third order in d and largest at the corners and edges), on convex
/// faces (where the inverse is one-to-one). An affine face (g = 0)
/// interpolates exactly. `FaceQuadraticTests` measures the worst error
/// over every pixel of random meshes' faces against the exact inverse.
struct FaceQuadratic: Sendable {
  let centre: Vector2
  let value: Vector2
  /// ∂G/∂x and ∂G/∂y at the centre.
  let jx: Vector2
  let jy: Vector2
  /// ∂²G/∂x² = k·sxx, ∂²G/∂x∂y = k·sxy, ∂²G/∂y² = k·syy.
  let k: Vector2
  let sxx: Double
  let sxy: Double
  let syy: Double

  /// Largest error per axis at the check points, source pixels: the span
  /// shader's chunk tolerance.
  static let tolerance = WarpSpanShader.tolerance
  /// Most pixels written from one evaluated start (the fixed-point forward
  /// differences' rounding stays below 10⁻⁵ px).
  static let piece = 256
  /// How far ``sourceBox(of:)`` reaches outside the original quad's
  /// bounds, source pixels: far more than the polynomial's ``tolerance``.
  static let margin = 1.0 / 16

  /// The polynomial of the face `warped` (output pixels) → `original`
  /// (source pixels), or `nil` where it misses the exact map at a check
  /// point, the face is not convex or its map is singular at the centre.
  init?(warped t: Quad, original o: Quad, convex: Bool) {
    guard convex else { return nil }
    let e = t.b - t.a
    let f = t.d - t.a
    let g = t.a - t.b + t.c - t.d
    let se = o.b - o.a
    let sf = o.d - o.a
    let sg = o.a - o.b + o.c - o.d
    let tu = e + g * 0.5
    let tv = f + g * 0.5
    let det = cross(tu, tv)
    guard det != 0, det.isFinite else { return nil }
    // M = T′⁻¹: rows ∇u = (m00, m01), ∇v = (m10, m11).
    let m00 = tv.y / det
    let m01 = -tv.x / det
    let m10 = -tu.y / det
    let m11 = tu.x / det
    let fu = se + sg * 0.5
    let fv = sf + sg * 0.5
    let mg = Vector2(m00 * g.x + m01 * g.y, m10 * g.x + m11 * g.y)
    centre = t.point(u: 0.5, v: 0.5)
    value = o.point(u: 0.5, v: 0.5)
    jx = fu * m00 + fv * m10
    jy = fu * m01 + fv * m11
    k = sg - (fu * mg.x + fv * mg.y)
    sxx = 2 * m00 * m10
    sxy = m00 * m11 + m10 * m01
    syy = 2 * m01 * m11
    // The check points, and their exact images, from the corners: T and F
    // at the grid's corners and edge midpoints are corners and means of
    // corners (no bilinear evaluation).
    let points = (
      (t.a, o.a), ((t.a + t.b) * 0.5, (o.a + o.b) * 0.5), (t.b, o.b),
      ((t.a + t.d) * 0.5, (o.a + o.d) * 0.5), ((t.b + t.c) * 0.5, (o.b + o.c) * 0.5),
      (t.d, o.d), ((t.d + t.c) * 0.5, (o.d + o.c) * 0.5), (t.c, o.c)
    )
    @inline(__always) func misses(_ check: (Vector2, Vector2)) -> Bool {
      let error = point(check.0) - check.1
      // Both comparisons false for NaN: a NaN misses.
      return !(abs(error.x) <= Self.tolerance && abs(error.y) <= Self.tolerance)
    }
    if misses(points.0) || misses(points.1) || misses(points.2) || misses(points.3)
      || misses(points.4) || misses(points.5) || misses(points.6) || misses(points.7)
    {
      return nil
    }
  }

  /// A box holding every source point of the runs of the face whose
  /// original quad is `original`: its bounds (a bilinear map keeps the unit
  /// square inside its corners' hull, and a run's pixel centres lie in the
  /// face) widened by ``margin``. (Not stored here: this value is copied
  /// for each face drawn, and past 128 bytes a copy is a `memcpy` call.)
  static func sourceBox(of original: Quad) -> (lo: Vector2, hi: Vector2) {
    let (lo, hi) = original.bounds
    return (lo - margin, hi + margin)
  }

  /// The polynomial at output point `p`.
  @inline(__always) func point(_ p: Vector2) -> Vector2 {
    let d = p - centre
    return value + jx * d.x + jy * d.y
      + k * (0.5 * (sxx * d.x * d.x + syy * d.y * d.y) + sxy * d.x * d.y)
  }

  /// Writes pixels `xs` of row `y` into `out` (the pixel at
  /// `xs.lowerBound`): along the row the polynomial is the quadratic
  /// p(i) = start + (b + c·i)·i with c = ½·k·sxx, written in pieces of at
  /// most ``piece`` pixels, each from its own evaluated start. `interior`:
  /// the sampler's ``SpanWriter/interiorBox(_:_:)`` of the face's
  /// ``sourceBox(of:)``, so that the runs need no bounds of their own.
  @inline(__always)
  func shade<Writer: SpanWriter>(
    row y: Int, xs: Range<Int>, interior: Bool, sampler: Writer,
    out: UnsafeMutablePointer<Writer.Channel>
  ) {
    let dy = Double(y) + 0.5 - centre.y
    let c = k * (0.5 * sxx)
    var x = xs.lowerBound
    while x < xs.upperBound {
      let n = min(Self.piece, xs.upperBound - x)
      let dx = Double(x) + 0.5 - centre.x
      let start = point(Vector2(Double(x) + 0.5, Double(y) + 0.5))
      // p′(0): the slope along x at the piece's first pixel.
      let b = jx + k * (sxx * dx + sxy * dy)
      let pixel = out + (x - xs.lowerBound) &* 4
      if interior {
        sampler.writeInteriorQuadratic(count: n, start: start, b: b, c: c, out: pixel)
      } else {
        let span = Double(n - 1)
        let end = start + (b + c * span) * span
        sampler.writeQuadratic(
          count: n, start: start, end: end, b: b, c: c, span: span, out: pixel)
      }
      x += n
    }
  }
}
