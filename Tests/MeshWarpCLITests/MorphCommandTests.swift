import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

/// `meshwarp validate` on morph documents, `meshwarp mesh morph-grid` and
/// `meshwarp morph`.
@Suite struct MorphCommandTests {
  /// A 3×3 grid whose middle column is mirrored in B (x → 1 − x), so its
  /// faces are flat at t = 0.5 and fine at both ends.
  static let foldsHalfWay = """
    {"columns": 3, "rows": 2, "a": [[0,0],[0.5,0],[1,0],[0,1],[0.5,1],[1,1]],
     "b": [[1,0],[0.5,0],[0,0],[1,1],[0.5,1],[0,1]]}
    """

  @Test func validateNamesTheTOfAFold() {
    let dir = TemporaryFolder()
    let path = dir.write(Self.foldsHalfWay, "fold.json")
    let run = ToolRun(["validate", path])
    #expect(run.status == 1)
    #expect(run.output.contains("face 0"))
    #expect(run.output.contains("folds at t = 0.5"))
    #expect(run.errors.contains("in the morph"))
    let json = ToolRun(["validate", path, "--json"])
    #expect(json.output.contains(#""rule":"morph-fold""#))
  }

  @Test func validateAcceptsAGoodMorph() {
    let dir = TemporaryFolder()
    let path = dir.write(
      #"{"columns": 2, "rows": 2, "b": [[0.1,0],[1,0],[0,1],[1,0.9]], "dissolveEasing": "easeInOut"}"#,
      "good.json")
    let run = ToolRun(["validate", path])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("valid morph (4 points in each picture, 1 face, checked over t)"))
    let counts = ToolRun([
      "validate",
      dir.write(#"{"faces": [[0,1,2,3]], "a": [[0,0],[1,0],[1,1],[0,1]], "b": [[0,0]]}"#, "c.json"),
    ])
    #expect(counts.status == 1)
    #expect(counts.errors.contains("\"b\" has 1 point but \"a\" has 4"))
  }

  /// A 4×4 grid whose inner points (and some border points, along their
  /// border) move between A and B: every face changes shape.
  static let features = """
    {"columns": 4, "rows": 4,
     "a": [[0,0],[0.333,0],[0.667,0],[1,0], [0,0.333],[0.30,0.40],[0.70,0.30],[1,0.333],
           [0,0.667],[0.35,0.70],[0.62,0.65],[1,0.667], [0,1],[0.333,1],[0.667,1],[1,1]],
     "b": [[0,0],[0.25,0],[0.7,0],[1,0], [0,0.4],[0.40,0.30],[0.60,0.45],[1,0.3],
           [0,0.6],[0.25,0.60],[0.75,0.75],[1,0.7], [0,1],[0.4,1],[0.6,1],[1,1]]}
    """

  /// Two photo-like pictures of different sizes and aspects, and the
  /// document above.
  static func photos(sameSize: Bool = false) -> (TemporaryFolder, String, String, String) {
    let dir = TemporaryFolder()
    let a = dir.write(TestImages.photoLike(width: 160, height: 120), "a.png")
    var second = TestImages.photoLike(width: sameSize ? 160 : 120, height: sameSize ? 120 : 150)
    // Mirrored, so that B is not A at another size.
    let original = second
    for y in 0..<second.height {
      for x in 0..<second.width { second[x, y] = original[second.width - 1 - x, y] }
    }
    let b = dir.write(second, "b.png")
    return (dir, a, b, dir.write(Self.features, "morph.json"))
  }

  static func decode(_ path: String) throws -> RGBAImage {
    try ImageDecoder.decodeFile(path: path).image
  }

