import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// ``TriangleRasterizer/forEachSpan(rows:width:_:)`` (division-free row
/// stepping) and ``TriangleRasterizer/init(fixed:_:_:)`` give exactly the
/// spans of ``TriangleRasterizer/span(row:width:)`` and of the Double
/// initializer, and those match a per-centre test of the edge functions.
@Suite struct TriangleRasterizerSpanWalkTests {
  /// Columns of row `y` whose centres pass all three edge tests, evaluated
  /// centre by centre (the reference: no span arithmetic).
  func bruteForce(_ t: TriangleRasterizer, row y: Int, width: Int) -> [Int] {
    let one = TriangleRasterizer.one
    let py = Int64(y) * one + one / 2
    let edges = [
      (t.ax.0, t.ay.0, t.dx.0, t.dy.0, t.bias.0), (t.ax.1, t.ay.1, t.dx.1, t.dy.1, t.bias.1),
      (t.ax.2, t.ay.2, t.dx.2, t.dy.2, t.bias.2),
    ]
    return (0..<width).filter { x in
      let px = Int64(x) * one + one / 2
      return edges.allSatisfy { e in e.2 * (py - e.1) - e.3 * (px - e.0) >= e.4 }
    }
  }

  @Test func walkedSpansEqualPerRowSpansAndTheBruteForce() {
    let seed: UInt64 = 0x5BA4_3A1C
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    let width = 37
    var walkedRows = 0
    var coveredCentres = 0
    for trial in 0..<3000 {
      // Corners on whole or half pixels a third of the time (centres on
      // edges and corners: the tie cases), on the 1/256 grid a third, free
      // otherwise; some far outside the image.
      func coordinate() -> Double {
        let range = trial % 10 == 0 ? -300.0...300.0 : -8.0...45.0
        let v = Double.random(in: range, using: &rng)
        switch trial % 3 {
        case 0: return (v * 2).rounded() / 2
        case 1: return (v * 256).rounded() / 256
        default: return v
        }
      }
      let p = (0..<3).map { _ in Vector2(coordinate(), coordinate()) }
      guard let t = TriangleRasterizer(p[0], p[1], p[2]) else { continue }
      let fixed = TriangleRasterizer(
        fixed: TriangleRasterizer.fixedPoint(p[0]), TriangleRasterizer.fixedPoint(p[1]),
        TriangleRasterizer.fixedPoint(p[2]))
      #expect(fixed != nil, "trial \(trial)")
      // Rows a little beyond the triangle's, from a random start (as a
      // band of rows would begin).
      let start = t.rows.lowerBound - 2 + Int.random(in: 0...3, using: &rng)
      let rows = start...max(start, t.rows.upperBound + 2)
      var expectedRow = rows.lowerBound
      t.forEachSpan(rows: rows, width: width) { y, columns in
        #expect(y == expectedRow)
        expectedRow += 1
        let single = t.span(row: y, width: width)
        #expect(columns == single, "trial \(trial) row \(y): \(columns) vs \(single)")
        if let fixed { #expect(fixed.span(row: y, width: width) == single) }
        if y >= -1 && y <= width {
          let reference = bruteForce(t, row: y, width: width)
          #expect(Array(columns) == reference, "trial \(trial) row \(y)")
          coveredCentres += reference.count
        }
        walkedRows += 1
      }
      #expect(expectedRow == rows.upperBound + 1)
    }
    print("walked rows", walkedRows, "covered centres", coveredCentres)
    #expect(coveredCentres > 10_000)
  }
}
