import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@Suite struct InverseBilinearTests {
  @Test func unitSquareIsTheIdentity() throws {
    let q = Quad(Vector2(0, 0), Vector2(1, 0), Vector2(1, 1), Vector2(0, 1))
    for (u, v) in [(0.0, 0.0), (1, 0), (1, 1), (0, 1), (0.25, 0.75), (0.5, 0.5)] {
      let uv = try #require(q.parameters(of: Vector2(u, v)))
      #expect(uv == Vector2(u, v))
    }
  }

  @Test func parallelogramUsesTheLinearSolution() throws {
    // g = 0: k2 = 0 exactly.
    let q = Quad(Vector2(1, 1), Vector2(5, 2), Vector2(6, 6), Vector2(2, 5))
    #expect(QuadInverter(q).k2 == 0)
    let uv = try #require(q.parameters(of: q.point(u: 0.3, v: 0.8)))
    #expect(abs(uv.x - 0.3) < 1e-12 && abs(uv.y - 0.8) < 1e-12)
  }

  @Test func randomConvexQuadsRoundTrip() throws {
    let seed: UInt64 = 0xB111
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    var worst = 0.0
    for _ in 0..<2000 {
      // A convex quad: four points on an ellipse in angular order, jittered radius.
      let centre = Vector2(rng.double(in: -10...10), rng.double(in: -10...10))
      let start = rng.double(in: 0...(2 * .pi))
      var angles = (0..<4).map { _ in rng.double(in: 0...(2 * .pi)) }.sorted()
      angles = angles.map { $0 + start }
      if zip(angles, angles.dropFirst() + [angles[0] + 2 * .pi]).contains(where: { $1 - $0 < 0.3 })
      {
        continue
      }
      let r = rng.double(in: 0.5...50)
      let p = angles.map { centre + Vector2(cos($0), sin($0)) * r * rng.double(in: 0.8...1.2) }
      let q = Quad(p[0], p[1], p[2], p[3])
      guard QuadShapeCheck.isConvex(q) else { continue }
      let u = rng.double(in: 0...1)
      let v = rng.double(in: 0...1)
      let uv = try #require(q.parameters(of: q.point(u: u, v: v)))
      worst = max(worst, abs(uv.x - u), abs(uv.y - v))
    }
    print("worst parameter error", worst)
    #expect(worst < 1e-8)
  }

  @Test func nearParallelogramIsStable() throws {
    // k2 tiny but non-zero: the naive formula cancels catastrophically.
    let q = Quad(Vector2(0, 0), Vector2(1000, 0), Vector2(1000, 1000 + 1e-9), Vector2(0, 1000))
    let uv = try #require(q.parameters(of: Vector2(250, 750)))
    #expect(abs(uv.x - 0.25) < 1e-9 && abs(uv.y - 0.75) < 1e-9)
  }

  @Test func pointsOutsideGiveParametersOutsideTheSquare() throws {
    let q = Quad(Vector2(0, 0), Vector2(2, 0), Vector2(2, 1), Vector2(0, 1))
    let uv = try #require(q.parameters(of: Vector2(3, 0.5)))
    #expect(uv.x > 1)
  }

  @Test func degenerateQuadHasNoSolution() {
    let q = Quad(Vector2(0, 0), Vector2(1, 0), Vector2(2, 0), Vector2(3, 0))
    #expect(q.parameters(of: Vector2(0.5, 1)) == nil)
  }
}

/// An independent convexity check for the tests (turn signs at corners).
enum QuadShapeCheck {
  static func isConvex(_ q: Quad) -> Bool {
    let p = q.corners
    var signs = Set<Bool>()
    for i in 0..<4 {
      let a = p[(i + 3) % 4]
      let b = p[i]
      let c = p[(i + 1) % 4]
      let t = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
      if abs(t) < 1e-9 { return false }
      signs.insert(t > 0)
    }
    return signs.count == 1
  }
}
