import MeshWarpCore
import Testing

/// Easing curves: endpoints, symmetry and hand-computed values.
@Suite struct AnimationEasingTests {
  @Test(arguments: EasingCurve.allCases)
  func endpointsAndClamping(curve: EasingCurve) {
    #expect(curve(0) == 0)
    #expect(curve(1) == 1)
    #expect(curve(-3) == 0)
    #expect(curve(7) == 1)
    // Monotonic on a fine grid.
    var last = 0.0
    for k in 1...200 {
      let value = curve(Double(k) / 200)
      #expect(value >= last)
      last = value
    }
  }

  @Test func handComputedValues() {
    #expect(EasingCurve.linear(0.3) == 0.3)
    #expect(abs(EasingCurve.easeIn(0.5) - 0.125) < 1e-15)
    #expect(abs(EasingCurve.easeOut(0.5) - 0.875) < 1e-15)
    #expect(abs(EasingCurve.easeInOut(0.25) - 0.0625) < 1e-15)
    #expect(abs(EasingCurve.easeInOut(0.75) - 0.9375) < 1e-15)
    #expect(EasingCurve.easeInOut(0.5) == 0.5)
    // 3x² − 2x³ at 0.25: 0.1875 − 0.03125 = 0.15625.
    #expect(abs(EasingCurve.smoothstep(0.25) - 0.15625) < 1e-15)
  }

  @Test func smoothstepFunctions() {
    #expect(smoothstep(0.5) == 0.5)
    #expect(abs(smoothstep(0.3) + smoothstep(0.7) - 1) < 1e-15)
    // GLSL form: over [0.3, 1] (the genie's slide), 0 before, 1 after.
    #expect(smoothstep(0.3, 1, 0.2) == 0)
    #expect(smoothstep(0.3, 1, 1.5) == 1)
    #expect(abs(smoothstep(0.3, 1, 0.65) - 0.5) < 1e-15)
    // Zero slope at both ends (finite difference).
    #expect(smoothstep(1e-4) < 1e-7)
    #expect(1 - smoothstep(1 - 1e-4) < 1e-7)
  }
}
