import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The per-face bound that lets the plan skip faces: never below the
/// minification at any (u, v) of the face.
@Suite struct MinificationBoundTests {
  @Test func boundIsAtLeastEverySampledMinification() {
    var rng = SeededRandom(seed: 0xB0_0D)
    func quad(_ scale: Double) -> Quad {
      func p(_ x: Double, _ y: Double) -> Vector2 {
        Vector2(x + (rng.unit() - 0.5) * 0.6, y + (rng.unit() - 0.5) * 0.6) * scale
      }
      return Quad(p(0, 0), p(1, 0), p(1, 1), p(0, 1))
    }
    var finite = 0
    for _ in 0..<300 {
      let warped = quad(40)
      let original = quad(40 * (0.5 + rng.unit()))
      let bound = MinificationFilter.minificationBound(warped: warped, original: original)
      guard bound.x.isFinite else { continue }
      finite += 1
      for j in 0...10 {
        for k in 0...10 {
          let m = MinificationFilter.minification(
            warped: warped, original: original, u: Double(k) / 10, v: Double(j) / 10)
          #expect(m.x <= bound.x * (1 + 1e-12) && m.y <= bound.y * (1 + 1e-12))
        }
      }
    }
    #expect(finite > 100)
  }
}

/// The minification filter's division by a run's sample count.
@Suite struct MinificationDividerTests {
  /// ⌊x/d⌋ by multiply and shift equals the division, for every divisor
  /// 1…4096 at the quotient's edges and at random x < 2³¹.
  @Test func dividesExactly() {
    var random = SeededRandom(seed: 3)
    for d in UInt32(1)...4096 {
      let divide = MinificationFilter.Divider(d)
      var xs: [UInt32] = [0, 1, d - 1, d, d + 1, 2 * d - 1, (1 << 31) - 1]
      xs += (0..<24).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0x7FFF_FFFF }
      xs += (0..<8).map { _ in
        let q = UInt32(truncatingIfNeeded: random.next()) % (((1 << 31) - d) / d)
        return q * d + (d - 1)
      }
      for x in xs {
        #expect(divide(x) == x / d, "\(x) / \(d)")
      }
    }
  }
}
