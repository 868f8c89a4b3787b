import Foundation

/// Why a ``MeshEffect`` cannot make a mesh. `description` names the
/// parameter at fault and its limit, in the library's names (`amplitude`,
/// `distortion.k1`…); tools translate them into their flags.
public enum MeshEffectError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A parameter is NaN or infinite.
  case nonFinite(parameter: String)
  /// A parameter lies outside its range; `range` says it in words
  /// (e.g. "in (−1, 1)").
  case outOfRange(parameter: String, value: Double, range: String)
  /// The parameters fold the picture (the effect is not one-to-one): the
  /// magnitude of `parameter` must stay below `limit` (above, for a
  /// negative `value`, when `limit` is negative), with the others as given.
  /// `detail` says where it folds.
  case folds(parameter: String, value: Double, limit: Double, detail: String)
  /// The size is empty.
  case emptySize(width: Int, height: Int)
  /// Staying within the tolerance would take more than `limit` cells
  /// across the effect.
  case tooDense(limit: Int, tolerance: Double)

  public var description: String {
    switch self {
    case .nonFinite(let parameter):
      return "\(parameter) is not a finite number"
    case .outOfRange(let parameter, let value, let range):
      return "\(parameter) \(Self.number(value)) must be \(range)"
    case .folds(let parameter, let value, let limit, let detail):
      let bound = limit < 0 ? "above \(Self.number(limit))" : "below \(Self.number(limit))"
      let what = value < 0 && limit >= 0 ? "|\(parameter)|" : parameter
      return
        "\(parameter) \(Self.number(value)) folds the picture (\(detail)): \(what) must be \(bound)"
    case .emptySize(let width, let height):
      return "size \(width)x\(height) is empty"
    case .tooDense(let limit, let tolerance):
      return
        "staying within \(Self.number(tolerance)) px would take more than \(limit) cells across; lower the effect's strength or raise the tolerance"
    }
  }

  /// `v` with at most 4 significant decimals, no trailing zeros.
  package static func number(_ v: Double) -> String {
    var text = String(format: "%.4g", v)
    if text.contains("e") { return text }
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }
}
