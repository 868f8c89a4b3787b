import MeshWarpCore

/// The tessellation of a mesh gradient's patches: each patch sampled on a
/// regular (n + 1) × (n + 1) grid of (u, v), n = 2^level, the same n for
/// every patch so that shared edges are sampled at the same points (no
/// T-junctions, no cracks).
///
/// Level (Apple subdivides each patch into 2^d × 2^d from its
/// curvature). A pixel inside a triangle of the grid gets the (u, v) of the
/// linear interpolation L of the patch S, so it shows the colour of the
/// point S(u, v), displaced from it by e = |S − L|, and is off by about
/// e · |∇colour|. The level is the smallest at which
///
/// ```
/// border:  ê ≤ tolerance               (the mesh's outline, in pixels)
/// cells:   ê · ĝ ≤ colorTolerance      (colour, per cell, max over cells)
/// ```
///
/// both measured on the grid one level finer:
/// - ê = the distance between the finer point at the middle of a cell edge
///   (or of the diagonal the cell's two triangles share) and the mean of the
///   edge's ends; per cell, 4/3 of the largest over its edges (derived: for
///   an S that is quadratic over a triangle, the interpolation error
///   vanishes at the corners and is at most 4/3 of its largest
///   edge-midpoint value). Along the border a chord's error is its
///   midpoint's (factor 1).
/// - ĝ = the cell's largest colour change per pixel (any channel, working
///   space) along the finer half-edges, an edge shorter than a pixel
///   counted as one pixel (colour that changes within a pixel cannot be
///   placed better).
///
/// The a-priori bound e ≤ M·h²/4 (M from the control net's second
/// differences) was tried first: on the blog's preset at 1920×1080 it asks
/// for level 7 at 0.1 px where these measurements accept level 4 with a mean
/// difference from level 9 of 0.02/255, at a quarter of the cost. See
/// `Documentation/MeshGradient.md`.
///
/// Points are in pixel coordinates (unit points times the image size; the
/// centre of pixel (x, y) is (x + ½, y + ½)), as ``TriangleRasterizer`` and
/// the outline coverage take them.
struct GradientTessellation {
  /// The subdivision level: 2^level cells per patch side.
  let level: Int
  /// Cells per patch side, 2^level.
  let segments: Int
  /// Grid points, pixel coordinates: patch k's point (i along u, j along v) is
  /// `points[k·(n+1)² + j·(n+1) + i]`.
  let points: [SIMD2<Double>]
  /// Per patch and cell row j: the least and greatest y of the row's points
  /// (`rowBounds[k·n + j]`), to skip rows of cells quickly.
  let rowBounds: [SIMD2<Double>]

  /// Chooses the level and samples every patch at it.
  ///
  /// - Parameters:
  ///   - pixelNets: geometry nets in pixels (unit points times the image
  ///     size), row-major by cell, `columns` per row.
  ///   - colorNets: the patches' colour nets (working space).
  ///   - tolerance: largest displacement of the outline, pixels.
  ///   - colorTolerance: largest colour error, 0…1 units.
  ///   - maximumLevel: the finest level allowed.
  init(
    pixelNets: [BicubicNet<Vector2>], colorNets: [BicubicNet<SIMD4<Double>>], columns: Int,
    tolerance: Double, colorTolerance: Double, maximumLevel: Int
  ) {
    var level = 0
    var grid = Self.sample(pixelNets, level: 0)
    while level < maximumLevel {
      let finer = Self.sample(pixelNets, level: level + 1)
      let colors = Self.sample(colorNets, level: level + 1)
      let (border, color) = Self.estimate(
        fine: finer, colors: colors, columns: columns, level: level)
      if border <= tolerance && color <= colorTolerance { break }
      level += 1
      grid = finer
    }
    self.init(level: level, points: grid, patches: pixelNets.count)
  }

  /// A tessellation at a given level.
  init(pixelNets: [BicubicNet<Vector2>], level: Int) {
    self.init(level: level, points: Self.sample(pixelNets, level: level), patches: pixelNets.count)
  }

  private init(level: Int, points samples: [SIMD2<Double>], patches: Int) {
    let n = 1 << level
    let side = n + 1
    self.level = level
    segments = n
    points = samples
    var rowBounds = [SIMD2<Double>](repeating: .zero, count: patches * n)
    for k in 0..<patches {
      let base = k * side * side
      for j in 0..<n {
        var lo = Double.infinity
        var hi = -Double.infinity
        for i in 0...n {
          let a = points[base + j * side + i].y
          let b = points[base + (j + 1) * side + i].y
          lo = min(lo, a, b)
          hi = max(hi, a, b)
        }
        rowBounds[k * n + j] = SIMD2(lo, hi)
      }
    }
    self.rowBounds = rowBounds
  }

