import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import Testing

@Suite struct ControlPointPickerTests {
  let frame = Vector2(800, 600)

  @Test func hitsWithinTheRadiusOnly() {
    let mesh = WarpMesh.identity(columns: 3, rows: 3)
    // The centre vertex sits at (400, 300) px.
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(400, 300), frameSize: frame) == 4)
    // 7² + 9² = 130 < 144: inside the 12-px radius.
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(407, 309), frameSize: frame) == 4)
    // 8² + 9² = 145 > 144: outside.
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(408, 309), frameSize: frame) == nil)
    // Corners and edges count: (800, 600) is vertex 8, (0, 300) vertex 3.
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(795, 595), frameSize: frame) == 8)
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(2, 300), frameSize: frame) == 3)
  }

  @Test func findsWarpedPointsNotOriginalOnes() {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh[column: 1, row: 1] = CGPoint(x: 0.6, y: 0.6)  // (480, 360) px
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(400, 300), frameSize: frame) == nil)
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(485, 355), frameSize: frame) == 4)
  }

  @Test func nearestWinsWhenTwoAreInReach() {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh[column: 1, row: 1] = CGPoint(x: 0.5, y: 0.5)  // (400, 300)
    mesh[column: 2, row: 1] = CGPoint(x: 410.0 / 800, y: 0.5)  // (410, 300)
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(404, 300), frameSize: frame) == 4)
    #expect(ControlPointPicker.vertex(in: mesh, at: Vector2(406, 300), frameSize: frame) == 5)
  }
}
