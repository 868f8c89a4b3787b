import MeshWarpCore

/// One of a gradient vertex's four bezier handles (``GradientMesh/BezierPoint``).
package enum GradientHandle: String, CaseIterable, Hashable, Sendable {
  case leading, top, trailing, bottom

  /// The handle's field in a ``GradientMesh/BezierPoint``.
  var keyPath: WritableKeyPath<GradientMesh.BezierPoint, Vector2> {
    switch self {
    case .leading: \.leadingControlPoint
    case .top: \.topControlPoint
    case .trailing: \.trailingControlPoint
    case .bottom: \.bottomControlPoint
    }
  }

  /// Whether vertex (`column`, `row`) of a `width × height` grid has an
  /// edge in this handle's direction (a handle without an edge shapes
  /// nothing and is neither drawn nor picked).
  func exists(column: Int, row: Int, width: Int, height: Int) -> Bool {
    switch self {
    case .leading: column > 0
    case .top: row > 0
    case .trailing: column + 1 < width
    case .bottom: row + 1 < height
    }
  }
}
