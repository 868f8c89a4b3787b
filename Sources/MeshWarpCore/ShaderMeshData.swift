/// Packs a ``WarpMesh`` into the flat `[Float]` that the Metal shader
/// `meshTransformTrisQuads` (Sources/MeshWarpEffect/Shaders/MeshWarp.metal)
/// reads, with a spatial index so a pixel's cost does not grow with the face
/// count.
///
/// Layout, version 1 (all offsets and counts in floats; every integer is
/// stored as a `Float` and is below 2^24, so it is exact):
///
///     header (16 floats)
///       [0]  magic 5068627 (0x4D5753, "MWS")
///       [1]  version = 1
///       [2]  header length = 16
///       [3]  F: number of packed faces
///       [4]  floats per face = 24
///       [5]  edge policy: 0 transparent, 1 unwarped, 2 origin, 3 color
///       [6]  grid columns C ≥ 1
///       [7]  grid rows R ≥ 1
///       [8]  grid origin x       [9]  grid origin y     (normalized UV)
///       [10] cell width          [11] cell height       (normalized UV)
///       [12] faces offset = 16
///       [13] cellStart offset = 16 + 24·F
///       [14] triangleIndices offset = cellStart offset + C·R + 1
///       [15] total length N = triangleIndices offset + triangle-index count
///     faces (F × 24 floats), face k at 16 + 24·k
///       [0..7]   warped ("to") corners a, b, c, d: ax ay bx by cx cy dx dy
///       [8..15]  original ("from") corners a, b, c, d
///       [16..17] e = b − a      [18..19] f = d − a
///       [20..21] g = a − b + c − d           (of the warped quad)
///       [22] g × f              [23] e × f   (see `QuadInverter`)
///     cellStart (C·R + 1 floats): cell i lists triangleIndices[cellStart[i] ..< cellStart[i+1]]
///     triangleIndices: triangle t is face t / 2; t even = (a, b, c), odd = (a, c, d)
///
/// Packed faces are the mesh's renderable faces (``WarpMesh/isRenderable(_:)``)
/// in mesh order, so "first face wins" carries over. The grid is the
/// `TriangleGrid` that ``MeshMapping`` builds over the warped quads; cells are
/// row-major from the top-left. Coordinates are normalized UV; the shader
/// scales them by the view size it is given. The derived terms e, f, g, g × f
/// and e × f are computed in `Double` and rounded once, which keeps exact
/// parallelograms exact (g = 0) in `Float`.
///
/// If the packed array would need 2^24 floats or more (integers would stop
/// being exact), the mesh is packed with no faces: everything is outside.
/// Documentation/ShaderDataLayout.md describes the layout with a worked example.
public enum ShaderMeshData {
  /// First float of every packed mesh: 0x4D5753 ("MWS").
  public static let magic: Float = 5_068_627
  /// The layout version this package writes and its shader reads.
  public static let version = 1
  /// Floats in the header.
  public static let headerCount = 16
  /// Floats per packed face.
  public static let floatsPerFace = 24
  /// Largest total length (exclusive): integers stay exact in `Float` below 2^24.
  public static let maximumCount = 1 << 24

  /// The header's fields, by position.
  public enum Field: Int, CaseIterable, Sendable {
    case magic = 0
    case version, headerCount, faceCount, floatsPerFace, edgePolicy
    case gridColumns, gridRows, gridOriginX, gridOriginY, cellWidth, cellHeight
    case facesOffset, cellStartOffset, triangleIndicesOffset, totalCount
  }

  /// The shader's number for an edge policy (header field 5). For
  /// ``EdgePolicy/color`` (3) the layer-effect function returns its
  /// `edgeColor` argument.
  public static func code(for policy: EdgePolicy) -> Int {
    switch policy {
    case .transparent: 0
    case .unwarped: 1
    case .origin: 2
    case .color: 3
    }
  }

  /// The shader's number for an address mode: the layer-effect function's
  /// `addressMode` argument (not part of the packed array).
  public static func code(for address: AddressMode) -> Int {
    switch address {
    case .clampToEdge: 0
    case .repeat: 1
    case .mirrorRepeat: 2
    case .clampToZero: 3
    }
  }

