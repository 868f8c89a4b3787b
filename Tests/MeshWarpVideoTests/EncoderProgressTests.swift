import Testing

@testable import MeshWarpVideo

/// Frames written, read from ffmpeg's `-progress` report.
@Suite struct EncoderProgressTests {
  /// Two blocks as ffmpeg 5.1 wrote them for a 25 fps x264 encode with 64
  /// frames sent: the latest `out_time_us` (0.56 s) counts 14 frames
  /// (those starting before it), not the 64 of `frame=`.
  @Test func latestOutputTimeCountsTheFrames() {
    let starts = (0..<64).map { Double($0) / 25 }
    let report = """
      frame=51
      out_time_us=40078
      progress=continue
      frame=64
      out_time_us=560078
      progress=continue

      """
    #expect(EncoderProgress.framesWritten(report: report[...], starts: starts) == 14)
    #expect(
      EncoderProgress.framesWritten(report: (report + "progress=end\n")[...], starts: starts)
        == 64)
    #expect(
      EncoderProgress.framesWritten(report: "frame=3\nout_time_us=N/A\n", starts: starts) == nil)
    // Variable rate: by the frames' own starts.
    #expect(
      EncoderProgress.framesWritten(
        report: "out_time_us=400000\n", starts: [0, 0.08, 0.16, 0.46, 0.54]) == 3)
  }
}
