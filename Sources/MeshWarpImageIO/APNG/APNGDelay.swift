/// How long an animated PNG frame shows: `numerator / denominator` seconds,
/// as stored in the `fcTL` chunk (`delay_num`, `delay_den`; APNG spec).
/// A denominator of 0 means 100 (hundredths), as the spec says.
public struct APNGDelay: Sendable, Hashable, CustomStringConvertible {
  public var numerator: UInt16
  public var denominator: UInt16

  public init(numerator: UInt16, denominator: UInt16) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The delay closest to `seconds` with numerator and denominator ≤ 65535.
  ///
  /// Exact for every duration that is such a fraction (1/30, 1/24, 1001/30000
  /// for 29.97 fps, 2/1 …); otherwise the nearest continued-fraction
  /// convergent, whose error is below 1/(denominator²).
  ///
  /// - Parameter seconds: ≥ 0 and finite; clamped to [0, 65535].
  public init(seconds: Double) {
    let x = seconds.isFinite ? min(max(seconds, 0), 65535) : 0
    let (p, q) = bestRationalApproximation(x, limit: 65535)
    (numerator, denominator) = (UInt16(p), UInt16(q))
  }

  /// The delay of one frame at `framesPerSecond` (> 0).
  public init(framesPerSecond: Double) {
    self.init(seconds: framesPerSecond > 0 ? 1 / framesPerSecond : 0)
  }

  /// The delay in seconds.
  public var seconds: Double {
    Double(numerator) / Double(denominator == 0 ? 100 : denominator)
  }

  public var description: String { "\(numerator)/\(denominator == 0 ? 100 : denominator) s" }
}

/// The last continued-fraction convergent p/q of `x` ≥ 0 with p, q ≤ `limit`
/// (convergents are best rational approximations: Khinchin, "Continued
/// Fractions", ch. 1). `x` beyond `limit` clamps to limit/1.
package func bestRationalApproximation(_ x: Double, limit: UInt64) -> (
  numerator: UInt64, denominator: UInt64
) {
  var (p0, q0, p1, q1): (UInt64, UInt64, UInt64, UInt64) = (0, 1, 1, 0)
  var value = x
  for _ in 0..<64 {
    // The 1e-9 keeps 1/(1/30) = 29.999…96 from becoming 29.
    let a = (value + 1e-9).rounded(.down)
    guard a < Double(limit) + 1 else { break }
    let ai = UInt64(a)
    let (p2, q2) = (ai * p1 + p0, ai * q1 + q0)
    if p2 > limit || q2 > limit { break }
    (p0, q0, p1, q1) = (p1, q1, p2, q2)
    let fraction = value - a
    if fraction < 1e-9 { break }
    value = 1 / fraction
  }
  if q1 == 0 { return (limit, 1) }
  return (p1, q1)
}
