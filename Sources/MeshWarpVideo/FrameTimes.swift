/// The times of the frames an export renders.
public struct FrameTimes: Sendable {
  /// Frame times in seconds, ascending.
  public var times: [Double]
  /// The rate the frames are written at, in frames per second (> 0).
  public var framesPerSecond: Double
  /// Whether more than one frame was asked for (false: a still).
  public var isAnimation: Bool

  /// Most frames an export may have (derived: ten minutes at 60 fps).
  public static let maximumFrames = 36_000

  /// Frames at `times`, written at `framesPerSecond`.
  ///
  /// - Parameters:
  ///   - times: each frame's time in seconds, ascending.
  ///   - framesPerSecond: the output's frame rate (> 0).
  ///   - isAnimation: whether an animation was asked for (default: more
  ///     than one time).
  public init(times: [Double], framesPerSecond: Double, isAnimation: Bool? = nil) {
    self.times = times
    self.framesPerSecond = framesPerSecond
    self.isAnimation = isAnimation ?? (times.count > 1)
  }

  /// `duration` seconds at `framesPerSecond`: frames at 0, 1/fps, 2/fps, …
  /// (at least one).
  ///
  /// - Parameters:
  ///   - duration: seconds (> 0).
  ///   - framesPerSecond: frames per second (> 0).
  public init(duration: Double, framesPerSecond: Double) {
    let count = max(1, Int((duration * framesPerSecond).rounded()))
    self.init(
      times: (0..<count).map { Double($0) / framesPerSecond }, framesPerSecond: framesPerSecond,
      isAnimation: true)
  }
}
