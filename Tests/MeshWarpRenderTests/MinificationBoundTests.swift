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
