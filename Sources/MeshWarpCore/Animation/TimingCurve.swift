/// A timing curve of a ``Timeline`` segment: maps linear progress 0…1 to
/// eased progress, under the names SwiftUI and CSS give them.
///
/// The named curves are the cubic Béziers that SwiftUI's `UnitCurve` and
/// CSS's `cubic-bezier()` keywords define:
///
/// | case | control points (x1, y1, x2, y2) | CSS |
/// | --- | --- | --- |
/// | linear | (straight line) | `linear` |
/// | easeIn | (0.42, 0, 1, 1) | `ease-in` |
/// | easeOut | (0, 0, 0.58, 1) | `ease-out` |
/// | easeInOut | (0.42, 0, 0.58, 1) | `ease-in-out` |
/// | cubicBezier | any, with x1 and x2 in 0…1 | `cubic-bezier()` |
///
/// They differ from ``EasingCurve``'s polynomial `easeIn` (x³) and friends,
/// which ``GradientKeyframes`` and the genie effect keep using.
///
/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and
/// (x2, y2) is x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³ and likewise y(s). The
/// eased value at progress x is y(s) for the s with x(s) = x: found by
/// Newton's method from s = x (at most 8 steps, stopping within 1e-12), and
/// by bisection on 0…1 when Newton stalls (a flat x′); x(s) never decreases
/// because x1 and x2 lie in 0…1, so the bisection always brackets the root.
/// y1 and y2 may leave 0…1 (overshoot, as CSS allows).
public enum TimingCurve: Hashable, Sendable {
  case linear
  case easeIn
  case easeOut
  case easeInOut
  /// CSS's `cubic-bezier(x1, y1, x2, y2)`; x1 and x2 must lie in 0…1
  /// (``Timeline`` checks, see ``problem``).
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

  /// CSS's `ease` keyword, the default timing of CSS transitions:
  /// `cubic-bezier(0.25, 0.1, 0.25, 1)`.
  public static let ease = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

  /// The four control values, (0, 0, 1, 1) for `linear`.
  public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
    switch self {
    case .linear: (0, 0, 1, 1)
    case .easeIn: (0.42, 0, 1, 1)
    case .easeOut: (0, 0, 0.58, 1)
    case .easeInOut: (0.42, 0, 0.58, 1)
    case .cubicBezier(let x1, let y1, let x2, let y2): (x1, y1, x2, y2)
    }
  }

  /// Why this curve cannot be used (a control value that is not finite, or
  /// x1 or x2 outside 0…1), or nil.
  public var problem: String? {
    let (x1, y1, x2, y2) = controlPoints
    guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
      return "cubicBezier control values must be finite numbers"
    }
    guard (0...1).contains(x1), (0...1).contains(x2) else {
      return "cubicBezier x1 and x2 must lie in 0…1 (got \(x1) and \(x2))"
    }
    return nil
  }

  /// The eased progress at linear progress `x` (clamped to 0…1): exactly 0
  /// at 0 and exactly 1 at 1.
  public func callAsFunction(_ x: Double) -> Double {
    let t = x.isNaN ? 0 : min(max(x, 0), 1)
    if t == 0 { return 0 }
    if t == 1 { return 1 }
    if case .linear = self { return t }
    let (x1, y1, x2, y2) = controlPoints
    return Self.bezier(Self.solve(t, x1, x2), y1, y2)
  }

  /// One coordinate of the Bézier from 0 to 1 with inner control values
  /// `p1`, `p2`, at parameter `s`.
  static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// The parameter s in 0…1 with x(s) = x (see the type's notes).
  static func solve(_ x: Double, _ x1: Double, _ x2: Double) -> Double {
    let tolerance = 1e-12
    var s = x
    for _ in 0..<8 {
      let error = bezier(s, x1, x2) - x
      if abs(error) < tolerance { return s }
      let r = 1 - s
      let slope = 3 * r * r * x1 + 6 * r * s * (x2 - x1) + 3 * s * s * (1 - x2)
      guard abs(slope) > 1e-9 else { break }
      let next = s - error / slope
      guard next >= 0, next <= 1 else { break }
      s = next
    }
    var low = 0.0
    var high = 1.0
    s = x
    for _ in 0..<100 {
      let value = bezier(s, x1, x2)
      if abs(value - x) < tolerance { break }
      if value < x { low = s } else { high = s }
      s = (low + high) / 2
      if high - low < 1e-15 { break }
    }
    return s
  }
}
