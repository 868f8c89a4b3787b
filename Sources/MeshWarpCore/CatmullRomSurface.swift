/// A bicubic uniform Catmull-Rom surface through a grid of points.
///
/// Between grid points P1 and P2 of a row (or column) with neighbours P0 and
/// P3, p(t) = ½·(2P1 + (P2 − P0)t + (2P0 − 5P1 + 4P2 − P3)t²
/// + (3P1 − P0 − 3P2 + P3)t³) (E. Catmull and R. Rom, "A class of local
/// interpolating splines", 1974, with tension ½). The surface interpolates
/// each row at the parameter, then the four results along the column.
/// Missing neighbours at the boundary are extrapolated linearly:
/// P₋₁ = 2P₀ − P₁ (and P_n = 2P_{n−1} − P_{n−2}). The basis reproduces
/// linear functions, so an evenly spaced grid gives the identity.
package struct CatmullRomSurface: Sendable {
  /// Grid points with one extrapolated ring: `(columns + 2) × (rows + 2)`.
  package let points: [Vector2]
  package let columns: Int
  package let rows: Int

  /// - Precondition: `points.count == columns · rows`, both ≥ 2.
  package init(points grid: [Vector2], columns: Int, rows: Int) {
    precondition(columns >= 2 && rows >= 2 && grid.count == columns * rows)
    self.columns = columns
    self.rows = rows
    let w = columns + 2
    var p = [Vector2](repeating: .zero, count: w * (rows + 2))
    for r in 0..<rows {
      for c in 0..<columns { p[(r + 1) * w + c + 1] = grid[r * columns + c] }
      p[(r + 1) * w] = 2 * grid[r * columns] - grid[r * columns + 1]
      p[(r + 1) * w + columns + 1] =
        2 * grid[r * columns + columns - 1] - grid[r * columns + columns - 2]
    }
    for c in 0..<w {
      p[c] = 2 * p[w + c] - p[2 * w + c]
      p[(rows + 1) * w + c] = 2 * p[rows * w + c] - p[(rows - 1) * w + c]
    }
    points = p
  }

  /// The Catmull-Rom weights of P0…P3 at t.
  @inline(__always) static func weights(_ t: Double) -> SIMD4<Double> {
    let t2 = t * t
    let t3 = t2 * t
    return 0.5 * SIMD4(-t + 2 * t2 - t3, 2 - 5 * t2 + 3 * t3, t + 4 * t2 - 3 * t3, -t2 + t3)
  }

  /// The weights' second derivatives at t.
  @inline(__always) static func secondDerivatives(_ t: Double) -> SIMD4<Double> {
    0.5 * SIMD4(4 - 6 * t, -10 + 18 * t, 8 - 18 * t, -2 + 6 * t)
  }

  /// The surface in cell (column, row) at parameters (u, v) ∈ [0, 1]²,
  /// with the given weights along u and v.
  @inline(__always) func combine(
    column: Int, row: Int, wu: SIMD4<Double>, wv: SIMD4<Double>
  ) -> Vector2 {
    let w = columns + 2
    var sum = Vector2.zero
    for l in 0..<4 {
      let base = (row + l) * w + column
      var r = points[base] * wu[0]
      r += points[base + 1] * wu[1]
      r += points[base + 2] * wu[2]
      r += points[base + 3] * wu[3]
      sum += r * wv[l]
    }
    return sum
  }

  /// The surface point in cell (column, row) at (u, v).
  package func point(column: Int, row: Int, u: Double, v: Double) -> Vector2 {
    combine(column: column, row: row, wu: Self.weights(u), wv: Self.weights(v))
  }

  /// The surface at grid parameters (s, t) ∈ [0, columns − 1] × [0, rows − 1].
  package func point(s: Double, t: Double) -> Vector2 {
    let c = min(max(Int(s.rounded(.down)), 0), columns - 2)
    let r = min(max(Int(t.rounded(.down)), 0), rows - 2)
    return point(column: c, row: r, u: s - Double(c), v: t - Double(r))
  }

  /// Upper bounds (about) of |∂²p/∂u²| and |∂²p/∂v²| over a cell, after
  /// scaling by `scale` (e.g. pixels per unit): ∂²/∂u² is linear in u and
  /// cubic in v, so it is sampled at u ∈ {0, 1} and 9 values of v (and
  /// symmetrically), with 10 % margin for the cubic's peaks between samples.
  func curvature(column: Int, row: Int, scale: Vector2) -> (uu: Double, vv: Double) {
    var uu = 0.0
    var vv = 0.0
    for end in [0.0, 1.0] {
      for k in 0...8 {
        let t = Double(k) / 8
        let a =
          combine(
            column: column, row: row, wu: Self.secondDerivatives(end), wv: Self.weights(t)) * scale
        let b =
          combine(
            column: column, row: row, wu: Self.weights(t), wv: Self.secondDerivatives(end)) * scale
        uu = max(uu, (a * a).sum().squareRoot())
        vv = max(vv, (b * b).sum().squareRoot())
      }
    }
    return (uu * 1.1, vv * 1.1)
  }
}

