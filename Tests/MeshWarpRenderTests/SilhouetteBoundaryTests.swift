import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The anti-aliaser's shortcut for grids must find the boundary that
/// counting edge uses finds.
@Suite struct SilhouetteBoundaryTests {
  @Test func gridRingIsTheEdgesUsedOnce() {
    let seed: UInt64 = 0xB0DE
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    for trial in 0..<60 {
      let columns = 2 + Int(rng.next() % 8)
      let rows = 2 + Int(rng.next() % 8)
      var mesh = WarpMesh.identity(columns: columns, rows: rows)
      // Every point moved, folds included on every third mesh.
      let spread = trial % 3 == 0 ? 0.6 : 0.1
      for k in mesh.pointPairs.indices {
        let p = mesh.pointPairs[k].to
        mesh.pointPairs[k].to = CGPoint(
          x: p.x + rng.double(in: -spread...spread) / Double(columns),
          y: p.y + rng.double(in: -spread...spread) / Double(rows))
      }
      let indices = Array(mesh.faces.indices)
      let faces = WarpRenderer.faces(
        indices, of: mesh, outputScale: Vector2(640, 480), sourceScale: Vector2(64, 48),
        threads: 1)
      let ring = SilhouetteAntialiaser<ContentSampler>.gridRing(
        mesh: mesh, faceIndices: indices, faces: faces)
      let counted = SilhouetteAntialiaser<ContentSampler>.edgesUsedOnce(
        mesh: mesh, faceIndices: indices, faces: faces)
      func key(_ e: (Vector2, Vector2)) -> [Double] { [e.0.x, e.0.y, e.1.x, e.1.y] }
      #expect(
        ring.map { $0.map(key).sorted { $0.lexicographicallyPrecedes($1) } }
          == counted.map(key).sorted { $0.lexicographicallyPrecedes($1) })
      #expect(counted.count == 2 * (columns - 1 + rows - 1))
      // Not every face rendered: no shortcut.
      #expect(
        SilhouetteAntialiaser<ContentSampler>.gridRing(
          mesh: mesh, faceIndices: Array(indices.dropFirst()), faces: Array(faces.dropFirst()))
          == nil)
    }
  }
}
