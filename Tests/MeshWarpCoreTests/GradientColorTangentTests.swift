import MeshWarpCore
import Testing

/// Fritsch–Carlson limited colour tangents, on cases computed by hand.
@Suite struct GradientColorTangentTests {
  @Test func averageWhenWithinLimits() {
    // d0 = 0.5, d1 = 0.3 → m = 0.4 ≤ 3·0.3.
    #expect(abs(ColorTangents.limited(d0: 0.5, d1: 0.3) - 0.4) < 1e-15)
  }

  @Test func limitedToThreeTimesTheSmallerStep() {
    // Colours 0, 0.5, 0.55: d0 = 0.5, d1 = 0.05 → m = 0.275 > 3·0.05 = 0.15.
    #expect(abs(ColorTangents.limited(d0: 0.5, d1: 0.05) - 0.15) < 1e-15)
    #expect(abs(ColorTangents.limited(d0: -0.5, d1: -0.05) + 0.15) < 1e-15)
  }

  @Test func zeroAtExtremaAndFlats() {
    #expect(ColorTangents.limited(d0: 0.5, d1: -0.3) == 0)
    #expect(ColorTangents.limited(d0: -0.2, d1: 0.1) == 0)
    #expect(ColorTangents.limited(d0: 0, d1: 0.4) == 0)
    #expect(ColorTangents.limited(d0: 0.4, d1: 0) == 0)
  }

  @Test func bordersHaveZeroTangent() {
    let c = SIMD4<Double>(0.2, 0.4, 0.6, 1)
    #expect(ColorTangents.tangent(previous: nil, current: c, next: c + 0.3) == .zero)
    #expect(ColorTangents.tangent(previous: c - 0.3, current: c, next: nil) == .zero)
  }

  @Test func perChannel() {
    // Channel by channel: (0.4), (limited 0.15), (extremum 0), (flat 0).
    let m = ColorTangents.tangent(
      previous: SIMD4(0, 0, 0, 1), current: SIMD4(0.5, 0.5, 0.5, 1), next: SIMD4(0.8, 0.55, 0.2, 1))
    #expect(abs(m.x - 0.4) < 1e-15)
    #expect(abs(m.y - 0.15) < 1e-15)
    #expect(m.z == 0)
    #expect(m.w == 0)
  }

  @Test func patchEdgesUseTangentThirds() throws {
    // A 3×2 mesh whose top row colours are 0, 0.5, 0.6 in red (opaque):
    // the middle vertex's row tangent is (0.5 + 0.1)/2 = 0.3 (≤ 3·0.1), so
    // patch 0's top edge controls are 0, 0 + 0/3, 0.5 − 0.3/3, 0.5.
    func gray(_ r: Double) -> GradientColor { GradientColor(red: r, green: 0, blue: 0) }
    let mesh = GradientMesh(
      width: 3, height: 2,
      points: [
        Vector2(0, 0), Vector2(0.5, 0), Vector2(1, 0), Vector2(0, 1), Vector2(0.5, 1),
        Vector2(1, 1),
      ],
      colors: [gray(0), gray(0.5), gray(0.6), gray(0), gray(0.5), gray(0.6)])
    let patches = mesh.patches()
    let top = (0..<4).map { patches[0].colors[0, $0].x }
    #expect(abs(top[0] - 0) < 1e-15)
    #expect(abs(top[1] - 0) < 1e-15)
    #expect(abs(top[2] - 0.4) < 1e-15)
    #expect(abs(top[3] - 0.5) < 1e-15)
    // Second patch: 0.5 + 0.3/3, then the border vertex (tangent 0): 0.6, 0.6.
    let next = (0..<4).map { patches[1].colors[0, $0].x }
    #expect(abs(next[1] - 0.6) < 1e-15)
    #expect(abs(next[2] - 0.6) < 1e-15)
  }

  @Test func premultipliedBeforeTangents() {
    // Alpha 0.5: the working colour is premultiplied, so red 1 → 0.5.
    let w = GradientMesh.workingColor(
      GradientColor(red: 1, green: 0.5, blue: 0, alpha: 0.5), colorSpace: .device)
    #expect(w == SIMD4(0.5, 0.25, 0, 0.5))
  }
}
