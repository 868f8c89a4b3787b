import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// What a new user of the command line types first, and what the tool
/// answers: mistyped inputs, missing folders, outputs that hold an
/// animation, encoder settings.
@Suite struct FirstRunMessageTests {
  /// A 4×4 white picture and an identity mesh in `dir`.
  func picture(in dir: TemporaryFolder) -> (input: String, mesh: String) {
    (
      dir.write(RGBAImage(width: 4, height: 4, fill: .white), "in.png"),
      dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    )
  }

  @Test func missingInputIsNamedFirst() {
    let dir = TemporaryFolder()
    let (input, mesh) = picture(in: dir)
    let missing = dir.file("nonexistent.mp4")
    let cases: [[String]] = [
      ["warp", missing, "--mesh", mesh, "-o", dir.file("out.mp4")],
      ["warp", missing, "--mesh", mesh, "-o", dir.file("out.mp4"), "--start", "1"],
      ["warp", missing, "--mesh", mesh, "-o", dir.file("out.xyz")],
      ["warp", missing, "--effect", "twirl", "-o", dir.file("out.png"), "--codec", "h264"],
      ["genie", missing, "-o", dir.file("out.jpg"), "--duration", "1"],
    ]
    for args in cases {
      let run = ToolRun(args)
      #expect(run.status == 1, "\(args)")
      #expect(
        run.errors.hasSuffix(": \(missing): cannot open: no such file or directory\n"),
        "\(args): \(run.errors)")
    }
    let missingMesh = ToolRun(["warp", input, "--mesh", dir.file("m.json"), "-o", "out.mp4"])
    #expect(missingMesh.status == 1)
    #expect(missingMesh.errors.contains("m.json: cannot open: no such file or directory"))
  }

  @Test(.enabled(if: ExternalTools.hasFFmpeg, "needs ffmpeg"))
  func sequenceIntoAMissingFolderIsRefusedFirst() throws {
    let dir = TemporaryFolder()
    let (input, mesh) = picture(in: dir)
    let clip = try ReliabilityCatalogueTests.clip(dir)
    let pattern = dir.file("nodir/frame-%04d.png")
    for args in [
      ["warp", clip, "--mesh", mesh, "-o", pattern],
      ["warp", input, "--mesh", mesh, "-o", pattern, "--duration", "0.2", "--fps", "10"],
      ["gradient", "--preset", "meshing", "--size", "8x8", "--duration", "0.2", "-o", pattern],
    ] {
      let run = ToolRun(args)
      #expect(run.status == 1, "\(args)")
      // The one line: nothing started before it (no note, no progress).
      #expect(
        run.errors.hasSuffix(
          ": \(pattern): cannot create: the directory \(dir.file("nodir")) does not exist\n")
          && run.errors.split(separator: "\n").count == 1,
        "\(args): \(run.errors)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.file("nodir")))
  }

  @Test(.enabled(if: ExternalTools.hasFFmpeg, "needs ffmpeg"))
  func animationIntoAStillNameSaysWhatHappens() throws {
    let dir = TemporaryFolder()
    let (input, mesh) = picture(in: dir)
    let clip = try ReliabilityCatalogueTests.clip(dir)
    let keys = dir.write(
      #"{"keyframes": [{"time": 0, "mesh": "mesh.json"}, {"time": 1, "mesh": "mesh.json"}]}"#,
      "keys.json")
    let animations: [(args: [String], oneFrame: String)] = [
      (["warp", clip, "--mesh", mesh], "--time T"),
      (["warp", input, "--mesh", keys, "--fps", "5"], "--time T"),
      (["gradient", "--preset", "meshing", "--size", "8x8", "--duration", "0.4"], "--time T"),
      (["genie", input, "--size", "40x40", "--duration", "0.2", "--fps", "10"], "--progress P"),
    ]
    for (args, oneFrame) in animations {
      let png = dir.file("x.png")
      let run = ToolRun(args + ["-o", png])
      #expect(run.status == 0, "\(args): \(run.errors)")
      #expect(
        run.errors.contains(
          "note: \(png) holds an animated PNG (APNG) of every frame; \(oneFrame) gives one frame"),
        "\(args): \(run.errors)")
      let jpg = dir.file("x.jpg")
      let refused = ToolRun(args + ["-o", jpg])
      #expect(refused.status == 2, "\(args)")
      #expect(
        refused.errors.hasSuffix(
          ": \(jpg): a JPEG holds one picture, and this writes frames over time: add \(oneFrame) for one frame, or use .apng / .gif / .webp / .mp4\n"
        ), "\(args): \(refused.errors)")
    }
    // One frame: no note.
    let still = ToolRun(["warp", input, "--mesh", keys, "--time", "0.5", "-o", dir.file("s.png")])
    #expect(still.status == 0)
    #expect(!still.errors.contains("APNG"))
  }

  /// A point set whose "from" points repeat or lie on one line drew
  /// garbage with a warning about distance: refused, naming the points.
  @Test func degeneratePointSetsAreRefusedWithTheReason() {
    let dir = TemporaryFolder()
    let (input, _) = picture(in: dir)
    let cases: [(String, String)] = [
      (
        #"{"from": [[0.2,0.2],[0.4,0.4],[0.6,0.6],[0.8,0.8]], "to": [[0.2,0.3],[0.4,0.4],[0.6,0.3],[0.3,0.8]], "pinCorners": false}"#,
        "points 0, 1 and 2 lie on one line"
      ),
      (
        #"{"from": [[0.2,0.2],[0.3,0.6],[0.6,0.5],[0.4,0.4],[0.7,0.2],[0.8,0.8],[0.5,0.7],[0.4001,0.4]], "to": [[0.2,0.2],[0.3,0.6],[0.6,0.5],[0.4,0.4],[0.7,0.2],[0.8,0.8],[0.5,0.7],[0.45,0.45]]}"#,
        "points 3 and 7 are the same"
      ),
    ]
    for (json, reason) in cases {
      let points = dir.write(json, "points.json")
      for args in [
        ["warp", input, "--mesh", points, "-o", dir.file("out.png")], ["validate", points],
      ] {
        let run = ToolRun(args)
        #expect(run.status == 1, "\(args): \(run.errors)")
        #expect((run.output + run.errors).contains(reason), "\(args): \(run.output + run.errors)")
        #expect(!(run.output + run.errors).contains("folded-spline"))
      }
    }
    #expect(!FileManager.default.fileExists(atPath: dir.file("out.png")))
  }

  /// A key written twice kept its last value without a word: refused
  /// with its line and column, in every kind of document.
  @Test func duplicateKeysAreRefusedWithTheirPlace() {
    let dir = TemporaryFolder()
    let (input, _) = picture(in: dir)
    let documents: [(String, String)] = [
      (
        "mesh.json",
        "{\"columns\": 2, \"rows\": 2,\n \"to\": [[0,0],[1,0],[0,1],[1,1]],\n \"to\": [[0,0],[1,0],[0,1],[0.9,0.9]]}"
      ),
      (
        "keys.json",
        "{\"keyframes\": [{\"time\": 0, \"time\": 1, \"mesh\": {\"columns\": 2, \"rows\": 2}}]}"
      ),
      ("effect.json", "{\"effect\": {\"kind\": \"twirl\",\n  \"angle\": 90, \"angle\": 45}}"),
    ]
    let places = ["3:2", "1:28", "2:16"]
    for ((name, text), place) in zip(documents, places) {
      let path = dir.write(text, name)
      for args in [["warp", input, "--mesh", path, "-o", dir.file("o.png")], ["validate", path]] {
        let run = ToolRun(args)
        #expect(run.status == 1, "\(args): \(run.errors)")
        #expect(
          (run.output + run.errors).contains("\(path):\(place): JSON syntax error: duplicate key"),
          "\(args): \(run.output + run.errors)")
      }
    }
  }

  /// Faces numbered from 1 (OBJ, MATLAB) run one past the last point.
  @Test func oneBasedFaceIndicesGetAHint() {
    let dir = TemporaryFolder()
    let (input, _) = picture(in: dir)
    let oneBased = dir.write(
      #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[1,2,3,4]]}"#,
      "mesh.json")
    let run = ToolRun(["warp", input, "--mesh", oneBased, "-o", dir.file("o.png")])
    #expect(run.status == 1)
    #expect(run.errors.contains("face indices are 0-based"), "\(run.errors)")
    // An index merely too large is not called 1-based.
    let tooLarge = dir.write(
      #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,2,9]]}"#,
      "large.json")
    let other = ToolRun(["warp", input, "--mesh", tooLarge, "-o", dir.file("o.png")])
    #expect(other.status == 1)
    #expect(!other.errors.contains("0-based"), "\(other.errors)")
  }

  /// `--center 2,2` puts the disc beyond the picture: a note, and the
  /// picture is indeed unchanged.
  @Test func effectOutsideThePictureGetsANote() throws {
    let dir = TemporaryFolder()
    var pixels = RGBAImage(width: 16, height: 16, fill: .white)
    for y in 0..<16 { for x in 0..<16 where (x / 4 + y / 4) % 2 == 0 { pixels[x, y] = .black } }
    let input = dir.write(pixels, "checker.png")
    let note = "leaves the picture unchanged"
    let mesh = ToolRun([
      "mesh", "twirl", "--center", "2,2", "--size", "100x100", "-o", dir.file("t.json"),
    ])
    #expect(mesh.status == 0)
    #expect(mesh.errors.contains("note: the twirl's centre 2,2 is farther than its radius 0.5"))
    #expect(mesh.errors.contains(note))
    let out = dir.file("out.png")
    let warp = ToolRun(["warp", input, "--effect", "twirl", "--center", "2,2", "-o", out])
    #expect(warp.status == 0)
    #expect(warp.errors.contains(note), "\(warp.errors)")
    #expect(try PNGDecoder.decode(Array(FileManager.default.contents(atPath: out)!)) == pixels)
    // Within reach of the picture: no note.
    for args in [
      ["warp", input, "--effect", "twirl", "--center", "1.3,0.5", "-o", out],
      ["warp", input, "--effect", "bulge", "--center", "2,2", "--radius", "1.5", "-o", out],
    ] {
      let run = ToolRun(args)
      #expect(run.status == 0)
      #expect(!run.errors.contains(note), "\(args)")
    }
  }

  /// `--crf 60` with H.264 was clamped to 51 without a word.
  @Test(.enabled(if: ExternalTools.hasFFmpeg, "needs ffmpeg"))
  func crfOutsideTheEncodersRangeIsRefused() throws {
    let dir = TemporaryFolder()
    let (_, mesh) = picture(in: dir)
    let clip = try ReliabilityCatalogueTests.clip(dir)
    for (extra, out) in [
      (["--crf", "60"], "o.mp4"), (["--crf", "52", "--codec", "hevc"], "o.mkv"),
      (["--crf", "60", "--format", "mp4"], "-"),
    ] {
      let path = out == "-" ? out : dir.file(out)
      let run = ToolRun(["warp", clip, "--mesh", mesh, "-o", path] + extra)
      #expect(run.status == 2, "\(extra)")
      #expect(run.errors.contains("is out of range for"), "\(extra): \(run.errors)")
      #expect(run.errors.contains("it takes 0 to 51"), "\(extra): \(run.errors)")
      #expect(run.output.isEmpty)
    }
    let still = ToolRun([
      "gradient", "--preset", "meshing", "--size", "8x8", "--duration", "0.2", "--crf", "55", "-o",
      dir.file("g.mp4"),
    ])
    #expect(still.status == 2)
    #expect(
      still.errors.contains("--crf 55 is out of range for H.264 (libx264)"), "\(still.errors)")
    // VP9 takes up to 63.
    let vp9 = ToolRun(["warp", clip, "--mesh", mesh, "-o", dir.file("o.webm"), "--crf", "60"])
    #expect(vp9.status == 0, "\(vp9.errors)")
    // The help says what the default quality is.
    let help = ToolRun(["warp", "--help"]).output.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    #expect(help.contains("H.264 CRF 18, x264's visually lossless point"))
  }

  /// `-n` keeps any existing output (exit 1), as ffmpeg's; `-y` replaces
  /// a file as it replaces a sequence's frames.
  @Test(.enabled(if: ExternalTools.hasFFmpeg, "needs ffmpeg"))
  func noClobberKeepsAndOverwriteReplacesEveryOutputKind() throws {
    let dir = TemporaryFolder()
    let (input, mesh) = picture(in: dir)
    let clip = try ReliabilityCatalogueTests.clip(dir)
    let old = "old bytes"
    let frames = dir.file("seq")
    try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
    let cases: [(args: [String], out: String)] = [
      (["warp", input, "--mesh", mesh], dir.file("still.png")),
      (["warp", clip, "--mesh", mesh], dir.file("video.mp4")),
      (
        ["gradient", "--preset", "meshing", "--size", "8x8", "--duration", "0.2"],
        dir.file("g.apng")
      ),
      (["warp", clip, "--mesh", mesh], frames + "/f_%02d.png"),
    ]
    for (args, out) in cases {
      let existing = out.contains("%") ? frames + "/f_00.png" : out
      try old.write(toFile: existing, atomically: true, encoding: .utf8)
      let kept = ToolRun(args + ["-o", out, "-n"])
      #expect(kept.status == 1, "\(args): \(kept.errors)")
      #expect(kept.errors.contains("--no-clobber (-n) keeps"), "\(kept.errors)")
      #expect(try String(contentsOfFile: existing, encoding: .utf8) == old)
      let replaced = ToolRun(args + ["-o", out, "-y"])
      #expect(replaced.status == 0, "\(args): \(replaced.errors)")
      #expect((try? String(contentsOfFile: existing, encoding: .utf8)) != old)
      if out.contains("%") {
        try FileManager.default.removeItem(atPath: frames)
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
      } else {
        try FileManager.default.removeItem(atPath: existing)
      }
      let fresh = ToolRun(args + ["-o", out, "--no-clobber"])
      #expect(fresh.status == 0, "\(args): \(fresh.errors)")
    }
    let both = ToolRun(["warp", input, "--mesh", mesh, "-o", dir.file("x.png"), "-y", "-n"])
    #expect(both.status == 2)
    #expect(both.errors.contains("not both"))
  }

  /// `--size W:-1` (ffmpeg's `scale=W:-1`), `Wx`, `-1:H`, `xH` keep the
  /// input's aspect ratio; H.264 and friends get an even side.
  @Test(.enabled(if: ExternalTools.hasFFmpeg, "needs ffmpeg"))
  func oneSideOfSizeKeepsTheAspectRatio() throws {
    let dir = TemporaryFolder()
    let (_, mesh) = picture(in: dir)
    // 101×61: 48 wide is 28.99 high, 29 px; H.264 needs 28.
    let input = dir.write(RGBAImage(width: 101, height: 61, fill: .white), "in.png")
    for spelling in ["48:-1", "48x", "48x-1", "-1:29", "x29"] {
      let out = dir.file("s.png")
      let run = ToolRun(["warp", input, "--mesh", mesh, "--size", spelling, "-o", out])
      #expect(run.status == 0, "\(spelling): \(run.errors)")
      let image = try PNGDecoder.decode(Array(FileManager.default.contents(atPath: out) ?? Data()))
      #expect((image.width, image.height) == (48, 29), "\(spelling)")
    }
    for (out, size) in [("a.mp4", "48x28"), ("a.webm", "48x29"), ("a.apng", "48x29")] {
      let run = ToolRun([
        "warp", input, "--mesh", mesh, "--size", "48:-1", "--duration", "0.2", "--fps", "10",
        "-o", dir.file(out),
      ])
      #expect(run.status == 0, "\(out): \(run.errors)")
      #expect(run.errors.contains(", \(size), "), "\(out): \(run.errors)")
      #expect(!run.errors.contains("padded"), "\(out): \(run.errors)")
    }
    // A 64×48 clip: 30 high is 40 wide.
    let clip = try ReliabilityCatalogueTests.clip(dir)
    let video = ToolRun(["warp", clip, "--mesh", mesh, "--size", "-1:30", "-o", dir.file("v.mp4")])
    #expect(video.status == 0, "\(video.errors)")
    #expect(video.errors.contains(", 40x30, "), "\(video.errors)")
    let frame = ToolRun([
      "warp", clip, "--mesh", mesh, "--size", "x30", "--time", "0.2", "-o", dir.file("f.png"),
    ])
    #expect(frame.errors.contains("(40x30, "), "\(frame.errors)")
    // Without an input picture there is no aspect ratio to keep.
    let gradient = ToolRun([
      "gradient", "--preset", "meshing", "--size", "48:-1", "-o", dir.file("g.png"),
    ])
    #expect(gradient.status == 2)
    #expect(gradient.errors.contains("no input picture"), "\(gradient.errors)")
  }

  /// `--preset` reaches x264 (its settings, written into the stream,
  /// show the preset's subpixel refinement: veryfast 2, medium 7).
  @Test(.enabled(if: ExternalTools.hasFFmpeg, "needs ffmpeg"))
  func presetReachesTheEncoder() throws {
    let dir = TemporaryFolder()
    let (_, mesh) = picture(in: dir)
    let clip = try ReliabilityCatalogueTests.clip(dir)
    func settings(_ extra: [String]) -> String {
      let out = dir.file("p.mp4")
      let run = ToolRun(["warp", clip, "--mesh", mesh, "-o", out, "-y"] + extra)
      #expect(run.status == 0, "\(extra): \(run.errors)")
      return String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
    }
    #expect(settings([]).contains(" subme=7 "))
    #expect(settings(["--preset", "veryfast"]).contains(" subme=2 "))
    let unknown = ToolRun([
      "warp", clip, "--mesh", mesh, "-o", dir.file("u.mp4"), "--preset", "fastest",
    ])
    #expect(unknown.status == 2)
    #expect(
      unknown.errors.contains(
        "ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow"),
      "\(unknown.errors)")
    let vp9 = ToolRun(["warp", clip, "--mesh", mesh, "-o", dir.file("u.webm"), "--preset", "slow"])
    #expect(vp9.status == 2)
    #expect(vp9.errors.contains("written with VP9"), "\(vp9.errors)")
    // gradient's --preset names its gradients: the encoder's is --video-preset.
    let out = dir.file("g.mp4")
    let gradient = ToolRun([
      "gradient", "--preset", "meshing", "--size", "16x16", "--duration", "0.2",
      "--video-preset", "veryfast", "-o", out,
    ])
    #expect(gradient.status == 0, "\(gradient.errors)")
    #expect(
      String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
        .contains(" subme=2 "))
  }
}
