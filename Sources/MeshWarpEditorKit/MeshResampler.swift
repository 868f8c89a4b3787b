import MeshWarpCore

/// Changes a warp's control-grid density while keeping the warp.
package enum MeshResampler {
  /// An N×M grid that shows the same warp as `mesh`, as far as a grid of
  /// that density can.
  ///
  /// Each new vertex starts at its identity position p (its `from`), and its
  /// `to` becomes where `mesh` shows the content point p
  /// (``MeshMapping/destinationPoint(forSource:)-(Vector2)``), or p itself
  /// where no face of `mesh` covers p (identity fallback).
  ///
  /// Exactness: within one old face, a bilinear patch restricted to a
  /// parameter sub-rectangle is again bilinear, so when the new grid lines
  /// include every old grid line (3×3 → 5×5 → 9×9) the warp is reproduced
  /// exactly; otherwise new faces that straddle old grid lines flatten the
  /// bend at those lines.
  ///
  /// - Parameters:
  ///   - mesh: the current warp; its `from` points should cover the unit
  ///     square (as an identity grid's do).
  ///   - columns, rows: the new grid's vertices per row and rows (≥ 2).
  /// - Complexity: O(old faces + new vertices).
  package static func resample(_ mesh: WarpMesh, columns: Int, rows: Int) -> WarpMesh {
    var result = WarpMesh.identity(columns: columns, rows: rows)
    let mapping = MeshMapping(mesh: mesh)
    for i in result.pointPairs.indices {
      let p = Vector2(result.pointPairs[i].from)
      if let q = mapping.destinationPoint(forSource: p) {
        result.pointPairs[i].to = q.cgPoint
      }
    }
    return result
  }
}
