import Foundation
import MeshWarpCore
import Testing
import _TestSupport

/// `ThinPlateSpline` and `WarpMesh.thinPlateSpline`.
@Suite struct ThinPlateSplineTests {
  static let pull = [
    MeshPointPair(from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 0.58, y: 0.44)),
    MeshPointPair(from: CGPoint(x: 0.25, y: 0.7), to: CGPoint(x: 0.22, y: 0.78)),
    MeshPointPair(from: CGPoint(x: 0.8, y: 0.2), to: CGPoint(x: 0.8, y: 0.2)),
  ]

  @Test func interpolatesExactly() throws {
    let c = [Vector2(10, 10), Vector2(90, 15), Vector2(40, 80), Vector2(70, 60)]
    let v = [Vector2(12, 9), Vector2(85, 20), Vector2(44, 77), Vector2(60, 66)]
    let f = try ThinPlateSpline(controlPoints: c, values: v)
    for (p, q) in zip(c, v) {
      let e = f(p) - q
      #expect((e * e).sum().squareRoot() < 1e-9)
    }
    // Three points: the affine map through them, exactly.
    let affine = try ThinPlateSpline(
      controlPoints: Array(c.prefix(3)), values: c.prefix(3).map { $0 * 2 + Vector2(1, 0) })
    let e = affine(Vector2(50, 50)) - Vector2(101, 100)
    #expect((e * e).sum().squareRoot() < 1e-9)
  }

  @Test func badPointSetsAreClearErrors() {
    #expect(throws: WarpMeshError.collinearPoints(count: 3)) {
      try ThinPlateSpline(
        controlPoints: [Vector2(0, 0), Vector2(1, 1), Vector2(2, 2)],
        values: [Vector2(0, 0), Vector2(1, 1), Vector2(2, 2)])
    }
    #expect(throws: WarpMeshError.collinearPoints(count: 2)) {
      try ThinPlateSpline(controlPoints: [Vector2(0, 0), Vector2(1, 1)], values: [.zero, .zero])
    }
    #expect(throws: WarpMeshError.duplicatePoint(first: 0, second: 2)) {
      try ThinPlateSpline(
        controlPoints: [Vector2(0, 0), Vector2(1, 0), Vector2(0, 0), Vector2(0, 1)],
        values: [.zero, .zero, .zero, .zero])
    }
    // Without pinned corners, two points are too few.
    #expect(throws: WarpMeshError.collinearPoints(count: 2)) {
      try WarpMesh.thinPlateSpline(
        pairs: Array(Self.pull.prefix(2)), outputSize: Vector2(100, 100), pinCorners: false)
    }
    // With them, one point is enough.
    #expect(
      (try? WarpMesh.thinPlateSpline(pairs: [Self.pull[0]], outputSize: Vector2(100, 100)))
        != nil)
    #expect(throws: WarpMeshError.self) {
      try WarpMesh.thinPlateSpline(
        pairs: [MeshPointPair(from: CGPoint(x: 1e308, y: 0), to: CGPoint(x: 0.5, y: 0.5))],
        outputSize: Vector2(100, 100))
    }
  }

  /// 10⁵ points fail at once (the limit is checked before any work).
  @Test func tooManyPointsFailsFast() {
    var random = SeededRandom(seed: 7)
    let pairs = (0..<100_000).map { _ in
      MeshPointPair(identity: CGPoint(x: random.unit(), y: random.unit()))
    }
    let start = Date()
    #expect(throws: WarpMeshError.tooManyPoints(count: 100_000, limit: 2000)) {
      try WarpMesh.thinPlateSpline(pairs: pairs, outputSize: Vector2(100, 100))
    }
    #expect(Date().timeIntervalSince(start) < 1)
  }

  @Test func identityPairsGiveTheIdentity() throws {
    let pairs = Self.pull.map { MeshPointPair(identity: $0.from) }
    let mesh = try WarpMesh.thinPlateSpline(pairs: pairs, outputSize: Vector2(200, 100))
    #expect(mesh.isIdentity)
  }

  @Test func cornerAlreadyGivenIsNotPinnedTwice() throws {
    let pairs =
      Self.pull + [MeshPointPair(from: CGPoint(x: 0.05, y: 0.0), to: CGPoint(x: 0, y: 0))]
    let mesh = try WarpMesh.thinPlateSpline(pairs: pairs, outputSize: Vector2(100, 100))
    let mapping = MeshMapping(mesh: mesh)
    let s = try #require(mapping.sourcePoint(forDestination: Vector2(0, 0)))
    #expect(abs(s.x - 0.05) < 1e-3 && abs(s.y) < 1e-3)
  }

  /// The spline against numpy's (solved in plain pixel coordinates with
  /// numpy.linalg.solve): within 10⁻⁶ px; the fine mesh's map against the
  /// exact spline at pixel centres all over the output: within 0.1 px.
  @Test(.enabled(if: NumpyReference.available))
  func matchesNumpyAndTheMeshStaysWithinATenthOfAPixel() throws {
    let size = Vector2(320, 200)
    var controls = Self.pull.map { Vector2($0.to) * size }
    var values = Self.pull.map { Vector2($0.from) * size }
    for corner in [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)] {
      controls.append(corner * size)
      values.append(corner * size)
    }
    let spline = try ThinPlateSpline(controlPoints: controls, values: values)
    var random = SeededRandom(seed: 11)
    let queries = (0..<200).map { _ in [random.unit() * 320, random.unit() * 200] }
    let reference = try NumpyReference.points([
      "kind": "tps", "controls": controls.map { [$0.x, $0.y] },
      "values": values.map { [$0.x, $0.y] }, "queries": queries,
    ])
    #expect(reference.count == queries.count)
    var worstSpline = 0.0
    for (q, r) in zip(queries, reference) {
      let e = spline(Vector2(q[0], q[1])) - (r ?? Vector2(.nan, .nan))
      worstSpline = max(worstSpline, (e * e).sum().squareRoot())
    }
    #expect(worstSpline < 1e-6, "spline vs numpy: \(worstSpline) px")

    let mesh = try WarpMesh.thinPlateSpline(pairs: Self.pull, outputSize: size)
    let mapping = MeshMapping(mesh: mesh)
    var worstMesh = 0.0
    for y in 0..<200 {
      for x in stride(from: y % 3, to: 320, by: 3) {
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
        let s = try #require(mapping.sourcePoint(forDestination: p / size))
        let e = s * size - spline(p)
        worstMesh = max(worstMesh, (e * e).sum().squareRoot())
      }
    }
    #expect(worstMesh <= 0.1, "mesh vs spline: \(worstMesh) px")
    print(
      "thin-plate spline: vs numpy \(worstSpline) px; mesh (\(mesh.faces.count) faces) vs spline \(worstMesh) px"
    )
  }
}
