/// A timing curve: maps linear progress 0…1 to eased progress 0…1.
///
/// Every curve takes 0 to 0 and 1 to 1; input is clamped to 0…1. The cubic
/// curves are the usual polynomial ones (not CSS's Bézier approximations):
///
/// | case | f(x) |
/// | --- | --- |
/// | linear | x |
/// | easeIn | x³ |
/// | easeOut | 1 − (1 − x)³ |
/// | easeInOut | 4x³ for x < ½, else 1 − (2 − 2x)³/2 |
/// | smoothstep | 3x² − 2x³ (see `smoothstep(_:)`) |
public enum EasingCurve: String, Hashable, Sendable, Codable, CaseIterable {
  case linear
  case easeIn
  case easeOut
  case easeInOut
  case smoothstep

  /// The eased progress at linear progress `x` (clamped to 0…1).
  @inlinable public func callAsFunction(_ x: Double) -> Double {
    let t = min(max(x, 0), 1)
    switch self {
    case .linear:
      return t
    case .easeIn:
      return t * t * t
    case .easeOut:
      let s = 1 - t
      return 1 - s * s * s
    case .easeInOut:
      if t < 0.5 { return 4 * t * t * t }
      let s = 2 - 2 * t
      return 1 - s * s * s / 2
    case .smoothstep:
      return MeshWarpCore.smoothstep(t)
    }
  }
}
