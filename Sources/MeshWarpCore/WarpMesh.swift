import Foundation

/// A warp mesh: vertices that each move content from one place to another,
/// and quad faces that say which regions deform together.
///
/// Start from ``identity(columns:rows:)`` and move the warped (`to`) points,
/// or build any collection of quads; faces need not form a grid or touch.
public struct WarpMesh: Hashable, Sendable {
  /// The vertices; faces index into this array.
  public var pointPairs: [MeshPointPair]
  /// The quads, in priority order: where warped faces overlap, the first wins.
  public var faces: [MeshFace]
  /// Grid dimensions (vertices per row, rows) when the mesh is a regular
  /// row-major grid, as built by ``identity(columns:rows:)``; otherwise `nil`.
  public var grid: GridShape?
  /// Whether the mesh asks to be rendered as the smooth Catmull-Rom surface
  /// through its grid (JSON `"smooth": true`, as `meshwarp warp --smooth`
  /// renders any grid): `WarpRenderer` then smooths it as with
  /// `WarpOptions.smooth`. Default `false`.
  public var smooth = false

  /// The dimensions of a row-major vertex grid.
  public struct GridShape: Hashable, Sendable {
    /// Vertices per row (≥ 2).
    public var columns: Int
    /// Rows of vertices (≥ 2).
    public var rows: Int
    public init(columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
    }
  }

  /// Creates a mesh from vertices and faces, as the original MeshWarpEffect package's modifier takes them.
  public init(pointPairs: [MeshPointPair], faces: [MeshFace], grid: GridShape? = nil) {
    self.pointPairs = pointPairs
    self.faces = faces
    self.grid = grid
  }

  /// The identity grid: `columns × rows` vertices evenly spaced over the unit
  /// square, row-major, `from == to`; faces cell by cell, row by row, each in
  /// the original MeshWarpEffect package's order (top-left, top-right, bottom-right, bottom-left).
  ///
  /// - Precondition: `columns ≥ 2` and `rows ≥ 2`.
  public static func identity(columns: Int, rows: Int) -> WarpMesh {
    precondition(columns >= 2 && rows >= 2, "an identity grid needs at least 2×2 vertices")
    var pairs: [MeshPointPair] = []
    pairs.reserveCapacity(columns * rows)
    for r in 0..<rows {
      for c in 0..<columns {
        let p = CGPoint(x: Double(c) / Double(columns - 1), y: Double(r) / Double(rows - 1))
        pairs.append(MeshPointPair(identity: p))
      }
    }
    return gridMesh(pairs: pairs, columns: columns, rows: rows)
  }

  /// The face of grid cell (column, row) in a row-major grid of `columns`
  /// vertices a row: top-left, top-right, bottom-right, bottom-left.
  package static func gridFace(column: Int, row: Int, columns: Int) -> MeshFace {
    let tl = row * columns + column
    return MeshFace(i0: tl, i1: tl + 1, i2: tl + columns + 1, i3: tl + columns)
  }

  /// The grid's shape when the mesh is exactly a grid: at least 2 × 2
  /// points, `columns · rows` of them, and its faces the grid's cells in
  /// order (``gridFace(column:row:columns:)``, as ``identity(columns:rows:)``
  /// builds them); else `nil`.
  package var gridOfCells: GridShape? {
    guard let grid, grid.columns >= 2, grid.rows >= 2 else { return nil }
    let (columns, rows) = (grid.columns, grid.rows)
    guard pointPairs.count == columns * rows, faces.count == (columns - 1) * (rows - 1)
    else { return nil }
    var k = 0
    for r in 0..<(rows - 1) {
      for c in 0..<(columns - 1) {
        guard faces[k] == Self.gridFace(column: c, row: r, columns: columns) else { return nil }
        k += 1
      }
    }
    return grid
  }

