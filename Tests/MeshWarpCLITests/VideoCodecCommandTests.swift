import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

/// `--codec`, the MOV's ProRes chosen by transparency, odd sizes noted for
/// every export into a codec that needs even sides, and ffmpeg's failures
/// said in our words (rows of Reliability.md's "Real files").
extension RealVideoFileTests {
  /// The stream's codec, profile and pixel format as ffprobe reads them.
  static func codec(_ path: String) throws -> [String: String] {
    try VideoCommandTests.probe(path, "v", "codec_name,profile,pix_fmt,codec_tag_string")
  }

  /// `.mov` was always ProRes 4444 with alpha (a 10 s opaque 1080p clip:
  /// 664 MB). Now: opaque frames get ProRes 422 HQ, transparent ones 4444
  /// with alpha, each with a note; `--codec` picks another where the
  /// container holds it, and is refused (exit 2, naming the allowed ones)
  /// where not.
  @Test func movCodecFollowsTransparencyAndTheCodecFlag() throws {
    let folder = try VideoCommandTests.fixture()
    let clip = folder.file("clip.mp4")
    // The identity mesh covers every frame: opaque.
    let opaque = folder.file("opaque.mov")
    var run = ToolRun(["warp", clip, "--mesh", folder.file("a.json"), "-o", opaque])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors.contains("note: MOV: ProRes 422 HQ, as every frame is opaque"), "\(run.errors)")
    var stream = try Self.codec(opaque)
    #expect(stream["codec_name"] == "prores" && stream["profile"] == "HQ", "\(stream)")
    #expect(stream["pix_fmt"]?.hasPrefix("yuv422p") == true, "\(stream)")
    // Mesh a → b uncovers the corners only after the first frame.
    let transparent = folder.file("transparent.mov")
    run = ToolRun(["warp", clip, "--mesh", folder.file("anim.json"), "-o", transparent])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("note: MOV: ProRes 4444 with alpha"), "\(run.errors)")
    stream = try Self.codec(transparent)
    #expect(stream["profile"] == "4444" && stream["pix_fmt"]?.hasPrefix("yuva444p") == true)
    // An opaque background leaves nothing transparent: 422 HQ.
    run = ToolRun([
      "warp", clip, "--mesh", folder.file("anim.json"), "-b", "white", "-o", opaque,
    ])
    #expect(try Self.codec(opaque)["profile"] == "HQ", "\(run.errors)")
    // A still with alpha, and text on a transparent canvas.
    let text = folder.file("text.mov")
    run = ToolRun(["text", "Hi", "--size", "64x48", "--duration", "0.2", "--fps", "10", "-o", text])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.codec(text)["profile"] == "4444")
    // --codec.
    let h264 = folder.file("h264.mov")
    run = ToolRun([
      "warp", clip, "--mesh", folder.file("anim.json"), "--codec", "h264", "-o", h264,
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.codec(h264)["codec_name"] == "h264")
    #expect(!run.errors.contains("ProRes"), "\(run.errors)")
    let vp9 = folder.file("vp9.mkv")
    run = ToolRun(["warp", clip, "--mesh", folder.file("a.json"), "--codec", "vp9", "-o", vp9])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.codec(vp9)["codec_name"] == "vp9")
    for (codec, name, allowed) in [
      ("vp9", "x.mp4", "it takes h264, hevc"), ("prores4444", "x.mkv", "it takes h264, hevc, vp9"),
      ("h264", "x.webm", "it takes vp9"),
    ] {
      run = ToolRun([
        "warp", clip, "--mesh", folder.file("a.json"), "--codec", codec, "-o", folder.file(name),
      ])
      #expect(run.status == 2, "\(codec) \(name): \(run.errors)")
      #expect(run.errors.contains(allowed), "\(run.errors)")
      #expect(!FileManager.default.fileExists(atPath: folder.file(name)))
    }
    run = ToolRun([
      "text", "Hi", "--size", "64x48", "--duration", "0.2", "--codec", "vp9", "-o",
      folder.file("t.mp4"),
    ])
    #expect(run.status == 2 && run.errors.contains("MP4 cannot hold vp9"), "\(run.errors)")
    run = ToolRun(["text", "Hi", "--size", "64x48", "--codec", "h264", "-o", folder.file("t.png")])
    #expect(run.status == 2 && run.errors.contains("--codec h264 is for video outputs"))
    let still = folder.write(RGBAImage(width: 8, height: 8, fill: .white), "s.png")
    // genie takes --codec too: its window leaves the canvas transparent.
    let genie = folder.file("genie.mov")
    run = ToolRun([
      "genie", still, "--duration", "0.1", "--fps", "20", "--codec", "prores4444", "-o", genie,
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.codec(genie)["profile"] == "4444")
    run = ToolRun(["genie", still, "--codec", "vp9", "-o", folder.file("genie.mp4")])
    #expect(run.status == 2 && run.errors.contains("MP4 cannot hold vp9"), "\(run.errors)")
    run = ToolRun([
      "warp", still, "--mesh", folder.file("a.json"), "--codec", "hevc", "-o",
      folder.file("w.png"),
    ])
    #expect(run.status == 2 && run.errors.contains("--codec hevc is for video outputs"))
  }

  /// HEVC in MP4 and MOV, tagged `hvc1` (Apple's players); where this
  /// ffmpeg has no libx265 the test is skipped.
  @Test(.enabled(if: VideoTools.hasEncoder("libx265"), "this ffmpeg has no libx265"))
  func hevcIsTaggedForApplePlayers() throws {
    let folder = try VideoCommandTests.fixture()
    for name in ["hevc.mp4", "hevc.mov"] {
      let out = folder.file(name)
      let run = ToolRun([
        "warp", folder.file("clip.mp4"), "--mesh", folder.file("a.json"), "--codec", "hevc", "-o",
        out,
      ])
      #expect(run.status == 0, "\(name): \(run.errors)")
      let stream = try Self.codec(out)
      #expect(stream["codec_name"] == "hevc" && stream["codec_tag_string"] == "hvc1", "\(stream)")
      #expect(try VideoCommandTests.probe(out, "v", "nb_read_frames")["nb_read_frames"] == "10")
    }
  }

  /// A 65×49 still warped into MP4 and MOV, and `text` at 65×49 into MP4:
  /// one note, the summary naming 66x50, and a 66×50 file. Before, the
  /// still's summary said 65x49, `text` printed no note and said 65x49,
  /// and ProRes silently lost a column and a row (ffmpeg's prores_ks
  /// wrote 64×48).
  @Test func oddStillsAndTextArePaddedWithOneNote() throws {
    let folder = try VideoCommandTests.fixture()
    let still = folder.write(RGBAImage(width: 65, height: 49, fill: RGBA8(200, 30, 30)), "odd.png")
    for name in ["still.mp4", "still.mov"] {
      let out = folder.file(name)
      let run = ToolRun([
        "warp", still, "--mesh", folder.file("a.json"), "--duration", "0.4", "--fps", "5", "-o",
        out,
      ])
      #expect(run.status == 0, "\(name): \(run.errors)")
      let notes = run.errors.components(separatedBy: "65x49 padded to 66x50").count - 1
      #expect(notes == 1, "\(name): \(run.errors)")
      #expect(run.errors.contains(", 66x50, "), "\(name): \(run.errors)")
      let size = try VideoCommandTests.probe(out, "v", "width,height")
      #expect(size["width"] == "66" && size["height"] == "50", "\(name): \(size)")
    }
    let text = folder.file("text.mp4")
    let run = ToolRun([
      "text", "Hi", "--size", "65x49", "--duration", "0.4", "--fps", "5", "-o", text,
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors.contains("note: H.264 needs even sizes: 65x49 padded to 66x50"), "\(run.errors)")
    #expect(run.errors.contains(", 66x50, "), "\(run.errors)")
    let size = try VideoCommandTests.probe(text, "v", "width,height")
    #expect(size["width"] == "66" && size["height"] == "50", "\(size)")
  }

  /// An ffmpeg that fails with "No space left on device": one line of our
  /// own ("the disk is full"), ffmpeg's output in a log file it names;
  /// before, the message ended in ffmpeg's own lines after "its last
  /// output:".
  @Test(.enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"))
  func ffmpegFailuresAreOneLineOfOurOwn() throws {
    let folder = TemporaryFolder()
    let said = "[mp4 @ 0x5581] Error writing trailer of out.mp4: No space left on device"
    let fake = folder.write(
      "#!/bin/sh\ncat >/dev/null\necho '\(said)' >&2\nexit 1\n", "ffmpeg")
    chmod(fake, 0o755)
    let (status, text) = try ReliabilityCatalogueTests.binary(
      [
        "text", "Hi", "--size", "64x48", "--duration", "0.2", "--fps", "10", "-o",
        folder.file("out.mp4"),
      ], environment: ["MESHWARP_FFMPEG": fake, "TMPDIR": folder.path])
    #expect(status == 1, "\(text)")
    let failure = try #require(text.split(separator: "\n").first { $0.contains("ffmpeg failed") })
    #expect(
      failure.contains(
        "exit status 1: the disk is full; ffmpeg's output is in \(folder.path)/meshwarp-ffmpeg-"),
      "\(text)")
    #expect(!text.contains(said) && !text.contains("its last output"), "\(text)")
    let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("meshwarp-ffmpeg-") && $0.hasSuffix(".log")
    }
    try #require(logs.count == 1, "\(logs)")
    #expect(try String(contentsOfFile: folder.file(logs[0]), encoding: .utf8).contains(said))
    #expect(!FileManager.default.fileExists(atPath: folder.file("out.mp4")))
  }
}
