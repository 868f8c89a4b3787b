import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@Suite struct MeshMappingTests {
  @Test func roundTripsOnRandomConvexMeshes() throws {
    let seed: UInt64 = 0x5EED_0001
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    var worst = 0.0
    var tested = 0
    for _ in 0..<20 {
      let n = Int.random(in: 2...9, using: &rng)
      let mesh = RandomMeshes.jitteredGrid(columns: n, rows: n, jitter: 0.2, rng: &rng)
      #expect(mesh.validate().isEmpty)
      let mapping = MeshMapping(mesh: mesh)
      for _ in 0..<200 {
        let content = Vector2(rng.double(in: 0...1), rng.double(in: 0...1))
        let screen = try #require(mapping.destinationPoint(forSource: content))
        let back = try #require(mapping.sourcePoint(forDestination: screen))
        worst = max(worst, abs(back.x - content.x), abs(back.y - content.y))
        tested += 1
      }
    }
    print("round trips", tested, "worst error", worst)
    #expect(worst < 1e-4)
  }

  @Test func seedReadmeCard() throws {
    let corners = [
      CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1),
    ]
    var warped = corners
    warped[2] = CGPoint(x: 0.8, y: 0.75)
    let mesh = WarpMesh(
      pointPairs: zip(corners, warped).map { MeshPointPair(from: $0, to: $1) },
      faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    let mapping = MeshMapping(mesh: mesh)
    // The pulled corner's content appears at the warped corner.
    let p = try #require(mapping.sourcePoint(forDestination: CGPoint(x: 0.8, y: 0.75)))
    #expect(abs(p.x - 1) < 1e-12 && abs(p.y - 1) < 1e-12)
    // Outside the warped quad: nil.
    #expect(mapping.sourcePoint(forDestination: CGPoint(x: 0.95, y: 0.95)) == nil)
    #expect(mapping.sourcePoint(forDestination: CGPoint(x: -0.01, y: 0.5)) == nil)
  }

  @Test func firstFaceWinsWhereFacesOverlap() throws {
    // Two faces over the same unit square; the second maps different content.
    let pairs =
      [
        (0.0, 0.0), (1, 0), (1, 1), (0, 1),
      ].map { MeshPointPair(identity: CGPoint(x: $0.0, y: $0.1)) }
      + [(0.0, 0.0), (1, 0), (1, 1), (0, 1)].map {
        MeshPointPair(from: CGPoint(x: $0.0 * 0.5, y: $0.1 * 0.5), to: CGPoint(x: $0.0, y: $0.1))
      }
    let mesh = WarpMesh(
      pointPairs: pairs,
      faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3), MeshFace(i0: 4, i1: 5, i2: 6, i3: 7)])
    let mapping = MeshMapping(mesh: mesh)
    let location = try #require(mapping.locate(destination: Vector2(0.6, 0.6)))
    #expect(location.face == 0)
    let reversed = MeshMapping(mesh: WarpMesh(pointPairs: pairs, faces: mesh.faces.reversed()))
    #expect(try #require(reversed.locate(destination: Vector2(0.6, 0.6))).face == 0)
    #expect(try #require(reversed.sourcePoint(forDestination: Vector2(0.6, 0.6))).x == 0.3)
  }

  @Test func invalidFacesAreSkipped() {
    let pairs = [(0.0, 0.0), (1, 0), (1, 1), (0, 1)].map {
      MeshPointPair(identity: CGPoint(x: $0.0, y: $0.1))
    }
    let mesh = WarpMesh(pointPairs: pairs, faces: [MeshFace(i0: 0, i1: 1, i2: 9, i3: 3)])
    #expect(MeshMapping(mesh: mesh).sourcePoint(forDestination: Vector2(0.5, 0.5)) == nil)
  }

  @Test func spatialIndexKeepsCellsSmall() {
    // O(1) lookups: on a 64×64-quad grid, a cell lists only a few triangles.
    let mesh = WarpMesh.identity(columns: 65, rows: 65)
    let grid = TriangleGrid(
      triangles: mesh.faces.indices.flatMap { i -> [(Vector2, Vector2, Vector2)] in
        let q = mesh.warpedQuad(i)
        return [(q.a, q.b, q.c), (q.a, q.c, q.d)]
      })
    var most = 0
    for c in 0..<(grid.columns * grid.rows) {
      most = max(most, Int(grid.cellStart[c + 1] - grid.cellStart[c]))
    }
    let mean = Double(grid.triangleIndices.count) / Double(grid.columns * grid.rows)
    print("cells", grid.columns, "x", grid.rows, "mean", mean, "max", most)
    #expect(most <= 16)
    #expect(mean <= 8)
  }
}
