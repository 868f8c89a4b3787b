/// What a warp draws at one moment: a mesh, or an effect drawn exactly
/// through its ``WarpField`` (no mesh is built for it).
public enum WarpGeometry: Sendable {
  /// A mesh, drawn face by face.
  case mesh(WarpMesh)
  /// An effect, its exact map evaluated per output pixel at the picture's
  /// size.
  case effect(MeshEffect)
}

/// The warp over time: a mesh or an effect, one for every frame, or
/// keyframed along a timeline (a keyframe file, or two meshes eased from
/// one to the other).
public enum MeshAnimation: Sendable {
  /// A mesh that does not change.
  case still(WarpMesh)
  /// A mesh that changes along the timeline (times in seconds).
  case animated(Timeline<WarpMesh>)
  /// An effect that does not change, drawn at each picture's size.
  case effect(MeshEffect)
  /// An effect whose parameters change along the timeline (interpolated
  /// by ``MeshEffect/interpolated(to:fraction:)``).
  case animatedEffect(Timeline<MeshEffect>)

  /// The easing between two meshes when none is given: SwiftUI's default
  /// `.easeInOut`.
  public static let defaultEasing = TimingCurve.easeInOut

  /// An animation from `start` (at 0 s) to `end` (at `duration` s).
  ///
  /// - Parameters:
  ///   - start: the mesh at 0 s.
  ///   - end: the mesh at `duration` and after; the same structure as `start`.
  ///   - duration: seconds, finite and > 0.
  ///   - easing: the curve between the two (default ``defaultEasing``).
  /// - Throws: `TimelineError`: `.shapeMismatch` when the meshes differ in
  ///   structure; `.timeNotIncreasing`, `.negativeTime` or `.nonFiniteTime`
  ///   for a duration that is not finite and positive.
  public static func between(
    _ start: WarpMesh, _ end: WarpMesh, duration: Double, easing: TimingCurve = defaultEasing
  ) throws(TimelineError) -> MeshAnimation {
    typealias Keyframe = Timeline<WarpMesh>.Keyframe
    return .animated(
      try Timeline<WarpMesh>([
        Keyframe(time: 0, value: start, easing: easing), Keyframe(time: duration, value: end),
      ]))
  }

  /// Whether the warp changes over time.
  public var isAnimated: Bool { duration != nil }

  /// The timeline of an animated mesh; nil for a still mesh or an effect.
  public var timeline: Timeline<WarpMesh>? {
    if case .animated(let timeline) = self { timeline } else { nil }
  }

  /// The length of one pass of an animated warp in seconds; nil for a
  /// still one.
  public var duration: Double? {
    switch self {
    case .still, .effect: nil
    case .animated(let timeline): timeline.duration
    case .animatedEffect(let timeline): timeline.duration
    }
  }

  /// What an animated warp does after one pass; `.once` for a still one.
  public var repeatMode: TimelineRepeat {
    switch self {
    case .still, .effect: .once
    case .animated(let timeline): timeline.repeatMode
    case .animatedEffect(let timeline): timeline.repeatMode
    }
  }

  /// The keyframes' times ([0] for a still warp).
  public var keyframeTimes: [Double] {
    switch self {
    case .still, .effect: [0]
    case .animated(let timeline): timeline.keyframes.map(\.time)
    case .animatedEffect(let timeline): timeline.keyframes.map(\.time)
    }
  }

  /// Every mesh given: the still one, or each keyframe's, in time order
  /// (none for an effect).
  public var keyframeMeshes: [WarpMesh] {
    switch self {
    case .still(let mesh): [mesh]
    case .animated(let timeline): timeline.keyframes.map(\.value)
    case .effect, .animatedEffect: []
    }
  }

  /// Every effect given: the still one, or each keyframe's, in time order
  /// (none for a mesh).
  public var keyframeEffects: [MeshEffect] {
    switch self {
    case .effect(let effect): [effect]
    case .animatedEffect(let timeline): timeline.keyframes.map(\.value)
    case .still, .animated: []
    }
  }

  /// The mesh at `time` seconds (the still mesh at any time); nil for an
  /// effect, which has no mesh (see ``geometry(at:)``).
  public func mesh(at time: Double) -> WarpMesh? {
    if case .mesh(let mesh) = geometry(at: time) { mesh } else { nil }
  }

  /// What is drawn at `time` seconds (the still mesh or effect at any
  /// time).
  public func geometry(at time: Double) -> WarpGeometry {
    switch self {
    case .still(let mesh): .mesh(mesh)
    case .animated(let timeline): .mesh(timeline.value(at: time))
    case .effect(let effect): .effect(effect)
    case .animatedEffect(let timeline): .effect(timeline.value(at: time))
    }
  }
}

extension MeshAnimation {
  /// The first effect of this animation whose parameters do not hold at
  /// `width × height` (``MeshEffect/validate(width:height:)``), checked at
  /// every keyframe and at 15 points between each two (parameters that
  /// hold at both ends can fold between them), with where it is ("" for a
  /// still effect, "keyframes[2]: ", "between keyframes[0] and [1], at
  /// 0.25 s: "); nil when every one holds, or for a mesh.
  public func effectProblem(width: Int, height: Int) -> (place: String, error: MeshEffectError)? {
    func problem(_ effect: MeshEffect) -> MeshEffectError? {
      do {
        try effect.validate(width: width, height: height)
        return nil
      } catch let error as MeshEffectError {
        return error
      } catch {
        return nil
      }
    }
    switch self {
    case .still, .animated:
      return nil
    case .effect(let effect):
      return problem(effect).map { ("", $0) }
    case .animatedEffect(let timeline):
      let keyframes = timeline.keyframes
      for (i, keyframe) in keyframes.enumerated() {
        if let error = problem(keyframe.value) { return ("keyframes[\(i)]: ", error) }
        guard i + 1 < keyframes.count else { continue }
        for k in 1..<16 {
          let t = keyframe.time + (keyframes[i + 1].time - keyframe.time) * Double(k) / 16
          if let error = problem(timeline.value(at: t)) {
            return (
              "between keyframes[\(i)] and [\(i + 1)], at \(MeshEffectError.number(t)) s: ", error
            )
          }
        }
      }
      return nil
    }
  }
}
