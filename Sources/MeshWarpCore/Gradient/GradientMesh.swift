/// A mesh gradient: a grid of `width × height` coloured vertices whose cells
/// are smooth bicubic patches, with SwiftUI `MeshGradient`'s semantics on
/// every platform.
///
/// Named so that it does not clash with SwiftUI's `MeshGradient`. Its
/// properties mirror `MeshGradient.init(width:height:locations:colors:background:smoothsColors:colorSpace:)`:
///
/// - Vertices are row-major: vertex (column c, row r) is index `r·width + c`.
/// - Positions are normalized unit points: (0,0) top-left, (1,1)
///   bottom-right, y down. A renderer maps them onto its canvas.
/// - ``Locations/points(_:)`` gets automatic edge handles (Apple's
///   angle-bisector rule, `AutomaticHandles`);
///   ``Locations/bezierPoints(_:)`` gives every handle explicitly.
/// - Cell (column c, row r) is patch `r·(width−1) + c`; later patches draw
///   over earlier ones where the mesh folds.
///
/// The patch math is in `patches()`; the rules are in
/// `Documentation/MeshGradient.md`.
public struct GradientMesh: Hashable, Sendable {
  /// Where the vertices are, and how their edge handles are found.
  public enum Locations: Hashable, Sendable {
    /// Vertex positions; the handles follow from the neighbours
    /// (`AutomaticHandles`).
    case points([Vector2])
    /// Vertex positions with explicit handles.
    case bezierPoints([BezierPoint])
  }

  /// A vertex with explicit cubic handles, all absolute unit-space positions,
  /// after SwiftUI's `MeshGradient.BezierPoint`.
  ///
  /// Along a row the edge to the previous vertex (left) leaves through
  /// `leadingControlPoint`, the edge to the next (right) through
  /// `trailingControlPoint`; along a column the edge to the row above leaves
  /// through `topControlPoint`, the edge to the row below through
  /// `bottomControlPoint`.
  public struct BezierPoint: Hashable, Sendable {
    /// The vertex.
    public var position: Vector2
    /// Handle of the edge toward the previous vertex of the row.
    public var leadingControlPoint: Vector2
    /// Handle of the edge toward the vertex above (previous row).
    public var topControlPoint: Vector2
    /// Handle of the edge toward the next vertex of the row.
    public var trailingControlPoint: Vector2
    /// Handle of the edge toward the vertex below (next row).
    public var bottomControlPoint: Vector2

    /// A vertex with four explicit handles (absolute unit-space positions),
    /// as `MeshGradient.BezierPoint(position:leadingControlPoint:topControlPoint:trailingControlPoint:bottomControlPoint:)`.
    public init(
      position: Vector2, leadingControlPoint: Vector2, topControlPoint: Vector2,
      trailingControlPoint: Vector2, bottomControlPoint: Vector2
    ) {
      self.position = position
      self.leadingControlPoint = leadingControlPoint
      self.topControlPoint = topControlPoint
      self.trailingControlPoint = trailingControlPoint
      self.bottomControlPoint = bottomControlPoint
    }

    /// A vertex whose four handles sit on the vertex (straight-looking edges
    /// that leave with zero speed).
    public init(position: Vector2) {
      self.init(
        position: position, leadingControlPoint: position, topControlPoint: position,
        trailingControlPoint: position, bottomControlPoint: position)
    }
  }

  /// Vertices per row, ≥ 2.
  public var width: Int
  /// Vertices per column, ≥ 2.
  public var height: Int
  /// The `width · height` vertex positions (and handles), row-major.
  public var locations: Locations
  /// The `width · height` vertex colours, row-major.
  public var colors: [GradientColor]
  /// The colour of every pixel that no patch covers; SwiftUI's default is
  /// `.clear`.
  public var background: GradientColor
  /// `true` (SwiftUI's default): bicubic colours with Fritsch–Carlson limited
  /// tangents; `false`: bilinear colours within each patch.
  public var smoothsColors: Bool
  /// Where colours are interpolated; SwiftUI's default is `.device`.
  public var colorSpace: GradientColorSpace

  /// A mesh gradient; the defaults are SwiftUI's.
  ///
  /// Nothing is checked here; call ``validate()`` (decoding does).
  public init(
    width: Int, height: Int, locations: Locations, colors: [GradientColor],
    background: GradientColor = .clear, smoothsColors: Bool = true,
    colorSpace: GradientColorSpace = .device
  ) {
    self.width = width
    self.height = height
    self.locations = locations
    self.colors = colors
    self.background = background
    self.smoothsColors = smoothsColors
    self.colorSpace = colorSpace
  }

  /// A mesh gradient from positions with automatic handles.
  public init(
    width: Int, height: Int, points: [Vector2], colors: [GradientColor],
    background: GradientColor = .clear, smoothsColors: Bool = true,
    colorSpace: GradientColorSpace = .device
  ) {
    self.init(
      width: width, height: height, locations: .points(points), colors: colors,
      background: background, smoothsColors: smoothsColors, colorSpace: colorSpace)
  }

  /// A mesh gradient from vertices with explicit handles.
  public init(
    width: Int, height: Int, bezierPoints: [BezierPoint], colors: [GradientColor],
    background: GradientColor = .clear, smoothsColors: Bool = true,
    colorSpace: GradientColorSpace = .device
  ) {
    self.init(
      width: width, height: height, locations: .bezierPoints(bezierPoints), colors: colors,
      background: background, smoothsColors: smoothsColors, colorSpace: colorSpace)
  }

  /// The vertex index of (column, row): `row · width + column`.
  @inlinable public func index(column: Int, row: Int) -> Int { row * width + column }

  /// The vertex positions, row-major, whichever kind of locations holds them.
  public var positions: [Vector2] {
    switch locations {
    case .points(let points): points
    case .bezierPoints(let bezierPoints): bezierPoints.map(\.position)
    }
  }

  /// Every vertex with its handles: the explicit ones, or for
  /// ``Locations/points(_:)`` the automatic ones (`AutomaticHandles`).
  ///
  /// - Precondition: the location count is `width · height` (see ``validate()``).
  public var resolvedBezierPoints: [BezierPoint] {
    switch locations {
    case .points(let points):
      AutomaticHandles.bezierPoints(width: width, height: height, points: points)
    case .bezierPoints(let bezierPoints): bezierPoints
    }
  }

  /// The number of patches, `(width − 1) · (height − 1)`.
  public var patchCount: Int { max(0, width - 1) * max(0, height - 1) }
}
