import Foundation

/// What is wrong with a ``GradientMesh``, or with a pair of meshes that
/// cannot be interpolated; each case names the place (vertex index, column,
/// row, property).
public enum GradientMeshError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// `width` or `height` is below 2 (a mesh needs at least one cell).
  case tooFewVertices(width: Int, height: Int)
  /// The number of points or bezier points is not `width · height`.
  case locationCount(count: Int, width: Int, height: Int)
  /// The number of colours is not `width · height`.
  case colorCount(count: Int, width: Int, height: Int)
  /// A position or handle of vertex `index` is NaN or infinite; `field` is
  /// "position", "leadingControlPoint", "topControlPoint",
  /// "trailingControlPoint" or "bottomControlPoint".
  case nonFiniteLocation(index: Int, column: Int, row: Int, field: String)
  /// A component of colour `index` is NaN or infinite.
  case nonFiniteColor(index: Int, column: Int, row: Int)
  /// A component of the background is NaN or infinite.
  case nonFiniteBackground
  /// Two meshes differ in a property that interpolation cannot blend
  /// (`property` is "width", "height", "locations", "smoothsColors" or
  /// "colorSpace").
  case shapeMismatch(property: String, detail: String)
  /// A fraction or time that is NaN or infinite.
  case nonFiniteParameter(name: String)
  /// A keyframe list that cannot be played: empty, or times out of order.
  case badKeyframes(detail: String)

  /// width·height as text, without trapping on absurd (overflowing) sizes.
  static func product(_ width: Int, _ height: Int) -> String {
    let (p, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? "more than \(Int.max)" : "\(p)"
  }

  public var description: String {
    switch self {
    case .tooFewVertices(let width, let height):
      "a mesh gradient needs width and height of at least 2 vertices, not \(width)×\(height)"
    case .locationCount(let count, let width, let height):
      "\(plural(count, "location")) for a \(width)×\(height) mesh (expected width·height = \(Self.product(width, height)))"
    case .colorCount(let count, let width, let height):
      "\(plural(count, "color")) for a \(width)×\(height) mesh (expected width·height = \(Self.product(width, height)))"
    case .nonFiniteLocation(let index, let column, let row, let field):
      "location \(index) (column \(column), row \(row)): \(field) is not a finite number"
    case .nonFiniteColor(let index, let column, let row):
      "color \(index) (column \(column), row \(row)) has a component that is not a finite number"
    case .nonFiniteBackground:
      "background has a component that is not a finite number"
    case .shapeMismatch(let property, let detail):
      "cannot interpolate gradient meshes that differ in \(property): \(detail)"
    case .nonFiniteParameter(let name):
      "\(name) is not a finite number"
    case .badKeyframes(let detail):
      "bad keyframes: \(detail)"
    }
  }

  public var errorDescription: String? { description }
}
