/// One problem found by ``WarpMesh/validate()``: what is wrong, where, and
/// which of the original MeshWarpEffect package's face-ordering rules it breaks.
public struct MeshIssue: Hashable, Sendable, CustomStringConvertible {
  /// Errors make a mesh unusable; warnings render, with artifacts.
  public enum Severity: String, Hashable, Sendable, Codable {
    case error
    case warning
  }

  /// The rule a mesh breaks. Raw values are stable identifiers for tools.
  public enum Rule: String, Hashable, Sendable, Codable, CaseIterable {
    /// No point pairs, or no faces.
    case emptyMesh = "empty-mesh"
    /// A face refers to a vertex that does not exist.
    case indexOutOfRange = "index-out-of-range"
    /// A face names the same vertex twice.
    case repeatedIndex = "repeated-index"
    /// A vertex has a NaN or infinite coordinate.
    case nonFiniteCoordinate = "non-finite-coordinate"
    /// A vertex has a coordinate beyond ±``WarpMesh/absurdCoordinate``.
    case absurdCoordinate = "absurd-coordinate"
    /// The coordinates look like pixels where normalized ones (0…1) are
    /// expected (a warning).
    case looksLikePixels = "looks-like-pixels"
    /// Rule 1 of the original MeshWarpEffect package: i0 → i1 → i2 → i3 must walk the outline; the original
    /// quad's edges cross (a bowtie).
    case perimeterOrder = "rule-1-perimeter-order"
    /// The original quad has no area.
    case zeroArea = "zero-area"
    /// Rule 4 of the original MeshWarpEffect package: the warped quad is concave, folded over itself or
    /// collapsed; the inverse mapping is ambiguous there (renders, with
    /// artifacts in that face).
    case convexWarpedQuad = "rule-4-convex"
    /// A grid's points read as folded faces row by row, but as a valid
    /// grid column by column: written column-major where rows are
    /// expected (a warning).
    case columnMajorGrid = "column-major-grid"
    /// Two of a point set's control points (or one and a pinned corner) at
    /// one place, closer than ``WarpPointSet/minimumSeparation``.
    case coincidentPoints = "coincident-points"
    /// A point set's control points on one line (or fewer than three): no
    /// spline passes through them.
    case collinearPoints = "collinear-points"
    /// A point set's spline folds: the picture is drawn over itself (a
    /// warning).
    case foldedSpline = "folded-spline"
    /// A point set with more pairs than ``ThinPlateSpline/maximumPoints``.
    case tooManyPoints = "too-many-points"
  }

  public var severity: Severity
  public var rule: Rule
  /// The face at fault, when the problem belongs to one.
  public var face: Int?
  /// The vertex indices involved (for a face: its four indices in order).
  public var vertices: [Int]
  /// A sentence for people.
  public var message: String

  public init(severity: Severity, rule: Rule, face: Int?, vertices: [Int], message: String) {
    self.severity = severity
    self.rule = rule
    self.face = face
    self.vertices = vertices
    self.message = message
  }

  /// `error [rule-1-perimeter-order] face 2 (vertices 0, 2, 1, 3): …`
  public var description: String {
    Self.line(
      severity: severity.rawValue, rule: rule.rawValue, face: face, vertices: vertices,
      message: message)
  }

  /// The one layout of a problem's line, `severity [rule] face F (vertices
  /// …): message` (`vertex …` without a face), for ``description`` and for
  /// reports whose rules are not a mesh's (a gradient's, a file's syntax).
  package static func line(
    severity: String, rule: String, face: Int?, vertices: [Int], message: String
  ) -> String {
    var place = ""
    if let face { place = " face \(face)" }
    if !vertices.isEmpty {
      let list = vertices.map(String.init).joined(separator: ", ")
      place += face == nil ? " vertex \(list)" : " (vertices \(list))"
    }
    return "\(severity) [\(rule)]\(place): \(message)"
  }
}
