import Foundation
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI
@testable import MeshWarpVideo

/// `meshwarp warp VIDEO …` end to end on a tiny clip (64×48, 10 frames at
/// 10 fps, a sine tone as AAC), checked independently with ffprobe and
/// ffmpeg (skipped where they are not on PATH; CI installs them).
@Suite(
  .enabled(
    if: VideoTools.available,
    "ffmpeg and ffprobe are not on PATH"))
struct VideoCommandTests {
  @discardableResult
  static func ffmpeg(_ arguments: [String]) throws -> [UInt8] {
    try ToolProcess.output(VideoTools.ffmpeg!, ["-v", "error", "-nostdin"] + arguments)
  }

  /// ffprobe's `key=value` lines for the first stream of `kind` (v or a).
  static func probe(_ path: String, _ kind: String, _ entries: String) throws -> [String: String] {
    let text = String(
      decoding: try ToolProcess.output(
        VideoTools.ffprobe!,
        [
          "-v", "error", "-count_frames", "-select_streams", "\(kind):0", "-show_entries",
          "stream=\(entries)", "-of", "default=noprint_wrappers=1", path,
        ]), as: UTF8.self)
    var result: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { result[parts[0]] = parts[1] }
    }
    return result
  }

  /// Frame `index` of the video or image at `path`, decoded to RGBA by ffmpeg.
  static func frame(_ path: String, _ index: Int) throws -> [UInt8] {
    try ffmpeg([
      "-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f", "rawvideo",
      "-pix_fmt", "rgba", "-",
    ])
  }

  /// Frame `index` of the video at `path` as `meshwarp warp` decodes it
  /// (``VideoReader``: for the 4:2:0 clip, ffmpeg's planes converted by
  /// `YUV420ToRGBA`, within swscale's rounding of ffmpeg's RGBA).
  static func decoded(_ path: String, _ index: Int) throws -> [UInt8] {
    let reader = try VideoReader(path: path)
    defer { reader.cancel() }
    for _ in 0..<index { _ = try reader.nextFrame() }
    return try #require(try reader.nextFrame()).image.pixels
  }

  /// A folder with the clip, an identity mesh `a.json`, a mesh `b.json`
  /// that pulls the corners in (leaving transparency), and `anim.json`
  /// going from a to b in 1 s.
  static func fixture() throws -> TemporaryFolder {
    let folder = TemporaryFolder()
    try ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=1", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
      "-shortest", folder.file("clip.mp4"),
    ])
    _ = folder.write(
      #"{"from": [[0,0],[1,0],[0,1],[1,1]], "to": [[0,0],[1,0],[0,1],[1,1]], "faces": [[0,1,3,2]]}"#,
      "a.json")
    _ = folder.write(
      #"{"from": [[0,0],[1,0],[0,1],[1,1]], "to": [[0.2,0.1],[0.9,0],[0,1],[1,0.8]], "faces": [[0,1,3,2]]}"#,
      "b.json")
    _ = folder.write(
      #"{"keyframes": [{"time": 0, "mesh": "a.json", "easing": "easeInOut"}, {"time": 1, "mesh": "b.json"}]}"#,
      "anim.json")
    return folder
  }

  @Test func mp4KeepsFramesRateAudioAndIsTaggedBT709() throws {
    let folder = try Self.fixture()
    let out = folder.file("out.mp4")
    let run = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", folder.file("anim.json"), "-o", out,
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("composited over #000000"))
    let video = try Self.probe(
      out, "v",
      "codec_name,pix_fmt,nb_read_frames,r_frame_rate,color_space,color_primaries,color_transfer,color_range"
    )
    #expect(video["codec_name"] == "h264" && video["pix_fmt"] == "yuv420p")
    #expect(video["nb_read_frames"] == "10" && video["r_frame_rate"] == "10/1")
    #expect(video["color_space"] == "bt709" && video["color_primaries"] == "bt709")
    #expect(video["color_transfer"] == "bt709" && video["color_range"] == "tv")
    // The audio packets, bit for bit.
    func audio(_ path: String) throws -> [UInt8] {
      try Self.ffmpeg(["-i", path, "-map", "0:a", "-c", "copy", "-f", "data", "-"])
    }
    let original = try audio(folder.file("clip.mp4"))
    let copied = try audio(out)
    #expect(!original.isEmpty && copied == original)
  }

  /// `--fps N` on a video resamples it by time, as ffmpeg's `-r`: the
  /// 1-s 10 fps clip becomes 25 frames at 25 fps (each shown frame the
  /// one whose time it is) or 4 at 4 fps, and the sound is copied as it
  /// was.
  @Test func fpsResamplesAVideoAndKeepsItsSound() throws {
    let folder = try Self.fixture()
    for (fps, frames, rate) in [("25", "25", "25/1"), ("4", "4", "4/1")] {
      let out = folder.file("out\(fps).mp4")
      let run = ToolRun([
        "warp", folder.file("clip.mp4"), "--mesh", folder.file("a.json"), "--fps", fps, "-o", out,
      ])
      #expect(run.status == 0, "\(run.errors)")
      #expect(run.errors.contains("\(frames) frames") && run.errors.contains("\(rate) fps"))
      let video = try Self.probe(out, "v", "nb_read_frames,r_frame_rate")
      #expect(video["nb_read_frames"] == frames && video["r_frame_rate"] == rate, "\(video)")
      func audio(_ path: String) throws -> [UInt8] {
        try Self.ffmpeg(["-i", path, "-map", "0:a", "-c", "copy", "-f", "data", "-"])
      }
      #expect(try audio(out) == audio(folder.file("clip.mp4")))
    }
    // At 25 fps, frame 5 (0.2 s) shows the clip's frame 2 (0.2 s): of
    // the clip's frames 1 to 3, the nearest in mean difference (both are
    // lossy H.264).
    let resampled = try Self.decoded(folder.file("out25.mp4"), 5)
    let distances = try (1...3).map { k in
      let original = try Self.decoded(folder.file("clip.mp4"), k)
      return zip(resampled, original).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    }
    #expect(distances[1] < distances[0] && distances[1] < distances[2], "\(distances)")
  }

  /// An iPhone clip's container metadata (creation time, location, make,
  /// model) travels to MP4, MOV and MKV outputs; `--strip` drops it.
  @Test func containerMetadataTravelsUnlessStripped() throws {
    let folder = try Self.fixture()
    let clip = folder.file("iphone.mov")
    try Self.ffmpeg([
      "-y", "-i", folder.file("clip.mp4"), "-c", "copy", "-metadata",
      "creation_time=2024-05-01T10:20:30.000000Z", "-metadata",
      "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/", "-metadata",
      "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 15 Pro",
      "-movflags", "use_metadata_tags", clip,
    ])
    func tags(_ path: String) throws -> String {
      String(
        decoding: try ToolProcess.output(
          VideoTools.ffprobe!,
          ["-v", "error", "-show_entries", "format_tags", "-of", "default", path]),
        as: UTF8.self
      ).lowercased()
    }
    for (name, extra) in [("out.mp4", []), ("out.mov", []), ("out.mkv", ["--no-audio"])] {
      let out = folder.file(name)
      let run = ToolRun(["warp", clip, "--mesh", folder.file("a.json"), "-o", out] + extra)
      #expect(run.status == 0, "\(run.errors)")
      let text = try tags(out)
      #expect(text.contains("creation_time=2024-05-01t10:20:30"), "\(name): \(text)")
      #expect(text.contains("location.iso6709=+48.8584+002.2945+035.000/"), "\(name)")
      #expect(text.contains("model=iphone 15 pro"), "\(name)")
    }
    let stripped = folder.file("stripped.mp4")
    let run = ToolRun(["warp", clip, "--mesh", folder.file("a.json"), "--strip", "-o", stripped])
    #expect(run.status == 0, "\(run.errors)")
    let text = try tags(stripped)
    #expect(!text.contains("creation_time") && !text.contains("iso6709"), "\(text)")
  }

  /// Subtitles are copied or converted where the output holds them
  /// (SubRip in MKV to mov_text in MP4, back to SubRip in MKV, WebVTT in
  /// WebM), and left out with a note elsewhere or on a trimmed clip.
  @Test func subtitlesAreKeptConvertedOrNoted() throws {
    let folder = try Self.fixture()
    _ = folder.write(
      "1\n00:00:00,000 --> 00:00:00,500\nHello\n\n2\n00:00:00,500 --> 00:00:01,000\nWorld\n",
      "s.srt")
    let input = folder.file("sub.mkv")
    try Self.ffmpeg([
      "-y", "-i", folder.file("clip.mp4"), "-i", folder.file("s.srt"), "-map", "0", "-map", "1",
      "-c", "copy", "-c:s", "srt", input,
    ])
    func cues(_ path: String) throws -> String {
      String(
        decoding: try Self.ffmpeg(["-i", path, "-map", "0:s", "-f", "srt", "-"]), as: UTF8.self)
    }
    for (name, codec, note) in [
      ("o.mp4", "mov_text", "converted to mov_text"), ("o.mkv", "subrip", ""),
      ("o.webm", "webvtt", "converted to WebVTT"),
    ] {
      let out = folder.file(name)
      let run = ToolRun(["warp", input, "--mesh", folder.file("a.json"), "-o", out])
      #expect(run.status == 0, "\(run.errors)")
      #expect(note.isEmpty || run.errors.contains(note), "\(name): \(run.errors)")
      #expect(try Self.probe(out, "s", "codec_name")["codec_name"] == codec, "\(name)")
      let text = try cues(out)
      #expect(text.contains("Hello") && text.contains("World"), "\(name): \(text)")
    }
    var run = ToolRun(["warp", input, "--mesh", folder.file("a.json"), "-o", folder.file("o.gif")])
    #expect(run.status == 0 && run.errors.contains("subtitles (subrip) are not kept"))
    run = ToolRun([
      "warp", input, "--mesh", folder.file("a.json"), "--start", "0.5", "-o", folder.file("t.mp4"),
    ])
    #expect(run.status == 0 && run.errors.contains("a trimmed clip's subtitles are not cut"))
    #expect(try Self.probe(folder.file("t.mp4"), "s", "codec_name").isEmpty)
  }

  /// An animated PNG's ICC profile travels to an animated PNG output
  /// (Pillow writes the input: three frames and an `iCCP` chunk).
  @Test(.enabled(if: TestPython.imports("PIL"), "Pillow is missing"))
  func animatedPNGKeepsItsProfile() throws {
    let folder = try Self.fixture()
    let input = folder.file("in.png")
    let script = """
      import sys
      from PIL import Image, ImageCms
      icc = ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes()
      frames = [Image.new('RGBA', (32, 24), (i * 80, 100, 200 - i * 60, 255)) for i in range(3)]
      frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=100,
                     icc_profile=icc)
      open(sys.argv[1] + '.icc', 'wb').write(icc)
      """
    let process = TestPython.process(["-c", script, input])
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input + ".icc")))
    let out = folder.file("out.apng")
    let run = ToolRun(["warp", input, "--mesh", folder.file("b.json"), "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    let written = try ImageDecoder.decodeFile(path: out)
    #expect(!profile.isEmpty && written.color.iccProfile == profile)
    let stripped = folder.file("stripped.apng")
    #expect(
      ToolRun(["warp", input, "--mesh", folder.file("b.json"), "--strip", "-o", stripped]).status
        == 0)
    #expect(try ImageDecoder.decodeFile(path: stripped).color.iccProfile == nil)
  }

  @Test func alphaFormatsKeepTransparency() throws {
    let folder = try Self.fixture()
    for name in ["out.mov", "out.webm", "out.gif", "out.apng"] {
      let out = folder.file(name)
      let run = ToolRun([
        "warp", folder.file("clip.mp4"), "--mesh", folder.file("anim.json"), "-o", out,
      ])
      #expect(run.status == 0, "\(name): \(run.errors)")
      let video = try Self.probe(out, "v", "nb_read_frames,r_frame_rate")
      #expect(video["nb_read_frames"] == "10" && video["r_frame_rate"] == "10/1", "\(name)")
      // The last frame (mesh b) has transparent corners: decode its alpha.
      let decoder = name.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9"] : []
      let alpha = try Self.ffmpeg(
        decoder + [
          "-i", out, "-vf", "select=eq(n\\,9),alphaextract", "-frames:v", "1", "-f", "rawvideo",
          "-pix_fmt", "gray", "-",
        ])
      #expect(alpha.count == 64 * 48, "\(name)")
      #expect(alpha.min() == 0 && alpha.max() == 255, "\(name): alpha has no transparency")
    }
    // GIF's two passes leave no intermediate files.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!left.contains { $0.hasSuffix(".mkv") || $0.contains("palette") }, "\(left)")
  }

  /// Transparency into H.264 (no alpha): composited over `--background`
  /// with a note, black without it. Mesh b leaves the top-left corner
  /// uncovered (its top-left vertex is at (12.8, 4.8) px); the decoded
  /// pixel (2, 1) must be that colour.
  @Test func mp4CompositesOverTheBackground() throws {
    let folder = try Self.fixture()
    func corner(_ arguments: [String], _ name: String) throws -> [Int] {
      let out = folder.file(name)
      let run = ToolRun(
        ["warp", folder.file("clip.mp4"), "--mesh", folder.file("b.json"), "-o", out] + arguments)
      #expect(run.status == 0, "\(run.errors)")
      let color = arguments.last.map { $0.hasPrefix("#") ? $0 : "#000000" } ?? "#000000"
      #expect(run.errors.contains("composited over \(color)"), "\(run.errors)")
      let rgb = try Self.ffmpeg([
        "-i", out, "-vf", "select=eq(n\\,5)", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
        "rgb24", "-",
      ])
      try #require(rgb.count == 64 * 48 * 3)
      let i = (1 * 64 + 2) * 3
      return [Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2])]
    }
    let green = try corner(["--background", "#00FF00"], "green.mp4")
    #expect(green[0] <= 16 && green[1] >= 239 && green[2] <= 16, "\(green)")
    let black = try corner([], "black.mp4")
    #expect(black.allSatisfy { $0 <= 16 }, "\(black)")
  }

  /// `--quality` drives x264's CRF (x264 writes its settings into the
  /// stream: `crf=33.0` for quality 50); `--crf` overrides it.
  @Test func qualityAndCRFReachTheEncoder() throws {
    let folder = try Self.fixture()
    for (arguments, expected) in [
      ([String](), "crf=18.0"), (["--quality", "50"], "crf=33.0"),
      (["--quality", "50", "--crf", "27"], "crf=27.0"),
    ] {
      let out = folder.file("q.mp4")
      let run = ToolRun(
        ["warp", folder.file("clip.mp4"), "--mesh", folder.file("a.json"), "-o", out] + arguments)
      #expect(run.status == 0, "\(run.errors)")
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
      #expect(text.contains(" \(expected) "), "\(arguments): \(expected)")
    }
  }

  /// The middle frame of a lossless (APNG) export equals the still-image
  /// warp of the same decoded frame with the mesh at its time (0.5 s),
  /// within 1/255 per channel (the still is the frame as the video reader
  /// decodes it).
  @Test func middleFrameMatchesTheStillWarp() throws {
    let folder = try Self.fixture()
    let out = folder.file("out.apng")
    #expect(
      ToolRun(["warp", folder.file("clip.mp4"), "--mesh", folder.file("anim.json"), "-o", out])
        .status == 0)
    let decoded = try Self.decoded(folder.file("clip.mp4"), 5)
    let still = folder.write(RGBAImage(width: 64, height: 48, pixels: decoded), "frame5.png")
    let timeline = try KeyframeFile.load(WarpMesh.self, path: folder.file("anim.json"))
    let meshPath = folder.write(timeline.mesh(at: 0.5), "mesh5.json")
    let warpedStill = folder.file("warped5.png")
    #expect(ToolRun(["warp", still, "--mesh", meshPath, "-o", warpedStill]).status == 0)
    let expected = try Self.frame(warpedStill, 0)
    let actual = try Self.frame(out, 5)
    #expect(expected.count == actual.count)
    let worst = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 255
    #expect(worst <= 1, "largest difference \(worst)")
  }

  /// A BT.709 clip into H.264 is warped in Y′CbCr (no conversion either
  /// way): the export's planes (lossless x264, `--crf 0`) match the still
  /// warp of the decoded frame converted to 4:2:0 (the RGB path), under 0.5
  /// on average and within 3 (the RGB path's rounding) for 99 % of the
  /// samples. The rest (measured: 27 of 4608, by up to 10) are where
  /// testsrc2's subsampled chroma next to a sharp edge decodes outside the
  /// RGB cube: the RGB path clamps those colours (a near-black's Y′ 16
  /// comes back as 20), the Y′CbCr path keeps what the decoder gave. The
  /// edge colour and the background come out as the colours asked for.
  @Test func bt709IntoH264IsWarpedInYCbCr() throws {
    #expect(VideoWarpPlan.keepsYCbCr(input: .bt709, output: .h264, width: 64, height: 48))
    #expect(!VideoWarpPlan.keepsYCbCr(input: .bt601, output: .h264, width: 64, height: 48))
    #expect(!VideoWarpPlan.keepsYCbCr(input: .bt709, output: .h264, width: 63, height: 48))
    #expect(!VideoWarpPlan.keepsYCbCr(input: .bt709, output: .prores4444, width: 64, height: 48))
    #expect(!VideoWarpPlan.keepsYCbCr(input: nil, output: .h264, width: 64, height: 48))
    let folder = TemporaryFolder()
    let clip = folder.file("bt709.mp4")
    try Self.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=0.5", "-vf",
      "scale=out_color_matrix=bt709:out_range=tv", "-c:v", "libx264", "-pix_fmt", "yuv420p",
      "-colorspace", "bt709", "-color_range", "tv", clip,
    ])
    _ = folder.write(
      #"{"from": [[0,0],[1,0],[0,1],[1,1]], "to": [[0.2,0.1],[0.9,0],[0,1],[1,0.8]], "faces": [[0,1,3,2]]}"#,
      "b.json")
    for (edges, color) in [
      (["--edges", "color", "--edge-color", "#FF0000"], RGBA8(255, 0, 0, 255)),
      (["--background", "#0000FF"], RGBA8(0, 0, 255, 255)),
    ] {
      let options = ["--mesh", folder.file("b.json")] + edges
      let out = folder.file("out.mp4")
      try? FileManager.default.removeItem(atPath: out)
      let run = ToolRun(["warp", clip] + options + ["--crf", "0", "-o", out])
      #expect(run.status == 0, "\(run.errors)")
      let still = folder.write(
        RGBAImage(width: 64, height: 48, pixels: try Self.decoded(clip, 3)), "frame3.png")
      let warpedStill = folder.file("warped3.png")
      #expect(ToolRun(["warp", still] + options + ["-o", warpedStill]).status == 0)
      let warped = RGBAImage(width: 64, height: 48, pixels: try Self.frame(warpedStill, 0))
      var expected: [UInt8] = []
      YUV420Conversion.convert(warped, into: &expected, threads: 1)
      let actual = try Self.ffmpeg([
        "-i", out, "-vf", "select=eq(n\\,3)", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
        "yuv420p", "-",
      ])
      try #require(actual.count == expected.count)
      let differences = zip(expected, actual).map { abs(Int($0) - Int($1)) }
      let mean = Double(differences.reduce(0, +)) / Double(differences.count)
      let within = differences.filter { $0 <= 3 }.count
      #expect(
        within * 100 >= differences.count * 99,
        "\(edges): \(differences.count - within) samples differ by more than 3")
      #expect(mean < 0.5, "\(edges): mean difference \(mean)")
      // Through the RGB path the two would be the same bytes (the same
      // decode, warp and conversion; x264 lossless): the clamped samples
      // show that the export did not take it.
      #expect(differences.contains { $0 > 3 }, "\(edges): the export matches the RGB path")
      // The top-left corner lies outside the mesh.
      let corner = Array(try Self.frame(out, 3)[0..<4])
      let worst = zip(corner, [color.r, color.g, color.b, 255]).map {
        abs(Int($0) - Int($1))
      }.max()!
      #expect(worst <= 3, "\(edges): corner \(corner)")
    }
  }

  /// The quality options reach every frame of a video as they reach a
  /// still: a middle frame of a lossless export with `--edges color`,
  /// `--interpolation nearest` and `--smooth` equals the still warp of that
  /// decoded frame with the same options (within 1/255). (They used to be
  /// dropped for videos: transparent edges, bilinear, piecewise.)
  @Test func qualityOptionsReachEveryFrame() throws {
    let folder = try Self.fixture()
    _ = folder.write(
      #"{"columns": 3, "rows": 3, "from": [[0,0],[0.5,0],[1,0],[0,0.5],[0.5,0.5],[1,0.5],[0,1],[0.5,1],[1,1]], "to": [[0.1,0.1],[0.5,0],[0.9,0.1],[0,0.5],[0.62,0.4],[1,0.5],[0.1,0.9],[0.5,1],[0.9,0.9]]}"#,
      "bent.json")
    let options = [
      "--mesh", folder.file("bent.json"), "--edges", "color", "--edge-color", "#FF0000",
      "--interpolation", "nearest", "--smooth",
    ]
    let out = folder.file("out.apng")
    #expect(ToolRun(["warp", folder.file("clip.mp4")] + options + ["-o", out]).status == 0)
    let decoded = try Self.decoded(folder.file("clip.mp4"), 4)
    let still = folder.write(RGBAImage(width: 64, height: 48, pixels: decoded), "frame4.png")
    let warpedStill = folder.file("warped4.png")
    #expect(ToolRun(["warp", still] + options + ["-o", warpedStill]).status == 0)
    let expected = try Self.frame(warpedStill, 0)
    let actual = try Self.frame(out, 4)
    #expect(expected.count == actual.count && actual.count == 64 * 48 * 4)
    let worst = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 255
    #expect(worst <= 1, "largest difference \(worst)")
    // The corner lies outside the mesh: the edge colour, opaque red.
    #expect(Array(actual[0..<4]) == [255, 0, 0, 255])
  }

  @Test func stillInputWithAnimatedMeshGivesAnAnimation() throws {
    let folder = try Self.fixture()
    let still = folder.write(
      RGBAImage(width: 16, height: 12, fill: RGBA8(200, 40, 90, 255)), "s.png")
    let out = folder.file("s.apng")
    let run = ToolRun([
      "warp", still, "--mesh", folder.file("a.json"), "--to-mesh", folder.file("b.json"),
      "--duration", "1", "--fps", "10", "-o", out,
    ])
    #expect(run.status == 0, "\(run.errors)")
    // duration × fps frames, as every command counts them.
    #expect(try Self.probe(out, "v", "nb_read_frames")["nb_read_frames"] == "10")
  }

  @Test func notAVideoAndNoVideoStreamAreClearErrors() throws {
    let folder = TemporaryFolder()
    let text = folder.write("hello, not a video", "notes.mp4")
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    let bad = ToolRun(["warp", text, "--mesh", mesh, "-o", folder.file("o.mp4")])
    // Text is no video container: taken for a still, and as no image
    // decoder reads it either, its error (naming the input and what it
    // saw) comes before the refusal of a still written as .mp4.
    #expect(
      bad.status == 1 && bad.errors.contains("notes.mp4")
        && bad.errors.contains("not a supported image format"), "\(bad.errors)")
    let audioOnly = folder.file("tone.m4a")
    try Self.ffmpeg(["-f", "lavfi", "-i", "sine=duration=0.2", "-c:a", "aac", audioOnly])
    let none = ToolRun(["warp", audioOnly, "--mesh", mesh, "-o", folder.file("o.mp4")])
    #expect(none.status == 1 && none.errors.contains("no video stream"), "\(none.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("o.mp4")))
  }

  /// The built `meshwarp` beside the test bundle.
  static let binary: String? = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return [
      runner.deletingLastPathComponent(),
      runner.deletingLastPathComponent().deletingLastPathComponent(),
      package.appendingPathComponent(".build/debug"),
    ].map { $0.appendingPathComponent("meshwarp").path }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// SIGTERM mid-way: exit 143, the old file kept as it was, no ffmpeg
  /// child left, no temporary file beside the output.
  @Test(.enabled(if: binary != nil, "the meshwarp binary is not built"))
  func sigtermLeavesNothingBehind() throws {
    let folder = try Self.fixture()
    let long = folder.file("long.mp4")
    try Self.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=30", "-c:v", "libx264",
      "-preset", "ultrafast", long,
    ])
    let out = folder.write("old contents", "out.mp4")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary!)
    process.arguments = ["warp", long, "--mesh", folder.file("anim.json"), "-o", out]
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until ffmpeg children run (the export is under way).
    var children: [String] = []
    for _ in 0..<100 {
      children = Self.children(of: process.processIdentifier)
      if children.count >= 2 { break }
      usleep(50_000)
    }
    #expect(children.count >= 2, "no ffmpeg children seen")
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationStatus == 143)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "old contents")
    for pid in children { #expect(kill(Int32(pid)!, 0) != 0, "child \(pid) still runs") }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(left) == ["clip.mp4", "long.mp4", "a.json", "b.json", "anim.json", "out.mp4"])
  }

  /// Process ids whose parent is `pid` (from /proc).
  static func children(of pid: Int32) -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return all.filter { Int($0) != nil }.filter { entry in
      guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == pid
    }
  }
}

