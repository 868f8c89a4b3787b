/// The mesh of a warp over time: one mesh for every frame, or meshes
/// keyframed along a timeline (a keyframe file, or two meshes eased from
/// one to the other).
public enum MeshAnimation: Sendable {
  /// A mesh that does not change.
  case still(WarpMesh)
  /// A mesh that changes along the timeline (times in seconds).
  case animated(Timeline<WarpMesh>)

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

  /// Whether the mesh changes over time.
  public var isAnimated: Bool { timeline != nil }

  /// The timeline of an animated mesh; nil for a still one.
  public var timeline: Timeline<WarpMesh>? {
    if case .animated(let timeline) = self { timeline } else { nil }
  }

  /// Every mesh given: the still one, or each keyframe's, in time order.
  public var keyframeMeshes: [WarpMesh] {
    switch self {
    case .still(let mesh): [mesh]
    case .animated(let timeline): timeline.keyframes.map(\.value)
    }
  }

  /// The mesh at `time` seconds (the still mesh at any time).
  public func mesh(at time: Double) -> WarpMesh {
    switch self {
    case .still(let mesh): mesh
    case .animated(let timeline): timeline.mesh(at: time)
    }
  }
}
