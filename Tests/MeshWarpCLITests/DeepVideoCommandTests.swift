import Foundation
import Testing
import _TestSupport

/// `warp` on a 10-bit HLG clip: kept where the output holds it, tone-mapped
/// with a note where it does not, `--depth` and `--tone-map` obeyed.
extension RealVideoFileTests {
  @Test(.enabled(if: VideoTools.hasEncoder("libx265")))
  func hdrVideoIsKeptOrToneMappedWithANote() throws {
    let folder = try VideoCommandTests.fixture()
    let clip = folder.file("hlg.mov")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=0.3", "-vf",
      "format=yuv420p10le,setparams=color_primaries=bt2020:color_trc=arib-std-b67:colorspace=bt2020nc:range=tv",
      "-c:v", "libx265", "-x265-params", "log-level=error", "-color_primaries", "bt2020",
      "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", clip,
    ])
    let mesh = folder.file("a.json")
    var run = ToolRun(["warp", clip, "--mesh", mesh, "--codec", "hevc", "-o", folder.file("k.mkv")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors.contains("video is kept at 10 bits (HEVC, tagged HLG BT.2020)"), "\(run.errors)")
    run = ToolRun([
      "warp", clip, "--mesh", mesh, "--tone-map", "mobius", "-o", folder.file("t.gif"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("tone-mapped to SDR BT.709 (mobius"), "\(run.errors)")
    run = ToolRun(["warp", clip, "--mesh", mesh, "--time", "0.1", "-o", folder.file("f.png")])
    #expect(run.status == 0 && run.errors.contains("tone-mapped"), "\(run.errors)")
    run = ToolRun([
      "warp", clip, "--mesh", mesh, "--codec", "h264", "--depth", "10", "-o", folder.file("x.mp4"),
    ])
    #expect(run.status == 2 && run.errors.contains("H.264 is written at 8 bits"), "\(run.errors)")
  }
}