/// Keyframed meshes and the frame times of animations (no ffmpeg).
@Suite struct MeshAnimationTests {
  @Test func toMeshStartsAndEndsOnItsMeshes() throws {
    let folder = TemporaryFolder()
    let a = WarpMesh.identity(columns: 2, rows: 2)
    var b = a
    b.pointPairs[0].to = CGPoint(x: 0.25, y: 0.125)
    let pa = folder.write(a, "a.json")
    let pb = folder.write(b, "b.json")
    let (console, _, _) = Console.capturing()
    let animation = try MeshAnimation.load(
      pa, to: pb, duration: 2, role: "--mesh", console: console)
    #expect(animation.isAnimated)
    #expect(animation.mesh(at: 0) == a && animation.mesh(at: 2) == b)
    #expect(animation.mesh(at: 1) != a && animation.mesh(at: 1) != b)
    // A keyframe file: equal to its keyframes at t = 0 and t = end.
    let file = folder.write(
      #"{"keyframes": [{"time": 0, "mesh": "a.json"}, {"time": 0.5, "mesh": "b.json", "easing": "easeIn"}, {"time": 1.5, "mesh": "a.json"}]}"#,
      "anim.json")
    let keyframed = try MeshAnimation.load(
      file, to: nil, duration: nil, role: "--mesh", console: console)
    #expect(keyframed.mesh(at: 0) == a && keyframed.mesh(at: 0.5) == b)
    #expect(keyframed.mesh(at: 1.5) == a)
  }

