/// A patch's colour along one span of pixels, evaluated by forward
/// differences.
///
/// Within a triangle (u, v) is affine in the pixel position, so along a row
/// u = u₀ + k·du and v = v₀ + k·dv for pixel k of the span, and the bicubic
/// colour C(u, v) = Σ aᵢⱼ uⁱ vʲ is a polynomial of degree 6 in k — exactly
/// the same values as evaluating C at each pixel's (u, v), obtained with six
/// vector additions per pixel instead of fifteen multiply-adds.
///
/// Setup (derived, all exact algebra):
/// 1. Bᵢ(k) = Σⱼ aᵢⱼ (v₀ + k·dv)ʲ, a cubic in k, by a Taylor shift of each
///    column cubic to v₀ (coefficients bᵢ⁽ᵐ⁾(v₀)·dvᵐ/m!).
/// 2. C(k) = B₀ + U·(B₁ + U·(B₂ + U·B₃)) with U = u₀ + k·du: Horner's scheme
///    on polynomials in k, giving power coefficients c₀…c₆.
/// 3. Forward differences at k = 0: Δʲ = j!·Σₘ cₘ·S(m, j), S the Stirling
///    numbers of the second kind (kᵐ = Σⱼ S(m, j)·k⁽ʲ⁾ in falling factorials,
///    and Δʲ k⁽ʲ⁾ = j!).
///
/// Error (derived): the coefficients have |cₘ| ≲ |a|·(k·|du, dv|)ᵐ, so the
/// differences need no cancellation; Float rounding adds about
/// 6e-8·|a| per step, under 1e-4 (0.03 of an 8-bit step) over the at most
/// ``maximumRun`` pixels run between restarts.
struct GradientSpanPolynomial {
  /// Pixels run from one setup before restarting (bounds the accumulated
  /// rounding; empirical choice well inside the derived error bound).
  static let maximumRun = 256
  /// Spans shorter than this are evaluated pixel by pixel: the setup costs
  /// about as much as four direct evaluations (empirical).
  static let minimumRun = 8

  var d0: SIMD4<Float>
  var d1: SIMD4<Float>
  var d2: SIMD4<Float>
  var d3: SIMD4<Float>
  var d4: SIMD4<Float>
  var d5: SIMD4<Float>
  var d6: SIMD4<Float>

  /// - Parameters:
  ///   - a: 16 power-basis coefficients, `a[4·j + i]` multiplying uⁱ·vʲ.
  ///   - uv: (u, v) at the first pixel.
  ///   - step: the change of (u, v) from one pixel to the next.
  @inline(__always)
  init(_ a: UnsafePointer<SIMD4<Float>>, uv: SIMD2<Float>, step: SIMD2<Float>) {
    let v = uv.y
    let dv = step.y
    let dv2 = dv * dv
    let dv3 = dv2 * dv
    // Column cubic i in v, Taylor-shifted to v₀ and scaled to steps of dv.
    @inline(__always) func column(_ i: Int) -> (
      SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>
    ) {
      let c0 = a[i]
      let c1 = a[4 + i]
      let c2 = a[8 + i]
      let c3 = a[12 + i]
      let value = c0 + v * (c1 + v * (c2 + v * c3))
      let first = c1 + v * (2 * c2 + 3 * v * c3)
      let second = c2 + 3 * v * c3
      return (value, first * dv, second * dv2, c3 * dv3)
    }
    let u = uv.x
    let du = step.x
    // p ← B + U·p, polynomials in k as coefficient tuples.
    let b3 = column(3)
    let b2 = column(2)
    // Degree 4.
    let q0 = b2.0 + u * b3.0
    let q1 = b2.1 + u * b3.1 + du * b3.0
    let q2 = b2.2 + u * b3.2 + du * b3.1
    let q3 = b2.3 + u * b3.3 + du * b3.2
    let q4 = du * b3.3
    let b1 = column(1)
    // Degree 5.
    let r0 = b1.0 + u * q0
    let r1 = b1.1 + u * q1 + du * q0
    let r2 = b1.2 + u * q2 + du * q1
    let r3 = b1.3 + u * q3 + du * q2
    let r4 = u * q4 + du * q3
    let r5 = du * q4
    let b0 = column(0)
    // Degree 6: c₀…c₆.
    let c0 = b0.0 + u * r0
    let c1 = b0.1 + u * r1 + du * r0
    let c2 = b0.2 + u * r2 + du * r1
    let c3 = b0.3 + u * r3 + du * r2
    let c4 = u * r4 + du * r3
    let c5 = u * r5 + du * r4
    let c6 = du * r5
    // Δʲ = j!·Σₘ cₘ·S(m, j); S(m, j) for m ≤ 6:
    // m=1: 1 | m=2: 1 1 | m=3: 1 3 1 | m=4: 1 7 6 1 | m=5: 1 15 25 10 1 |
    // m=6: 1 31 90 65 15 1.
    d0 = c0
    d1 = c1 + c2 + c3 + c4 + c5 + c6
    d2 = 2 * (c2 + 3 * c3 + 7 * c4 + 15 * c5 + 31 * c6)
    d3 = 6 * (c3 + 6 * c4 + 25 * c5 + 90 * c6)
    d4 = 24 * (c4 + 10 * c5 + 65 * c6)
    d5 = 120 * (c5 + 15 * c6)
    d6 = 720 * c6
  }

  /// The colour at the current pixel; then moves to the next one.
  @inline(__always)
  mutating func next() -> SIMD4<Float> {
    let value = d0
    d0 += d1
    d1 += d2
    d2 += d3
    d3 += d4
    d4 += d5
    d5 += d6
    return value
  }
}
