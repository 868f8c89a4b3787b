import MeshWarpEffect
import Testing

/// The animatable vector of warped points: the arithmetic SwiftUI uses to
/// interpolate `from + (to − from)·t`.
@Suite struct MeshWarpAnimatableDataTests {
  @Test func interpolationReproducesTheMeshMidpoint() throws {
    var a = WarpMesh.identity(columns: 3, rows: 3)
    var b = a
    a[column: 1, row: 1] = .init(x: 0.4, y: 0.5)
    b[column: 1, row: 1] = .init(x: 0.8, y: 0.3)
    let from = MeshWarpAnimatableData(a.warpedCoordinates)
    let to = MeshWarpAnimatableData(b.warpedCoordinates)
    var delta = to - from
    delta.scale(by: 0.25)
    var mid = a
    mid.warpedCoordinates = (from + delta).values
    let expected = try a.interpolated(to: b, fraction: 0.25)
    #expect(abs(mid[column: 1, row: 1].x - expected[column: 1, row: 1].x) < 1e-12)
    #expect(abs(mid[column: 1, row: 1].y - expected[column: 1, row: 1].y) < 1e-12)
  }

  @Test func zeroAndMismatchedLengths() {
    let v = MeshWarpAnimatableData([3, 4])
    #expect(v + .zero == v)
    #expect(v - v == MeshWarpAnimatableData([0, 0]))
    #expect(v.magnitudeSquared == 25)
    #expect(v + MeshWarpAnimatableData([1]) == MeshWarpAnimatableData([4, 4]))
  }
}
