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

extension WarpRenderer {
  /// Renders a deep `source` warped through `geometry`, as
  /// ``render(_:geometry:options:)`` does an 8-bit one: every mode and
  /// filter, values kept at 16 bits.
  public static func render(
    _ source: RGBA16Image, geometry: WarpGeometry, options: WarpOptions = WarpOptions()
  ) -> RGBA16Image {
    // TEMPORARY: through the 8-bit renderer until the deep samplers land.
    RGBA16Image(render(source.rounded8(), geometry: geometry, options: options))
  }

  /// Renders `source` at its own depth: an 8-bit picture on the 8-bit
  /// path, a deep one deep.
  public static func render(
    _ source: PixelImage, geometry: WarpGeometry, options: WarpOptions = WarpOptions()
  ) -> PixelImage {
    switch source {
    case .rgba8(let image): .rgba8(render(image, geometry: geometry, options: options))
    case .rgba16(let image): .rgba16(render(image, geometry: geometry, options: options))
    }
  }
}
