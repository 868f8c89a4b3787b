import Foundation
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// MP4 export through ffmpeg: a real encode (ffmpeg is expected on this
/// machine; the test says so loudly when it is not), and every way ffmpeg
/// can be missing or fail.
@Suite struct VideoWriterTests {
  static let environment = VideoTools.environment
  static let ffmpeg = VideoTools.ffmpeg

  /// An executable shell script in `directory`.
  static func script(_ body: String, named name: String, in directory: borrowing TemporaryDirectory)
    throws -> String
  {
    let path = directory.file(name)
    try AtomicFile.write(Array("#!/bin/sh\n\(body)\n".utf8), to: path)
    chmod(path, 0o755)
    return path
  }

  @Test(.enabled(if: VideoTools.available, "needs ffmpeg and ffprobe on PATH"))
  func encodesOddSizedVideoThatFFprobeReadsBack() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("clip.mp4")
    try AtomicFile.write(Array("old".utf8), to: path)
    // 33×17: both odd, padded to 34×18. 12 frames at 12 fps: 1 second.
    let writer = try VideoWriter(
      path: path, width: 33, height: 17,
      options: VideoEncoding(framesPerSecond: 12, preset: .ultrafast))
    for i in 0..<12 { try writer.append(animatedTestFrame(width: 33, height: 17, frame: i)) }
    #expect(
      try FileInput.readBytes(path: path) == Array("old".utf8), "target untouched until finish")
    try writer.finish()

    let bytes = try FileInput.readBytes(path: path)
    #expect(bytes.count > 100)
    #expect(String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp", "an MP4 file")
    #expect(directoryListing(directory.path) == ["clip.mp4"], "no temporary file left")

    let ffprobe = try #require(VideoTools.ffprobe)
    let probe = try ToolProcess.run(
      ffprobe,
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=width,height,nb_read_frames,pix_fmt,codec_name:format=duration", "-of",
        "default=noprint_wrappers=1", path,
      ])
    #expect(probe.status == 0)
    let fields = Dictionary(
      String(decoding: probe.output, as: UTF8.self).split(separator: "\n").compactMap {
        line -> (String, String)? in
        let parts = line.split(separator: "=", maxSplits: 1)
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
      }, uniquingKeysWith: { a, _ in a })
    #expect(fields["codec_name"] == "h264")
    #expect(fields["width"] == "34" && fields["height"] == "18", "odd sizes padded: \(fields)")
    #expect(fields["pix_fmt"] == "yuv420p")
    #expect(fields["nb_read_frames"] == "12")
    let duration = Double(fields["duration"] ?? "") ?? 0
    #expect(abs(duration - 1.0) < 0.05, "duration \(duration) s")
  }

  @Test(.enabled(if: VideoWriterTests.ffmpeg != nil, "needs ffmpeg on PATH"))
  func cropHandlesOddSizesToo() throws {
    let arguments = VideoWriter.arguments(
      width: 33, height: 18, options: VideoEncoding(oddSize: .crop), outputPath: "x")
    #expect(arguments.contains { $0.hasPrefix("crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0,") })
    let even = VideoWriter.arguments(
      width: 32, height: 18, options: VideoEncoding(), outputPath: "x")
    #expect(!even.contains { $0.contains("pad=") || $0.contains("crop=") })
    // An even size is sent as yuv420p (converted by YUV420Conversion):
    // no scale filter, only the tags; an odd one is converted by ffmpeg.
    #expect(even.joined(separator: " ").contains("-pix_fmt yuv420p -s 32x18"))
    #expect(!even.contains { $0.contains("out_color_matrix") })
    #expect(even.contains { $0.hasPrefix("setparams=color_primaries=bt709") })
    #expect(even.contains("+faststart") && even.contains("libx264"))
    #expect(
      arguments.contains { $0.contains("out_color_matrix=bt709:out_range=tv,format=yuv420p") })
    #expect(arguments.joined(separator: " ").contains("-pix_fmt rgba -s 33x18"))
    let ntsc = VideoWriter.arguments(
      width: 32, height: 18, options: VideoEncoding(framesPerSecond: 30000.0 / 1001),
      outputPath: "x")
    #expect(ntsc.contains("30000/1001"))
  }

  @Test func missingFFmpegIsAClearError() throws {
    let directory = try TemporaryDirectory()
    let environment = ["PATH": directory.path, "MESHWARP_FFMPEG": "/nonexistent/ffmpeg"]
    do {
      _ = try VideoWriter(
        path: directory.file("a.mp4"), width: 8, height: 8, environment: environment)
      Issue.record("must fail")
    } catch let error as VideoError {
      #expect("\(error)".contains("MESHWARP_FFMPEG=/nonexistent/ffmpeg is not an executable file"))
    }
    // No override and no ffmpeg on PATH.
    do {
      _ = try VideoWriter(
        path: directory.file("a.mp4"), width: 8, height: 8, environment: ["PATH": directory.path])
      Issue.record("must fail")
    } catch let error as VideoError {
      let text = "\(error)"
      #expect(text.contains("ffmpeg is not available: not found on PATH"))
      #expect(text.contains("MESHWARP_FFMPEG"))
    }
    #expect(directoryListing(directory.path).isEmpty, "nothing created")
  }

  /// The log an error names ("ffmpeg's output is in PATH"): read, then
  /// removed; nil when the message names none.
  static func takeLog(named message: String) -> String? {
    guard let start = message.range(of: "ffmpeg's output is in ")?.upperBound else { return nil }
    let path = String(message[start...].prefix { !$0.isWhitespace })
    defer { unlink(path) }
    return (try? FileInput.readBytes(path: path)).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func ffmpegDyingMidwayIsReportedWithItsLogAndTheOldFileKept() throws {
    let directory = try TemporaryDirectory()
    // Reads 1536 bytes (4 frames of 16×16 yuv420p), complains, exits 3.
    let fake = try Self.script(
      "head -c 1536 >/dev/null; echo 'fake-ffmpeg: simulated encoder crash' >&2; exit 3",
      named: "fake-ffmpeg", in: directory)
    let target = directory.file("out.mp4")
    try AtomicFile.write(Array("old video".utf8), to: target)
    let writer = try VideoWriter(
      path: target, width: 16, height: 16,
      environment: ["MESHWARP_FFMPEG": fake, "PATH": "/usr/bin:/bin"])
    do {
      // The socket buffers some frames; keep writing until ffmpeg is gone.
      for i in 0..<500 { try writer.append(animatedTestFrame(width: 16, height: 16, frame: i)) }
      try writer.finish()
      Issue.record("must fail")
    } catch let error as VideoError {
      let text = "\(error)"
      guard case .toolFailed = error else {
        Issue.record("unexpected \(text)")
        return
      }
      print("VideoWriterTests: ffmpeg died mid-way -> \(text)")
      // ffmpeg's own words are in the log, not in the message.
      #expect(!text.contains("fake-ffmpeg: simulated encoder crash"), "\(text)")
      #expect(text.contains("exit status 3"), "\(text)")
      #expect(Self.takeLog(named: text)?.contains("fake-ffmpeg: simulated encoder crash") == true)
    }
    #expect(try FileInput.readBytes(path: target) == Array("old video".utf8))
    #expect(Set(directoryListing(directory.path)) == ["fake-ffmpeg", "out.mp4"])
  }

  @Test func ffmpegFailingAtTheEndIsReported() throws {
    let directory = try TemporaryDirectory()
    let fake = try Self.script(
      "cat >/dev/null; echo 'muxer: could not write header' >&2; exit 1", named: "ff", in: directory
    )
    let writer = try VideoWriter(
      path: directory.file("v.mp4"), width: 4, height: 4, options: VideoEncoding(ffmpegPath: fake))
    try writer.append(RGBAImage(width: 4, height: 4, fill: .white))
    do {
      try writer.finish()
      Issue.record("must fail")
    } catch {
      #expect(!"\(error)".contains("muxer: could not write header"))
      #expect("\(error)".contains("exit status 1"))
      #expect(Self.takeLog(named: "\(error)")?.contains("muxer: could not write header") == true)
    }
    #expect(directoryListing(directory.path) == ["ff"])
  }

  /// ffmpeg's common failures in one sentence of ours, its own output in
  /// a log file (before: its last lines after "its last output:").
  @Test func ffmpegFailuresAreSaidInOurWords() throws {
    let directory = try TemporaryDirectory()
    let cases = [
      (
        "[mp4 @ 0x55] Error writing trailer of x.mp4: No space left on device",
        "the disk is full"
      ),
      ("Unknown encoder 'libx265'", "this ffmpeg has no libx265 encoder"),
      (
        "pipe:: Invalid data found when processing input",
        "ffmpeg could not read its input (invalid data)"
      ),
      (
        "[libx264 @ 0x1] width not divisible by 2 (65x49)\nError while opening encoder",
        "the encoder refused the frame size or pixel format"
      ),
    ]
    for (index, (said, cause)) in cases.enumerated() {
      let fake = try Self.script(
        "cat >/dev/null; cat >&2 <<'END'\n\(said)\nEND\nexit 1", named: "ff\(index)",
        in: directory)
      let writer = try VideoWriter(
        path: directory.file("v.mp4"), width: 4, height: 4,
        options: VideoEncoding(ffmpegPath: fake))
      try writer.append(RGBAImage(width: 4, height: 4, fill: .white))
      do {
        try writer.finish()
        Issue.record("must fail")
      } catch {
        let text = "\(error)"
        #expect(text.contains("exit status 1: \(cause)"), "\(text)")
        #expect(!text.contains(said) && !text.contains("\n"), "\(text)")
        #expect(Self.takeLog(named: text)?.contains(said) == true, "\(text)")
      }
    }
  }

  @Test func badRequestsAreRefusedBeforeStartingFFmpeg() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: VideoError.self) {
      try VideoWriter(path: directory.file("a.mp4"), width: 0, height: 8)
    }
    #expect(throws: VideoError.self) {
      try VideoWriter(
        path: directory.file("a.mp4"), width: 1, height: 8, options: VideoEncoding(oddSize: .crop))
    }
    #expect(throws: VideoError.self) {
      try VideoWriter(
        path: directory.file("a.mp4"), width: 8, height: 8,
        options: VideoEncoding(framesPerSecond: 0))
    }
  }

  @Test func executableLookupFollowsPATH() throws {
    let directory = try TemporaryDirectory()
    let tool = try Self.script("exit 0", named: "mytool", in: directory)
    let plain = directory.file("notexec")
    try AtomicFile.write([1], to: plain)
    let environment = ["PATH": "/nonexistent:\(directory.path)"]
    #expect(ExecutableLocator.find("mytool", environment: environment) == tool)
    #expect(ExecutableLocator.find("notexec", environment: environment) == nil, "not executable")
    #expect(ExecutableLocator.find(tool, environment: [:]) == tool, "a path is taken as it is")
    #expect(
      try ExecutableLocator.ffmpeg(environment: [
        "PATH": directory.path, "MESHWARP_FFMPEG": "mytool",
      ])
        == tool)
  }
}
