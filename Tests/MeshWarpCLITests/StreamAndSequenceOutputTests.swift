import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// Outputs that are not one file: animations streamed to standard output
/// in the format `--format` names, and numbered sequences into a folder
/// that already holds frames.
extension RealVideoFileTests {
  /// `bash -c SCRIPT`: its exit status and standard output.
  static func shell(_ script: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// ffprobe's container name of `path` and `key=value` of its first video
  /// stream, its frames counted by decoding them.
  static func probeFile(_ path: String) throws -> [String: String] {
    let text = String(
      decoding: try ToolProcess.output(
        VideoTools.ffprobe!,
        [
          "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
          "stream=codec_name,width,height,nb_read_frames:format=format_name", "-of",
          "default=noprint_wrappers=1", path,
        ]), as: UTF8.self)
    var result: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { result[parts[0]] = parts[1] }
    }
    return result
  }

  /// `-o -` with an animation was always APNG, and `--format mp4` with it
  /// was refused (exit 2, "standard output takes APNG"). `--format` now
  /// picks what is streamed: each format, piped through `cat` into a file,
  /// is that format with the 5 frames at 24×16 (ffprobe decodes them;
  /// animated WebP, which ffmpeg 5.1 cannot decode, is counted by Pillow).
  /// MP4 and MOV are fragmented (a `moof` box: nothing seeks back). Without
  /// `--format` it stays APNG.
  @Test(.enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"))
  func animationsStreamInTheFormatAsked() throws {
    let folder = try VideoCommandTests.fixture()
    let binary = VideoCommandTests.binary!
    let command =
      "'\(binary)' gradient --preset meshing --size 24x16 --duration 0.5 --fps 10 -o -"
    let cases: [(String?, String, String)] = [
      ("mp4", "mov,mp4,m4a,3gp,3g2,mj2", "h264"), ("mkv", "matroska,webm", "h264"),
      ("mov", "mov,mp4,m4a,3gp,3g2,mj2", "prores"), ("webm", "matroska,webm", "vp9"),
      ("gif", "gif", "gif"), ("apng", "apng", "apng"), (nil, "apng", "apng"),
    ]
    for (format, container, codec) in cases {
      let out = folder.file("s-\(format ?? "default")")
      let errors = out + ".err"
      let run = try Self.shell(
        command + (format.map { " --format \($0)" } ?? "")
          + " 2>'\(errors)' | cat >'\(out)'; echo ${PIPESTATUS[0]}")
      let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      #expect(run.output.hasPrefix("0"), "\(format ?? "-"): \(run.output) \(said)")
      let probe = try Self.probeFile(out)
      #expect(probe["format_name"] == container, "\(format ?? "-"): \(probe)")
      #expect(probe["codec_name"] == codec, "\(format ?? "-"): \(probe)")
      #expect(probe["width"] == "24" && probe["height"] == "16", "\(format ?? "-"): \(probe)")
      #expect(probe["nb_read_frames"] == "5", "\(format ?? "-"): \(probe)")
      if format == "mp4" || format == "mov" {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(bytes.range(of: Data("moof".utf8)) != nil, "\(format!) is not fragmented")
      }
    }
    // Still refused for a terminal, whatever the format.
    let terminal = Console.capturing(stdoutIsTerminal: true)
    let status = MeshwarpTool.run(
      ["gradient", "--preset", "meshing", "--size", "24x16", "--duration", "0.5", "-o", "-"]
        + ["--format", "mp4"], console: terminal.console)
    #expect(status == 2 && terminal.errors().contains("standard output is a terminal"))
    let webp = folder.file("s.webp")
    let run = try Self.shell(command + " --format webp | cat >'\(webp)'; echo ${PIPESTATUS[0]}")
    #expect(run.output.hasPrefix("0"), "\(run.output)")
    if TestPython.imports("PIL") {
      let process = TestPython.process([
        "-c",
        "import sys; from PIL import Image; im = Image.open(sys.argv[1]); print(im.format, im.n_frames, im.size)",
        webp,
      ])
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(said.trimmingCharacters(in: .whitespacesAndNewlines) == "WEBP 5 (24, 16)")
    }
  }

  /// A video streamed as MP4 (fragmented) and WebM keeps its 10 frames and
  /// its audio (AAC copied; Opus in WebM); without `--format` a video is
  /// refused on standard output with a usage error naming `--format`.
  /// Before, every one was refused ("written to a file, not standard
  /// output").
  @Test(.enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"))
  func videoStreamsWithItsAudio() throws {
    let folder = try VideoCommandTests.fixture()
    let command =
      "'\(VideoCommandTests.binary!)' warp '\(folder.file("clip.mp4"))' --mesh '\(folder.file("b.json"))' -o -"
    for (format, audio) in [("mp4", "aac"), ("webm", "opus")] {
      let out = folder.file("v." + format)
      let run = try Self.shell(
        command + " --format \(format) 2>/dev/null | cat >'\(out)'; echo ${PIPESTATUS[0]}")
      #expect(run.output.hasPrefix("0"), "\(format): \(run.output)")
      let probe = try Self.probeFile(out)
      #expect(probe["nb_read_frames"] == "10", "\(format): \(probe)")
      #expect(probe["width"] == "64" && probe["height"] == "48", "\(format): \(probe)")
      #expect(try VideoCommandTests.probe(out, "a", "codec_name")["codec_name"] == audio)
    }
    let refused = try Self.shell(command + " 2>&1 >/dev/null")
    #expect(refused.output.contains("--format"), "\(refused.output)")
  }

  /// The reader of a streamed MP4 going away (`| head -c 10`): the tool
  /// ends by SIGPIPE and prints nothing, as for a still or an APNG. The
  /// frames are opaque noise (a mesh that covers the frame, growing), so
  /// that the stream outgrows the pipe's buffer. ffmpeg itself exits 0
  /// when its fragmented MP4's last write fails: the closed pipe is seen
  /// on standard output, not in ffmpeg's status.
  @Test(.enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"))
  func streamedVideoToAClosedPipeEndsQuietly() throws {
    let folder = try VideoCommandTests.fixture()
    let noise = folder.write(
      TestImages.random(width: 320, height: 240, seed: 3, alpha: false), "noise.png")
    let cover = folder.write(
      #"{"from": [[0,0],[1,0],[0,1],[1,1]], "to": [[-0.1,-0.1],[1.1,0],[0,1.1],[1.1,1.1]], "faces": [[0,1,3,2]]}"#,
      "cover.json")
    let errors = folder.file("errors.txt")
    let run = try Self.shell(
      "'\(VideoCommandTests.binary!)' warp '\(noise)' --mesh '\(folder.file("a.json"))' "
        + "--to-mesh '\(cover)' --duration 2 -o - --format mp4 "
        + "2>'\(errors)' | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}")
    #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == "141")
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
  }

  /// `out/` holding 100 frames of `pattern` (`f_0000.png` …) and four
  /// files outside it; returns its path and contents.
  static func earlierFrames(_ folder: TemporaryFolder, pattern: String = "f_%04d.png") throws
    -> (path: String, before: [String: Data])
  {
    let out = folder.file("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let names =
      (0..<100).map { String(format: pattern, $0) }
      + ["f_42.png", "f_00042.png", "f_0001.jpg", "g_0001.png"]
    for name in names {
      try Data("old \(name)".utf8).write(to: URL(fileURLWithPath: out + "/" + name))
    }
    return (out, try contents(out))
  }

  /// Every file in `folder`, by name.
  static func contents(_ folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      result[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
    }
    return result
  }

  /// A 10-frame sequence into a folder that held 100 frames of the pattern
  /// left 90 stale ones mixed in (exit 0). Now: exit 2 naming a frame and
  /// the count, nothing touched; `--overwrite` (or `-y`, as in ffmpeg)
  /// leaves exactly the 10 new frames, and files outside the pattern
  /// (`f_42.png`, `f_00042.png`, `.jpg`, another prefix) as they were. The
  /// same for a folder given as `-o out/` (`frame_%05d.png`).
  @Test func sequencesDoNotMixWithEarlierFrames() throws {
    let folder = TemporaryFolder()
    let gradient = ["gradient", "--preset", "meshing", "--size", "8x6", "--duration", "1"]
    for (pattern, target) in [("f_%04d.png", "f_%04d.png"), ("frame_%05d.png", "")] {
      for flag in ["--overwrite", "-y"] {
        let (out, before) = try Self.earlierFrames(folder, pattern: pattern)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let refused = ToolRun(gradient + ["--fps", "10", "-o", out + "/" + target])
        #expect(refused.status == 2, "\(pattern): \(refused.errors)")
        #expect(refused.errors.contains("100 frames"), "\(refused.errors)")
        #expect(refused.errors.contains(String(format: pattern, 0)), "\(refused.errors)")
        #expect(refused.errors.contains("--overwrite"), "\(refused.errors)")
        #expect(try Self.contents(out) == before)
        let replaced = ToolRun(gradient + ["--fps", "10", flag, "-o", out + "/" + target])
        #expect(replaced.status == 0, "\(pattern) \(flag): \(replaced.errors)")
        let after = try Self.contents(out)
        let new = (0..<10).map { String(format: pattern, $0) }
        let kept = ["f_42.png", "f_00042.png", "f_0001.jpg", "g_0001.png"]
        #expect(Set(after.keys) == Set(new + kept), "\(after.keys.sorted())")
        for name in new {
          let image = try PNGDecoder.decode([UInt8](after[name] ?? Data()))
          #expect(image.width == 8 && image.height == 6, "\(name)")
        }
        for name in kept { #expect(after[name] == before[name], "\(name)") }
      }
    }
  }

  /// `--overwrite` removes the old frames only when the new sequence is in
  /// place: a run that fails part-way (ffmpeg, decoding the input, killed
  /// after one frame) keeps all 100 and leaves no hidden folder.
  @Test(.enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"))
  func failedRunKeepsTheFramesItWouldReplace() throws {
    let folder = TemporaryFolder()
    let (out, before) = try Self.earlierFrames(folder)
    let clip = try ReliabilityCatalogueTests.clip(folder)
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    let bin = try ReliabilityCatalogueTests.fakeTools(
      folder, ffmpeg: "/usr/bin/head -c 12288 /dev/zero; kill -9 $$")
    let (status, errors) = try ReliabilityCatalogueTests.binary(
      ["warp", clip, "--mesh", mesh, "--overwrite", "-o", out + "/f_%04d.png"], path: bin)
    #expect(status == 1, "\(errors)")
    #expect(try Self.contents(out) == before)
  }
}
