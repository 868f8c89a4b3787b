import MeshWarpCore

extension WarpRenderer {
  /// Renders `source` warped through `geometry`: a mesh as
  /// ``render(_:mesh:options:)``, an effect through its `WarpField` at
  /// the output's size (``render(_:field:options:into:)``).
  public static func render(
    _ source: RGBAImage, geometry: WarpGeometry, options: WarpOptions = WarpOptions()
  ) -> RGBAImage {
    var output = RGBAImage(width: 0, height: 0)
    render(source, geometry: geometry, options: options, into: &output)
    return output
  }

  /// Renders `source` warped through `geometry` into `output`, reusing its
  /// storage as ``render(_:mesh:options:into:)`` does. An effect whose
  /// parameters do not hold at the output's size (they fold the picture)
  /// draws the source unwarped: check them first with
  /// `MeshEffect/validate(width:height:)`.
  public static func render(
    _ source: RGBAImage, geometry: WarpGeometry, options: WarpOptions = WarpOptions(),
    into output: inout RGBAImage
  ) {
    switch geometry {
    case .mesh(let mesh):
      render(source, mesh: mesh, options: options, into: &output)
    case .effect(let effect):
      let width = options.width ?? source.width
      let height = options.height ?? source.height
      guard let field = try? WarpField(effect, width: width, height: height) else {
        render(
          source, mesh: .identity(columns: 2, rows: 2), options: options, into: &output)
        return
      }
      render(source, field: field, options: options, into: &output)
    }
  }
}
