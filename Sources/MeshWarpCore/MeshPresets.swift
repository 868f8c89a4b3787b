import Foundation

/// Ready-made warp meshes.
public enum MeshPresets {
  /// The original MeshWarpEffect README's card: one quad over the whole view with its
  /// bottom-right corner pulled to (0.8, 0.75).
  public static var originalCard: WarpMesh {
    var mesh = WarpMesh.identity(columns: 2, rows: 2)
    mesh[column: 1, row: 1] = CGPoint(x: 0.8, y: 0.75)
    return mesh
  }

  /// A smooth sinusoidal interior warp with the border pinned, as used by
  /// the peer benchmarks (OpenCV, Pillow;
  /// `Benchmarks/Peers/bench-vs-peers.sh`): with window
  /// w = sin(πx)·sin(πy), a point (x, y) moves by
  /// (0.040·w·sin(3πy + 0.4), 0.045·w·sin(2.5πx + 1.0)) times `amplitude`.
  ///
  /// - Parameters:
  ///   - columns: vertices per row (≥ 2); 17 gives 16 quads across.
  ///   - rows: rows of vertices (≥ 2); 17 gives 16 quads down.
  ///   - amplitude: 1 reproduces the peers' mesh; larger is wavier.
  public static func sinusoidal(columns: Int, rows: Int, amplitude: Double = 1) -> WarpMesh {
    var mesh = WarpMesh.identity(columns: columns, rows: rows)
    for r in 1..<(rows - 1) {
      for c in 1..<(columns - 1) {
        let p = Vector2(mesh[column: c, row: r])
        let w = sin(.pi * p.x) * sin(.pi * p.y)
        let d = Vector2(
          0.040 * w * sin(3.0 * .pi * p.y + 0.4), 0.045 * w * sin(2.5 * .pi * p.x + 1.0))
        mesh[column: c, row: r] = (p + d * amplitude).cgPoint
      }
    }
    return mesh
  }

  /// The original MeshWarpEffect package's demo: its 3×3 control grid with its centre and one edge point
  /// dragged, the picture that the original MeshWarpEffect README shows beside the identity.
  public static var originalDemoWarp: WarpMesh {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh[column: 1, row: 1] = CGPoint(x: 0.62, y: 0.40)
    mesh[column: 1, row: 0] = CGPoint(x: 0.45, y: 0.08)
    mesh[column: 2, row: 2] = CGPoint(x: 0.9, y: 0.92)
    return mesh
  }
}
