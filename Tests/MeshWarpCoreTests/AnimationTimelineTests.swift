import Foundation
import MeshWarpCore
import Testing

/// Timelines of meshes, gradients and numbers, and the keyframe document.
@Suite struct AnimationTimelineTests {
  /// A 3×3 grid mesh whose warped points are shifted by `dx`.
  static func mesh(dx: Double, columns: Int = 3) -> WarpMesh {
    var mesh = WarpMesh.identity(columns: columns, rows: 3)
    mesh.warpedCoordinates = mesh.warpedCoordinates.enumerated().map {
      $0.offset % 2 == 0 ? $0.element + dx : $0.element
    }
    return mesh
  }

  @Test func meshesAtKeyframeTimesAreTheKeyframes() throws {
    let a = Self.mesh(dx: 0)
    let b = Self.mesh(dx: 0.1)
    let c = Self.mesh(dx: -0.2)
    let timeline = try Timeline<WarpMesh>([
      .init(time: 0, value: a, easing: .easeInOut), .init(time: 1.5, value: b, easing: .ease),
      .init(time: 2, value: c),
    ])
    #expect(timeline.duration == 2)
    #expect(timeline.mesh(at: 0) == a)
    #expect(timeline.mesh(at: 1.5) == b)
    #expect(timeline.mesh(at: 2) == c)
    #expect(timeline.mesh(at: -1) == a)
    #expect(timeline.mesh(at: 99) == c)
  }

  /// The easing of a keyframe shapes the segment leaving it.
  @Test func easingShapesTheLeavingSegment() throws {
    let timeline = try Timeline<Double>([
      .init(time: 0, value: 10, easing: .easeIn), .init(time: 2, value: 20, easing: .easeOut),
      .init(time: 4, value: 0),
    ])
    #expect(abs(timeline.value(at: 1) - (10 + 10 * TimingCurve.easeIn(0.5))) < 1e-12)
    #expect(abs(timeline.value(at: 3) - (20 - 20 * TimingCurve.easeOut(0.5))) < 1e-12)
    // easeIn is below linear in its first half; easeOut above.
    #expect(timeline.value(at: 0.5) < 12.5)
    #expect(timeline.value(at: 2.5) < 20 - 5)
  }

  @Test func meshInterpolationMovesBothPointSets() throws {
    var b = Self.mesh(dx: 0.2)
    b.pointPairs[4].from = CGPoint(x: 0.7, y: 0.5)
    let a = Self.mesh(dx: 0)
    let timeline = try Timeline<WarpMesh>([.init(time: 0, value: a), .init(time: 1, value: b)])
    let half = timeline.mesh(at: 0.5)
    #expect(abs(half.pointPairs[4].from.x - 0.6) < 1e-12)
    #expect(abs(half.pointPairs[4].to.x - 0.6) < 1e-12)
    #expect(half.faces == a.faces)
  }

  @Test func loopAndPingPong() throws {
    let keyframes: [Timeline<Double>.Keyframe] = [
      .init(time: 0, value: 0), .init(time: 1, value: 1),
    ]
    let loop = try Timeline(keyframes, repeat: .loop, duration: 2)
    #expect(loop.value(at: 0.5) == 0.5)
    #expect(loop.value(at: 1.5) == 1)  // held until the duration
    #expect(loop.value(at: 2.25) == 0.25)
    #expect(loop.value(at: 2) == 0)  // a loop's end is its start
    let pingPong = try Timeline(keyframes, repeat: .pingPong)
    #expect(pingPong.value(at: 1) == 1)
    #expect(pingPong.value(at: 1.25) == 0.75)
    #expect(pingPong.value(at: 2.5) == 0.5)
    let once = try Timeline(keyframes)
    #expect(once.value(at: 5) == 1)
  }

  @Test func gradientsMatchInterpolatedAndKeyframes() throws {
    let a = GradientPresets.meshing(at: 0)
    let b = GradientPresets.meshing(at: 2)
    let timeline = try Timeline<GradientMesh>([
      .init(time: 0, value: a, easing: .linear), .init(time: 2, value: b),
    ])
    #expect(timeline.gradient(at: 0) == a)
    #expect(timeline.gradient(at: 2) == b)
    #expect(timeline.gradient(at: 0.5) == (try a.interpolated(to: b, fraction: 0.25)))
  }

