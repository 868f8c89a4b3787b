import Foundation
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI
@testable import MeshWarpVideo

/// Time and output kinds as ffmpeg and Pillow users ask for them: one
/// still of a keyframe file, frame counts, trimming, containers and codecs.
extension RealVideoFileTests {
  /// `--time 1 -o x.png` with a keyframe file wrote a 61-frame APNG, and
  /// `-o x.jpg` was refused: a still extension with `--time` is the one
  /// picture with the mesh at that time.
  @Test func keyframeFileWithTimeGivesOneStill() throws {
    let folder = try VideoCommandTests.fixture()
    let still = folder.write(
      RGBAImage(width: 16, height: 12, fill: RGBA8(200, 40, 90, 255)), "s.png")
    for ext in ["png", "webp"] {
      let expected = ToolRun([
        "warp", still, "--mesh", folder.file("b.json"), "-o", folder.file("b.\(ext)"),
      ])
      #expect(expected.status == 0, "\(expected.errors)")
      let run = ToolRun([
        "warp", still, "--mesh", folder.file("anim.json"), "--time", "1", "-o",
        folder.file("t.\(ext)"),
      ])
      #expect(run.status == 0, "\(run.errors)")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("t.\(ext)")))
      #expect(bytes.range(of: Data("acTL".utf8)) == nil, "t.\(ext) is animated")
      #expect(bytes.range(of: Data("ANIM".utf8)) == nil, "t.\(ext) is animated")
      let reference = try ImageDecoder.decodeFile(path: folder.file("b.\(ext)")).image
      #expect(try ImageDecoder.decodeFile(path: folder.file("t.\(ext)")).image == reference)
    }
    let jpeg = ToolRun([
      "warp", still, "--mesh", folder.file("a.json"), "--to-mesh", folder.file("b.json"),
      "--time", "0.5", "-o", folder.file("t.jpg"),
    ])
    #expect(jpeg.status == 0, "\(jpeg.errors)")
    #expect(try ImageDecoder.decodeFile(path: folder.file("t.jpg")).image.width == 16)
  }

