/// One cell of a ``GradientMesh`` as two bicubic nets: where it lies and what
/// colour it has.
///
/// `colors` is in the mesh's *working space*: premultiplied sRGB-encoded RGBA
/// for ``GradientColorSpace/device``; premultiplied Oklab (L·α, a·α, b·α, α)
/// for ``GradientColorSpace/perceptual``. Convert with
/// ``GradientMesh/outputColor(workingSpace:colorSpace:)``.
package struct GradientPatch: Hashable, Sendable {
  /// The cell's column (0 ..< width − 1).
  package var column: Int
  /// The cell's row (0 ..< height − 1).
  package var row: Int
  /// Positions, unit space: row 0 is the cell's top edge (v = 0), column 0
  /// its left edge (u = 0).
  package var geometry: BicubicNet<Vector2>
  /// Colours in the working space, same layout.
  package var colors: BicubicNet<SIMD4<Double>>

  /// A patch from its two nets (see the type's description for their spaces).
  package init(
    column: Int, row: Int, geometry: BicubicNet<Vector2>, colors: BicubicNet<SIMD4<Double>>
  ) {
    self.column = column
    self.row = row
    self.geometry = geometry
    self.colors = colors
  }
}
