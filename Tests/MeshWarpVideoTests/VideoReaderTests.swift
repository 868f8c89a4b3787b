import Foundation
import MeshWarpFiles
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// Video input through real ffmpeg and ffprobe, on clips made here by
/// ffmpeg (skipped where ffmpeg or ffprobe is not on PATH; CI installs them).
@Suite(
  .enabled(
    if: VideoTools.available, "ffmpeg and ffprobe are not on PATH"))
struct VideoReaderTests {
  static let ffmpeg = VideoTools.ffmpeg
  static let ffprobe = VideoTools.ffprobe

  /// Makes a clip with ffmpeg: `arguments` go between the banner options
  /// and the output path.
  static func make(_ path: String, _ arguments: [String]) throws {
    try ToolProcess.output(
      ffmpeg!, ["-hide_banner", "-loglevel", "error", "-y"] + arguments + [path])
  }

  static let testsrc = ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10"]
  static let sine = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000"]

  /// What ffmpeg itself decodes for frame `index` of `path`, as RGBA
  /// (`then`: filters after the frame's selection).
  static func reference(_ path: String, frame index: Int, then: String = "") throws -> [UInt8] {
    try ToolProcess.output(
      ffmpeg!,
      [
        "-hide_banner", "-loglevel", "error", "-i", path, "-vf",
        "select=eq(n\\,\(index))" + then, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba",
        "-",
      ])
  }

  /// Whether `ours` (a frame of a `yuv420p` stream, converted by
  /// `YUV420ToRGBA`) is within swscale's rounding of ffmpeg's own RGBA:
  /// 3 per channel, under 1 on average (`YUV420ToRGBATests`).
  static func closeToFFmpeg(_ ours: [UInt8]?, _ theirs: [UInt8]) -> Bool {
    guard let ours, ours.count == theirs.count, !ours.isEmpty else { return false }
    let differences = zip(ours, theirs).map { abs(Int($0) - Int($1)) }
    return differences.max()! <= 3
      && Double(differences.reduce(0, +)) / Double(differences.count) < 1
  }

