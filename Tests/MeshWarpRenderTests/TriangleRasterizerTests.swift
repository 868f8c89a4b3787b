import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

@Suite struct TriangleRasterizerTests {
  /// Every pixel centre inside a grid mesh's silhouette is claimed by exactly
  /// one triangle; none outside.
  @Test func sharedEdgesCoverEachCentreExactlyOnce() {
    let seed: UInt64 = 0x7E57
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    for trial in 0..<20 {
      let n = Int.random(in: 2...10, using: &rng)
      // Snap vertices to whole and half pixels half the time, so that many
      // centres land exactly on edges and vertices (the tie-break cases).
      var mesh = RandomMeshes.jitteredGrid(columns: n, rows: n, jitter: 0.2, rng: &rng)
      let size = 40
      if trial % 2 == 0 {
        for i in mesh.pointPairs.indices {
          let p = Vector2(mesh.pointPairs[i].to) * Double(size)
          mesh.pointPairs[i].to =
            ((p * 2).rounded(.toNearestOrAwayFromZero) / 2 / Double(size)).cgPoint
        }
      }
      var count = [Int](repeating: 0, count: size * size)
      for f in mesh.faces.indices {
        let q = mesh.warpedQuad(f, scale: Vector2(Double(size), Double(size)))
        for t in [TriangleRasterizer(q.a, q.b, q.c), TriangleRasterizer(q.a, q.c, q.d)] {
          guard let t else { continue }
          for y in max(0, t.rows.lowerBound)...min(size - 1, t.rows.upperBound) {
            for x in t.span(row: y, width: size) { count[y * size + x] += 1 }
          }
        }
      }
      // The identity-bordered grid covers the whole image.
      #expect(count.allSatisfy { $0 == 1 }, "trial \(trial): counts \(Set(count))")
    }
  }

  @Test func topLeftRuleOnAnAxisAlignedSquare() {
    // Square [1,3]×[1,3] in pixels: centres 1.5 and 2.5 inside; split along
    // the diagonal, each centre claimed once.
    let a = Vector2(1, 1)
    let b = Vector2(3, 1)
    let c = Vector2(3, 3)
    let d = Vector2(1, 3)
    var count = [Int](repeating: 0, count: 16)
    for t in [TriangleRasterizer(a, b, c)!, TriangleRasterizer(a, c, d)!] {
      for y in max(0, t.rows.lowerBound)...min(3, t.rows.upperBound) {
        for x in t.span(row: y, width: 4) { count[y * 4 + x] += 1 }
      }
    }
    #expect(count == [0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0])
  }
}
