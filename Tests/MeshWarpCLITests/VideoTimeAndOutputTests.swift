import Foundation
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
    // A video's morph lasts --duration: from frame 5 (0.5 s) on, the mesh
    // is b.json's, as in a warp by b.json alone.
    let clip = folder.file("clip.mp4")
    let morph = ToolRun([
      "warp", clip, "--mesh", folder.file("a.json"), "--to-mesh", folder.file("b.json"),
      "--duration", "0.5", "-o", folder.file("v.apng"),
    ])
    #expect(morph.status == 0, "\(morph.errors)")
    #expect(
      ToolRun(["warp", clip, "--mesh", folder.file("b.json"), "-o", folder.file("vb.apng")])
        .status == 0)
    #expect(
      try VideoCommandTests.frame(folder.file("v.apng"), 7)
        == VideoCommandTests.frame(
          folder.file("vb.apng"), 7))
    #expect(
      try VideoCommandTests.frame(folder.file("v.apng"), 3)
        != VideoCommandTests.frame(
          folder.file("vb.apng"), 3))
  }
}
