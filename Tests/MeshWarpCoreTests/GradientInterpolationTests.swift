import MeshWarpCore
import Testing

/// Interpolating two gradients of the same shape.
@Suite struct GradientInterpolationTests {
  @Test func endpointsAndMidpoint() throws {
    let a = GradientPresets.meshing(at: 0)
    let b = GradientPresets.meshing(at: 2)
    #expect(try a.interpolated(to: b, fraction: 0) == a)
    let end = try a.interpolated(to: b, fraction: 1)
    for (p, q) in zip(end.positions, b.positions) {
      #expect(abs(p.x - q.x) < 1e-15 && abs(p.y - q.y) < 1e-15)
    }
    let middle = try a.interpolated(to: b, fraction: 0.5)
    for (i, p) in middle.positions.enumerated() {
      let expected = (a.positions[i] + b.positions[i]) / 2
      #expect(abs(p.x - expected.x) < 1e-15 && abs(p.y - expected.y) < 1e-15)
    }
    // Still automatic handles: recomputed from the blended points when drawn.
    guard case .points = middle.locations else {
      Issue.record("interpolation changed the kind of locations")
      return
    }
  }

  @Test func colorsBlendPremultiplied() throws {
    let points = [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)]
    let red = GradientColor(red: 1, green: 0, blue: 0, alpha: 1)
    let clearBlue = GradientColor(red: 0, green: 0, blue: 1, alpha: 0)
    let a = GradientMesh(
      width: 2, height: 2, points: points, colors: Array(repeating: red, count: 4))
    let b = GradientMesh(
      width: 2, height: 2, points: points, colors: Array(repeating: clearBlue, count: 4))
    let c = try a.interpolated(to: b, fraction: 0.5).colors[0]
    // Premultiplied: (1,0,0,1) and (0,0,0,0) → (0.5,0,0,0.5) → straight (1,0,0,0.5):
    // a transparent colour contributes no hue.
    #expect(c == GradientColor(red: 1, green: 0, blue: 0, alpha: 0.5))
  }

  @Test func bezierPointsBlendEveryHandle() throws {
    let p = GradientMesh.BezierPoint(position: Vector2(0, 0))
    var q = p
    q.leadingControlPoint = Vector2(2, 2)
    q.bottomControlPoint = Vector2(-2, 4)
    let colors = Array(repeating: GradientColor.white, count: 4)
    let a = GradientMesh(width: 2, height: 2, bezierPoints: [p, p, p, p], colors: colors)
    let b = GradientMesh(width: 2, height: 2, bezierPoints: [q, q, q, q], colors: colors)
    guard case .bezierPoints(let blended) = try a.interpolated(to: b, fraction: 0.25).locations
    else {
      Issue.record("expected bezier points")
      return
    }
    #expect(blended[2].leadingControlPoint == Vector2(0.5, 0.5))
    #expect(blended[2].bottomControlPoint == Vector2(-0.5, 1))
  }

  @Test func mismatchesNameWhatDiffers() {
    let a = GradientPresets.meshing(at: 0)
    var b = a
    b.colorSpace = .perceptual
    #expect(
      throws: GradientMeshError.shapeMismatch(
        property: "colorSpace", detail: "device vs perceptual")
    ) {
      try a.interpolated(to: b, fraction: 0.5)
    }
    b = a
    b.smoothsColors = false
    #expect(
      throws: GradientMeshError.shapeMismatch(property: "smoothsColors", detail: "true vs false")
    ) {
      try a.interpolated(to: b, fraction: 0.5)
    }
    b = GradientMesh(
      width: 2, height: 2, points: [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)],
      colors: Array(repeating: .white, count: 4))
    #expect(throws: GradientMeshError.shapeMismatch(property: "width", detail: "3 vs 2")) {
      try a.interpolated(to: b, fraction: 0.5)
    }
    b = a
    b.locations = .bezierPoints(a.resolvedBezierPoints)
    do {
      _ = try a.interpolated(to: b, fraction: 0.5)
      Issue.record("points and bezierPoints interpolated")
    } catch {
      #expect(error.description.contains("locations"))
    }
    #expect(throws: GradientMeshError.nonFiniteParameter(name: "fraction")) {
      try a.interpolated(to: a, fraction: .nan)
    }
  }
}
