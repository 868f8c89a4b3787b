import MeshWarpCore

extension WarpRenderer {
  /// Renders `source` warped through `geometry`: a mesh as
  /// `render(_:mesh:options:)`, an effect through its `WarpField` at
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
    renderGeometry(source, geometry: geometry, options: options, into: &output)
  }

  /// ``render(_:geometry:options:into:)`` at either depth.
  static func renderGeometry<Image: RenderImage>(
    _ source: Image, geometry: WarpGeometry, options: WarpOptions, into output: inout Image
  ) {
    switch geometry {
    case .mesh(let mesh):
      renderMesh(source, mesh: mesh, options: options, into: &output)
    case .effect(let effect):
      let width = options.width ?? source.width
      let height = options.height ?? source.height
      guard let field = try? WarpField(effect, width: width, height: height) else {
        renderMesh(source, mesh: .identity(columns: 2, rows: 2), options: options, into: &output)
        return
      }
      renderField(source, field: field, options: options, into: &output)
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
    var output = RGBA16Image(width: 0, height: 0)
    renderGeometry(source, geometry: geometry, options: options, into: &output)
    return output
  }

  /// Renders a deep `source` warped through `geometry` into `output`,
  /// reusing its storage when it already has the output size.
  public static func render(
    _ source: RGBA16Image, geometry: WarpGeometry, options: WarpOptions = WarpOptions(),
    into output: inout RGBA16Image
  ) {
    renderGeometry(source, geometry: geometry, options: options, into: &output)
  }

  /// Renders a deep `source` warped through `mesh`, as
  /// `render(_:mesh:options:)` does an 8-bit one.
  public static func render(
    _ source: RGBA16Image, mesh: WarpMesh, options: WarpOptions = WarpOptions()
  ) -> RGBA16Image {
    var output = RGBA16Image(width: 0, height: 0)
    renderMesh(source, mesh: mesh, options: options, into: &output)
    return output
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