  /// The border displacement (pixels) and the largest per-cell colour
  /// error estimate ê·ĝ of level `level`, from samples of level `level + 1`.
  static func estimate(
    fine: [SIMD2<Double>], colors: [SIMD4<Double>], columns: Int, level: Int
  ) -> (border: Double, color: Double) {
    let n = 1 << level
    let side = 2 * n + 1
    let patches = fine.count / (side * side)
    let rows = patches / columns
    @inline(__always) func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
      let d = a - b
      return (d * d).sum().squareRoot()
    }
    /// The midpoint m's distance from the chord p–q.
    @inline(__always) func deviation(_ p: Int, _ m: Int, _ q: Int) -> Double {
      distance(fine[m], (fine[p] + fine[q]) / 2)
    }
    /// Colour change per pixel from a to b.
    @inline(__always) func change(_ a: Int, _ b: Int) -> Double {
      let d = colors[b] - colors[a]
      return max(d.max(), -d.min()) / max(distance(fine[a], fine[b]), 1)
    }
    var border = 0.0
    var color = 0.0
    for k in 0..<patches {
      let base = k * side * side
      let row = k / columns
      let column = k % columns
      for step in 0..<n {
        let i = 2 * step
        if row == 0 { border = max(border, deviation(base + i, base + i + 1, base + i + 2)) }
        if row == rows - 1 {
          let last = base + 2 * n * side
          border = max(border, deviation(last + i, last + i + 1, last + i + 2))
        }
        if column == 0 {
          let a = base + i * side
          border = max(border, deviation(a, a + side, a + 2 * side))
        }
        if column == columns - 1 {
          let a = base + i * side + 2 * n
          border = max(border, deviation(a, a + side, a + 2 * side))
        }
      }
      for j in 0..<n {
        for i in 0..<n {
          // Corners a b / c d and the midpoints of the top, left, diagonal,
          // right and bottom edges.
          let a = base + 2 * j * side + 2 * i
          let b = a + 2
          let c = a + 2 * side
          let d = c + 2
          let top = a + 1
          let left = a + side
          let middle = left + 1
          let right = left + 2
          let bottom = c + 1
          let displacement =
            4 / 3
            * max(
              deviation(a, top, b), deviation(a, left, c), deviation(a, middle, d),
              deviation(b, right, d), deviation(c, bottom, d))
          let gradient = max(
            change(a, top), change(top, b), change(a, left), change(left, c),
            change(a, middle), change(middle, d), change(b, right), change(right, d),
            change(c, bottom), change(bottom, d))
          color = max(color, displacement * gradient)
        }
      }
    }
    return (border, color)
  }

  /// Every net sampled at (i/n, j/n), n = 2^level, `(n+1)²` values per net,
  /// row-major in j (along v) then i (along u).
  ///
  /// Each control row is summed along u, then the four curves along v; at
  /// u or v = 0 or 1 the Bernstein weights are exactly 0 and 1, so an edge
  /// two patches share gives identical points in both.
  static func sample<Point: SIMD & Sendable>(_ nets: [BicubicNet<Point>], level: Int) -> [Point]
  where Point.Scalar == Double {
    let n = 1 << level
    let side = n + 1
    let weights = (0...n).map { BicubicNet<Point>.bernstein(Double($0) / Double(n)) }
    var result = [Point](repeating: .zero, count: nets.count * side * side)
    var rowCurve = [Point](repeating: .zero, count: 4 * side)
    for (k, net) in nets.enumerated() {
      for r in 0..<4 {
        for i in 0...n {
          rowCurve[r * side + i] = combine(weights[i], net[r, 0], net[r, 1], net[r, 2], net[r, 3])
        }
      }
      let base = k * side * side
      for j in 0...n {
        for i in 0...n {
          result[base + j * side + i] = combine(
            weights[j], rowCurve[i], rowCurve[side + i], rowCurve[2 * side + i],
            rowCurve[3 * side + i])
        }
      }
    }
    return result
  }

  /// `w₀·a + w₁·b + w₂·c + w₃·d`, summed left to right: weights (1,0,0,0)
  /// or (0,0,0,1) return `a` or `d` exactly.
  @inline(__always)
  static func combine<Point: SIMD>(
    _ w: SIMD4<Double>, _ a: Point, _ b: Point, _ c: Point, _ d: Point
  ) -> Point where Point.Scalar == Double {
    var sum = w[0] * a
    sum += w[1] * b
    sum += w[2] * c
    sum += w[3] * d
    return sum
  }
}
