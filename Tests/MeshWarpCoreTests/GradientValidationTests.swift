import MeshWarpCore
import Testing

/// Validation names the rule and the vertex.
@Suite struct GradientValidationTests {
  let grid = [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)]
  let colors = Array(repeating: GradientColor.white, count: 4)

  @Test func validMeshHasNoErrors() throws {
    #expect(GradientPresets.meshing(at: 0).validationErrors.isEmpty)
    try GradientMesh(width: 2, height: 2, points: grid, colors: colors).validate()
  }

  @Test func sizeAndCounts() {
    #expect(
      GradientMesh(width: 1, height: 2, points: grid, colors: colors).validationErrors
        == [.tooFewVertices(width: 1, height: 2)])
    let errors = GradientMesh(width: 3, height: 2, points: grid, colors: colors).validationErrors
    #expect(
      errors == [
        .locationCount(count: 4, width: 3, height: 2), .colorCount(count: 4, width: 3, height: 2),
      ])
    #expect(errors[0].description.contains("expected width·height = 6"))
  }

  @Test func nonFiniteValuesNameTheirIndex() {
    var points = grid
    points[3].y = .nan
    var badColors = colors
    badColors[2].green = .infinity
    var mesh = GradientMesh(width: 2, height: 2, points: points, colors: badColors)
    mesh.background.alpha = -.infinity
    let errors = mesh.validationErrors
    #expect(
      errors == [
        .nonFiniteLocation(index: 3, column: 1, row: 1, field: "position"),
        .nonFiniteColor(index: 2, column: 0, row: 1), .nonFiniteBackground,
      ])
    #expect(
      errors[0].description == "location 3 (column 1, row 1): position is not a finite number")
    #expect(
      throws: GradientMeshError.nonFiniteLocation(index: 3, column: 1, row: 1, field: "position")
    ) {
      try mesh.validate()
    }
  }

  @Test func handleFieldsAreNamed() {
    var points = grid.map { GradientMesh.BezierPoint(position: $0) }
    points[1].trailingControlPoint.x = .infinity
    let mesh = GradientMesh(width: 2, height: 2, bezierPoints: points, colors: colors)
    #expect(
      mesh.validationErrors == [
        .nonFiniteLocation(index: 1, column: 1, row: 0, field: "trailingControlPoint")
      ])
  }
}
