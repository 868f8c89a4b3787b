import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import Testing
import _TestSupport

@Suite struct MeshResamplerTests {
  /// 3×3 → 5×5 and 3×3 → 9×9 keep every old grid line, so the warp is
  /// reproduced exactly (a bilinear patch restricted to a parameter
  /// sub-rectangle is bilinear): random content points map alike.
  @Test func refiningKeepsTheWarpExactly() throws {
    let seed: UInt64 = 0xDE30_0001
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    let old = MeshPresets.originalDemoWarp
    let oldMapping = MeshMapping(mesh: old)
    for n in [5, 9] {
      let new = MeshResampler.resample(old, columns: n, rows: n)
      #expect(new.grid == WarpMesh.GridShape(columns: n, rows: n))
      let newMapping = MeshMapping(mesh: new)
      var worst = 0.0
      for _ in 0..<300 {
        let p = Vector2(rng.double(in: 0...1), rng.double(in: 0...1))
        let a = try #require(oldMapping.destinationPoint(forSource: p))
        let b = try #require(newMapping.destinationPoint(forSource: p))
        worst = max(worst, abs(a.x - b.x), abs(a.y - b.y))
      }
      print("3x3 ->", n, "worst difference", worst)
      #expect(worst < 1e-9)
      // The old control points are among the new ones, unmoved.
      let step = (n - 1) / 2
      for r in 0..<3 {
        for c in 0..<3 {
          let q = new[column: c * step, row: r * step]
          let o = old[column: c, row: r]
          #expect(abs(q.x - o.x) < 1e-12 && abs(q.y - o.y) < 1e-12)
        }
      }
    }
  }

  /// Any density: each new vertex lies where the old warp shows its
  /// content point (checked against an independent bilinear evaluation of
  /// the old face), and coarsening back recovers the old grid.
  @Test func verticesLieOnTheOldWarp() throws {
    let old = MeshPresets.originalDemoWarp
    let new = MeshResampler.resample(old, columns: 4, rows: 4)
    for pair in new.pointPairs {
      let s = Vector2(pair.from)
      // Which old cell (columns and rows split at 0.5) and its (u, v).
      let c = min(Int(s.x / 0.5), 1)
      let r = min(Int(s.y / 0.5), 1)
      let u = (s.x - 0.5 * Double(c)) / 0.5
      let v = (s.y - 0.5 * Double(r)) / 0.5
      let p00 = Vector2(old[column: c, row: r])
      let p10 = Vector2(old[column: c + 1, row: r])
      let p11 = Vector2(old[column: c + 1, row: r + 1])
      let p01 = Vector2(old[column: c, row: r + 1])
      let expected =
        p00 * ((1 - u) * (1 - v)) + p10 * (u * (1 - v)) + p11 * (u * v) + p01 * ((1 - u) * v)
      #expect(abs(pair.to.x - expected.x) < 1e-9 && abs(pair.to.y - expected.y) < 1e-9)
    }
    let back = MeshResampler.resample(
      MeshResampler.resample(old, columns: 5, rows: 5), columns: 3, rows: 3)
    for (a, b) in zip(back.pointPairs, old.pointPairs) {
      #expect(abs(a.to.x - b.to.x) < 1e-9 && abs(a.to.y - b.to.y) < 1e-9)
    }
  }

  @Test func identityStaysIdentity() {
    let new = MeshResampler.resample(.identity(columns: 3, rows: 3), columns: 7, rows: 7)
    for pair in new.pointPairs {
      #expect(abs(pair.to.x - pair.from.x) < 1e-12 && abs(pair.to.y - pair.from.y) < 1e-12)
    }
  }
}
