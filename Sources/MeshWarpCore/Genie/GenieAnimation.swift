/// The frames of a genie animation: how many, when, and at which progress.
///
/// `frameCount = max(2, round(duration · fps))` frames, frame i shown at
/// `i / fps` seconds for `1 / fps` seconds, so the frames fill `duration`.
/// Progress runs evenly from 0 on the first frame to 1 on the last (so both
/// end states are shown, as BCGenieEffect does); with `reverse` it runs
/// from 1 to 0 and frame i is exactly the forward animation's frame
/// `frameCount − 1 − i` (genie-out, restoring the view).
public struct GenieAnimation: Hashable, Sendable {
  /// Seconds, > 0 (macOS's genie takes about half a second; default 0.6).
  public let duration: Double
  /// Frames per second, > 0 (default 60).
  public let fps: Double
  /// Genie-out: play from the target back to the view.
  public let reverse: Bool

  /// The most frames an animation may have (empirical: ten minutes at
  /// 60 fps; guards against a mistyped duration).
  public static let maximumFrames = 36_000

  /// - Throws: ``GenieError/invalidRendering(detail:)`` for a non-finite or
  ///   non-positive duration or frame rate, or more than ``maximumFrames``.
  public init(duration: Double = 0.6, fps: Double = 60, reverse: Bool = false) throws(GenieError) {
    guard duration.isFinite, duration > 0 else {
      throw .invalidRendering(detail: "duration \(duration) s must be a positive number")
    }
    guard fps.isFinite, fps > 0 else {
      throw .invalidRendering(detail: "frame rate \(fps) fps must be a positive number")
    }
    guard (duration * fps).rounded() <= Double(Self.maximumFrames) else {
      throw .invalidRendering(
        detail:
          "\(duration) s at \(fps) fps is more than \(Self.maximumFrames) frames")
    }
    self.duration = duration
    self.fps = fps
    self.reverse = reverse
  }

  /// Frames in the animation (≥ 2).
  public var frameCount: Int { max(2, Int((duration * fps).rounded())) }

  /// The mesh progress of frame `index`: `index/(frameCount − 1)`, or
  /// `(frameCount − 1 − index)/(frameCount − 1)` when reversed.
  ///
  /// - Precondition: `0 ≤ index < frameCount`.
  public func progress(ofFrame index: Int) -> Double {
    precondition((0..<frameCount).contains(index), "frame \(index) of \(frameCount)")
    let last = frameCount - 1
    return Double(reverse ? last - index : index) / Double(last)
  }

  /// When frame `index` starts, in seconds: `index / fps`.
  public func time(ofFrame index: Int) -> Double { Double(index) / fps }
}
