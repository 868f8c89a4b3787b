import Foundation
import MeshWarpCore
import Testing

/// The genie's phases, the funnel's profile and the frame schedule.
@Suite struct GenieTimingTests {
  @Test func macOSPhases() {
    let t = GenieTiming.macOS
    #expect(t.curve == 0...0.4 && t.slide == 0.3...1 && t.easing == .smoothstep)
    #expect(t.curveProgress(at: 0) == 0 && t.curveProgress(at: 0.4) == 1)
    #expect(t.curveProgress(at: 0.7) == 1 && t.curveProgress(at: 1) == 1)
    #expect(t.slideProgress(at: 0) == 0 && t.slideProgress(at: 0.3) == 0)
    #expect(t.slideProgress(at: 1) == 1)
    // Halfway through each phase the smoothstep is ½; a quarter in, 5/32.
    #expect(abs(t.curveProgress(at: 0.2) - 0.5) < 1e-15)
    #expect(abs(t.slideProgress(at: 0.65) - 0.5) < 1e-15)
    #expect(abs(t.curveProgress(at: 0.1) - 5.0 / 32) < 1e-15)
    // The worked example in GenieTiming's documentation.
    let x = 0.2 / 0.7
    #expect(abs(t.slideProgress(at: 0.5) - x * x * (3 - 2 * x)) < 1e-15)
    #expect(abs(t.slideProgress(at: 0.5) - 0.198) < 5e-4)
  }

  @Test func otherEasings() {
    let linear = GenieTiming(curve: 0...0.5, slide: 0.5...1, easing: .linear)
    #expect(linear.curveProgress(at: 0.25) == 0.5)
    #expect(linear.slideProgress(at: 0.75) == 0.5)
    let easeIn = GenieTiming(easing: .easeIn)
    #expect(abs(easeIn.curveProgress(at: 0.2) - 0.125) < 1e-15)
  }

  /// The closed form against the Bézier it inverts, evaluated directly
  /// (de Casteljau) at parameters u: profile(σ(u)) must equal c(u).
  @Test func funnelProfileInvertsTheBezier() {
    func lerp(_ a: Vector2, _ b: Vector2, _ t: Double) -> Vector2 { a + (b - a) * t }
    let p0 = Vector2(0, 0)
    let p1 = Vector2(0, 0.5)
    let p2 = Vector2(1, 0.5)
    let p3 = Vector2(1, 1)
    var worst = 0.0
    for i in 0...200 {
      let u = Double(i) / 200
      let a = lerp(p0, p1, u)
      let b = lerp(p1, p2, u)
      let c = lerp(p2, p3, u)
      let point = lerp(lerp(a, b, u), lerp(b, c, u), u)  // (c, s)
      worst = max(worst, abs(genieFunnelProfile(point.y) - point.x))
    }
    #expect(worst < 1e-12, "worst \(worst)")
    #expect(genieFunnelProfile(0) == 0)
    #expect(genieFunnelProfile(1) == 1)
    #expect(abs(genieFunnelProfile(0.5) - 0.5) < 1e-15)
    #expect(genieFunnelProfile(-3) == 0 && genieFunnelProfile(7) == 1)
    for s in stride(from: 0.0, through: 1, by: 0.05) {
      #expect(abs(genieFunnelProfile(1 - s) - (1 - genieFunnelProfile(s))) < 1e-12)
    }
  }

  @Test func animationFrames() throws {
    let a = try GenieAnimation(duration: 0.6, fps: 60)
    #expect(a.frameCount == 36)
    #expect(a.progress(ofFrame: 0) == 0 && a.progress(ofFrame: 35) == 1)
    #expect(a.progress(ofFrame: 7) == 7.0 / 35)
    #expect(a.time(ofFrame: 30) == 0.5)
    let r = try GenieAnimation(duration: 0.6, fps: 60, reverse: true)
    for i in 0..<36 { #expect(r.progress(ofFrame: i) == a.progress(ofFrame: 35 - i)) }
    // Tiny animations still show both ends.
    #expect(try GenieAnimation(duration: 0.001, fps: 10).frameCount == 2)
  }
}