  /// `gradient --warp a.json --warp-to b.json`: the warp animates over
  /// --duration (default 1 s) like `warp --to-mesh`; `--warp-to` alone is a
  /// usage error.
  @Test func gradientWarpToAnimatesTheWarp() throws {
    let folder = TemporaryFolder()
    let still = folder.write(
      #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1,0,0,1],[0,1,0,1],[0,0,1,1],[1,1,1,1]]}"#,
      "g.json")
    let a = folder.write(WarpMesh.identity(columns: 2, rows: 2), "a.json")
    var moved = WarpMesh.identity(columns: 2, rows: 2)
    moved.pointPairs[0].to = CGPoint(x: 0.3, y: 0.3)
    let b = folder.write(moved, "b.json")
    let dir = folder.file("frames") + "/"
    let run = ToolRun([
      "gradient", still, "--size", "8x8", "--warp", a, "--warp-to", b, "--fps", "4", "-o", dir,
    ])
    #expect(run.status == 0, "\(run.errors)")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(files.count == 4, "\(files)")  // 1 s at 4 fps
    let first = try ImageDecoder.decodeFile(path: dir + files.first!).image
    let last = try ImageDecoder.decodeFile(path: dir + files.last!).image
    #expect(first.pixels[3] == 255 && last.pixels[3] == 0, "top-left pulled in at the end")
    let warpToAlone = ToolRun(["gradient", still, "--warp-to", b, "-o", folder.file("x.png")])
    #expect(warpToAlone.status == 2)
    #expect(
      warpToAlone.errors
        == "meshwarp gradient: --warp-to needs --warp (the mesh to start from)\n")
  }

  @Test func stillGradientWithDurationSaysSoAndKeyframeGradientsAnimate() throws {
    let folder = TemporaryFolder()
    let g =
      #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1,0,0,1],[0,1,0,1],[0,0,1,1],[1,1,1,1]]}"#
    let h =
      #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[0,0,0,1],[0,0,0,1],[0,0,0,1],[0,0,0,1]]}"#
    let still = folder.write(g, "g.json")
    _ = folder.write(h, "h.json")
    let run = ToolRun([
      "gradient", still, "--size", "8x8", "--duration", "0.2", "--fps", "10", "-o",
      folder.file("g.apng"),
    ])
    #expect(run.status == 0 && run.errors.contains("is a still gradient"), "\(run.errors)")
    let keys = folder.write(
      #"{"keyframes": [{"time": 0, "gradient": "g.json"}, {"time": 1, "gradient": "h.json"}]}"#,
      "keys.json")
    let dir = folder.file("frames") + "/"
    let animated = ToolRun(["gradient", keys, "--size", "8x8", "--fps", "2", "-o", dir])
    #expect(animated.status == 0, "\(animated.errors)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(frames.count == 2)  // 0 and 0.5 s: 1 s × 2 fps
    let first = try PNGDecoder.decodeFile(path: dir + frames[0])
    let last = try PNGDecoder.decodeFile(path: dir + frames[1])
    #expect(first.pixels != last.pixels)
  }

  @Test func inputKindComesFromContent() {
    let folder = TemporaryFolder()
    let png = folder.write(RGBAImage(width: 2, height: 2), "x.mp4")  // a PNG named .mp4
    #expect(InputKind.detect(path: png) == .still)
    // Unknown bytes go to the image decoder, whose error names what they look like.
    let other = folder.write("not an image", "x.png")
    #expect(InputKind.detect(path: other) == .still)
    let iso = folder.write("\0\0\0\u{18}ftypisom and the rest", "clip.bin")  // ISO media
    #expect(InputKind.detect(path: iso) == .video)
  }
}

