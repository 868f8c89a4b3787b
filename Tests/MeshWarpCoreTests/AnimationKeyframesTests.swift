import MeshWarpCore
import Testing

/// Keyframed gradients.
@Suite struct AnimationKeyframesTests {
  let a = GradientPresets.meshing(at: 0)
  let b = GradientPresets.meshing(at: 2)
  let c = GradientPresets.meshing(at: 4)

  @Test func holdsOutsideAndHitsKeyframes() throws {
    let track = try GradientKeyframes([
      .init(time: 1, gradient: a), .init(time: 2, gradient: b, easing: .linear),
      .init(time: 4, gradient: c, easing: .easeIn),
    ])
    #expect(track.timeRange == 1...4)
    #expect(track.gradient(at: -5) == a)
    #expect(track.gradient(at: 1) == a)
    #expect(track.gradient(at: 9) == c)
    #expect(track.gradient(at: 4) == c)
    // Exactly on the middle keyframe: the fraction is 1 of the first segment
    // or 0 of the second; either way b's points.
    for (p, q) in zip(track.gradient(at: 2).positions, b.positions) {
      #expect(abs(p.x - q.x) < 1e-15 && abs(p.y - q.y) < 1e-15)
    }
  }

  @Test func easingShapesTheArrivingSegment() throws {
    let track = try GradientKeyframes([
      .init(time: 0, gradient: a), .init(time: 1, gradient: b, easing: .linear),
      .init(time: 3, gradient: c, easing: .easeIn),
    ])
    let linear = try a.interpolated(to: b, fraction: 0.25)
    #expect(track.gradient(at: 0.25) == linear)
    // Halfway through the second segment with easeIn: fraction 0.5³.
    let eased = try b.interpolated(to: c, fraction: 0.125)
    #expect(track.gradient(at: 2) == eased)
  }

  @Test func rejectsBadLists() {
    #expect(throws: GradientMeshError.self) { try GradientKeyframes([]) }
    #expect(throws: GradientMeshError.self) {
      try GradientKeyframes([.init(time: 1, gradient: a), .init(time: 0, gradient: b)])
    }
    #expect(throws: GradientMeshError.nonFiniteParameter(name: "keyframes[1].time")) {
      try GradientKeyframes([.init(time: 1, gradient: a), .init(time: .nan, gradient: b)])
    }
    var other = b
    other.smoothsColors = false
    #expect(
      throws: GradientMeshError.shapeMismatch(property: "smoothsColors", detail: "true vs false")
    ) {
      try GradientKeyframes([.init(time: 0, gradient: a), .init(time: 1, gradient: other)])
    }
  }
}
