import Foundation
import MeshWarpCore
import Testing

/// The blog's "Meshing" preset (seed 2).
@Suite struct AnimationPresetTests {
  @Test func staticPartsMatchTheBlog() {
    let mesh = GradientPresets.meshing(at: 0.7)
    #expect(mesh.width == 3 && mesh.height == 3)
    #expect(mesh.background == GradientColor(red: 0, green: 0, blue: 0, alpha: 1))
    #expect(mesh.smoothsColors)
    #expect(mesh.colorSpace == .device)
    #expect(mesh.colors[0] == GradientColor(red: 0.922, green: 0, blue: 0))
    #expect(mesh.colors[4] == GradientColor(red: 0, green: 0.749, blue: 1))
    #expect(mesh.colors[8] == GradientColor(red: 0, green: 0.98, blue: 0.864))
    let p = mesh.positions
    // Fixed points.
    for (i, expected) in [
      (0, Vector2(0, 0)), (2, Vector2(1, 0)), (6, Vector2(0, 1)), (8, Vector2(1, 1)),
    ] {
      #expect(p[i] == expected)
    }
    #expect(p[1].y == 0 && p[3].x == 0 && p[4].x == 0.45 && p[5].x == 1 && p[7].y == 1)
  }

  @Test(arguments: [0.0, 1.0, 2.5, 10.0, 1_700_000_000.0])
  func cosineTerms(time t: Double) {
    let p = GradientPresets.meshing(at: t).positions
    #expect(p[1].x == 0.5 + 0.4 * cos(t))
    #expect(p[3].y == 0.5 + 0.3 * cos(t * 1.1))
    #expect(p[4].y == 0.5 - 0.4 * cos(t * 0.9))
    #expect(p[5].y == 0.5 - 0.2 * cos(t * 0.9))
    #expect(p[7].x == 0.5 - 0.4 * cos(t * 1.2))
  }

  @Test func presetByName() {
    #expect(GradientPreset(rawValue: "meshing")?.gradient(at: 3) == GradientPresets.meshing(at: 3))
    #expect(GradientPreset.allCases == [.meshing])
  }
}