/// Video as real files have it: chunk orders, children that outlive us.
@Suite(.enabled(if: VideoTools.available, "ffmpeg and ffprobe are not on PATH"))
struct RealVideoFileTests {
  /// Whether process `pid` is gone: no `/proc` entry, or a zombie
  /// waiting for whoever inherited it.
  static func gone(_ pid: String) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
  }

  /// `kill -9` of meshwarp mid-export, which no signal handler sees: its
  /// children must die with it (PR_SET_PDEATHSIG), not go on writing a
  /// temporary file. The children here are an "ffmpeg" that runs the real
  /// one and then lingers for 60 s (as an encoder still finishing a long
  /// file would), so only a death signal ends them within the test.
  @Test(.enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"))
  func childrenDieWithAKilledMeshwarp() throws {
    let folder = TemporaryFolder()
    let clip = try ReliabilityCatalogueTests.clip(folder, seconds: 30, size: "320x240")
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    try FileManager.default.createDirectory(
      atPath: folder.file("tools"), withIntermediateDirectories: true)
    let lingering = folder.write(
      "#!/bin/sh\n'\(VideoTools.ffmpeg!)' \"$@\"\nexec sleep 60\n", "tools/ffmpeg")
    chmod(lingering, 0o755)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: VideoCommandTests.binary!)
    process.arguments = ["warp", clip, "--mesh", mesh, "-o", folder.file("out.mp4")]
    var environment = ProcessInfo.processInfo.environment
    environment["MESHWARP_FFMPEG"] = lingering
    process.environment = environment
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var children: [String] = []
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline && children.count < 2 {
      children = VideoCommandTests.children(of: process.processIdentifier)
      usleep(20_000)
    }
    try #require(children.count >= 2, "the decoder and the encoder did not start")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let settled = Date().addingTimeInterval(5)
    while Date() < settled && !children.allSatisfy(Self.gone) { usleep(20_000) }
    for pid in children {
      #expect(Self.gone(pid), "child \(pid) outlived the killed meshwarp")
      if !Self.gone(pid) { kill(Int32(pid)!, SIGKILL) }
    }
  }

  /// Pillow writes `iCCP` before `acTL`; with a profile over 2 KiB,
  /// ffmpeg's probe took such an APNG for a plain PNG (`png_pipe`) and
  /// decoded one frame of ten, silently. Every frame must come out.
  @Test(.enabled(if: TestPython.imports("PIL"), "Pillow is not installed"))
  func apngWithICCPBeforeACTLKeepsEveryFrame() throws {
    let folder = TemporaryFolder()
    let input = folder.file("pillow.apng")
    let script = """
      from PIL import Image
      import random, sys
      random.seed(7)
      profile = bytes(random.getrandbits(8) for _ in range(4000))
      frames = [Image.new('RGBA', (64, 48), (i * 25, 100, 200, 255)) for i in range(10)]
      frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=100,
                     loop=0, icc_profile=profile)
      """
    let python = TestPython.process(["-c", script, input])
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
    let bytes = [UInt8](FileManager.default.contents(atPath: input)!)
    try #require(String(decoding: bytes[37..<41], as: UTF8.self) == "iCCP")
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    let out = folder.file("out.apng")
    let run = ToolRun(["warp", input, "--mesh", mesh, "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("10 frames"), "\(run.errors)")
    // Counted by Pillow: the output carries the input's 4000-byte profile,
    // and ffmpeg 5.1's APNG demuxer reads one frame of any APNG whose
    // chunks before the first frame pass about a kilobyte (the input's
    // own case).
    let count = TestPython.process([
      "-c", "import sys\nfrom PIL import Image\nprint(Image.open(sys.argv[1]).n_frames)", out,
    ])
    let pipe = Pipe()
    count.standardOutput = pipe
    try count.run()
    count.waitUntilExit()
    let frames = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(frames.trimmingCharacters(in: .whitespacesAndNewlines) == "10")
  }

  /// Packet presentation times of the first video stream (seconds,
  /// display order) and that stream's time base in seconds.
  static func presentationTimes(_ path: String) throws -> (pts: [Double], tick: Double) {
    let text = String(
      decoding: try ToolProcess.output(
        VideoTools.ffprobe!,
        [
          "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of",
          "csv=p=0", path,
        ]), as: UTF8.self)
    // (WebM lines end in a comma: an empty side-data field.)
    let pts = text.split(whereSeparator: \.isNewline)
      .compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }.sorted()
    let base = try VideoCommandTests.probe(path, "v", "time_base")["time_base"] ?? "1/1"
    let parts = base.split(separator: "/").compactMap { Double($0) }
    return (pts, parts.count == 2 ? parts[0] / parts[1] : 1)
  }

  /// A 33-frame variable-rate clip (frame n at (n + n²/40)/30 s, rounded
  /// to 1/30 s: gaps of 1 to 3 frames, as a phone drops them), warped to
  /// MP4: every frame keeps its time within one tick of the output's time
  /// base (the old constant 18 fps moved frames by up to 0.4 s).
  @Test func variableFrameRateIsKept() throws {
    let folder = try VideoCommandTests.fixture()
    let input = folder.file("vfr.mp4")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30", "-f", "lavfi", "-i",
      "sine=frequency=440", "-vf", "setpts='(N+N*N/40)/30/TB'", "-frames:v", "33",
      "-fps_mode", "passthrough", "-enc_time_base", "1:90000", "-c:v", "libx264", "-pix_fmt",
      "yuv420p", "-c:a", "aac", "-shortest", input,
    ])
    let (source, _) = try Self.presentationTimes(input)
    try #require(source.count == 33)
    let out = folder.file("out.mp4")
    let run = ToolRun(["warp", input, "--mesh", folder.file("anim.json"), "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    let (kept, tick) = try Self.presentationTimes(out)
    #expect(kept.count == 33, "\(kept.count) frames")
    for (a, b) in zip(source, kept) {
      #expect(abs((a - source[0]) - (b - kept[0])) <= tick + 1e-6, "\(a) became \(b)")
    }
  }

  /// A GIF with delays of 50, 50, 200, 50, 50, 50, 300, 50 ms (Pillow)
  /// warped to GIF, APNG and WebM: each frame keeps its time (to the 10 ms
  /// of GIF's delays; the old code made every delay 120 or 110 ms).
  @Test(.enabled(if: TestPython.imports("PIL"), "Pillow is not installed"))
  func gifDelaysAreKept() throws {
    let folder = try VideoCommandTests.fixture()
    let input = folder.file("delays.gif")
    let script = """
      from PIL import Image
      import sys
      frames = [Image.new('RGB', (64, 48), (i * 30, 100, 255 - i * 30)) for i in range(8)]
      frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:],
                     duration=[50, 50, 200, 50, 50, 50, 300, 50], loop=0)
      """
    let python = TestPython.process(["-c", script, input])
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
    let expected = [0, 0.05, 0.1, 0.3, 0.35, 0.4, 0.45, 0.75]
    for name in ["out.gif", "out.apng", "out.webm"] {
      let out = folder.file(name)
      let run = ToolRun(["warp", input, "--mesh", folder.file("a.json"), "-o", out])
      #expect(run.status == 0, "\(name): \(run.errors)")
      let (times, _) = try Self.presentationTimes(out)
      #expect(times.count == expected.count, "\(name): \(times)")
      for (a, b) in zip(expected, times) {
        #expect(abs(a - (b - times[0])) <= 0.0051, "\(name): \(a) became \(b - times[0])")
      }
    }
  }

  /// A GIF with delays of 80, 80, 300, 80, 80, 500 ms warped to GIF, MP4,
  /// MOV, WebM and animated WebP: the last frame keeps its 500 ms too
  /// (GIF repeated the 80 ms before it, MP4, MOV and WebM ended 0.02 s
  /// after the last frame began, 0.64 s in all, WebP gave it 124 ms).
  @Test(.enabled(if: TestPython.imports("PIL"), "Pillow is not installed"))
  func lastFrameKeepsItsDuration() throws {
    let folder = try VideoCommandTests.fixture()
    let input = folder.file("delays.gif")
    let script = """
      from PIL import Image
      import sys
      frames = [Image.new('RGB', (64, 48), (i * 40, 100, 255 - i * 40)) for i in range(6)]
      frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:],
                     duration=[80, 80, 300, 80, 80, 500], loop=0)
      """
    let python = TestPython.process(["-c", script, input])
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
    func entries(_ path: String, _ what: String) throws -> [Double] {
      String(
        decoding: try ToolProcess.output(
          VideoTools.ffprobe!, ["-v", "error", "-show_entries", what, "-of", "csv=p=0", path]),
        as: UTF8.self
      ).split(whereSeparator: \.isNewline)
        .compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
    }
    for name in ["out.gif", "out.mp4", "out.mov", "out.webm"] {
      let out = folder.file(name)
      let run = ToolRun(["warp", input, "--mesh", folder.file("a.json"), "-o", out])
      #expect(run.status == 0, "\(name): \(run.errors)")
      let duration = try entries(out, "format=duration").first ?? 0
      #expect(abs(duration - 1.12) <= 0.0051, "\(name): lasts \(duration) s")
      if name == "out.gif" || name == "out.mov" {
        let last = try entries(out, "packet=duration_time").last ?? 0
        #expect(abs(last - 0.5) <= 0.0051, "\(name): last frame \(last) s")
      }
    }
    let webp = folder.file("out.webp")
    let run = ToolRun(["warp", input, "--mesh", folder.file("a.json"), "-o", webp])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.webPFrameDurations(webp) == [80, 80, 300, 80, 80, 500])
  }

  /// The duration in milliseconds of each frame (ANMF chunk) of an
  /// animated WebP: 24 bits, little-endian, at byte 12 of the chunk's data.
  static func webPFrameDurations(_ path: String) throws -> [Int] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var durations: [Int] = []
    var at = 12
    while at + 8 <= bytes.count {
      let size = (0..<4).reduce(0) { $0 | Int(bytes[at + 4 + $1]) << (8 * $1) }
      if bytes[at..<at + 4].elementsEqual("ANMF".utf8), at + 8 + 15 <= bytes.count {
        let d = at + 8 + 12
        durations.append(Int(bytes[d]) | Int(bytes[d + 1]) << 8 | Int(bytes[d + 2]) << 16)
      }
      at += 8 + size + (size & 1)
    }
    return durations
  }

  /// A 5 s clip with 44.1 kHz AAC (packets of 23.2 ms) trimmed with
  /// `--start 2 --end 3`, the audio copied: into MP4 and MKV the audio
  /// begins at the first whole packet after the cut, at most one packet
  /// in, with the video at 0 (MP4 began with 43 packets, 1.0 s, of
  /// pre-roll at negative times behind an edit list; MKV started the
  /// video 2.023 s after the sound).
  @Test func trimmedCopiedAudioStartsAtAPacketBoundary() throws {
    let folder = try VideoCommandTests.fixture()
    let input = folder.file("five.mp4")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25:duration=5", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=5:sample_rate=44100", "-c:v", "libx264", "-pix_fmt",
      "yuv420p", "-c:a", "aac", "-shortest", input,
    ])
    func times(_ path: String, _ stream: String) throws -> [Double] {
      String(
        decoding: try ToolProcess.output(
          VideoTools.ffprobe!,
          [
            "-v", "error", "-select_streams", stream, "-show_entries", "packet=pts_time", "-of",
            "csv=p=0", path,
          ]), as: UTF8.self
      ).split(whereSeparator: \.isNewline)
        .compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }.sorted()
    }
    for name in ["out.mp4", "out.mkv"] {
      let out = folder.file(name)
      let run = ToolRun([
        "warp", input, "--mesh", folder.file("a.json"), "--start", "2", "--end", "3", "-o", out,
      ])
      #expect(run.status == 0, "\(name): \(run.errors)")
      #expect(run.errors.contains("audio copied"), "\(name): \(run.errors)")
      let audio = try times(out, "a")
      let video = try times(out, "v")
      #expect(abs((video.first ?? -1) - 0) <= 0.001, "\(name): video from \(video.first ?? -1)")
      let first = audio.first ?? -1
      #expect(first >= 0 && first <= 0.0233, "\(name): audio from \(first) s")
      #expect((42...44).contains(audio.count), "\(name): \(audio.count) audio packets")
    }
  }

  /// A 75-frame 25 fps MKV whose video starts 0.054 s after its audio
  /// (video at 0.047 s, audio at −0.007 s: the file starts before its
  /// first frame): 75 frames out, at 0, 0.04, … as in the input (resampling
  /// to 25 fps from the file's start repeated the first frame: 76).
  @Test func laterVideoStartDoesNotRepeatTheFirstFrame() throws {
    let folder = try VideoCommandTests.fixture()
    let input = folder.file("late.mkv")
    try VideoCommandTests.ffmpeg([
      "-itsoffset", "0.023", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25", "-f", "lavfi",
      "-i", "sine", "-frames:v", "75", "-t", "3.1", "-map", "0:v", "-map", "1:a", "-c:v",
      "libx264", "-c:a", "libopus", input,
    ])
    let (source, _) = try Self.presentationTimes(input)
    try #require(source.count == 75 && source[0] > 0.02, "\(source.prefix(2))")
    let out = folder.file("out.mp4")
    let run = ToolRun(["warp", input, "--mesh", folder.file("a.json"), "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    let (kept, tick) = try Self.presentationTimes(out)
    #expect(kept.count == 75, "\(kept.count) frames")
    for (a, b) in zip(source, kept) {
      #expect(abs((a - source[0]) - (b - kept[0])) <= tick + 1e-3, "\(a) became \(b)")
    }
  }

  /// A 65×49 4:4:4 clip into H.264 (4:2:0 needs even sides): 66×50 with
  /// the last column and row repeating the edge pixels (no black seam),
  /// one note, and the summary naming the real size (it claimed 65x49
  /// over a black column and row).
  @Test func oddSizesArePaddedWithTheirEdgePixels() throws {
    let folder = try VideoCommandTests.fixture()
    let input = folder.file("odd.mkv")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=66x50:duration=0.3:rate=10", "-vf",
      "format=yuv444p,crop=65:49:0:0", "-c:v", "ffv1", input,
    ])
    let out = folder.file("out.mp4")
    let run = ToolRun(["warp", input, "--mesh", folder.file("a.json"), "-o", out])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("65x49 padded to 66x50 by repeating the edge pixels"))
    #expect(run.errors.contains(", 66x50, "), "\(run.errors)")
    let video = try VideoCommandTests.probe(out, "v", "width,height")
    #expect(video["width"] == "66" && video["height"] == "50")
    let rgb = try VideoCommandTests.ffmpeg([
      "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
    ])
    try #require(rgb.count == 66 * 50 * 3)
    func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(rgb[(y * 66 + x) * 3 + $0]) } }
    func difference(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).map { abs($0 - $1) }.max()! }
    let column = (0..<49).map { difference(pixel(65, $0), pixel(64, $0)) }.max()!
    let row = (0..<65).map { difference(pixel($0, 49), pixel($0, 48)) }.max()!
    #expect(column <= 8 && row <= 8, "new column differs by \(column), new row by \(row)")
  }

  /// Audio a container cannot hold is transcoded, with a note: ProRes with
  /// PCM into MP4 (failed at frame 3 with ffmpeg's own text) gets AAC; AAC
  /// into WebM (dropped) gets Opus. `--no-audio` leaves it out.
  @Test func audioIsTranscodedWhenItCannotBeCopied() throws {
    let folder = try VideoCommandTests.fixture()
    let mov = folder.file("pcm.mov")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=1", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=1", "-c:v", "prores_ks", "-c:a", "pcm_s16le", "-shortest", mov,
    ])
    let mesh = folder.file("a.json")
    for (input, name, codec) in [
      (mov, "out.mp4", "aac"), (folder.file("clip.mp4"), "out.webm", "opus"),
    ] {
      let out = folder.file(name)
      let run = ToolRun(["warp", input, "--mesh", mesh, "-o", out])
      #expect(run.status == 0, "\(name): \(run.errors)")
      #expect(run.errors.contains("transcoded"), "\(name): \(run.errors)")
      let audio = try VideoCommandTests.probe(out, "a", "codec_name")
      #expect(audio["codec_name"] == codec, "\(name): \(audio)")
    }
    let silent = folder.file("silent.mp4")
    let run = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", mesh, "--no-audio", "-o", silent,
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try VideoCommandTests.probe(silent, "a", "codec_name").isEmpty)
    #expect(try VideoCommandTests.probe(silent, "v", "nb_read_frames")["nb_read_frames"] == "10")
  }

  /// An output extension no animation format has is a usage error (exit
  /// 2), as it is for stills: for a video warp and a gradient animation
  /// (both exited 1).
  @Test func unknownAnimationExtensionIsAUsageError() throws {
    let folder = try VideoCommandTests.fixture()
    let video = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", folder.file("a.json"), "-o",
      folder.file("out.xyz"),
    ])
    #expect(video.status == 2, "\(video.errors)")
    #expect(video.errors.contains("unknown output extension .xyz"), "\(video.errors)")
    let gradient = ToolRun([
      "gradient", "--preset", "meshing", "--size", "32x32", "--duration", "0.1", "-o",
      folder.file("out.xyz"),
    ])
    #expect(gradient.status == 2, "\(gradient.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("out.xyz")))
  }

  /// The H.264 "no alpha" note only when something transparent is really
  /// composited: not for a mesh that covers every frame of an opaque clip.
  @Test func noAlphaNoteOnlyWhenSomethingIsTransparent() throws {
    let folder = try VideoCommandTests.fixture()
    let covered = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", folder.file("a.json"), "-o",
      folder.file("a.mp4"),
    ])
    #expect(covered.status == 0, "\(covered.errors)")
    #expect(!covered.errors.contains("no alpha"), "\(covered.errors)")
    let transparent = ToolRun([
      "warp", folder.file("clip.mp4"), "--mesh", folder.file("b.json"), "-o",
      folder.file("b.mp4"),
    ])
    #expect(transparent.status == 0, "\(transparent.errors)")
    #expect(transparent.errors.contains("no alpha"), "\(transparent.errors)")
  }
}
