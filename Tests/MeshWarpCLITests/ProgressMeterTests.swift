import Testing

@testable import MeshWarpCLI

/// The progress line's rate and time left.
@Suite struct ProgressMeterTests {
  /// 90 of 200 frames sent after 10 s, of which x264 has written 50 (the
  /// rest wait in its look-ahead): 5 frames a second and 30 s left, not
  /// 9 a second and 12.2 s (which counted the queued frames as done).
  @Test func timeLeftCountsFramesTheEncoderHasWritten() {
    #expect(
      ProgressMeter.text(done: 90, encoded: 50, total: 200, seconds: 10)
        == "frames 90/200  5.0 fps  30.0 s left")
    // Nothing written yet: no rate, no guess.
    #expect(
      ProgressMeter.text(done: 40, encoded: 0, total: 200, seconds: 2) == "frames 40/200  0.0 fps")
    // A writer that does not report (a PNG sequence): the frames sent.
    #expect(
      ProgressMeter.text(done: 90, total: 200, seconds: 10) == "frames 90/200  9.0 fps  12.2 s left"
    )
  }
}