extension WarpMesh {
  /// The most faces a smoothed or spline mesh may have (2²², about 4 M
  /// faces: some 400 MB with its vertices and the renderer's per-face data).
  public static let maximumFineFaces = 1 << 22

  /// What ``smoothed(outputSize:contentSize:tolerance:)`` checks and
  /// plans before it builds the fine mesh: the two surfaces and the
  /// subdivision of each grid column and row. Cheap (no fine mesh), so a
  /// caller that lets the renderer smooth can report a mesh it cannot
  /// smooth first.
  ///
  /// - Throws: as ``smoothed(outputSize:contentSize:tolerance:)``.
  package func smoothingPlan(
    outputSize: Vector2, contentSize: Vector2? = nil, tolerance: Double = 0.1
  ) throws(WarpMeshError) -> (
    from: CatmullRomSurface, to: CatmullRomSurface, nu: [Int], nv: [Int]
  ) {
    guard self.grid != nil || withGridInferred.grid == nil else {
      return try withGridInferred.smoothingPlan(
        outputSize: outputSize, contentSize: contentSize, tolerance: tolerance)
    }
    guard let grid, grid.columns >= 2, grid.rows >= 2,
      grid.columns.multipliedReportingOverflow(by: grid.rows) == (pointPairs.count, false)
    else { throw .notAGrid }
    let content = contentSize ?? outputSize
    for size in [outputSize, content] {
      guard size.x.isFinite, size.y.isFinite, size.x > 0, size.y > 0, size.x < 1e7, size.y < 1e7
      else { throw .invalidParameter("sizes must be positive and finite: \(size.x)×\(size.y)") }
    }
    guard tolerance.isFinite, tolerance > 0 else {
      throw .invalidParameter("tolerance \(tolerance) must be a positive number of pixels")
    }
    for (i, p) in pointPairs.enumerated() {
      let values = [p.from.x, p.from.y, p.to.x, p.to.y].map { Double($0) }
      guard values.allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else {
        throw .invalidCoordinate(
          vertex: i, detail: "a coordinate is not finite or beyond ±10⁶: \(values)")
      }
    }
    let (columns, rows) = (grid.columns, grid.rows)
    let from = CatmullRomSurface(
      points: pointPairs.map { Vector2($0.from) }, columns: columns, rows: rows)
    let to = CatmullRomSurface(
      points: pointPairs.map { Vector2($0.to) }, columns: columns, rows: rows)
    var nu = [Int](repeating: 1, count: columns - 1)
    var nv = [Int](repeating: 1, count: rows - 1)
    let cap = 4096.0
    for r in 0..<(rows - 1) {
      for c in 0..<(columns - 1) {
        let a = from.curvature(column: c, row: r, scale: content)
        let b = to.curvature(column: c, row: r, scale: outputSize)
        @inline(__always) func count(_ m: Double) -> Int {
          Int(min((m / (4 * tolerance)).squareRoot().rounded(.up), cap))
        }
        nu[c] = max(nu[c], count(max(a.uu, b.uu)))
        nv[r] = max(nv[r], count(max(a.vv, b.vv)))
      }
    }
    let fineColumns = nu.reduce(0, +)
    let fineRows = nv.reduce(0, +)
    let (needed, overflow) = fineColumns.multipliedReportingOverflow(by: fineRows)
    guard !overflow, needed <= Self.maximumFineFaces else {
      throw .tooManyFaces(needed: overflow ? .max : needed, limit: Self.maximumFineFaces)
    }
    return (from, to, nu, nv)
  }

