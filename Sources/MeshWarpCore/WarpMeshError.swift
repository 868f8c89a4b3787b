/// Why a mesh could not be built from a description (a smooth surface, a
/// point set).
public enum WarpMeshError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Smoothing needs a row-major grid (``WarpMesh/grid`` set and matching
  /// the point count).
  case notAGrid
  /// A point or size is NaN, infinite or absurdly large; `vertex` names the
  /// point pair when there is one.
  case invalidCoordinate(vertex: Int?, detail: String)
  /// A tolerance or size that is not a positive finite number.
  case invalidParameter(String)
  /// The finer mesh would have more than `limit` faces (`needed`).
  case tooManyFaces(needed: Int, limit: Int)
  /// A point set with more than `limit` points (`count`).
  case tooManyPoints(count: Int, limit: Int)
  /// Fewer than three points that are not on one line.
  case collinearPoints(count: Int)
  /// Two point pairs warp to the same position (indices into the pairs).
  case duplicatePoint(first: Int, second: Int)
  /// The spline's linear system is singular (points too close together).
  case singularSystem

  public var description: String {
    switch self {
    case .notAGrid:
      "a smooth warp needs a grid mesh (\"columns\" × \"rows\" points, row-major, with the grid's cells as faces); this mesh's faces are not a grid's cells"
    case .invalidCoordinate(let vertex, let detail):
      (vertex.map { "point pair \($0): " } ?? "") + detail
    case .invalidParameter(let detail): detail
    case .tooManyFaces(let needed, let limit):
      "the finer mesh would need \(needed) faces, more than the limit of \(limit); use a smaller output or a larger tolerance"
    case .tooManyPoints(let count, let limit):
      "\(count) points is more than the thin-plate spline's limit of \(limit)"
    case .collinearPoints(let count):
      "a thin-plate spline needs at least three points not on one line (with the pinned corners); got \(plural(count, "point")) on one line or fewer"
    case .duplicatePoint(let first, let second):
      "point pairs \(first) and \(second) warp to the same position"
    case .singularSystem:
      "the thin-plate spline's system is singular: some points are too close together"
    }
  }
}
