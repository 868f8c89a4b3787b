/// The four interior control points of a patch from its twelve boundary
/// control points, by the Coons rule of ISO 32000-1 §8.7.4.5.7 (type 6
/// shadings; cairo's mesh pattern uses the same): the tensor-product patch
/// then equals the bilinearly blended Coons patch of its four edge curves.
///
/// ```
/// P11 = (−4·P00 + 6·(P01 + P10) − 2·(P03 + P30) + 3·(P13 + P31) − P33) / 9
/// ```
///
/// and the same with the net reflected for P12 (columns mirrored), P21 (rows
/// mirrored) and P22 (both). Indices are [row][column] as in `BicubicNet`;
/// the formula is symmetric in the two, so either order gives the same point.
extension BicubicNet {
  /// Replaces P11, P12, P21 and P22 by their Coons values; the boundary
  /// points are read, not changed.
  public mutating func setCoonsInteriorPoints() {
    for flipRows in [false, true] {
      for flipColumns in [false, true] {
        let interior = Self.coonsInteriorPoint(self, flipRows: flipRows, flipColumns: flipColumns)
        self[flipRows ? 2 : 1, flipColumns ? 2 : 1] = interior
      }
    }
  }

  /// One interior point: P11 of the net seen with its rows and/or columns
  /// mirrored.
  static func coonsInteriorPoint(_ net: Self, flipRows: Bool, flipColumns: Bool) -> Point {
    func p(_ r: Int, _ c: Int) -> Point { net[flipRows ? 3 - r : r, flipColumns ? 3 - c : c] }
    var sum = -4 * p(0, 0)
    sum += 6 * (p(0, 1) + p(1, 0))
    sum -= 2 * (p(0, 3) + p(3, 0))
    sum += 3 * (p(1, 3) + p(3, 1))
    sum -= p(3, 3)
    return sum / 9
  }
}
