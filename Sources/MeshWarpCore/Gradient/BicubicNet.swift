/// The 4 × 4 control net of a bicubic tensor-product Bézier patch
///
/// ```
/// S(u, v) = Σ_{r=0…3} Σ_{c=0…3} B_r(v) · B_c(u) · P[r][c]
/// B_0(t) = (1−t)³,  B_1(t) = 3t(1−t)²,  B_2(t) = 3t²(1−t),  B_3(t) = t³
/// ```
///
/// with u, v in 0…1. Row r runs along u (row 0 is the edge v = 0, the top of
/// a patch); column c runs along v (column 0 is the edge u = 0, the left).
/// `Point` is a position (``Vector2``) or a colour (`SIMD4<Double>`).
package struct BicubicNet<Point: SIMD & Sendable>: Hashable, Sendable
where Point.Scalar == Double {
  /// The 16 control points, row-major: `points[4·r + c]` is P[r][c].
  package var points: [Point]

  /// A net from 16 row-major control points.
  ///
  /// - Precondition: `points.count == 16`.
  package init(points: [Point]) {
    precondition(points.count == 16, "a bicubic net has 16 control points, not \(points.count)")
    self.points = points
  }

  /// A net with every control point zero.
  package init() { points = Array(repeating: .zero, count: 16) }

  /// P[row][column].
  @inlinable package subscript(row: Int, column: Int) -> Point {
    get { points[4 * row + column] }
    set { points[4 * row + column] = newValue }
  }

  /// The Coons patch of a cell: corner `corner(r, c)` (r, c ∈ {0, 1}: top
  /// or bottom, left or right), beside it `alongRow(r, c)` on its row edge
  /// and `alongColumn(r, c)` on its column edge, the interior by
  /// ``setCoonsInteriorPoints()``. The one boundary layout that a gradient
  /// cell's geometry and its smooth colours share.
  package static func coonsPatch(
    corner: (_ r: Int, _ c: Int) -> Point, alongRow: (_ r: Int, _ c: Int) -> Point,
    alongColumn: (_ r: Int, _ c: Int) -> Point
  ) -> BicubicNet {
    var net = BicubicNet()
    for r in 0...1 {
      for c in 0...1 {
        net[3 * r, 3 * c] = corner(r, c)
        net[3 * r, 1 + c] = alongRow(r, c)
        net[1 + r, 3 * c] = alongColumn(r, c)
      }
    }
    net.setCoonsInteriorPoints()
    return net
  }

  /// The four cubic Bernstein weights at `t`.
  @inlinable package static func bernstein(_ t: Double) -> SIMD4<Double> {
    let s = 1 - t
    return SIMD4(s * s * s, 3 * t * s * s, 3 * t * t * s, t * t * t)
  }

  /// S(u, v) by the Bernstein sum.
  ///
  /// Exact at the borders: at u = 0 (or 1) the weights are exactly
  /// (1,0,0,0) (or (0,0,0,1)), so two patches sharing an edge's control
  /// points give bit-identical points along it.
  /// - Complexity: 20 point multiply-adds.
  @inlinable package func value(u: Double, v: Double) -> Point {
    let bu = Self.bernstein(u)
    let bv = Self.bernstein(v)
    var result = Point.zero
    for r in 0..<4 {
      var rowValue = Point.zero
      for c in 0..<4 { rowValue += bu[c] * points[4 * r + c] }
      result += bv[r] * rowValue
    }
    return result
  }

  /// The coefficients of S in the power basis:
  /// `S(u, v) = Σ_{i,j} a[4·j + i] · uⁱ · vʲ` (i the power of u, j of v).
  ///
  /// `a = M · P · Mᵀ` with M the Bernstein-to-power matrix
  /// `[[1,0,0,0],[−3,3,0,0],[3,−6,3,0],[−1,3,−3,1]]`; a renderer evaluates
  /// the result with two Horner schemes (15 multiply-adds) instead of 20
  /// Bernstein terms.
  package func powerCoefficients() -> [Point] {
    let m: [[Double]] = [[1, 0, 0, 0], [-3, 3, 0, 0], [3, -6, 3, 0], [-1, 3, -3, 1]]
    /// Applies M along one axis of the 4 × 4 grid `p`: for each line `o`,
    /// out[at(o, a)] = Σ_k m[a][k] · p[at(o, k)].
    func multiply(_ p: [Point], at: (_ line: Int, _ position: Int) -> Int) -> [Point] {
      var out = [Point](repeating: .zero, count: 16)
      for line in 0..<4 {
        for a in 0..<4 {
          var sum = Point.zero
          for k in 0..<4 where m[a][k] != 0 { sum += m[a][k] * p[at(line, k)] }
          out[at(line, a)] = sum
        }
      }
      return out
    }
    // Along u: rowPower[r][i] = Σ_c m[i][c] · P[r][c].
    let rowPower = multiply(points) { row, column in 4 * row + column }
    // Along v: a[j][i] = Σ_r m[j][r] · rowPower[r][i].
    return multiply(rowPower) { column, row in 4 * row + column }
  }
}
