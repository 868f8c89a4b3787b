import MeshWarpCore

/// The warp of a grid mesh whose warped (`to`) points lie on an
/// axis-aligned lattice over the whole output: every row of `to` points at
/// one y, every column at one x, both increasing from 0 to 1. Thin-plate
/// spline meshes (``WarpMesh/thinPlateSpline(pairs:outputSize:contentSize:pinCorners:tolerance:)``)
/// are built so, with thousands of small cells.
///
/// Such a cell is a rectangle [x₀, x₁] × [y₀, y₁], and its inverse bilinear
/// map has the closed form u = (x − x₀)/(x₁ − x₀), v = (y − y₀)/(y₁ − y₀):
/// along a row of pixels the source point
/// s = L(v) + (R(v) − L(v))·u, with L and R the cell's left and right `from`
/// edges at v, is affine in x. So each row is shaded cell by cell from one
/// start point and one slope (``WarpSpanShader/shadeQuadratic(count:start:end:b:c:span:sampler:out:)``
/// with c = 0), with no per-face set-up, no rasterization and no exact
/// solves: the cost of thousands of faces is that of a handful. The cells
/// tile the output, so no pixel is left to the edge policy and the mesh's
/// outline (the output's border) needs no anti-aliasing. The result equals
/// the general renderer's within its interpolation tolerance
/// (`LatticeWarpTests`).
struct LatticeWarp {
  /// Lattice columns and rows in output pixels (increasing; first 0, last
  /// the output's width or height).
  let xs: [Double]
  let ys: [Double]
  /// `from` points in source pixels, row-major, `xs.count` per row.
  let from: [Vector2]

  /// The lattice of `mesh` rendered at `outputSize` from content of
  /// `sourceSize` pixels, or `nil` when `mesh` is not such a lattice (its
  /// faces must be exactly the grid's cells, its points finite).
  init?(mesh: WarpMesh, outputSize: Vector2, sourceSize: Vector2) {
    guard let grid = mesh.gridOfCells else { return nil }
    let (columns, rows) = (grid.columns, grid.rows)
    let pairs = mesh.pointPairs
    var xs = [Double](repeating: 0, count: columns)
    var ys = [Double](repeating: 0, count: rows)
    for c in 0..<columns { xs[c] = Double(pairs[c].to.x) }
    for r in 0..<rows { ys[r] = Double(pairs[r * columns].to.y) }
    guard xs.first == 0, xs.last == 1, ys.first == 0, ys.last == 1,
      zip(xs, xs.dropFirst()).allSatisfy({ $0 < $1 }),
      zip(ys, ys.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    var from = [Vector2](repeating: .zero, count: pairs.count)
    for r in 0..<rows {
      for c in 0..<columns {
        let p = pairs[r * columns + c]
        guard Double(p.to.x) == xs[c], Double(p.to.y) == ys[r] else { return nil }
        let f = Vector2(p.from) * sourceSize
        guard f.x.isFinite, f.y.isFinite else { return nil }
        from[r * columns + c] = f
      }
    }
    self.xs = xs.map { $0 * outputSize.x }
    self.ys = ys.map { $0 * outputSize.y }
    self.from = from
  }

  /// Writes every pixel of the `width × height` output `out`.
  func render<Writer: SpanWriter & Sendable>(
    sampler: Writer, width: Int, height: Int, threads: Int,
    out: SharedPointer<Writer.Channel>
  ) {
    let columns = xs.count
    // The first pixel column of each lattice column: pixel x lies in cell
    // c when xs[c] ≤ x + ½ < xs[c + 1] (the top-left rule's columns).
    let firstPixel = xs.map { min(max(Int(($0 - 0.5).rounded(.up)), 0), width) }
    forEachRowBand(rows: height, threads: threads) { band in
      var left = [Vector2](repeating: .zero, count: columns)
      var r = 0
      for y in band {
        let centre = Double(y) + 0.5
        while r + 2 < ys.count && ys[r + 1] <= centre { r += 1 }
        let v = (centre - ys[r]) / (ys[r + 1] - ys[r])
        // The `from` lattice's row at v, per lattice column.
        from.withUnsafeBufferPointer { f in
          let top = f.baseAddress! + r * columns
          let bottom = top + columns
          for c in 0..<columns { left[c] = top[c] + (bottom[c] - top[c]) * v }
        }
        let row = out.base + y * width * 4
        for c in 0..<(columns - 1) {
          let x0 = firstPixel[c]
          let x1 = firstPixel[c + 1]
          guard x1 > x0 else { continue }
          let slope = (left[c + 1] - left[c]) / (xs[c + 1] - xs[c])
          let start = left[c] + slope * (Double(x0) + 0.5 - xs[c])
          let span = Double(x1 - x0 - 1)
          sampler.writeQuadratic(
            count: x1 - x0, start: start, end: start + slope * span, b: slope, c: .zero,
            span: span, out: row + x0 * 4)
        }
      }
    }
  }
}
