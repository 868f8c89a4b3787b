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

  public var description: String {
    switch self {
    case .noKeyframes:
      "a timeline needs at least one keyframe"
    case .nonFiniteTime(let k):
      "keyframes[\(k)]: time is not a finite number"
    case .negativeTime(let k, let time):
      "keyframes[\(k)]: time \(time) is negative (times are seconds from 0)"
    case .timeNotIncreasing(let k, let time, let previous):
      time == previous
        ? "keyframes[\(k)]: time \(time) is the same as keyframes[\(k - 1)]'s; times must increase"
        : "keyframes[\(k)]: time \(time) comes before keyframes[\(k - 1)]'s \(previous); list keyframes in time order"
    case .badDuration(let duration, let reason):
      "duration \(duration): \(reason)"
    case .badEasing(let k, let reason):
      "keyframes[\(k)]: easing: \(reason)"
    case .shapeMismatch(let k, let detail):
      "keyframes[\(k)] does not match keyframes[0]: it has \(detail) (all keyframes need the same shape)"
    }
  }

  public var errorDescription: String? { description }
}