  @Test func rejectsBadTimes() {
    func make(_ times: [Double], duration: Double? = nil) throws(TimelineError) {
      _ = try Timeline<Double>(times.map { .init(time: $0, value: 0) }, duration: duration)
    }
    #expect(throws: TimelineError.noKeyframes) { try make([]) }
    #expect(throws: TimelineError.timeNotIncreasing(keyframe: 2, time: 1, previous: 2)) {
      try make([0, 2, 1])
    }
    #expect(throws: TimelineError.timeNotIncreasing(keyframe: 1, time: 0, previous: 0)) {
      try make([0, 0])
    }
    #expect(throws: TimelineError.nonFiniteTime(keyframe: 1)) { try make([0, .nan]) }
    #expect(throws: TimelineError.negativeTime(keyframe: 0, time: -1)) { try make([-1, 1]) }
    #expect(throws: TimelineError.self) { try make([0]) }  // lasts no time
    #expect(throws: TimelineError.self) { try make([0, 1], duration: 0.5) }
    #expect(throws: TimelineError.self) { try make([0, 1], duration: -2) }
    #expect(throws: TimelineError.self) { try make([0, 1], duration: .infinity) }
    #expect(throws: Never.self) { try make([0], duration: 3) }
    do {
      try make([0, 1, 1])
      Issue.record("duplicate times accepted")
    } catch {
      #expect(error.description.contains("keyframes[2]"))
      #expect(error.description.contains("same as keyframes[1]"))
    }
  }

  @Test func topologyMismatchNamesKeyframeAndDifference() throws {
    let a = Self.mesh(dx: 0)
    do {
      _ = try Timeline<WarpMesh>([
        .init(time: 0, value: a), .init(time: 1, value: a),
        .init(time: 2, value: Self.mesh(dx: 0, columns: 4)),
      ])
      Issue.record("mismatch accepted")
    } catch {
      #expect(error.keyframe == 2)
      #expect(error.description.contains("keyframes[2]"))
      #expect(error.description.contains("12 point pairs instead of 9"))
    }
    var flipped = a
    flipped.faces[1] = MeshFace(i0: 0, i1: 1, i2: 4, i3: 3)
    #expect(
      throws: TimelineError.shapeMismatch(
        keyframe: 1, detail: "faces[1] is [0, 1, 4, 3] instead of [1, 2, 5, 4]")
    ) {
      _ = try Timeline<WarpMesh>([.init(time: 0, value: a), .init(time: 1, value: flipped)])
    }
    let g = GradientPresets.meshing(at: 0)
    let wide = GradientMesh(
      width: 4, height: 3, points: (0..<12).map { Vector2(Double($0 % 4) / 3, Double($0 / 4) / 2) },
      colors: Array(repeating: GradientColor(red: 1, green: 0, blue: 0), count: 12))
    do {
      _ = try Timeline<GradientMesh>([.init(time: 0, value: g), .init(time: 1, value: wide)])
      Issue.record("gradient mismatch accepted")
    } catch {
      #expect(error.description.contains("4×3 vertices instead of \(g.width)×\(g.height)"))
    }
    #expect(throws: TimelineError.self) {
      _ = try Timeline<Double>([
        .init(time: 0, value: 0, easing: .cubicBezier(x1: 2, y1: 0, x2: 0, y2: 1)),
        .init(time: 1, value: 1),
      ])
    }
  }

  @Test func documentRoundTripsThroughJSON() throws {
    let a = Self.mesh(dx: 0)
    let document = KeyframeDocument<WarpMesh>(
      keyframes: [
        .init(time: 0, source: .inline(a), easing: .easeInOut),
        .init(
          time: 1, source: .file("b.json"), easing: .cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4)
        ),
      ], repeat: .pingPong, duration: 3)
    let data = try JSONEncoder().encode(document)
    let decoded = try JSONDecoder().decode(KeyframeDocument<WarpMesh>.self, from: data)
    #expect(decoded.repeatMode == .pingPong)
    #expect(decoded.duration == 3)
    #expect(decoded.keyframes[0].easing == .easeInOut)
    #expect(decoded.keyframes[1].easing == .cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4))
    guard case .inline(let mesh) = decoded.keyframes[0].source,
      case .file("b.json") = decoded.keyframes[1].source
    else {
      Issue.record("sources changed: \(decoded.keyframes.map(\.source))")
      return
    }
    #expect(mesh == a)
    let timeline = try decoded.timeline { index, reference in
      #expect(index == 1 && reference == "b.json")
      return Self.mesh(dx: 0.3)
    }
    #expect(timeline.mesh(at: 1) == Self.mesh(dx: 0.3))
  }

  @Test func gradientKeyframesKeepArrivingEasing() throws {
    let a = GradientPresets.meshing(at: 0)
    let b = GradientPresets.meshing(at: 2)
    let c = GradientPresets.meshing(at: 4)
    let track = try GradientKeyframes([
      .init(time: 0, gradient: a), .init(time: 1, gradient: b, easing: .linear),
      .init(time: 1, gradient: b, easing: .linear), .init(time: 3, gradient: c, easing: .easeIn),
    ])
    #expect(track.gradient(at: 2) == (try b.interpolated(to: c, fraction: 0.125)))
    #expect(track.gradient(at: 0.25) == (try a.interpolated(to: b, fraction: 0.25)))
  }
}