  /// The frame at t against tests/Reference/morph_reference.py, a numpy
  /// reference of the definition (inverse bilinear per face and pixel in
  /// float64, premultiplied blend), for two pictures of different sizes.
  @Test(
    .enabled(if: TestPython.imports("numpy", "PIL"), "numpy or Pillow is missing"),
    arguments: [0.25, 0.5, 0.75])
  func agreesWithTheNumpyReference(t: Double) throws {
    let (dir, a, b, morph) = Self.photos()
    let out = dir.file("swift.png")
    let run = ToolRun(["morph", a, b, "--points", morph, "--time", "\(t)", "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    let reference = dir.file("reference.png")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Reference/morph_reference.py").path
    let python = TestPython.process([script, a, b, morph, "\(t)", reference])
    try python.run()
    python.waitUntilExit()
    #expect(python.terminationStatus == 0)
    let ours = try Self.decode(out)
    let theirs = try Self.decode(reference)
    #expect(ours.width == 160 && ours.height == 120)
    let psnr = TestImages.psnr(ours, theirs, alpha: true)
    #expect(psnr >= 40, "PSNR \(psnr) dB at t = \(t)")
  }

  /// At t = 0 the frame is A, at t = 1 B, byte for byte, where the meshes
  /// cover the pictures (and the sizes agree).
  @Test func theEndsAreThePicturesExactly() throws {
    let (dir, a, b, morph) = Self.photos(sameSize: true)
    for (t, expected) in [(0.0, a), (1.0, b)] {
      let out = dir.file("end\(t).png")
      let run = ToolRun(["morph", a, b, "--points", morph, "--time", "\(t)", "-o", out])
      #expect(run.status == 0, "\(run.errors)")
      #expect(try Self.decode(out).pixels == Self.decode(expected).pixels, "t = \(t)")
    }
  }

  /// With "dissolveEasing": "easeInOut", black into white at t = 0.25 is
  /// SwiftUI's ease-in-out there: the cubic Bézier (0.42, 0, 0.58, 1)
  /// solved here by bisection, ≈ 0.1292, times 255.
  @Test func theDissolveFollowsItsEasing() throws {
    let dir = TemporaryFolder()
    let a = dir.write(RGBAImage(width: 8, height: 8, fill: .black), "black.png")
    let b = dir.write(RGBAImage(width: 8, height: 8, fill: .white), "white.png")
    let morph = dir.write(
      #"{"columns": 2, "rows": 2, "dissolveEasing": "easeInOut"}"#, "ease.json")
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<100 {
      let mid = (low + high) / 2
      if bezier(mid, 0.42, 0.58) < 0.25 { low = mid } else { high = mid }
    }
    let d = bezier(low, 0, 1)
    #expect(abs(d - 0.1292) < 1e-4)
    let out = dir.file("quarter.png")
    let run = ToolRun(["morph", a, b, "--points", morph, "--time", "0.25", "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    let pixel = try Self.decode(out)[3, 3]
    #expect(Int(pixel.r) == Int((255 * d).rounded()), "\(pixel) for d = \(d)")
    #expect(pixel.a == 255)
  }

  @Test func aFoldHalfWayIsRefusedWithItsT() {
    let dir = TemporaryFolder()
    let a = dir.write(RGBAImage(width: 8, height: 8, fill: .black), "a.png")
    let out = dir.file("out.png")
    let run = ToolRun([
      "morph", a, a, "--points", dir.write(Self.foldsHalfWay, "fold.json"), "--time", "0.1",
      "-o", out,
    ])
    #expect(run.status == 1)
    #expect(run.errors.contains("face 0 at t = 0.5"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func morphGridWritesAnIdentityDocument() throws {
    let dir = TemporaryFolder()
    let out = dir.file("grid.json")
    let run = ToolRun(["mesh", "morph-grid", "5x4", "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    let morph = try JSONDecoder().decode(
      MorphDocument.self, from: Data(contentsOf: URL(fileURLWithPath: out)))
    #expect(morph == MorphDocument.identity(columns: 5, rows: 4))
    #expect(ToolRun(["validate", out]).status == 0)
  }
}

/// `meshwarp morph` writing animations and video, checked with ffprobe.
@Suite(.enabled(if: VideoTools.available, "ffmpeg and ffprobe are not on PATH"))
struct MorphVideoTests {
  static func ffmpeg(_ arguments: [String]) throws {
    _ = try ToolProcess.output(VideoTools.ffmpeg!, ["-v", "error", "-nostdin", "-y"] + arguments)
  }

  /// ffprobe's value of `entry` for the first stream of `kind` (v or a).
  static func probe(_ path: String, _ kind: String, _ entry: String) throws -> String {
    String(
      decoding: try ToolProcess.output(
        VideoTools.ffprobe!,
        [
          "-v", "error", "-count_frames", "-select_streams", "\(kind):0", "-show_entries",
          "stream=\(entry)", "-of", "csv=p=0", path,
        ]), as: UTF8.self
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Two 1080p stills, two seconds at 30 fps: 60 frames (FFV1, cheap to
  /// write).
  @Test func twoSecondsOfStillsAreSixtyFrames() throws {
    let dir = TemporaryFolder()
    try Self.ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:s=1920x1080", "-frames:v", "1", dir.file("a.png"),
    ])
    try Self.ffmpeg([
      "-f", "lavfi", "-i", "color=c=blue:s=1920x1080", "-frames:v", "1", dir.file("b.png"),
    ])
    let morph = dir.write(#"{"columns": 2, "rows": 2, "b": [[0,0],[1,0],[0,1],[1,1]]}"#, "m.json")
    let out = dir.file("morph.mkv")
    let run = ToolRun([
      "morph", dir.file("a.png"), dir.file("b.png"), "--points", morph, "--duration", "2",
      "--fps", "30", "--codec", "ffv1", "-o", out,
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.probe(out, "v", "nb_read_frames") == "60")
    #expect(try Self.probe(out, "v", "width,height") == "1920,1080")
  }

  /// Two clips: the first clip's frame count, rate and audio (44.1 kHz);
  /// with --audio b, B's (22.05 kHz).
  @Test func clipsKeepTheFirstClipsFramesAndAudio() throws {
    let dir = TemporaryFolder()
    try Self.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=80x60:rate=10:duration=2", "-f", "lavfi", "-i",
      "sine=frequency=440:sample_rate=44100:duration=2", "-c:v", "libx264", "-pix_fmt",
      "yuv420p", "-c:a", "aac", "-shortest", dir.file("a.mp4"),
    ])
    try Self.ffmpeg([
      "-f", "lavfi", "-i", "testsrc=size=64x64:rate=15:duration=1", "-f", "lavfi", "-i",
      "sine=frequency=660:sample_rate=22050:duration=1", "-c:v", "libx264", "-pix_fmt",
      "yuv420p", "-c:a", "aac", "-shortest", dir.file("b.mp4"),
    ])
    let morph = dir.write(
      #"{"columns": 3, "rows": 3, "b": [[0,0],[0.5,0],[1,0],[0,0.5],[0.6,0.4],[1,0.5],[0,1],[0.5,1],[1,1]]}"#,
      "m.json")
    for (audio, rate) in [(nil, "44100"), ("b", "22050")] {
      let out = dir.file("morph-\(audio ?? "first").mp4")
      let run = ToolRun(
        ["morph", dir.file("a.mp4"), dir.file("b.mp4"), "--points", morph, "-o", out]
          + (audio.map { ["--audio", $0] } ?? []))
      #expect(run.status == 0, "\(run.errors)")
      #expect(try Self.probe(out, "v", "nb_read_frames") == "20")
      #expect(try Self.probe(out, "v", "r_frame_rate") == "10/1")
      #expect(try Self.probe(out, "v", "width,height") == "80,60")
      #expect(try Self.probe(out, "a", "sample_rate") == rate)
    }
    // A still has no audio and a clip keeps its own rate: both refused.
    let still = dir.write(RGBAImage(width: 8, height: 8, fill: .white), "still.png")
    let noAudio = ToolRun([
      "morph", dir.file("a.mp4"), still, "--points", morph, "--audio", "b", "-o",
      dir.file("x.mp4"),
    ])
    #expect(noAudio.status == 1)
    #expect(noAudio.errors.contains("picture B is a still: it has no audio to keep"))
    let rate = ToolRun([
      "morph", dir.file("a.mp4"), still, "--points", morph, "--fps", "12", "-o",
      dir.file("y.mp4"),
    ])
    #expect(rate.status == 2)
    #expect(rate.errors.contains("keeps the first clip's frame rate"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("x.mp4")))
  }

  /// A clip to `.mov` with no `--codec`: the writer renders the last
  /// frame first to choose ProRes's flavour, and the clip is read again
  /// from its start for the rest, so each frame is the clip's own. Into
  /// a black still through the identity, frame i is (1 − i/19)·A_i: its
  /// first and tenth frames match that within ProRes 4:2:2's loss (mean
  /// differences 2.29 and 1.50 levels; with the clip's last frame in
  /// their place, 7.38 and 3.29).
  @Test func clipIntoMOVKeepsEachFramesPicture() throws {
    let dir = TemporaryFolder()
    try Self.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=80x60:rate=10:duration=2", "-c:v", "ffv1",
      dir.file("a.mkv"),
    ])
    let still = dir.write(RGBAImage(width: 8, height: 8, fill: RGBA8(0, 0, 0)), "b.png")
    let morph = dir.write(#"{"columns": 2, "rows": 2, "a": [[0,0],[1,0],[0,1],[1,1]]}"#, "m.json")
    let out = dir.file("out.mov")
    let run = ToolRun(["morph", dir.file("a.mkv"), still, "--points", morph, "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.probe(out, "v", "nb_read_frames") == "20")
    func frame(_ path: String, _ index: Int) throws -> [Double] {
      let bytes = try VideoTools.output([
        "-v", "error", "-nostdin", "-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v",
        "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ])
      return bytes.map { Double($0) }
    }
    for index in [0, 10] {
      let (written, input) = (try frame(out, index), try frame(dir.file("a.mkv"), index))
      try #require(written.count == 80 * 60 * 3 && input.count == written.count)
      let keep = 1 - Double(index) / 19
      let error =
        zip(written, input).map { abs($0 - keep * $1) }.reduce(0, +) / Double(written.count)
      #expect(error <= 2.6, "frame \(index): mean difference \(error) from (1 − t)·A")
    }
  }

  /// A GIF with delays of 50, 50, 200, 50, 300 ms (Pillow) as A: the
  /// morph keeps each frame's time (to GIF's 10 ms).
  @Test(.enabled(if: TestPython.imports("PIL"), "Pillow is not installed"))
  func aVariableRateClipKeepsItsFrameTimes() throws {
    let dir = TemporaryFolder()
    let input = dir.file("delays.gif")
    let script = """
      from PIL import Image
      import sys
      frames = [Image.new('RGB', (40, 30), (i * 50, 100, 255 - i * 50)) for i in range(5)]
      frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:],
                     duration=[50, 50, 200, 50, 300], loop=0)
      """
    let python = TestPython.process(["-c", script, input])
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
    let still = dir.write(RGBAImage(width: 20, height: 20, fill: .white), "b.png")
    let morph = dir.write(#"{"columns": 2, "rows": 2, "b": [[0,0],[1,0],[0,1],[1,1]]}"#, "m.json")
    let out = dir.file("out.gif")
    let run = ToolRun(["morph", input, still, "--points", morph, "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    let (times, _) = try RealVideoFileTests.presentationTimes(out)
    let expected = [0, 0.05, 0.1, 0.3, 0.35]
    #expect(times.count == expected.count, "\(times)")
    for (a, b) in zip(expected, times) {
      #expect(abs(a - (b - times[0])) <= 0.0051, "\(a) became \(b - times[0])")
    }
  }
}
