/// Apple's automatic edge handles for ``GradientMesh/Locations/points(_:)``:
/// the angle-bisector rule (Documentation/MeshGradient.md; reported from a
/// decompile of SwiftUI's renderer and cross-checked by KHMeshGradient).
///
/// For vertex V with neighbours A (previous) and B (next) along a row or a
/// column, a missing neighbour counting as V itself:
///
/// ```
/// d = normalize(unit(V − A) + unit(B − V))      (unit(0) = 0, normalize(0) = 0)
/// handle toward B = V + (|B − V| / 3) · d
/// handle toward A = V − (|V − A| / 3) · d
/// ```
///
/// The handle lies on the bisector of the turn at V, so consecutive edges meet
/// with one tangent (G1); its distance is a third of the edge's chord, so a
/// straight run of evenly spaced vertices gives straight, evenly parametrized
/// edges. A border vertex's border edge is straight. This is not Catmull-Rom:
/// the chord of each side sets that side's handle length.
package enum AutomaticHandles {
  /// The two handles of `vertex` along one row or column.
  ///
  /// - Parameters:
  ///   - previous: the neighbour before the vertex (left, or above), or nil.
  ///   - vertex: the vertex V.
  ///   - next: the neighbour after the vertex (right, or below), or nil.
  /// - Returns: the handle of the edge toward `previous` and the handle of the
  ///   edge toward `next` (each equals `vertex` when that neighbour is missing).
  package static func handles(previous: Vector2?, vertex: Vector2, next: Vector2?)
    -> (towardPrevious: Vector2, towardNext: Vector2)
  {
    let a = previous ?? vertex
    let b = next ?? vertex
    let incoming = vertex - a
    let outgoing = b - vertex
    let direction = unitOrZero(unitOrZero(incoming) + unitOrZero(outgoing))
    let towardNext = vertex + (length(outgoing) / 3) * direction
    let towardPrevious = vertex - (length(incoming) / 3) * direction
    return (towardPrevious, towardNext)
  }

  /// Every vertex of a `width × height` grid with its automatic handles.
  ///
  /// - Precondition: `points.count == width · height`.
  /// - Complexity: O(width · height).
  package static func bezierPoints(width: Int, height: Int, points: [Vector2])
    -> [GradientMesh.BezierPoint]
  {
    precondition(
      points.count == width * height,
      "\(plural(points.count, "point")) for a \(width)×\(height) mesh (expected \(width * height))")
    var result: [GradientMesh.BezierPoint] = []
    result.reserveCapacity(points.count)
    for row in 0..<height {
      for column in 0..<width {
        let v = points[row * width + column]
        let horizontal = handles(
          previous: column > 0 ? points[row * width + column - 1] : nil, vertex: v,
          next: column + 1 < width ? points[row * width + column + 1] : nil)
        let vertical = handles(
          previous: row > 0 ? points[(row - 1) * width + column] : nil, vertex: v,
          next: row + 1 < height ? points[(row + 1) * width + column] : nil)
        result.append(
          GradientMesh.BezierPoint(
            position: v, leadingControlPoint: horizontal.towardPrevious,
            topControlPoint: vertical.towardPrevious,
            trailingControlPoint: horizontal.towardNext,
            bottomControlPoint: vertical.towardNext))
      }
    }
    return result
  }

  /// Euclidean length.
  @inlinable static func length(_ v: Vector2) -> Double { (v * v).sum().squareRoot() }

  /// `v / |v|`, or zero when `v` is zero.
  @inlinable static func unitOrZero(_ v: Vector2) -> Vector2 {
    let l = length(v)
    return l > 0 ? v / l : .zero
  }
}