  /// This grid mesh as the smooth surface through its points: a finer grid
  /// mesh whose bilinear faces stay within `tolerance` pixels of the
  /// bicubic Catmull-Rom surfaces through the `from` and the `to` points
  /// (`CatmullRomSurface`), so that grid parameter (s, t) maps from(s, t)
  /// to to(s, t). The input points stay where they are.
  ///
  /// Subdivision is adaptive per grid column and per grid row (a face is cut
  /// into nᵤ × nᵥ, nᵤ shared by its column, nᵥ by its row, so neighbours
  /// share their vertices and no cracks open): with M the largest second
  /// derivative of either surface over the column's (row's) faces, in
  /// pixels, n = ⌈√(M / (4·tolerance))⌉, from the bilinear interpolation
  /// bound |f − I f| ≤ (hᵤ²·M_uu + hᵥ²·M_vv)/8. An identity grid gives an
  /// identity mesh (`from == to` at every vertex), which renders exactly.
  ///
  /// - Parameters:
  ///   - outputSize: the output in pixels (`to` is scaled by it).
  ///   - contentSize: the content in pixels (`from` is scaled by it);
  ///     default: `outputSize`.
  ///   - tolerance: the largest deviation from the surface, in pixels
  ///     (default 0.1).
  /// A mesh without ``grid`` whose faces are a grid's cells is taken as
  /// that grid (``withGridInferred``).
  ///
  /// - Throws: ``WarpMeshError/notAGrid`` without grid structure,
  ///   ``WarpMeshError/invalidCoordinate(vertex:detail:)`` for a non-finite
  ///   point, ``WarpMeshError/tooManyFaces(needed:limit:)`` beyond
  ///   ``maximumFineFaces``.
  public func smoothed(
    outputSize: Vector2, contentSize: Vector2? = nil, tolerance: Double = 0.1
  ) throws(WarpMeshError) -> WarpMesh {
    guard self.grid != nil || withGridInferred.grid == nil else {
      return try withGridInferred.smoothed(
        outputSize: outputSize, contentSize: contentSize, tolerance: tolerance)
    }
    let (from, to, nu, nv) = try smoothingPlan(
      outputSize: outputSize, contentSize: contentSize, tolerance: tolerance)
    guard let grid else { throw .notAGrid }
    let (columns, rows) = (grid.columns, grid.rows)
    // Parameters (cell, t) along each axis.
    func samples(_ n: [Int]) -> [(Int, Double)] {
      var out: [(Int, Double)] = []
      for (cell, k) in n.enumerated() {
        for j in 0..<k { out.append((cell, Double(j) / Double(k))) }
      }
      out.append((n.count - 1, 1))
      return out
    }
    let us = samples(nu)
    let vs = samples(nv)
    var pairs: [MeshPointPair] = []
    pairs.reserveCapacity(us.count * vs.count)
    for (r, v) in vs {
      let wv = CatmullRomSurface.weights(v)
      for (c, u) in us {
        let wu = CatmullRomSurface.weights(u)
        pairs.append(
          MeshPointPair(
            from: from.combine(column: c, row: r, wu: wu, wv: wv).cgPoint,
            to: to.combine(column: c, row: r, wu: wu, wv: wv).cgPoint))
      }
    }
    // The input's own points exactly (the weights at t = 0 and 1 are exact
    // in Double, but sums of extrapolated neighbours times zero are kept
    // clear of any rounding): copy them in.
    var fineIndexOfColumn = [0]
    for k in nu { fineIndexOfColumn.append(fineIndexOfColumn.last! + k) }
    var fineIndexOfRow = [0]
    for k in nv { fineIndexOfRow.append(fineIndexOfRow.last! + k) }
    for r in 0..<rows {
      for c in 0..<columns {
        pairs[fineIndexOfRow[r] * us.count + fineIndexOfColumn[c]] = pointPairs[r * columns + c]
      }
    }
    return Self.gridMesh(pairs: pairs, columns: us.count, rows: vs.count)
  }
}