  /// This mesh with ``grid`` set when it has none but its faces are a
  /// row-major grid's cells in order (as ``identity(columns:rows:)`` and
  /// `meshwarp mesh grid` write them): a grid saved without `"columns"`
  /// and `"rows"` is still a grid. Unchanged otherwise.
  ///
  /// The first face gives the width: a grid's cell (0, 0) is
  /// (0, 1, columns + 1, columns).
  public var withGridInferred: WarpMesh {
    guard grid == nil, let first = faces.first, first.i0 == 0, first.i1 == 1,
      first.i3 >= 2, first.i2 == first.i3 + 1, pointPairs.count % first.i3 == 0
    else { return self }
    var mesh = self
    mesh.grid = GridShape(columns: first.i3, rows: pointPairs.count / first.i3)
    return mesh.gridOfCells == nil ? self : mesh
  }

  /// A grid mesh over `pairs` (row-major, `columns × rows`), faces cell by
  /// cell as ``identity(columns:rows:)`` builds them.
  static func gridMesh(pairs: [MeshPointPair], columns: Int, rows: Int) -> WarpMesh {
    var faces: [MeshFace] = []
    faces.reserveCapacity((columns - 1) * (rows - 1))
    for r in 0..<(rows - 1) {
      for c in 0..<(columns - 1) { faces.append(gridFace(column: c, row: r, columns: columns)) }
    }
    return WarpMesh(
      pointPairs: pairs, faces: faces, grid: GridShape(columns: columns, rows: rows))
  }

  /// The index of the vertex at grid position (column, row).
  ///
  /// - Precondition: the mesh is a grid and the position is inside it.
  public func index(column: Int, row: Int) -> Int {
    guard let grid else { preconditionFailure("the mesh is not a grid") }
    precondition(
      (0..<grid.columns).contains(column) && (0..<grid.rows).contains(row),
      "grid position (\(column), \(row)) is outside \(grid.columns)×\(grid.rows)")
    return row * grid.columns + column
  }

  /// The warped (`to`) point at grid position (column, row).
  public subscript(column column: Int, row row: Int) -> CGPoint {
    get { pointPairs[index(column: column, row: row)].to }
    set { pointPairs[index(column: column, row: row)].to = newValue }
  }

  /// Whether every vertex stays where it is.
  public var isIdentity: Bool { pointPairs.allSatisfy { $0.from == $0.to } }

  /// The warped quad of face `faceIndex`, scaled by `scale` (e.g. the output
  /// size in pixels). Indices must be valid.
  package func warpedQuad(_ faceIndex: Int, scale: Vector2 = Vector2(1, 1)) -> Quad {
    let f = faces[faceIndex]
    return Quad(
      Vector2(pointPairs[f.i0].to), Vector2(pointPairs[f.i1].to), Vector2(pointPairs[f.i2].to),
      Vector2(pointPairs[f.i3].to)
    ).scaled(by: scale)
  }

  /// The original (`from`) quad of face `faceIndex`, scaled by `scale`.
  /// (Each side spelled out: a key path to the side, read through the
  /// runtime at every call, took a fifth of a 128 × 128 mesh's frame.)
  package func originalQuad(_ faceIndex: Int, scale: Vector2 = Vector2(1, 1)) -> Quad {
    let f = faces[faceIndex]
    return Quad(
      Vector2(pointPairs[f.i0].from), Vector2(pointPairs[f.i1].from),
      Vector2(pointPairs[f.i2].from), Vector2(pointPairs[f.i3].from)
    ).scaled(by: scale)
  }

  /// Whether face `faceIndex` has four in-range indices and finite points.
  public func isRenderable(_ faceIndex: Int) -> Bool {
    let n = pointPairs.count
    // (The four indices read one by one: `MeshFace.indices` allocates.)
    @inline(__always) func usable(_ i: Int) -> Bool {
      i >= 0 && i < n && pointPairs[i].from.x.isFinite && pointPairs[i].from.y.isFinite
        && pointPairs[i].to.x.isFinite && pointPairs[i].to.y.isFinite
    }
    let f = faces[faceIndex]
    return usable(f.i0) && usable(f.i1) && usable(f.i2) && usable(f.i3)
  }
}
