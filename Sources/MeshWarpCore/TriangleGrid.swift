/// A uniform grid over a set of triangles for O(1) average point lookup.
///
/// The grid covers the triangles' bounds with about two cells per triangle
/// (capped); each cell lists, in ascending order, every triangle whose
/// bounding box overlaps it (compressed sparse rows: `cellStart[c]..<cellStart[c+1]`
/// index `triangleIndices`). A lookup visits one cell and tests its few
/// triangles in order, so the lowest-numbered triangle containing the point
/// wins — first face wins, as in the original MeshWarpEffect package's shader.
///
/// Cost: build O(triangles + cells); lookup O(triangles per cell), which is
/// O(1) on average for meshes whose triangles are of similar size.
package struct TriangleGrid: Sendable {
  /// Top-left corner of the grid.
  package let origin: Vector2
  /// Size of one cell.
  package let cellSize: Vector2
  package let columns: Int
  package let rows: Int
  /// Offsets into `triangleIndices`, `columns·rows + 1` entries.
  package let cellStart: [Int32]
  /// Triangle indices, ascending within each cell.
  package let triangleIndices: [Int32]

  /// Most cells a grid may have (derived: 4 MiB of `cellStart`).
  package static let maximumCells = 1 << 20

  /// Builds the grid. Triangles with a non-finite corner are left out.
  package init(triangles: [(Vector2, Vector2, Vector2)]) {
    var lo = Vector2(repeating: .infinity)
    var hi = Vector2(repeating: -.infinity)
    var usable = [Bool](repeating: false, count: triangles.count)
    for (i, t) in triangles.enumerated() {
      guard t.0.x.isFinite, t.0.y.isFinite, t.1.x.isFinite, t.1.y.isFinite, t.2.x.isFinite,
        t.2.y.isFinite
      else { continue }
      usable[i] = true
      lo = pointwiseMin(lo, pointwiseMin(t.0, pointwiseMin(t.1, t.2)))
      hi = pointwiseMax(hi, pointwiseMax(t.0, pointwiseMax(t.1, t.2)))
    }
    guard lo.x <= hi.x, lo.y <= hi.y else {
      origin = .zero
      cellSize = Vector2(1, 1)
      columns = 1
      rows = 1
      cellStart = [0, 0]
      triangleIndices = []
      return
    }
    let extent = pointwiseMax(hi - lo, Vector2(repeating: 1e-12))
    let target = Double(min(Self.maximumCells, max(1, 2 * triangles.count)))
    let aspect = extent.x / extent.y
    // Clamped as a Double: an aspect of 0 or ∞ (extents beyond ±Double.max
    // overflow to ∞) must not reach Int(_:), and NaN (∞/∞) takes 1.
    let wanted = (target * aspect).squareRoot().rounded(.up)
    let cols = wanted >= 1 ? Int(min(wanted, Double(Self.maximumCells))) : 1
    var rws = Int((target / Double(cols)).rounded(.up))
    rws = min(max(rws, 1), max(1, Self.maximumCells / cols))
    origin = lo
    cellSize = Vector2(extent.x / Double(cols), extent.y / Double(rws))
    columns = cols
    rows = rws

    var counts = [Int32](repeating: 0, count: cols * rws + 1)
    var ranges: [(Int, Int, Int, Int)] = []
    ranges.reserveCapacity(triangles.count)
    for (i, t) in triangles.enumerated() {
      guard usable[i] else {
        ranges.append((0, -1, 0, -1))
        continue
      }
      let tlo = pointwiseMin(t.0, pointwiseMin(t.1, t.2))
      let thi = pointwiseMax(t.0, pointwiseMax(t.1, t.2))
      let c0 = Self.clampCell((tlo.x - lo.x) / cellSize.x, cols)
      let c1 = Self.clampCell((thi.x - lo.x) / cellSize.x, cols)
      let r0 = Self.clampCell((tlo.y - lo.y) / cellSize.y, rws)
      let r1 = Self.clampCell((thi.y - lo.y) / cellSize.y, rws)
      ranges.append((c0, c1, r0, r1))
      for r in r0...r1 { for c in c0...c1 { counts[r * cols + c + 1] += 1 } }
    }
    for i in 1..<counts.count { counts[i] += counts[i - 1] }
    var fill = counts
    var indices = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
    for (i, range) in ranges.enumerated() where range.1 >= range.0 {
      for r in range.2...range.3 {
        for c in range.0...range.1 {
          indices[Int(fill[r * cols + c])] = Int32(i)
          fill[r * cols + c] += 1
        }
      }
    }
    cellStart = counts
    triangleIndices = indices
  }

  @inline(__always) static func clampCell(_ value: Double, _ count: Int) -> Int {
    guard value.isFinite else { return value > 0 ? count - 1 : 0 }
    return min(max(Int(value.rounded(.down)), 0), count - 1)
  }

  /// The cell holding `p`, or `nil` when `p` lies outside the grid.
  @inlinable package func cell(containing p: Vector2) -> Int? {
    let q = (p - origin) / cellSize
    guard q.x >= 0, q.y >= 0, q.x <= Double(columns), q.y <= Double(rows) else { return nil }
    let c = min(Int(q.x), columns - 1)
    let r = min(Int(q.y), rows - 1)
    return r * columns + c
  }

  /// The triangles that may contain `p`, lowest index first.
  @inlinable package func candidates(at p: Vector2) -> ArraySlice<Int32> {
    guard let cell = cell(containing: p) else { return [] }
    return triangleIndices[Int(cellStart[cell])..<Int(cellStart[cell + 1])]
  }
}

/// Whether `p` lies inside or on the triangle (a, b, c), with a relative
/// tolerance of `1e-9` in barycentric coordinates; either winding.
/// Degenerate (zero-area) triangles contain nothing.
@inlinable package func triangleContains(
  _ a: Vector2, _ b: Vector2, _ c: Vector2, _ p: Vector2
) -> Bool {
  let area2 = cross(b - a, c - a)
  guard area2 != 0 else { return false }
  let l0 = cross(c - b, p - b) / area2
  let l1 = cross(a - c, p - c) / area2
  let l2 = cross(b - a, p - a) / area2
  let tol = -1e-9
  return l0 >= tol && l1 >= tol && l2 >= tol
}
