import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import Testing
import _TestSupport

/// W picks an effect as the starting mesh, , and . change its main
/// parameter (remaking the mesh), undo goes back, and dragging a point
/// afterwards edits the effect's mesh like any other.
@Suite struct EditorEffectTests {
  @Test func effectKeysMakeTheMeshAndPointsStillDrag() throws {
    let s = LoggedSession(width: 160, height: 120)
    s.session.handle(.key(.nextEffect))
    let twirl = try MeshEffect.twirl(degrees: 90).mesh(width: 160, height: 120, tolerance: 0.5)
    #expect(s.session.mesh == twirl)
    #expect(s.lines.last { $0.hasPrefix("effect: ") }?.hasPrefix("effect: twirl angle 90°") == true)
    s.session.handle(.key(.effectParameter(1)))
    #expect(s.session.effect?.angle == 105)
    #expect(
      s.session.mesh
        == (try MeshEffect.twirl(degrees: 105).mesh(width: 160, height: 120, tolerance: 0.5)))
    s.session.handle(.key(.undo))
    #expect(s.session.mesh == twirl)
    // The next effect: a bulge; a strength that folds is refused and logged.
    s.session.handle(.key(.nextEffect))
    #expect(s.session.effect?.kind == .bulge)
    for _ in 0..<6 { s.session.handle(.key(.effectParameter(1))) }
    #expect(s.session.effect?.strength == 0.9)
    #expect(s.lines.contains { $0.contains("strength 1.0 refused") && $0.contains("(−1, 1)") })
    // Drag the vertex nearest the centre 10 px right: it moves, the rest stay.
    let mesh = s.session.mesh
    let centre = mesh.pointPairs.indices.min {
      let a = Vector2(mesh.pointPairs[$0].to) * Vector2(160, 120) - Vector2(80, 60)
      let b = Vector2(mesh.pointPairs[$1].to) * Vector2(160, 120) - Vector2(80, 60)
      return (a * a).sum() < (b * b).sum()
    }!
    let start = Vector2(mesh.pointPairs[centre].to) * Vector2(160, 120)
    s.drag(from: start, to: start + Vector2(10, 0))
    let moved = Vector2(s.session.mesh.pointPairs[centre].to) * Vector2(160, 120)
    #expect(abs(moved.x - start.x - 10) < 1e-9 && abs(moved.y - start.y) < 1e-9)
    #expect(
      zip(s.session.mesh.pointPairs, mesh.pointPairs).enumerated().allSatisfy {
        $0.offset == centre || $0.element.0 == $0.element.1
      })
  }

  /// W, "," and "." are the keys' names.
  @Test func keyNames() {
    #expect(EditorKey(name: "w") == .nextEffect)
    #expect(EditorKey(name: ",") == .effectParameter(-1))
    #expect(EditorKey(name: ".") == .effectParameter(1))
  }
}
