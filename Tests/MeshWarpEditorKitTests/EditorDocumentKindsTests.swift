import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpEditorKit

/// The editor opens what `meshwarp warp --mesh` takes, through the one
/// document reader, and never saves a plain mesh over a file of another
/// kind.
@Suite struct EditorDocumentKindsTests {
  @Test func aPointSetOpensAsItsSplineOnAGrid() throws {
    let dir = try EditorRealFilesTests.folder()
    let path = (dir as NSString).appendingPathComponent("pull.json")
    try #"{"from": [[0.5, 0.5]], "to": [[0.6, 0.4]]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    let s = LoggedSession()
    s.session.open(path: path)
    #expect(s.lines.contains { $0.hasPrefix("mesh: point set:") }, "\(s.lines)")
    let grid = try #require(s.session.mesh.grid)
    #expect(grid.columns == 9 && grid.rows == 9)
    // The spline passes through its control point: the centre goes where
    // the point set pulls it, and the pinned corners stay.
    let centre = s.session.mesh.pointPairs[4 * 9 + 4]
    #expect(abs(centre.to.x - 0.6) < 1e-9 && abs(centre.to.y - 0.4) < 1e-9, "\(centre)")
    let corner = s.session.mesh.pointPairs[0].to
    #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-9, "\(corner)")
    #expect(s.session.document.meshPath == nil, "J saves a new file, not over the point set")
  }

  @Test func aKeyframeFileOpensAtItsFirstKeyframe() throws {
    let dir = try EditorRealFilesTests.folder()
    var first = WarpMesh.identity(columns: 3, rows: 3)
    first.pointPairs[4].to = CGPoint(x: 0.55, y: 0.5)
    let grid = String(decoding: try JSONEncoder().encode(first), as: UTF8.self)
    let path = (dir as NSString).appendingPathComponent("anim.json")
    try #"{"keyframes": [{"time": 0, "mesh": \#(grid)}, {"time": 1, "mesh": \#(grid)}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    let s = LoggedSession()
    s.session.open(path: path)
    #expect(s.lines.contains { $0.hasPrefix("mesh: keyframe file:") }, "\(s.lines)")
    #expect(s.session.mesh.pointPairs == first.pointPairs)
    #expect(s.session.document.meshPath == nil)
  }

  @Test func aGradientGivenAsMeshIsNamed() throws {
    let dir = try EditorRealFilesTests.folder()
    let path = (dir as NSString).appendingPathComponent("g.json")
    try
      ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#F00", "#0F0", "#00F", "#FFF"]}"##
      .write(toFile: path, atomically: true, encoding: .utf8)
    let s = LoggedSession()
    #expect(throws: (any Error).self) { try s.session.useMeshFile(path: path) }
    do {
      try s.session.useMeshFile(path: path)
    } catch {
      #expect("\(error)".contains("is a gradient file"), "\(error)")
    }
  }
}
