import Foundation
import MeshWarpCore

/// Random meshes for property tests.
public enum RandomMeshes {
  /// An identity grid whose vertices are each moved by up to `jitter` of a
  /// cell (border vertices along the border only unless `moveBorder`), then
  /// the whole warped mesh scaled about the centre by `scale`. With
  /// `jitter < 0.25` every warped quad stays convex.
  public static func jitteredGrid(
    columns: Int, rows: Int, jitter: Double, scale: Double = 1, moveBorder: Bool = false,
    rng: inout SeededRandom
  ) -> WarpMesh {
    var mesh = WarpMesh.identity(columns: columns, rows: rows)
    let cell = Vector2(1 / Double(columns - 1), 1 / Double(rows - 1))
    for r in 0..<rows {
      for c in 0..<columns {
        var p = Vector2(mesh[column: c, row: r])
        let onX = c == 0 || c == columns - 1
        let onY = r == 0 || r == rows - 1
        let dx = rng.double(in: -jitter...jitter) * cell.x
        let dy = rng.double(in: -jitter...jitter) * cell.y
        if moveBorder || !onX { p.x += dx }
        if moveBorder || !onY { p.y += dy }
        p = (p - Vector2(0.5, 0.5)) * scale + Vector2(0.5, 0.5)
        mesh[column: c, row: r] = p.cgPoint
      }
    }
    return mesh
  }
}
