import Foundation
import MeshWarpCore
import Testing

@Suite struct ValidationTests {
  func square() -> [MeshPointPair] {
    [(0.0, 0.0), (1, 0), (1, 1), (0, 1)].map { MeshPointPair(identity: CGPoint(x: $0.0, y: $0.1)) }
  }

  @Test func identityGridIsValid() {
    #expect(WarpMesh.identity(columns: 5, rows: 4).validate().isEmpty)
  }

  @Test func emptyMesh() {
    let issues = WarpMesh(pointPairs: [], faces: []).validate()
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.rule == .emptyMesh && $0.severity == .error })
  }

  @Test func indexOutOfRangeNamesFaceAndIndex() throws {
    let mesh = WarpMesh(
      pointPairs: square(),
      faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3), MeshFace(i0: 0, i1: 1, i2: 7, i3: 3)])
    let issue = try #require(mesh.validate().first)
    #expect(issue.rule == .indexOutOfRange)
    #expect(issue.face == 1)
    #expect(issue.vertices == [0, 1, 7, 3])
    #expect(issue.description.contains("i2 = 7"))
    #expect(mesh.validate().count == 1)
  }

  @Test func repeatedIndex() throws {
    let mesh = WarpMesh(pointPairs: square(), faces: [MeshFace(i0: 0, i1: 1, i2: 1, i3: 3)])
    let issue = try #require(mesh.validate().first)
    #expect(issue.rule == .repeatedIndex && issue.face == 0)
    #expect(issue.message.contains("vertex 1"))
  }

  @Test func nonFiniteCoordinateNamesTheVertex() throws {
    var points = square()
    points[2].to.x = .nan
    let mesh = WarpMesh(pointPairs: points, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    let issues = mesh.validate()
    #expect(issues.count == 1)
    #expect(issues[0].rule == .nonFiniteCoordinate && issues[0].vertices == [2])
  }

  @Test func bowtieBreaksRuleOne() throws {
    let mesh = WarpMesh(pointPairs: square(), faces: [MeshFace(i0: 0, i1: 2, i2: 1, i3: 3)])
    let issue = try #require(mesh.validate().first)
    #expect(issue.rule == .perimeterOrder && issue.severity == .error)
    #expect(issue.face == 0 && issue.vertices == [0, 2, 1, 3])
  }

  @Test func zeroAreaFace() throws {
    let points = [(0.0, 0.0), (0.5, 0), (1, 0), (0.7, 0)].map {
      MeshPointPair(identity: CGPoint(x: $0.0, y: $0.1))
    }
    let mesh = WarpMesh(pointPairs: points, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    let issue = try #require(mesh.validate().first)
    #expect(issue.rule == .zeroArea && issue.severity == .error)
  }

  @Test func concaveAndFoldedWarpedQuadsAreWarnings() throws {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    // Drag the centre past the top-left corner: faces around it fold or dent.
    mesh[column: 1, row: 1] = CGPoint(x: -0.2, y: -0.2)
    let issues = mesh.validate()
    #expect(!issues.isEmpty)
    #expect(issues.allSatisfy { $0.severity == .warning && $0.rule == .convexWarpedQuad })
    #expect(issues.contains { $0.face == 0 })
    #expect(mesh.validationErrors.isEmpty)
  }

  @Test func windingEitherWayIsValid() {
    let mesh = WarpMesh(
      pointPairs: square(),
      faces: [MeshFace(i0: 0, i1: 3, i2: 2, i3: 1), MeshFace(i0: 2, i1: 3, i2: 0, i3: 1)])
    #expect(mesh.validate().isEmpty)
  }
}
