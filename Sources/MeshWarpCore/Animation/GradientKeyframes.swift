/// A gradient that changes over time through keyframes.
///
/// Between two keyframes the gradient is
/// `from.interpolated(to: to, fraction: to.easing(progress))`, where progress
/// runs linearly from 0 at `from.time` to 1 at `to.time`: each keyframe's
/// easing shapes the segment that *arrives* at it (SwiftUI's keyframe
/// tracks work the same way). Before the first keyframe the first gradient
/// holds; after the last, the last.
///
/// ``Timeline`` is the general form (meshes and gradients, looping, CSS
/// timing curves, the keyframe file format), which eases the segment
/// *leaving* a keyframe.
///
/// Every gradient must have the same shape (see
/// ``GradientMesh/interpolated(to:fraction:)``); the initializer checks.
public struct GradientKeyframes: Hashable, Sendable {
  /// A gradient at a time.
  public struct Keyframe: Hashable, Sendable {
    /// Seconds.
    public var time: Double
    public var gradient: GradientMesh
    /// The timing of the segment from the previous keyframe to this one
    /// (ignored on the first keyframe).
    public var easing: EasingCurve

    /// A keyframe at `time` seconds; `easing` shapes the segment arriving here.
    public init(time: Double, gradient: GradientMesh, easing: EasingCurve = .easeInOut) {
      self.time = time
      self.gradient = gradient
      self.easing = easing
    }
  }

  /// The keyframes, in non-decreasing time order.
  public let keyframes: [Keyframe]

  /// Keyframes in time order.
  ///
  /// - Throws: ``GradientMeshError/badKeyframes(detail:)`` for an empty list
  ///   or times out of order, ``GradientMeshError/nonFiniteParameter(name:)``
  ///   for a non-finite time, or the error of the first gradient that is invalid or has another
  ///   shape than the first.
  public init(_ keyframes: [Keyframe]) throws(GradientMeshError) {
    guard let first = keyframes.first else {
      throw .badKeyframes(detail: "the list is empty")
    }
    try first.gradient.validate()
    for (i, keyframe) in keyframes.enumerated() {
      guard keyframe.time.isFinite else {
        throw .nonFiniteParameter(name: "keyframes[\(i)].time")
      }
      if i > 0 {
        guard keyframe.time >= keyframes[i - 1].time else {
          throw .badKeyframes(
            detail:
              "keyframes[\(i)].time \(keyframe.time) comes before keyframes[\(i - 1)].time \(keyframes[i - 1].time); times must not decrease"
          )
        }
        try keyframe.gradient.validate()
        _ = try first.gradient.interpolated(to: keyframe.gradient, fraction: 0)
      }
    }
    self.keyframes = keyframes
  }

  /// The time of the first keyframe to the time of the last, in seconds.
  public var timeRange: ClosedRange<Double> {
    keyframes[0].time...keyframes[keyframes.count - 1].time
  }

  /// The gradient at `time` seconds.
  ///
  /// - Complexity: O(log keyframes + width · height).
  public func gradient(at time: Double) -> GradientMesh {
    guard time > keyframes[0].time else { return keyframes[0].gradient }
    guard time < keyframes[keyframes.count - 1].time else {
      return keyframes[keyframes.count - 1].gradient
    }
    // The first keyframe later than `time` (exists: time < last time).
    let low = firstKeyframe(after: time, count: keyframes.count) { keyframes[$0].time }
    let from = keyframes[low - 1]
    let to = keyframes[low]
    let progress = (time - from.time) / (to.time - from.time)
    // Shapes were checked in init, so this cannot throw.
    return (try? from.gradient.interpolated(to: to.gradient, fraction: to.easing(progress)))
      ?? to.gradient
  }
}
