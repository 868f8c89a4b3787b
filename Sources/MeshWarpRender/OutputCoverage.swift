import MeshWarpCore

/// Whether a mesh's faces cover every pixel centre of the output, so that
/// the renderer may skip the edge policy's fill (a frame's worth of
/// memory writes, 8 MB at 1080p) before drawing them.
///
/// Sufficient condition checked: a grid mesh whose faces are exactly the
/// grid's cells (`WarpMesh.gridOfCells`), every face renderable, and whose
/// outer points run along the unit square's border in order (top and
/// bottom rows at y = 0 and 1 with x rising from 0 to 1, left and right
/// columns at x = 0 and 1 with y rising from 0 to 1), as meshes with a
/// pinned border are. Then the faces' triangles, with their shared edges
/// cancelling, have the square's border as their boundary, so every point
/// inside has winding number ±1 and lies in some triangle, folds or not.
/// The top-left rule (``TriangleRasterizer``) decides a centre on an edge
/// as a point moved infinitesimally right and down would be, so it too
/// falls in some triangle; snapping to 1/256 px and the ±2²⁰ clamp move
/// shared vertices alike and keep the border on the border.
/// `OutputCoverageTests` fills a frame with a sentinel and checks that
/// random pinned meshes, folded ones included, overwrite every pixel.
package enum OutputCoverage {
  package static func isComplete(_ mesh: WarpMesh) -> Bool {
    guard let grid = mesh.gridOfCells else { return false }
    let (columns, rows) = (grid.columns, grid.rows)
    // Every face drawn (the renderer skips one that is not renderable,
    // leaving a hole).
    guard mesh.faces.indices.allSatisfy(mesh.isRenderable) else { return false }
    return bordersOutput(mesh.pointPairs, columns: columns, rows: rows)
  }

  /// Whether a grid's outer `to` points (row-major, `columns × rows`) run
  /// along the output's border: the top row at y = 0, the bottom row at
  /// y = 1, the left column at x = 0 and the right one at x = 1, each
  /// rising strictly from 0 to 1 along its side.
  static func bordersOutput(_ pairs: [MeshPointPair], columns: Int, rows: Int) -> Bool {
    func to(_ c: Int, _ r: Int) -> Vector2 { Vector2(pairs[r * columns + c].to) }
    /// One side: coordinate `fixed` (0: x, 1: y) at `value`, the other
    /// rising strictly from 0 to 1.
    func side(_ points: [Vector2], fixed: Int, at value: Double) -> Bool {
      let moving = 1 - fixed
      guard points.allSatisfy({ $0[fixed] == value }), points.first?[moving] == 0,
        points.last?[moving] == 1
      else { return false }
      return zip(points, points.dropFirst()).allSatisfy { $0[moving] < $1[moving] }
    }
    return side((0..<columns).map { to($0, 0) }, fixed: 1, at: 0)
      && side((0..<columns).map { to($0, rows - 1) }, fixed: 1, at: 1)
      && side((0..<rows).map { to(0, $0) }, fixed: 0, at: 0)
      && side((0..<rows).map { to(columns - 1, $0) }, fixed: 0, at: 1)
  }
}
