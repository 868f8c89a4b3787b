import Foundation

/// Why a genie effect cannot be built or rendered. `description` names the
/// value at fault and the rule it breaks.
public enum GenieError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A value is NaN or infinite; `name` says which (e.g. `viewRect.minX`).
  case nonFinite(name: String)
  /// A size (canvas, view or target) is zero or negative.
  case nonPositiveSize(name: String, width: Double, height: Double)
  /// A rect does not lie inside the canvas.
  case outsideCanvas(name: String, detail: String)
  /// The target is not entirely beyond the view in the direction of the
  /// edge: the content has nowhere to travel (or would start squeezed).
  case noTravel(edge: GenieEdge, detail: String)
  /// Progress outside 0…1 (NaN included). Clamp an overshooting (spring)
  /// animation's value before asking for a mesh.
  case progressOutOfRange(Double)
  /// A phase of ``GenieTiming`` is empty or leaves 0…1.
  case invalidTiming(detail: String)
  /// ``GenieDensity`` asks for fewer than 2 or absurdly many vertices.
  case invalidDensity(detail: String)
  /// A rendering parameter is unusable (duration, frame rate, canvas size,
  /// content image).
  case invalidRendering(detail: String)

  public var description: String {
    switch self {
    case .nonFinite(let name):
      return "genie: \(name) is not a finite number"
    case .nonPositiveSize(let name, let width, let height):
      return "genie: \(name) has size \(width)×\(height); both must be positive"
    case .outsideCanvas(let name, let detail):
      return "genie: \(name) must lie inside the canvas: \(detail)"
    case .noTravel(let edge, let detail):
      return
        "genie: with edge \(edge.rawValue) the target must lie entirely beyond the view's \(edge.rawValue) edge: \(detail)"
    case .progressOutOfRange(let p):
      return "genie: progress \(p) is outside 0…1"
    case .invalidTiming(let detail):
      return "genie: invalid timing: \(detail)"
    case .invalidDensity(let detail):
      return "genie: invalid mesh density: \(detail)"
    case .invalidRendering(let detail):
      return "genie: \(detail)"
    }
  }
}
