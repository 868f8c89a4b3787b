import Foundation

extension MeshEffect {
  /// The most cells a generated mesh has across the effect's region.
  public static let maximumCellsAcross = 1024

  /// The mesh of the effect for a `width × height` picture with the fewest
  /// cells that keep it within `tolerance` pixels of the formula.
  ///
  /// The mesh is a grid whose `to` points are a lattice over the frame
  /// and whose `from` points are the exact content points G(q) = F⁻¹(q) at
  /// those points, so the warp draws G interpolated bilinearly over each
  /// cell. The lattice is regular over the effect's region (the disc's
  /// bounding square for twirl, bulge and ripple; the frame for wave and
  /// lens, with a single row or column of cells across a wave, whose G is
  /// affine that way) and has one cell around the region where the effect
  /// is the identity. See ``cellsAcross(width:height:tolerance:)``.
  ///
  /// - Parameters:
  ///   - width: the picture's width in pixels (≥ 1).
  ///   - height: the picture's height in pixels (≥ 1).
  ///   - tolerance: the largest distance in pixels between the mesh's
  ///     content point and the formula's, at any output point (> 0;
  ///     default 0.25).
  /// - Throws: ``MeshEffectError`` for parameters out of range or folding,
  ///   or when more than ``maximumCellsAcross`` cells would be needed.
  public func mesh(width: Int, height: Int, tolerance: Double = 0.25) throws -> WarpMesh {
    let cells = try cellsAcross(width: width, height: height, tolerance: tolerance)
    return try mesh(width: width, height: height, cellsAcross: cells)
  }

  /// The fewest (even) cells across the effect's region that keep the mesh
  /// within `tolerance` pixels of the formula: doubled from 2 until the
  /// error is small enough, then from the estimate n·√(error/tolerance)
  /// in steps of 2. The error is measured on a lattice of
  /// samples in each cell at most 2 px apart, at least 3 × 3 (17 × 17 in the
  /// cells within two cells of a disc's centre, where the error peaks off
  /// the cells' centres) (the vertices are exact). A ripple's
  /// centre, where the formula tears (d/|d| has no direction and its
  /// displacement A·s·sin ϕ does not vanish), is left out: points closer to
  /// c than 2·|A·s·sin ϕ| + 1 px.
  ///
  /// - Throws: ``MeshEffectError``.
  public func cellsAcross(width: Int, height: Int, tolerance: Double = 0.25) throws -> Int {
    try validate(width: width, height: height)
    guard tolerance > 0, tolerance.isFinite else {
      throw MeshEffectError.outOfRange(parameter: "tolerance", value: tolerance, range: "above 0")
    }
    let map = WarpField(unchecked: self, width: width, height: height)
    var n = 2
    while maximumError(map, cellsAcross: n) > tolerance {
      n *= 2
      if n > Self.maximumCellsAcross {
        if maximumError(map, cellsAcross: Self.maximumCellsAcross) <= tolerance {
          n = Self.maximumCellsAcross
          break
        }
        throw MeshEffectError.tooDense(limit: Self.maximumCellsAcross, tolerance: tolerance)
      }
    }
    // The error falls about as 1/n²: start from that estimate between the
    // last failure (n/2) and n, then step by 2 to the smallest passing count.
    let lo = n / 2
    guard lo >= 2 else { return 2 }
    let errorAtLo = maximumError(map, cellsAcross: lo)
    var guess = Int((Double(lo) * (errorAtLo / tolerance).squareRoot()).rounded(.up))
    guess = min(max(guess + guess % 2, lo + 2), n)
    if maximumError(map, cellsAcross: guess) <= tolerance {
      while guess - 2 > lo, maximumError(map, cellsAcross: guess - 2) <= tolerance { guess -= 2 }
    } else {
      repeat { guess += 2 } while guess < n && maximumError(map, cellsAcross: guess) > tolerance
    }
    return guess
  }

  /// The effect's mesh with `cells` cells across its region (see
  /// ``mesh(width:height:tolerance:)``): meshes of one effect with the same
  /// count and size share their shape, so they can be keyframes of one
  /// animation.
  ///
  /// - Parameters:
  ///   - width: the picture's width in pixels (≥ 1).
  ///   - height: the picture's height in pixels (≥ 1).
  ///   - cells: cells across the region, 2…``maximumCellsAcross``
  ///     (rounded up to even, so that a vertex sits at the centre).
  /// - Throws: ``MeshEffectError``.
  public func mesh(width: Int, height: Int, cellsAcross cells: Int) throws -> WarpMesh {
    try validate(width: width, height: height)
    guard (2...Self.maximumCellsAcross).contains(cells) else {
      throw MeshEffectError.outOfRange(
        parameter: "cellsAcross", value: Double(cells),
        range: "in 2…\(Self.maximumCellsAcross)")
    }
    let map = WarpField(unchecked: self, width: width, height: height)
    let (xs, ys) = lattice(map, cellsAcross: cells + cells % 2)
    var pairs: [MeshPointPair] = []
    pairs.reserveCapacity(xs.count * ys.count)
    for y in ys {
      for x in xs {
        let g = map.source(Vector2(x, y))
        pairs.append(
          MeshPointPair(
            from: CGPoint(x: g.x / map.size.x, y: g.y / map.size.y),
            to: CGPoint(x: x / map.size.x, y: y / map.size.y)))
      }
    }
    return WarpMesh.gridMesh(pairs: pairs, columns: xs.count, rows: ys.count)
  }

