import Foundation

/// A map's values (source points) on a lattice `xs × ys` over the output
/// (pixels, increasing), row-major, refined until bilinear cells fit the
/// map, for the thin-plate spline
/// (``WarpMesh/thinPlateSpline(pairs:outputSize:contentSize:pinCorners:tolerance:)``,
/// through ``refined(outputSize:tolerance:evaluateRow:)``); the CPU renderer
/// draws the result without per-face set-up (`LatticeWarp`).
struct OutputLattice {
  let xs: [Double]
  let ys: [Double]
  let values: [Vector2]

  /// The map at (x, `y`) for every x of the buffer (increasing), written to
  /// the pointer's first elements.
  typealias RowEvaluator = (
    _ y: Double, _ xs: UnsafeBufferPointer<Double>, _ out: UnsafeMutablePointer<Vector2>
  ) -> Void

  init(xs: [Double], ys: [Double], values: [Vector2]) {
    self.xs = xs
    self.ys = ys
    self.values = values
  }

  /// The map on `xs × ys`, copying the points `known` holds (exactly
  /// equal coordinates) and evaluating the rest row by row.
  init(xs: [Double], ys: [Double], reusing known: OutputLattice, evaluateRow: RowEvaluator) {
    self.xs = xs
    self.ys = ys
    let columnInKnown = Self.positions(of: xs, in: known.xs)
    let rowInKnown = Self.positions(of: ys, in: known.ys)
    let missing = xs.indices.filter { columnInKnown[$0] == nil }
    let missingXs = missing.map { xs[$0] }
    var values = [Vector2](repeating: .zero, count: xs.count * ys.count)
    var buffer = [Vector2](repeating: .zero, count: xs.count)
    values.withUnsafeMutableBufferPointer { out in
      for (j, y) in ys.enumerated() {
        let row = out.baseAddress! + j * xs.count
        guard let k = rowInKnown[j] else {
          xs.withUnsafeBufferPointer { evaluateRow(y, $0, row) }
          continue
        }
        for (i, c) in columnInKnown.enumerated() {
          if let c { row[i] = known.values[k * known.xs.count + c] }
        }
        missingXs.withUnsafeBufferPointer { xs in
          buffer.withUnsafeMutableBufferPointer { evaluateRow(y, xs, $0.baseAddress!) }
        }
        for (n, i) in missing.enumerated() { row[i] = buffer[n] }
      }
    }
    self.values = values
  }

  /// The lattice whose bilinear cells stay within `tolerance` pixels of
  /// the map: starting from cells of about 32 px, every column and row
  /// holding a cell that misses the map by more than `tolerance` at its
  /// centre or an edge midpoint (where a bilinear interpolant's error
  /// peaks) is cut in half, until every cell fits or is 1 px. Level k + 1
  /// reuses level k's points, so each point is evaluated once.
  ///
  /// - Throws: ``WarpMeshError/tooManyFaces(needed:limit:)`` beyond
  ///   ``WarpMesh/maximumFineFaces``.
  static func refined(
    outputSize: Vector2, tolerance: Double, evaluateRow: RowEvaluator
  ) throws(WarpMeshError) -> OutputLattice {
    func uniform(_ extent: Double) -> [Double] {
      let n = max(1, Int((extent / 32).rounded(.up)))
      return (0...n).map { Double($0) / Double(n) * extent }
    }
    var xs = uniform(outputSize.x)
    var ys = uniform(outputSize.y)
    var checked = OutputLattice(xs: [], ys: [], values: [])
    while true {
      let faces = (xs.count - 1).multipliedReportingOverflow(by: ys.count - 1)
      guard !faces.overflow, faces.partialValue <= WarpMesh.maximumFineFaces else {
        throw .tooManyFaces(
          needed: faces.overflow ? .max : faces.partialValue, limit: WarpMesh.maximumFineFaces)
      }
      // The lattice with every cell's centre and edge midpoints: the
      // points that check it.
      checked = OutputLattice(
        xs: withMidpoints(xs), ys: withMidpoints(ys), reusing: checked, evaluateRow: evaluateRow)
      var splitColumn = [Bool](repeating: false, count: xs.count - 1)
      var splitRow = [Bool](repeating: false, count: ys.count - 1)
      var misses = false
      for j in 0..<(ys.count - 1) {
        for i in 0..<(xs.count - 1) where !checked.cellFits(i, j, tolerance: tolerance) {
          // Cells of 1 px or less are not cut further.
          if xs[i + 1] - xs[i] > 1 { splitColumn[i] = true }
          if ys[j + 1] - ys[j] > 1 { splitRow[j] = true }
          misses = true
        }
      }
      guard misses, splitColumn.contains(true) || splitRow.contains(true) else { break }
      xs = split(xs, where: splitColumn, midpoints: checked.xs)
      ys = split(ys, where: splitRow, midpoints: checked.ys)
    }
    // Every other point of the checked lattice: the cells' corners.
    let corners = checked.xs.count / 2 + 1
    var values: [Vector2] = []
    values.reserveCapacity(corners * (checked.ys.count / 2 + 1))
    for j in stride(from: 0, to: checked.ys.count, by: 2) {
      for i in stride(from: 0, to: checked.xs.count, by: 2) { values.append(checked.value(i, j)) }
    }
    return OutputLattice(xs: xs, ys: ys, values: values)
  }

