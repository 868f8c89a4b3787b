import Foundation
import MeshWarpCore
import Testing

/// Coons interior control points and the bicubic net's evaluation.
@Suite struct GradientCoonsTests {
  /// A net with every boundary point set and the interior zero.
  func boundaryNet() -> BicubicNet<Vector2> {
    var net = BicubicNet<Vector2>()
    let boundary: [(Int, Int, Vector2)] = [
      (0, 0, Vector2(0, 0)), (0, 1, Vector2(1, 0.5)), (0, 2, Vector2(2, -0.5)),
      (0, 3, Vector2(3, 0)),
      (1, 0, Vector2(0.2, 1)), (2, 0, Vector2(-0.2, 2)), (3, 0, Vector2(0, 3)),
      (1, 3, Vector2(3.5, 1)), (2, 3, Vector2(3, 2)), (3, 3, Vector2(3, 3)),
      (3, 1, Vector2(1, 3.3)), (3, 2, Vector2(2, 3)),
    ]
    for (r, c, p) in boundary { net[r, c] = p }
    return net
  }

  @Test func handComputedInteriorPoint() {
    var net = boundaryNet()
    net.setCoonsInteriorPoints()
    // P11 = (−4·P00 + 6(P01 + P10) − 2(P03 + P30) + 3(P13 + P31) − P33)/9
    // x: (0 + 6(1 + 0.2) − 2(3 + 0) + 3(3.5 + 1) − 3)/9 = (7.2 − 6 + 13.5 − 3)/9 = 11.7/9 = 1.3
    // y: (0 + 6(0.5 + 1) − 2(0 + 3) + 3(1 + 3.3) − 3)/9 = (9 − 6 + 12.9 − 3)/9 = 12.9/9
    #expect(abs(net[1, 1].x - 1.3) < 1e-14)
    #expect(abs(net[1, 1].y - 12.9 / 9) < 1e-14)
    // P22 mirrors both: (−4·P33 + 6(P32 + P23) − 2(P30 + P03) + 3(P20 + P02) − P00)/9
    // x: (−12 + 6(2 + 3) − 2(0 + 3) + 3(−0.2 + 2) − 0)/9 = (−12 + 30 − 6 + 5.4)/9 = 17.4/9
    // y: (−12 + 6(3 + 2) − 2(3 + 0) + 3(2 − 0.5) − 0)/9 = (−12 + 30 − 6 + 4.5)/9 = 16.5/9
    #expect(abs(net[2, 2].x - 17.4 / 9) < 1e-14)
    #expect(abs(net[2, 2].y - 16.5 / 9) < 1e-14)
    // Boundary untouched.
    #expect(net[0, 1] == Vector2(1, 0.5))
  }

  @Test func bilinearLatticeIsReproduced() {
    // Boundary on a bilinear map of the thirds lattice: Coons returns the
    // interior lattice points exactly (the patch is the bilinear map).
    let corners = (Vector2(0, 0), Vector2(4, 1), Vector2(-1, 3), Vector2(5, 5))
    func bilinear(_ u: Double, _ v: Double) -> Vector2 {
      let top = corners.0 + (corners.1 - corners.0) * u
      let bottom = corners.2 + (corners.3 - corners.2) * u
      return top + (bottom - top) * v
    }
    var net = BicubicNet<Vector2>()
    for r in 0..<4 {
      for c in 0..<4 where r == 0 || r == 3 || c == 0 || c == 3 {
        net[r, c] = bilinear(Double(c) / 3, Double(r) / 3)
      }
    }
    net.setCoonsInteriorPoints()
    for (r, c) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
      let expected = bilinear(Double(c) / 3, Double(r) / 3)
      #expect(abs(net[r, c].x - expected.x) < 1e-14 && abs(net[r, c].y - expected.y) < 1e-14)
    }
  }

  @Test func powerCoefficientsAgreeWithBernstein() {
    var net = boundaryNet()
    net.setCoonsInteriorPoints()
    let a = net.powerCoefficients()
    for (u, v) in [(0.0, 0.0), (1.0, 1.0), (0.3, 0.7), (0.9, 0.15)] {
      var sum = Vector2.zero
      for j in 0..<4 {
        for i in 0..<4 { sum += a[4 * j + i] * (pow(u, Double(i)) * pow(v, Double(j))) }
      }
      let direct = net.value(u: u, v: v)
      #expect(abs(sum.x - direct.x) < 1e-12 && abs(sum.y - direct.y) < 1e-12)
    }
  }

  @Test func cornersAndEdgesAreExact() {
    var net = boundaryNet()
    net.setCoonsInteriorPoints()
    #expect(net.value(u: 0, v: 0) == net[0, 0])
    #expect(net.value(u: 1, v: 0) == net[0, 3])
    #expect(net.value(u: 0, v: 1) == net[3, 0])
    #expect(net.value(u: 1, v: 1) == net[3, 3])
  }

  @Test func meshPatchesMeetTheirVertices() {
    let mesh = GradientPresets.meshing(at: 1.3)
    let patches = mesh.patches()
    #expect(patches.count == 4)
    let points = mesh.positions
    for patch in patches {
      let i = mesh.index(column: patch.column, row: patch.row)
      #expect(patch.geometry[0, 0] == points[i])
      #expect(patch.geometry[0, 3] == points[i + 1])
      #expect(patch.geometry[3, 0] == points[i + 3])
      #expect(patch.geometry[3, 3] == points[i + 4])
    }
    // Neighbouring patches share the edge's control points.
    #expect(
      (0..<4).map { patches[0].geometry[$0, 3] } == (0..<4).map { patches[1].geometry[$0, 0] })
    #expect(
      (0..<4).map { patches[0].geometry[3, $0] } == (0..<4).map { patches[2].geometry[0, $0] })
  }
}