  /// `warp --to-mesh --duration 0.5 --fps 10` gave 6 frames (one more, on
  /// the last keyframe) where `gradient`/`text` gave 5; a video's
  /// `--to-mesh` morph lasted 1 s whatever `--duration` said (which was
  /// refused). One rule now: duration × fps frames, at 0, 1/fps, …
  @Test func everyCommandCountsDurationTimesFPSFrames() throws {
    let folder = try VideoCommandTests.fixture()
    let still = folder.write(
      RGBAImage(width: 16, height: 12, fill: RGBA8(200, 40, 90, 255)), "s.png")
    func frameCount(_ arguments: [String], _ name: String) throws -> String? {
      let run = ToolRun(arguments + ["-o", folder.file(name)])
      #expect(run.status == 0, "\(arguments): \(run.errors)")
      return try VideoCommandTests.probe(folder.file(name), "v", "nb_read_frames")[
        "nb_read_frames"]
    }
    let seconds = ["--duration", "0.5", "--fps", "10"]
    #expect(
      try frameCount(
        ["warp", still, "--mesh", folder.file("a.json"), "--to-mesh", folder.file("b.json")]
          + seconds, "morph.apng") == "5")
    #expect(
      try frameCount(["warp", still, "--mesh", folder.file("anim.json"), "--fps", "10"], "k.apng")
        == "10")
    #expect(
      try frameCount(["gradient", "--preset", "meshing", "--size", "8x8"] + seconds, "g.apng")
        == "5")
    #expect(try frameCount(["text", "Hi"] + seconds, "t.apng") == "5")
    // A video's morph lasts --duration (and --duration keeps that much
    // of the clip): 5 frames, each as under keyframes a → b over 0.5 s.
    let clip = folder.file("clip.mp4")
    let morph = ToolRun([
      "warp", clip, "--mesh", folder.file("a.json"), "--to-mesh", folder.file("b.json"),
      "--duration", "0.5", "-o", folder.file("v.apng"),
    ])
    #expect(morph.status == 0, "\(morph.errors)")
    let keys = folder.write(
      #"{"keyframes": [{"time": 0, "mesh": "a.json", "easing": "easeInOut"}, {"time": 0.5, "mesh": "b.json"}]}"#,
      "half.json")
    #expect(ToolRun(["warp", clip, "--mesh", keys, "-o", folder.file("ref.apng")]).status == 0)
    #expect(
      try VideoCommandTests.probe(folder.file("v.apng"), "v", "nb_read_frames")["nb_read_frames"]
        == "5")
    for index in [2, 4] {
      #expect(
        try VideoCommandTests.frame(folder.file("v.apng"), index)
          == VideoCommandTests.frame(folder.file("ref.apng"), index))
    }
  }

  /// On a video `--time` was ignored (a whole APNG came out) and
  /// `--duration` refused: `--start`/`--end`/`--duration` trim the clip and
  /// its audio, and `--time T -o frame.png` writes the one frame at T.
  @Test func videosAreTrimmedAndOneFrameIsAStill() throws {
    let folder = try VideoCommandTests.fixture()
    let clip = folder.file("clip.mp4")
    let mesh = ["--mesh", folder.file("b.json")]
    #expect(ToolRun(["warp", clip] + mesh + ["-o", folder.file("all.apng")]).status == 0)
    let trimmed = ToolRun(
      ["warp", clip] + mesh + ["--start", "0.3", "--duration", "0.4", "-o", folder.file("t.apng")])
    #expect(trimmed.status == 0, "\(trimmed.errors)")
    #expect(
      try VideoCommandTests.probe(folder.file("t.apng"), "v", "nb_read_frames")["nb_read_frames"]
        == "4")
    #expect(
      try VideoCommandTests.frame(folder.file("t.apng"), 0)
        == VideoCommandTests.frame(folder.file("all.apng"), 3))
    // The audio is cut to the same 0.4 s (AAC frames are 23 ms long).
    let sound = ToolRun(
      ["warp", clip] + mesh + ["--start", "0.3", "--end", "0.7", "-o", folder.file("t.mp4")])
    #expect(sound.status == 0, "\(sound.errors)")
    let audio = try VideoCommandTests.probe(folder.file("t.mp4"), "a", "duration")
    let seconds = try #require(Double(audio["duration"] ?? ""))
    #expect(abs(seconds - 0.4) < 0.05, "audio lasts \(seconds) s")
    // One frame: the one shown at 0.5 s, frame 5.
    let still = ToolRun(["warp", clip] + mesh + ["--time", "0.5", "-o", folder.file("f.png")])
    #expect(still.status == 0, "\(still.errors)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("f.png")))
    #expect(bytes.range(of: Data("acTL".utf8)) == nil)
    #expect(
      try VideoCommandTests.frame(folder.file("f.png"), 0)
        == VideoCommandTests.frame(folder.file("all.apng"), 5))
    let jpeg = ToolRun(["warp", clip] + mesh + ["--time", "0.5", "-o", folder.file("f.jpg")])
    #expect(jpeg.status == 0, "\(jpeg.errors)")
    let backwards = ToolRun(
      ["warp", clip] + mesh + ["--start", "0.5", "--end", "0.2", "-o", folder.file("x.mp4")])
    #expect(backwards.status == 2, "\(backwards.errors)")
  }

  /// `.mkv` was an unknown output extension: it is H.264 in Matroska,
  /// which keeps any audio as it is (here PCM, which MP4 must transcode).
  @Test func matroskaOutputIsH264WithItsAudioCopied() throws {
    let folder = try VideoCommandTests.fixture()
    let input = folder.file("pcm.mkv")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=1", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a",
      "pcm_s16le", "-shortest", input,
    ])
    let out = folder.file("out.mkv")
    let run = ToolRun(["warp", input, "--mesh", folder.file("b.json"), "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    #expect(!run.errors.contains("transcoded"), "\(run.errors)")
    let video = try VideoCommandTests.probe(out, "v", "codec_name,nb_read_frames")
    #expect(video["codec_name"] == "h264" && video["nb_read_frames"] == "10")
    func audio(_ path: String) throws -> [UInt8] {
      try VideoCommandTests.ffmpeg(["-i", path, "-map", "0:a", "-c", "copy", "-f", "data", "-"])
    }
    let original = try audio(input)
    let copied = try audio(out)
    #expect(!original.isEmpty && copied == original)
    #expect(try VideoCommandTests.probe(out, "a", "codec_name")["codec_name"] == "pcm_s16le")
  }

  /// A numbered sequence had to end in .png: `frame_%03d.jpg` writes
  /// JPEG files (transparency over the background, black by default);
  /// another extension in a pattern stays a usage error.
  @Test func jpegFrameSequencesAreWritten() throws {
    let folder = try VideoCommandTests.fixture()
    let run = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", folder.file("b.json"), "-o",
      folder.file("f_%03d.jpg"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("f_") && $0.hasSuffix(".jpg")
    }.sorted()
    #expect(names.count == 10 && names.first == "f_000.jpg", "\(names)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("f_004.jpg"))))
    #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
    let decoded = try ImageDecoder.decodeFile(path: folder.file("f_004.jpg")).image
    #expect(decoded.width == 64 && decoded.height == 48)
    // b.json leaves the top-left corner uncovered: the black background.
    #expect(decoded.pixels[0] < 8 && decoded.pixels[1] < 8 && decoded.pixels[2] < 8)
    let other = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", folder.file("b.json"), "-o",
      folder.file("f_%03d.bmp"),
    ])
    #expect(other.status == 2, "\(other.errors)")
  }

  /// `--format` was ignored for animations, even `--format bogus` (exit
  /// 0): an unknown name, or one the output's name contradicts, is now a
  /// usage error; a still written in another format than its name says
  /// gets a note.
  @Test func formatForAnimationsIsChecked() throws {
    let folder = try VideoCommandTests.fixture()
    let still = folder.write(
      RGBAImage(width: 16, height: 12, fill: RGBA8(200, 40, 90, 255)), "s.png")
    let bogus = ToolRun([
      "gradient", "--preset", "meshing", "--size", "8x8", "--duration", "0.2", "--format",
      "bogus", "-o", folder.file("g.apng"),
    ])
    #expect(bogus.status == 2, "\(bogus.errors)")
    #expect(bogus.errors.contains("not an animated format"), "\(bogus.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("g.apng")))
    let morph = [
      "warp", still, "--mesh", folder.file("a.json"), "--to-mesh", folder.file("b.json"),
    ]
    let mismatch = ToolRun(
      morph + ["--duration", "0.2", "--format", "webm", "-o", folder.file("m.mp4")])
    #expect(
      mismatch.status == 2 && mismatch.errors.contains("does not match"), "\(mismatch.errors)")
    let video = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", folder.file("a.json"), "--format", "gif", "-o",
      folder.file("v.mp4"),
    ])
    #expect(video.status == 2, "\(video.errors)")
    let agreed = ToolRun(
      morph + ["--duration", "0.2", "--format", "MP4", "-o", folder.file("m.mp4")])
    #expect(agreed.status == 0, "\(agreed.errors)")
    let jpeg = ToolRun([
      "warp", still, "--mesh", folder.file("a.json"), "--format", "jpg", "-o", folder.file("j.png"),
    ])
    #expect(jpeg.status == 0 && jpeg.errors.contains("written as JPEG"), "\(jpeg.errors)")
  }
}
