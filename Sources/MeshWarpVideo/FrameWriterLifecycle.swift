import MeshWarpFiles
import MeshWarpRender

/// The life every frame writer shares: open until `finish()` succeeds or
/// the export is cancelled; every frame of one size; at least one frame
/// before `finish()`; any error after the start cancels the export.
///
/// The writer keeps its own resources and passes its `cancel()` to the
/// calls that may fail, which run it before throwing.
package final class FrameWriterLifecycle {
  /// Where a writer is in its life.
  package enum Phase { case open, finished, cancelled }

  package private(set) var phase = Phase.open
  /// The output path, for messages.
  package let destination: String
  /// What the output is called in messages: "animation", "sequence", "video".
  package let noun: String
  /// The frame size: given at the start, or fixed by the first frame.
  package private(set) var frameSize: (width: Int, height: Int)?
  /// Frames accepted so far (written or waiting in a batch).
  package private(set) var framesAccepted = 0
  /// The most frames the output holds, and the reason given for one more
  /// (a single PNG holds one); nil: no limit.
  package let frameLimit: (count: Int, reason: String)?

  package init(
    destination: String, noun: String, frameSize: (width: Int, height: Int)? = nil,
    frameLimit: (count: Int, reason: String)? = nil
  ) {
    self.destination = destination
    self.noun = noun
    self.frameSize = frameSize
    self.frameLimit = frameLimit
  }

  /// Takes `image` as the next frame.
  ///
  /// - Throws: `VideoError.unsupportedOutput` when the writer is
  ///   finished or cancelled, or (after running `cancel`) holds
  ///   `frameLimit` frames already; `.frameMismatch` after running `cancel`
  ///   when the frame's size is not the writer's.
  package func accept(_ image: RGBAImage, cancel: () -> Void) throws(VideoError) {
    try accept(width: image.width, height: image.height, cancel: cancel)
  }

  /// Takes a `width × height` frame (of any depth) as the next one; as
  /// ``accept(_:cancel:)``.
  package func accept(width: Int, height: Int, cancel: () -> Void) throws(VideoError) {
    try checkOpen()
    if let frameLimit, framesAccepted >= frameLimit.count {
      cancel()
      throw .unsupportedOutput(path: destination, reason: frameLimit.reason)
    }
    if let frameSize, frameSize != (width, height) {
      cancel()
      throw .frameMismatch(
        destination: destination,
        reason:
          "frame \(framesAccepted) is \(width)×\(height), the \(noun) is \(frameSize.width)×\(frameSize.height)"
      )
    }
    frameSize = (width, height)
    framesAccepted += 1
  }

  /// Checks that `finish()` may go on.
  ///
  /// - Throws: `VideoError.unsupportedOutput` when the writer is
  ///   finished or cancelled, or (after running `cancel`) has no frame.
  package func checkFinish(cancel: () -> Void) throws(VideoError) {
    try checkOpen()
    guard framesAccepted > 0 else {
      cancel()
      throw .unsupportedOutput(path: destination, reason: "no frames to write")
    }
  }

  /// Runs `body`; if it throws, runs `cancel` and rethrows.
  package func cancelling<T>(_ cancel: () -> Void, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      cancel()
      throw error
    }
  }

  /// Marks the output complete.
  package func markFinished() { phase = .finished }

  /// Marks the export cancelled.
  ///
  /// - Returns: false when it was already finished or cancelled (the
  ///   writer has nothing left to release).
  package func markCancelled() -> Bool {
    guard phase == .open else { return false }
    phase = .cancelled
    return true
  }

  private func checkOpen() throws(VideoError) {
    guard phase == .open else {
      throw .unsupportedOutput(
        path: destination,
        reason: phase == .finished ? "the \(noun) is already finished" : "the export was cancelled")
    }
  }
}