  /// Packs `mesh` for the shader.
  ///
  /// - Parameters:
  ///   - mesh: any mesh; faces with out-of-range indices or non-finite points
  ///     are left out (``WarpMesh/validate()`` reports them).
  ///   - edges: what the shader shows outside the warped mesh.
  /// - Returns: the array described above; its `count` is the `count` the
  ///   shader receives with it.
  /// - Complexity: O(faces + grid cells), as `TriangleGrid`.
  public static func pack(_ mesh: WarpMesh, edges: EdgePolicy = .transparent) -> [Float] {
    let faces = mesh.faces.indices.filter(mesh.isRenderable)
    let locator = QuadLocator(quads: faces.map { mesh.warpedQuad($0) }, ids: faces)
    let grid = locator.grid
    let cells = grid.columns * grid.rows
    let cellStartOffset = headerCount + floatsPerFace * faces.count
    let indicesOffset = cellStartOffset + cells + 1
    let total = indicesOffset + grid.triangleIndices.count
    guard total < maximumCount else {
      return packEmpty(edges: edges)
    }

    var data = [Float](repeating: 0, count: total)
    data[Field.magic.rawValue] = magic
    data[Field.version.rawValue] = Float(version)
    data[Field.headerCount.rawValue] = Float(headerCount)
    data[Field.faceCount.rawValue] = Float(faces.count)
    data[Field.floatsPerFace.rawValue] = Float(floatsPerFace)
    data[Field.edgePolicy.rawValue] = Float(code(for: edges))
    data[Field.gridColumns.rawValue] = Float(grid.columns)
    data[Field.gridRows.rawValue] = Float(grid.rows)
    data[Field.gridOriginX.rawValue] = Float(grid.origin.x)
    data[Field.gridOriginY.rawValue] = Float(grid.origin.y)
    data[Field.cellWidth.rawValue] = Float(grid.cellSize.x)
    data[Field.cellHeight.rawValue] = Float(grid.cellSize.y)
    data[Field.facesOffset.rawValue] = Float(headerCount)
    data[Field.cellStartOffset.rawValue] = Float(cellStartOffset)
    data[Field.triangleIndicesOffset.rawValue] = Float(indicesOffset)
    data[Field.totalCount.rawValue] = Float(total)

    for (k, faceIndex) in faces.enumerated() {
      let to = mesh.warpedQuad(faceIndex)
      let from = mesh.originalQuad(faceIndex)
      let inverter = QuadInverter(to)
      let values: [Double] = [
        to.a.x, to.a.y, to.b.x, to.b.y, to.c.x, to.c.y, to.d.x, to.d.y,
        from.a.x, from.a.y, from.b.x, from.b.y, from.c.x, from.c.y, from.d.x, from.d.y,
        inverter.e.x, inverter.e.y, inverter.f.x, inverter.f.y, inverter.g.x, inverter.g.y,
        inverter.k2, inverter.crossEF,
      ]
      let base = headerCount + floatsPerFace * k
      for (j, value) in values.enumerated() { data[base + j] = Float(value) }
    }
    for (i, start) in grid.cellStart.enumerated() { data[cellStartOffset + i] = Float(start) }
    for (i, t) in grid.triangleIndices.enumerated() { data[indicesOffset + i] = Float(t) }
    return data
  }

  /// A valid packed mesh with no faces: every point is outside.
  static func packEmpty(edges: EdgePolicy) -> [Float] {
    var data = [Float](repeating: 0, count: headerCount + 2)
    data[Field.magic.rawValue] = magic
    data[Field.version.rawValue] = Float(version)
    data[Field.headerCount.rawValue] = Float(headerCount)
    data[Field.floatsPerFace.rawValue] = Float(floatsPerFace)
    data[Field.edgePolicy.rawValue] = Float(code(for: edges))
    data[Field.gridColumns.rawValue] = 1
    data[Field.gridRows.rawValue] = 1
    data[Field.cellWidth.rawValue] = 1
    data[Field.cellHeight.rawValue] = 1
    data[Field.facesOffset.rawValue] = Float(headerCount)
    data[Field.cellStartOffset.rawValue] = Float(headerCount)
    data[Field.triangleIndicesOffset.rawValue] = Float(headerCount + 2)
    data[Field.totalCount.rawValue] = Float(headerCount + 2)
    return data
  }
}
