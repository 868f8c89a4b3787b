import MeshWarpCore
import Testing

/// The angle-bisector rule for automatic handles, on cases computed by hand.
@Suite struct GradientHandleTests {
  func close(_ a: Vector2, _ b: Vector2, _ tolerance: Double = 1e-12) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  @Test func rightAngleTurn() {
    // A = (0,0), V = (1,0), B = (1,1): unit(V−A) = (1,0), unit(B−V) = (0,1),
    // d = (1,1)/√2; |B−V| = |V−A| = 1, so the handles are V ± d/3.
    let h = AutomaticHandles.handles(
      previous: Vector2(0, 0), vertex: Vector2(1, 0), next: Vector2(1, 1))
    let s = 1 / (3 * 2.0.squareRoot())
    #expect(close(h.towardNext, Vector2(1 + s, s)))
    #expect(close(h.towardPrevious, Vector2(1 - s, -s)))
  }

  @Test func unequalChordsKeepTheirOwnLengths() {
    // A = (0,0), V = (3,0), B = (6,4): unit(V−A) = (1,0),
    // unit(B−V) = (0.6,0.8); sum (1.6,0.8), d = (2,1)/√5. |B−V| = 5 → 5/3·d;
    // |V−A| = 3 → 1·d.
    let h = AutomaticHandles.handles(
      previous: Vector2(0, 0), vertex: Vector2(3, 0), next: Vector2(6, 4))
    let d = Vector2(2, 1) / 5.0.squareRoot()
    #expect(close(h.towardNext, Vector2(3, 0) + 5 / 3 * d))
    #expect(close(h.towardPrevious, Vector2(3, 0) - d))
  }

  @Test func collinearEvenPointsGiveThirds() {
    let h = AutomaticHandles.handles(
      previous: Vector2(0, 0), vertex: Vector2(0.5, 0), next: Vector2(1, 0))
    #expect(close(h.towardNext, Vector2(0.5 + 0.5 / 3, 0)))
    #expect(close(h.towardPrevious, Vector2(0.5 - 0.5 / 3, 0)))
  }

  @Test func missingNeighbourGivesStraightEdge() {
    // First vertex of a row: only the edge to B; its handle is on the chord.
    let h = AutomaticHandles.handles(previous: nil, vertex: Vector2(0, 0), next: Vector2(0.3, 0.4))
    #expect(close(h.towardNext, Vector2(0.1, 0.4 / 3)))
    #expect(h.towardPrevious == Vector2(0, 0))
    let last = AutomaticHandles.handles(previous: Vector2(0, 1), vertex: Vector2(0, 0), next: nil)
    #expect(close(last.towardPrevious, Vector2(0, 1.0 / 3)))
    #expect(last.towardNext == Vector2(0, 0))
  }

  @Test func reversalGivesZeroDirection() {
    // V − A and B − V opposite: their unit vectors cancel, d = 0, both handles at V.
    let h = AutomaticHandles.handles(
      previous: Vector2(0, 0), vertex: Vector2(1, 0), next: Vector2(0, 0))
    #expect(h.towardNext == Vector2(1, 0))
    #expect(h.towardPrevious == Vector2(1, 0))
  }

  @Test func coincidentNeighbourIsIgnored() {
    // A = V: unit(0) = 0, so d is the direction to B alone.
    let h = AutomaticHandles.handles(
      previous: Vector2(1, 1), vertex: Vector2(1, 1), next: Vector2(1, 4))
    #expect(close(h.towardNext, Vector2(1, 2)))
    #expect(h.towardPrevious == Vector2(1, 1))
  }

  @Test func gridHandlesFollowRowsAndColumns() {
    // 3×2 grid; vertex 1 = (0.5, 0.1) between (0,0) and (1,0) in its row and
    // above (0.5, 1) in its column.
    let points = [
      Vector2(0, 0), Vector2(0.5, 0.1), Vector2(1, 0), Vector2(0, 1), Vector2(0.5, 1),
      Vector2(1, 1),
    ]
    let b = AutomaticHandles.bezierPoints(width: 3, height: 2, points: points)
    let row = AutomaticHandles.handles(previous: points[0], vertex: points[1], next: points[2])
    let column = AutomaticHandles.handles(previous: nil, vertex: points[1], next: points[4])
    #expect(b[1].position == points[1])
    #expect(b[1].leadingControlPoint == row.towardPrevious)
    #expect(b[1].trailingControlPoint == row.towardNext)
    #expect(b[1].topControlPoint == column.towardPrevious)
    #expect(b[1].bottomControlPoint == column.towardNext)
    // Top border vertex: the column edge leaves straight down toward (0.5, 1).
    #expect(close(b[1].bottomControlPoint, Vector2(0.5, 0.1 + 0.9 / 3)))
    // Corner (0,0): straight handles along both borders.
    #expect(close(b[0].trailingControlPoint, points[0] + (points[1] - points[0]) / 3))
    #expect(close(b[0].bottomControlPoint, Vector2(0, 1.0 / 3)))
  }

  @Test func resolvedBezierPointsOfExplicitMeshAreUnchanged() {
    let p = GradientMesh.BezierPoint(
      position: Vector2(0.2, 0.2), leadingControlPoint: Vector2(0.1, 0.3),
      topControlPoint: Vector2(0.25, 0.1), trailingControlPoint: Vector2(0.3, 0.1),
      bottomControlPoint: Vector2(0.15, 0.3))
    let mesh = GradientMesh(
      width: 2, height: 2, bezierPoints: [p, p, p, p], colors: Array(repeating: .white, count: 4))
    #expect(mesh.resolvedBezierPoints == [p, p, p, p])
  }
}