  /// The lattice lines in pixels, x then y: see ``mesh(width:height:tolerance:)``.
  func lattice(_ map: WarpField, cellsAcross n: Int) -> ([Double], [Double]) {
    func uniform(_ length: Double, _ count: Int) -> [Double] {
      (0...count).map { Double($0) / Double(count) * length }
    }
    /// Lines c − half + k·h (k = 0…n) inside (0, length), with 0 and
    /// length: half is R·s, over the stretch of an ellipse.
    func disc(_ centre: Double, _ length: Double, _ half: Double) -> [Double] {
      let h = 2 * half / Double(n)
      var lines = [0.0]
      let eps = 1e-9 * length
      for k in 0...n {
        let v = centre - half + Double(k) * h
        if v > eps && v < length - eps { lines.append(v) }
      }
      lines.append(length)
      return lines
    }
    let (w, h) = (map.size.x, map.size.y)
    switch kind {
    case .twirl, .bulge, .ripple:
      return (
        disc(map.c.x, w, map.discRadius / map.stretch.x),
        disc(map.c.y, h, map.discRadius / map.stretch.y)
      )
    case .wave:
      return axis == .x ? (uniform(w, n), [0, h]) : ([0, w], uniform(h, n))
    case .lens:
      let step = max(w, h) / Double(n)
      return (
        uniform(w, max(1, Int((w / step).rounded(.up)))),
        uniform(h, max(1, Int((h / step).rounded(.up))))
      )
    }
  }

  /// The largest distance in pixels between the bilinear interpolation of
  /// G over the lattice's cells and G itself, on a lattice of samples in each cell (see ``cellsAcross(width:height:tolerance:)``).
  func maximumError(_ map: WarpField, cellsAcross n: Int) -> Double {
    let (xs, ys) = lattice(map, cellsAcross: n)
    var g = [Vector2]()
    g.reserveCapacity(xs.count * ys.count)
    for y in ys { for x in xs { g.append(map.source(Vector2(x, y))) } }
    var tear = -1.0
    if kind == .ripple {
      let t = abs(amplitude * map.s * sin(phase))
      if t > 0 { tear = 2 * t + 1 }
    }
    let disc = kind == .twirl || kind == .bulge || kind == .ripple
    var worst = 0.0
    let cols = xs.count
    for j in 0..<(ys.count - 1) {
      for i in 0..<(cols - 1) {
        let (x0, x1, y0, y1) = (xs[i], xs[i + 1], ys[j], ys[j + 1])
        if disc {
          // A cell wholly outside the disc is the identity, drawn exactly.
          let nx = (min(max(map.c.x, x0), x1) - map.c.x) * map.stretch.x
          let ny = (min(max(map.c.y, y0), y1) - map.c.y) * map.stretch.y
          if nx * nx + ny * ny >= map.discRadius * map.discRadius { continue }
        }
        let a = g[j * cols + i]
        let b = g[j * cols + i + 1]
        let c = g[(j + 1) * cols + i + 1]
        let d = g[(j + 1) * cols + i]
        // A lattice of samples at most 2 px apart (at least 3 × 3 a cell),
        // so that a cell many wavelengths wide cannot hide its error
        // between samples.
        let k = min(max(Int((max(x1 - x0, y1 - y0) / 2).rounded(.up)), 2), 48)
        var side = k + k % 2
        // Near c, where |d| has a kink, the error peaks off the cells'
        // centres: sample the cells within two cells of c finely.
        if disc {
          let reach = 2 * max((x1 - x0) * map.stretch.x, (y1 - y0) * map.stretch.y)
          let nx = (min(max(map.c.x, x0), x1) - map.c.x) * map.stretch.x
          let ny = (min(max(map.c.y, y0), y1) - map.c.y) * map.stretch.y
          if nx * nx + ny * ny <= reach * reach { side = max(side, 16) }
        }
        for sj in 0...side {
          for si in 0...side {
            // Corners are exact; the right and bottom edges belong to the
            // next cells, except on the lattice's last column and row.
            if (si == 0 || si == side) && (sj == 0 || sj == side) { continue }
            if si == side && i < cols - 2 { continue }
            if sj == side && j < ys.count - 2 { continue }
            let (u, v) = (Double(si) / Double(side), Double(sj) / Double(side))
            let q = Vector2(x0 + u * (x1 - x0), y0 + v * (y1 - y0))
            if tear > 0 {
              let e = (q - map.c) * map.stretch
              if (e * e).sum() < tear * tear { continue }
            }
            let interpolated = (a * (1 - u) + b * u) * (1 - v) + (d * (1 - u) + c * u) * v
            let e = interpolated - map.source(q)
            worst = max(worst, (e * e).sum().squareRoot())
          }
        }
      }
    }
    return worst
  }
}
