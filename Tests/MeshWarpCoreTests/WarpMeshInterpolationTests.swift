import Foundation
import MeshWarpCore
import Testing

@Suite struct WarpMeshInterpolationTests {
  static func pulled(_ x: Double) -> WarpMesh {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh[column: 1, row: 1] = CGPoint(x: x, y: 0.5)
    return mesh
  }

  @Test func endpointsAndMidpoint() throws {
    let a = Self.pulled(0.5)
    let b = Self.pulled(0.9)
    #expect(try a.interpolated(to: b, fraction: 0) == a)
    #expect(try a.interpolated(to: b, fraction: 1) == b)
    let mid = try a.interpolated(to: b, fraction: 0.5)
    #expect(abs(mid[column: 1, row: 1].x - 0.7) < 1e-15)
    #expect(mid.pointPairs.map(\.from) == a.pointPairs.map(\.from))
  }

  @Test func mismatchesNameTheDifference() {
    let a = Self.pulled(0.5)
    #expect(throws: MeshInterpolationMismatch.pointCount(9, 4)) {
      try a.interpolated(to: .identity(columns: 2, rows: 2), fraction: 0.5)
    }
    var b = a
    b.faces[2] = MeshFace(i0: 4, i1: 5, i2: 8, i3: 7)
    #expect(throws: MeshInterpolationMismatch.faces(face: 2)) {
      try a.interpolated(to: b, fraction: 0.5)
    }
    var c = a
    c.pointPairs[3].from = CGPoint(x: 0.1, y: 0.5)
    #expect(throws: MeshInterpolationMismatch.originalPoint(index: 3)) {
      try a.interpolated(to: c, fraction: 0.5)
    }
  }

  @Test func warpedCoordinatesRoundTripAndIgnoreWrongLengths() {
    var mesh = Self.pulled(0.8)
    let values = mesh.warpedCoordinates
    #expect(values.count == 18)
    #expect(values[8] == 0.8 && values[9] == 0.5)
    var moved = values
    moved[8] = 0.2
    mesh.warpedCoordinates = moved
    #expect(mesh[column: 1, row: 1].x == 0.2)
    mesh.warpedCoordinates = [1, 2, 3]
    #expect(mesh[column: 1, row: 1].x == 0.2)
  }
}