  /// The lattice as a grid mesh: `to` on the lattice, normalized by
  /// `outputSize`; `from` the values, normalized by `contentSize`.
  func mesh(outputSize: Vector2, contentSize: Vector2) -> WarpMesh {
    var pairs: [MeshPointPair] = []
    pairs.reserveCapacity(xs.count * ys.count)
    for j in ys.indices {
      for i in xs.indices {
        pairs.append(
          MeshPointPair(
            from: (value(i, j) / contentSize).cgPoint,
            to: CGPoint(x: xs[i] / outputSize.x, y: ys[j] / outputSize.y)))
      }
    }
    return WarpMesh.gridMesh(pairs: pairs, columns: xs.count, rows: ys.count)
  }

  /// For each of `wanted` (increasing), its index in `have` (increasing)
  /// if it is there.
  static func positions(of wanted: [Double], in have: [Double]) -> [Int?] {
    var k = 0
    return wanted.map { v in
      while k < have.count && have[k] < v { k += 1 }
      return k < have.count && have[k] == v ? k : nil
    }
  }

  /// `v` with the midpoint of each interval inserted.
  static func withMidpoints(_ v: [Double]) -> [Double] {
    var out = [v[0]]
    for (a, b) in zip(v, v.dropFirst()) { out += [(a + b) / 2, b] }
    return out
  }

  /// `v` with interval i cut at its midpoint (`midpoints[2i + 1]`, as
  /// ``withMidpoints(_:)`` made it) where `split[i]`.
  static func split(_ v: [Double], where split: [Bool], midpoints: [Double]) -> [Double] {
    var out = [v[0]]
    for i in split.indices {
      if split[i] { out.append(midpoints[2 * i + 1]) }
      out.append(v[i + 1])
    }
    return out
  }

  func value(_ i: Int, _ j: Int) -> Vector2 { values[j * xs.count + i] }

  /// Whether cell (i, j) of a checked lattice's level (bilinear between
  /// its corners, points (2i, 2j)…(2i + 2, 2j + 2) here) stays within
  /// `tolerance` of the map at its centre and edge midpoints.
  func cellFits(_ i: Int, _ j: Int, tolerance: Double) -> Bool {
    let (x, y) = (2 * i, 2 * j)
    let (a, b) = (value(x, y), value(x + 2, y))
    let (c, d) = (value(x + 2, y + 2), value(x, y + 2))
    @inline(__always) func near(_ p: Vector2, _ q: Vector2) -> Bool {
      let e = p - q
      return (e * e).sum() <= tolerance * tolerance
    }
    return near(value(x + 1, y + 1), (a + b + c + d) / 4) && near(value(x + 1, y), (a + b) / 2)
      && near(value(x, y + 1), (a + d) / 2) && near(value(x + 2, y + 1), (b + c) / 2)
      && near(value(x + 1, y + 2), (d + c) / 2)
  }
}