  static func readAll(_ reader: VideoReader) throws -> [VideoFrame] {
    var frames: [VideoFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    return frames
  }

  @Test func readsMP4WithAudio() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("clip.mp4")
    try Self.make(
      path, Self.testsrc + Self.sine + ["-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
    let reader = try VideoReader(path: path)
    let info = reader.info
    #expect(info.width == 64 && info.height == 48)
    #expect(info.frameRate == FrameRate(numerator: 10, denominator: 1))
    #expect(info.frameCount == 10)
    #expect(info.hasAudio)
    #expect(!info.hasAlpha)
    #expect(info.rotation == 0)
    #expect(info.codec == "h264")
    // Untagged 4:2:0: sent as planes, converted here as ffmpeg would (BT.601).
    #expect(reader.yuv == .bt601)
    let frames = try Self.readAll(reader)
    #expect(frames.count == 10)
    #expect(frames.map(\.timestamp) == (0..<10).map { Double($0) / 10 })
    #expect(Self.closeToFFmpeg(frames.first?.image.pixels, try Self.reference(path, frame: 0)))
    #expect(Self.closeToFFmpeg(frames.last?.image.pixels, try Self.reference(path, frame: 9)))
    #expect(try reader.nextFrame() == nil)
    #expect(reader.warnings == "")
  }

  @Test func readsMP4WithoutAudioAndRotation() throws {
    let directory = try TemporaryDirectory()
    let plain = directory.file("plain.mp4")
    try Self.make(plain, Self.testsrc + ["-t", "0.5", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
    let rotated = directory.file("rotated.mp4")
    try Self.make(rotated, ["-i", plain, "-c", "copy", "-metadata:s:v", "rotate=90"])
    let plainReader = try VideoReader(path: plain)
    #expect(!plainReader.info.hasAudio)
    let reader = try VideoReader(path: rotated)
    #expect(reader.info.rotation == 90)
    #expect(reader.info.width == 48 && reader.info.height == 64)
    #expect(reader.info.storedWidth == 64)
    let frames = try Self.readAll(reader)
    #expect(frames.count == 5)
    #expect(frames.allSatisfy { $0.image.width == 48 && $0.image.height == 64 })
    #expect(Self.closeToFFmpeg(frames.first?.image.pixels, try Self.reference(rotated, frame: 0)))
    // Turned a quarter counterclockwise: the stored top-right pixel is at
    // the displayed top-left.
    let stored = try #require(try Self.readAll(plainReader).first?.image)
    let shown = try #require(frames.first?.image)
    #expect(shown[0, 0] == stored[63, 0])
    #expect(shown[47, 63] == stored[0, 47])
  }

  /// A BT.709-tagged stream is converted with BT.709 (as ffmpeg does:
  /// BT.601 would be off by up to 52); a full-range one (`yuvj420p`) and a
  /// 4:4:4 one are left to ffmpeg, whose RGBA arrives as it is.
  @Test func colorTagsChooseTheConversion() throws {
    let directory = try TemporaryDirectory()
    let tagged = directory.file("bt709.mp4")
    try Self.make(
      tagged,
      Self.testsrc + [
        "-t", "0.3", "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-c:v", "libx264",
        "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_range", "tv",
      ])
    let reader = try VideoReader(path: tagged)
    #expect(reader.info.colorMatrix == "bt709" && reader.info.colorRange == "tv")
    #expect(reader.yuv == .bt709)
    let frames = try Self.readAll(reader)
    #expect(frames.count == 3)
    #expect(Self.closeToFFmpeg(frames.first?.image.pixels, try Self.reference(tagged, frame: 0)))
    // Untagged HD: BT.709, as players show it (ffmpeg's own default, BT.601,
    // is far off on testsrc2's saturated bars).
    let hd = directory.file("hd.mp4")
    try Self.make(
      hd,
      ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10", "-frames:v", "1", "-c:v", "libx264"]
        + ["-pix_fmt", "yuv420p"])
    let hdReader = try VideoReader(path: hd)
    #expect(hdReader.info.colorMatrix == "" && hdReader.yuv == .bt709)
    let hdFrame = try #require(try Self.readAll(hdReader).first).image.pixels
    #expect(
      Self.closeToFFmpeg(
        hdFrame, try Self.reference(hd, frame: 0, then: ",scale=in_color_matrix=bt709")))
    #expect(!Self.closeToFFmpeg(hdFrame, try Self.reference(hd, frame: 0)))
    for (name, format) in [("full.mp4", "yuvj420p"), ("444.mp4", "yuv444p")] {
      let path = directory.file(name)
      try Self.make(path, Self.testsrc + ["-t", "0.2", "-c:v", "libx264", "-pix_fmt", format])
      let reader = try VideoReader(path: path)
      #expect(reader.yuv == nil, "\(format)")
      let frames = try Self.readAll(reader)
      #expect(frames.count == 2)
      #expect(frames.first?.image.pixels == (try Self.reference(path, frame: 0)), "\(format)")
    }
  }

  @Test func readsAnimatedGIFAndPNG() throws {
    let directory = try TemporaryDirectory()
    let gif = directory.file("a.gif")
    try Self.make(gif, Self.testsrc + ["-t", "1", "-vf", "fps=5"])
    let reader = try VideoReader(path: gif)
    #expect(reader.info.codec == "gif")
    #expect(reader.info.hasAlpha)
    #expect(reader.info.framesPerSecond == 5)
    let frames = try Self.readAll(reader)
    #expect(frames.count == 5)
    #expect(frames.first?.image.pixels == (try Self.reference(gif, frame: 0)))
    #expect(frames[3].image.pixels == (try Self.reference(gif, frame: 3)))

    let apng = directory.file("a.apng")
    try Self.make(apng, Self.testsrc + ["-t", "1", "-vf", "fps=5", "-plays", "0", "-f", "apng"])
    let png = try VideoReader(path: apng)
    #expect(png.info.codec == "apng")
    let pngFrames = try Self.readAll(png)
    #expect(pngFrames.count == 5)
    #expect(pngFrames[2].image.pixels == (try Self.reference(apng, frame: 2)))
  }

  /// Alpha survives: VP9 in WebM (kept in side data that only libvpx's
  /// decoder reads) and ProRes 4444 in MOV. Alpha 0.5 encodes as 128 or 129.
  @Test func keepsAlphaOfWebMAndProRes() throws {
    let directory = try TemporaryDirectory()
    let half = ["-t", "0.5", "-vf", "format=rgba,colorchannelmixer=aa=0.5"]
    let webm = directory.file("alpha.webm")
    try Self.make(webm, Self.testsrc + half + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p"])
    let mov = directory.file("alpha.mov")
    try Self.make(
      mov,
      Self.testsrc + half + ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"])
    for path in [webm, mov] {
      let reader = try VideoReader(path: path)
      #expect(reader.info.hasAlpha, "\(path)")
      let frames = try Self.readAll(reader)
      #expect(frames.count == 5, "\(path)")
      let alphas = Set(
        try #require(frames.first).image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(
          \.element))
      #expect(alphas.isSubset(of: [128, 129]), "\(path): alpha values \(alphas.sorted())")
    }
  }

  /// ffmpeg 5.1 (Debian 12) cannot decode animated WebP; a newer ffmpeg
  /// may. Either way the result must be frames or the clear error.
  @Test func animatedWebPIsReadOrRefusedClearly() throws {
    let directory = try TemporaryDirectory()
    let webp = directory.file("a.webp")
    do {
      try Self.make(
        webp, Self.testsrc + ["-t", "1", "-vf", "fps=5", "-c:v", "libwebp_anim", "-loop", "0"])
    } catch {
      return  // this ffmpeg has no animated WebP encoder: nothing to read
    }
    do {
      let frames = try Self.readAll(try VideoReader(path: webp))
      #expect(frames.count == 5)
    } catch let error as VideoInputError {
      #expect(error.description.contains("animated WebP"), "\(error)")
    }
  }

  @Test func clearErrorsForBadInputs() throws {
    let directory = try TemporaryDirectory()
    let clip = directory.file("clip.mp4")
    try Self.make(clip, Self.testsrc + ["-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
    // Cut before the index (moov) at the end: ffprobe cannot read it.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
    let truncated = directory.file("truncated.mp4")
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
    do {
      _ = try VideoReader(path: truncated)
      Issue.record("truncated file accepted")
    } catch let error as VideoInputError {
      guard case .cannotDecode(let path, "ffprobe", let detail) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == truncated)
      #expect(detail.contains("Invalid data found when processing input"), "\(detail)")
      #expect(!detail.contains("file:"))
    }
    let text = directory.file("notes.mp4")
    try "hello".write(toFile: text, atomically: true, encoding: .utf8)
    #expect(throws: VideoInputError.self) { _ = try VideoReader(path: text) }

    let audio = directory.file("sound.m4a")
    try Self.make(audio, Self.sine + ["-t", "0.5"])
    #expect(throws: VideoInputError.noVideoStream(path: audio, streams: "audio (aac)")) {
      _ = try VideoReader(path: audio)
    }
    let none = directory.file("none.mp4")
    #expect(
      throws: FileError.fileSystem(
        path: none, operation: .open, reason: "no such file or directory")
    ) { _ = try VideoReader(path: none) }
    #expect(throws: VideoInputError.self) { _ = try VideoReader(path: "-") }
  }

  @Test func missingToolsAreNamed() throws {
    let directory = try TemporaryDirectory()
    do {
      _ = try VideoReader(path: "/dev/null", environment: ["PATH": directory.path])
      Issue.record("no error")
    } catch let error as VideoError {
      #expect("\(error)".hasPrefix("ffmpeg is not available"))
    }
    // ffmpeg present, ffprobe absent.
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("ffmpeg"), withDestinationPath: Self.ffmpeg!)
    do {
      _ = try VideoReader(path: "/dev/null", environment: ["PATH": directory.path])
      Issue.record("no error")
    } catch let error as VideoError {
      #expect("\(error)".hasPrefix("ffprobe is not available"), "\(error)")
    }
  }

  /// A fake ffmpeg (a shell script beside a link to the real ffprobe) that
  /// writes `bytes` zero bytes (frames of a 64×48 clip are 12288), then runs `then`.
  static func fakeFFmpeg(in folder: String, bytes: Int, then: String) throws
    -> [String: String]
  {
    let script = folder + "/ffmpeg"
    try """
    #!/bin/sh
    echo $$ > "\(folder)/pid"
    head -c \(bytes) /dev/zero
    \(then)
    """.write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/ffprobe", withDestinationPath: Self.ffprobe!)
    return ["PATH": "/usr/bin:/bin", "MESHWARP_FFMPEG": script]
  }

  @Test func ffmpegDyingMidStreamIsReported() throws {
    let directory = try TemporaryDirectory()
    let clip = directory.file("clip.mp4")
    try Self.make(clip, Self.testsrc + ["-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
    // The yuv420p planes the reader asks ffmpeg for (checked below).
    let frame = 64 * 48 * 3 / 2
    let cases: [(String, (VideoInputError) -> Bool)] = [
      (
        "echo 'decoder exploded' >&2; exit 3",
        {
          // ffmpeg's own words go to a log that the reason names, not
          // into the message (before: "its last output:" and its lines).
          guard case .decoderFailed(_, 1, let reason) = $0,
            reason.hasPrefix("exit status 3; ffmpeg's output is in "),
            !"\($0)".contains("decoder exploded")
          else { return false }
          let log = String(reason.dropFirst("exit status 3; ffmpeg's output is in ".count))
          defer { try? FileManager.default.removeItem(atPath: log) }
          return (try? String(contentsOfFile: log, encoding: .utf8))?.contains("decoder exploded")
            == true
        }
      ),
      (
        "kill -9 $$",
        {
          guard case .decoderFailed(_, 1, let reason) = $0 else { return false }
          return reason.hasPrefix("killed by signal 9")
        }
      ),
      (
        "exit 0",
        {
          $0 == .endedEarly(source: clip, framesRead: 1, partialBytes: frame / 2, frameBytes: frame)
        }
      ),
    ]
    for (index, (then, check)) in cases.enumerated() {
      let sub = directory.file("\(index)")
      try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
      let environment = try Self.fakeFFmpeg(
        in: sub, bytes: frame + frame / 2, then: then)
      let reader = try VideoReader(path: clip, environment: environment)
      #expect(reader.yuv == .bt601)
      #expect(try reader.nextFrame() != nil)
      do {
        _ = try reader.nextFrame()
        Issue.record("\(then): no error")
      } catch let error as VideoInputError {
        #expect(check(error), "\(then): \(error)")
        if case .endedEarly = error {
          #expect(error.description.contains("stream ended early after 1 frames"))
        }
      }
      #expect(try reader.nextFrame() == nil)
    }
  }

  @Test func cancelKillsAndReapsFFmpeg() throws {
    let directory = try TemporaryDirectory()
    let clip = directory.file("clip.mp4")
    try Self.make(clip, Self.testsrc + ["-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
    // Endless output: ffmpeg would never end by itself.
    let environment = try Self.fakeFFmpeg(
      in: directory.path, bytes: 64 * 48 * 4 * 2,
      then: "exec cat /dev/zero")
    let reader = try VideoReader(path: clip, environment: environment)
    #expect(try reader.nextFrame() != nil)
    let pid = try #require(
      Int32(
        try String(contentsOfFile: directory.file("pid"), encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(kill(pid, 0) == 0)
    reader.cancel()
    // Reaped: not even a zombie is left.
    #expect(kill(pid, 0) == -1 && errno == ESRCH)
    #expect(try reader.nextFrame() == nil)
  }
}
