import Foundation
import MeshWarpCore

/// A twirl's, bulge's or ripple's G tabulated for a render: in stretched
/// pixels (d = (q − c)·stretch) each of these effects is a similarity per
/// radius, G(q) = c + M(t)·d / stretch with t = |d| and M(t) = [a −b; b a]
/// (the bulge and ripple scale, a = g⁻¹(t)/t, b = 0; the twirl turns back,
/// a = cos θ(t), b = −sin θ(t)). So a render reads G as a square root and
/// a table, where the core solves it from the formulas (the bulge's and
/// ripple's radial inverse is a binary search and two Newton steps a
/// point, the twirl a sine and a cosine).
///
/// (a, b) is read through `WarpField`'s G along the ray from c to the right
/// at radii t = i·``step`` up to the disc's radius, with slopes by central
/// differences (±step/64); between nodes it is the cubic Hermite curve
/// through both values and slopes, whose error (|f⁗|·step⁴/384) peaks at
/// the middle. Each interval's middle is checked against G: one whose
/// point misses by more than ``tolerance`` (the ripple's torn centre or
/// its hole edge, where G has a kink; a pinch near −1, which bends within
/// a pixel of c) is marked, and G is solved there instead.
/// `FieldWarpTests` measures the result at every pixel.
struct DiscProfile: Sendable {
  /// Radii between nodes, in stretched pixels.
  static let step = 0.5
  /// Largest error of a point at an interval's middle, in stretched
  /// pixels.
  static let tolerance = 1.0 / 1024
  /// The disc's radius: beyond it G is the identity.
  let radius: Double
  /// Per interval i, four coefficients of (a, b) in the fraction
  /// f = t/step − i: (a, b) = k₀ + f·(k₁ + f·(k₂ + f·k₃)); k₀ is not a
  /// number where the interval failed its check.
  let coefficients: [SIMD2<Double>]
  /// Intervals in ``coefficients``.
  var intervals: Int { coefficients.count / 4 }
  /// The largest singular value of G's Jacobian at the nodes, in
  /// stretched pixels per stretched pixel: how far G can shrink the
  /// content (the minification filter's bound).
  let largestStretch: Double

  init(_ field: WarpField) {
    radius = field.discRadius
    let step = Self.step
    let count = Int((radius / step).rounded(.up))
    let (c, stretch) = (field.c, field.stretch)
    // M's (a, b) read at radius t ≠ 0 along the ray through c (t < 0: to
    // the left, where d = (t, 0) gives the same M).
    func similarity(_ t: Double) -> Vector2 {
      (field.source(c + Vector2(t / stretch.x, 0)) - c) * stretch / t
    }
    let h = step / 64
    var values = [Vector2](repeating: .zero, count: count + 1)
    var slopes = [Vector2](repeating: .zero, count: count + 1)
    var largest = 0.0
    for i in 0...count {
      let t = Double(i) * step
      let (left, right) = (similarity(t - h), similarity(t + h))
      values[i] = i == 0 ? (left + right) / 2 : similarity(t)
      slopes[i] = (right - left) / (2 * h)
      // J in the basis (d/t, its normal): [a + t·a′, −b; b + t·b′, a].
      let (a, b) = (values[i].x, values[i].y)
      let (p, q) = (a + t * slopes[i].x, b + t * slopes[i].y)
      let frobenius = p * p + b * b + q * q + a * a
      let det = p * a + b * q
      let root = max(0, frobenius * frobenius - 4 * det * det).squareRoot()
      largest = max(largest, ((frobenius + root) / 2).squareRoot())
      slopes[i] *= step
    }
    var table = [SIMD2<Double>](repeating: .zero, count: 4 * count)
    for i in 0..<count {
      let (v0, v1, s0, s1) = (values[i], values[i + 1], slopes[i], slopes[i + 1])
      let k = (v0, s0, 3 * (v1 - v0) - 2 * s0 - s1, 2 * (v0 - v1) + s0 + s1)
      let t = (Double(i) + 0.5) * step
      let middle = k.0 + 0.5 * (k.1 + 0.5 * (k.2 + 0.5 * k.3))
      let miss = (middle - similarity(t)) * t
      let fits = (miss * miss).sum() <= Self.tolerance * Self.tolerance
      table[4 * i] = fits ? k.0 : Vector2(.nan, .nan)
      (table[4 * i + 1], table[4 * i + 2], table[4 * i + 3]) = (k.1, k.2, k.3)
    }
    coefficients = table
    largestStretch = largest
  }

  /// M's (a, b) at radius 0 ≤ t < ``radius``, or `nil` where its
  /// interval failed its check; `table` is ``coefficients``' storage, of
  /// `intervals` intervals.
  @inline(__always)
  static func similarity(_ t: Double, _ table: UnsafePointer<SIMD2<Double>>, intervals: Int)
    -> Vector2?
  {
    let u = t * (1 / step)
    let i = min(Int(u), intervals - 1)
    let k = table + 4 &* i
    let f = u - Double(i)
    let v = k[0] + f * (k[1] + f * (k[2] + f * k[3]))
    return v.x.isNaN ? nil : v
  }
}
