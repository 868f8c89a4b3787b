import MeshWarpCore

/// A mesh gradient at another vertex count with the same look: each new
/// vertex (c′, r′) of a W′ × H′ grid takes the old surface's position and
/// colour at the same fraction of the grid, s = c′·(W − 1)/(W′ − 1) columns
/// (t likewise in rows), inside old patch ⌊s⌋ at u = s − ⌊s⌋. The result
/// uses automatic handles (``GradientMesh/Locations/points(_:)``), so the
/// shape is kept exactly at the old vertices (when the new grid contains
/// them) and closely between them.
package enum GradientResampler {
  /// `gradient` resampled to `width × height` vertices (each ≥ 2).
  ///
  /// - Precondition: `gradient` is valid (``GradientMesh/validate()``).
  /// - Complexity: O(width · height + patches).
  package static func resample(_ gradient: GradientMesh, width: Int, height: Int) -> GradientMesh {
    precondition(width >= 2 && height >= 2, "a gradient needs at least 2×2 vertices")
    let patches = gradient.patches()
    let oldColumns = gradient.width - 1
    let oldRows = gradient.height - 1
    var points: [Vector2] = []
    var colors: [GradientColor] = []
    for r in 0..<height {
      let t = Double(r) * Double(oldRows) / Double(height - 1)
      let row = min(Int(t), oldRows - 1)
      for c in 0..<width {
        let s = Double(c) * Double(oldColumns) / Double(width - 1)
        let column = min(Int(s), oldColumns - 1)
        let patch = patches[row * oldColumns + column]
        let (u, v) = (s - Double(column), t - Double(row))
        points.append(patch.geometry.value(u: u, v: v))
        var color = gradient.color(of: patch, u: u, v: v)
        color.red = min(max(color.red, 0), 1)
        color.green = min(max(color.green, 0), 1)
        color.blue = min(max(color.blue, 0), 1)
        color.alpha = min(max(color.alpha, 0), 1)
        colors.append(color)
      }
    }
    return GradientMesh(
      width: width, height: height, points: points, colors: colors,
      background: gradient.background, smoothsColors: gradient.smoothsColors,
      colorSpace: gradient.colorSpace)
  }
}
