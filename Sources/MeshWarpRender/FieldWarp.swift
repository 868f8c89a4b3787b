import MeshWarpCore

extension WarpRenderer {
  /// Renders `source` through the exact map of `field` (made for the
  /// output's size; content points scale to the source's size).
  public static func render(
    _ source: RGBAImage, field: WarpField, options: WarpOptions = WarpOptions(),
    into output: inout RGBAImage
  ) {
    // The effect's mesh within 1/64 px, until the field is drawn directly.
    let mesh =
      (try? field.effect.mesh(width: field.width, height: field.height, tolerance: 1.0 / 64))
      ?? .identity(columns: 2, rows: 2)
    render(source, mesh: mesh, options: options, into: &output)
  }
}
