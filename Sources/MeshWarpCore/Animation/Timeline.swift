/// How a ``Timeline`` continues after its duration.
public enum TimelineRepeat: String, Hashable, Sendable, CaseIterable {
  /// Play once, then hold the last keyframe.
  case once
  /// Start again from time 0 every `duration` seconds.
  case loop
  /// Play forwards, then backwards, then forwards… (period 2 · duration).
  case pingPong
}

/// Values that change over time through keyframes: "the mesh (or
/// gradient) at time t", for the CLI, the demo and the SwiftUI layer alike.
///
/// A keyframe is (time, value, easing); its easing shapes the segment that
/// *leaves* it, towards the next keyframe (CSS `@keyframes` and the keyframe
/// file format work the same way; the last keyframe's easing is unused).
/// ``GradientKeyframes`` is older and eases the segment *arriving* at a
/// keyframe instead.
///
/// Between keyframes i and i+1 the value is
/// `value[i].keyframeInterpolated(to: value[i+1], fraction: easing[i](p))`
/// where p runs linearly from 0 at time[i] to 1 at time[i+1]. Exactly at a
/// keyframe's time the value is that keyframe's (bit for bit). Before the
/// first keyframe the first value holds, after the last one the last value,
/// until ``duration``; then ``repeatMode`` decides.
public struct Timeline<Value: Keyframeable>: Sendable {
  /// A value at a time.
  public struct Keyframe: Sendable {
    /// Seconds from 0.
    public var time: Double
    public var value: Value
    /// The timing of the segment from this keyframe to the next.
    public var easing: TimingCurve

    /// A keyframe at `time` seconds; `easing` shapes the segment leaving it.
    public init(time: Double, value: Value, easing: TimingCurve = .linear) {
      self.time = time
      self.value = value
      self.easing = easing
    }
  }

  /// The keyframes, in strictly increasing time order.
  public let keyframes: [Keyframe]
  /// What happens after ``duration``.
  public let repeatMode: TimelineRepeat
  /// The length of one pass in seconds (> 0): the given duration, or the
  /// last keyframe's time.
  public let duration: Double

  /// Checks and keeps `keyframes`.
  ///
  /// - Parameters:
  ///   - keyframes: at least one, times finite, ≥ 0 and strictly
  ///     increasing, every value the shape of the first.
  ///   - repeatMode: what happens after one pass (default: hold the last
  ///     value).
  ///   - duration: one pass, at least the last keyframe's time; nil means
  ///     the last keyframe's time (a lone keyframe at 0 then needs one).
  /// - Throws: ``TimelineError``: an empty list, a non-finite or negative
  ///   time, times that do not strictly increase, a bad duration, an
  ///   unusable ``TimingCurve``, or a value whose shape differs from the
  ///   first keyframe's (naming the keyframe and what differs).
  /// - Complexity: O(keyframes · the value's shape check).
  public init(
    _ keyframes: [Keyframe], repeat repeatMode: TimelineRepeat = .once, duration: Double? = nil
  ) throws(TimelineError) {
    guard let first = keyframes.first else { throw .noKeyframes }
    for (i, keyframe) in keyframes.enumerated() {
      guard keyframe.time.isFinite else { throw .nonFiniteTime(keyframe: i) }
      guard keyframe.time >= 0 else { throw .negativeTime(keyframe: i, time: keyframe.time) }
      if i > 0, keyframe.time <= keyframes[i - 1].time {
        throw .timeNotIncreasing(
          keyframe: i, time: keyframe.time, previous: keyframes[i - 1].time)
      }
      if let problem = keyframe.easing.problem { throw .badEasing(keyframe: i, reason: problem) }
      if i > 0, let detail = keyframe.value.keyframeMismatch(with: first.value) {
        throw .shapeMismatch(keyframe: i, detail: detail)
      }
    }
    let last = keyframes[keyframes.count - 1].time
    let length = duration ?? last
    guard length.isFinite else { throw .badDuration(length, reason: "not a finite number") }
    guard length > 0 else {
      throw .badDuration(
        length,
        reason: duration == nil
          ? "the timeline lasts no time: give keyframes at two different times, or a duration"
          : "a duration must be above 0 seconds")
    }
    guard length >= last else {
      throw .badDuration(
        length, reason: "it ends before the last keyframe (at \(last) s)")
    }
    self.keyframes = keyframes
    self.repeatMode = repeatMode
    self.duration = length
  }

  /// The time within one pass (0…duration) that `time` shows, after
  /// ``repeatMode``. Times before 0 show time 0 (and NaN too).
  public func localTime(_ time: Double) -> Double {
    guard time > 0 else { return 0 }
    switch repeatMode {
    case .once:
      return min(time, duration)
    case .loop:
      guard time.isFinite else { return duration }
      return time.truncatingRemainder(dividingBy: duration)
    case .pingPong:
      guard time.isFinite else { return duration }
      let phase = time.truncatingRemainder(dividingBy: 2 * duration)
      return phase <= duration ? phase : 2 * duration - phase
    }
  }

  /// The value at `time` seconds.
  ///
  /// - Complexity: O(log keyframes) plus one interpolation.
  public func value(at time: Double) -> Value {
    let t = localTime(time)
    let next = firstKeyframe(after: t, count: keyframes.count) { keyframes[$0].time }
    guard next > 0 else { return keyframes[0].value }
    guard next < keyframes.count else { return keyframes[keyframes.count - 1].value }
    let from = keyframes[next - 1]
    let to = keyframes[next]
    let progress = (t - from.time) / (to.time - from.time)
    guard progress > 0 else { return from.value }
    return from.value.keyframeInterpolated(to: to.value, fraction: from.easing(progress))
  }
}

extension Timeline where Value == WarpMesh {
  /// The mesh at `time` seconds (``value(at:)``).
  public func mesh(at time: Double) -> WarpMesh { value(at: time) }
}

extension Timeline where Value == GradientMesh {
  /// The gradient at `time` seconds (``value(at:)``).
  public func gradient(at time: Double) -> GradientMesh { value(at: time) }
}

extension Timeline.Keyframe: Equatable where Value: Equatable {}
extension Timeline.Keyframe: Hashable where Value: Hashable {}
extension Timeline: Equatable where Value: Equatable {}
extension Timeline: Hashable where Value: Hashable {}
