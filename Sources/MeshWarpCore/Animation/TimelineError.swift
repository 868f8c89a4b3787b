import Foundation

/// Why a list of keyframes cannot make a ``Timeline``. Keyframes are named
/// `keyframes[i]` (0-based), as in keyframe files.
public enum TimelineError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The list is empty.
  case noKeyframes
  /// A keyframe's time is NaN or infinite.
  case nonFiniteTime(keyframe: Int)
  /// A keyframe's time is below 0.
  case negativeTime(keyframe: Int, time: Double)
  /// A keyframe's time is not later than the previous keyframe's (times
  /// must increase strictly: unsorted or duplicate).
  case timeNotIncreasing(keyframe: Int, time: Double, previous: Double)
  /// The duration is not finite, not above 0, or ends before the last
  /// keyframe.
  case badDuration(Double, reason: String)
  /// A keyframe's timing curve cannot be used (see ``TimingCurve/problem``).
  case badEasing(keyframe: Int, reason: String)
  /// A keyframe's value has another shape than the first keyframe's.
  case shapeMismatch(keyframe: Int, detail: String)

  /// The keyframe the error is about, if any.
  public var keyframe: Int? {
    switch self {
    case .noKeyframes, .badDuration: nil
    case .nonFiniteTime(let k), .negativeTime(let k, _), .timeNotIncreasing(let k, _, _),
      .badEasing(let k, _), .shapeMismatch(let k, _):
      k
    }
  }

  /// The message without the keyframe's name (for callers that place the
  /// error themselves, e.g. at a line and column of a keyframe file).
  public var reason: String {
    switch self {
    case .noKeyframes:
      "a timeline needs at least one keyframe"
    case .nonFiniteTime:
      "time is not a finite number"
    case .negativeTime(_, let time):
      "time \(time) is negative (times are seconds from 0)"
    case .timeNotIncreasing(let k, let time, let previous):
      time == previous
        ? "time \(time) is the same as keyframes[\(k - 1)]'s; times must increase"
        : "time \(time) comes before keyframes[\(k - 1)]'s \(previous); list keyframes in time order"
    case .badDuration(let duration, let reason):
      "duration \(duration): \(reason)"
    case .badEasing(_, let reason):
      reason
    case .shapeMismatch(_, let detail):
      "it has \(detail); every keyframe needs the shape of keyframes[0]"
    }
  }

  public var description: String {
    switch self {
    case .noKeyframes, .badDuration: reason
    case .nonFiniteTime(let k), .negativeTime(let k, _), .timeNotIncreasing(let k, _, _):
      "keyframes[\(k)].time: \(reason)"
    case .badEasing(let k, _): "keyframes[\(k)].easing: \(reason)"
    case .shapeMismatch(let k, _): "keyframes[\(k)]: \(reason)"
    }
  }

  public var errorDescription: String? { description }
}
