import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// Animated WebP as a video input, decoded with libwebp where this ffmpeg
/// cannot (Pillow writes the files: lossless, every pixel known).
@Suite(
  .enabled(
    if: VideoTools.available && TestPython.imports("PIL"), "ffmpeg, ffprobe or Pillow is missing"
  ))
struct AnimatedWebPInputTests {
  /// Four frames of 32 × 24, one colour each, shown 100, 250, 40 and
  /// 500 ms, played twice.
  static func animation(in directory: borrowing TemporaryDirectory) throws -> String {
    let script = """
      import sys
      from PIL import Image
      frames = [Image.new('RGBA', (32, 24), (i * 60, 255 - i * 60, 40, 255)) for i in range(4)]
      frames[0].save(sys.argv[1] + '/anim.webp', save_all=True, append_images=frames[1:],
                     duration=[100, 250, 40, 500], loop=2, lossless=True)
      """
    let process = TestPython.process(["-c", script, directory.path])
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return directory.file("anim.webp")
  }

  @Test func framesAndTheirTimesComeThrough() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.animation(in: directory)
    let reader = try VideoReader(path: path)
    #expect(reader.info.width == 32 && reader.info.height == 24)
    #expect(reader.info.codec == "webp")
    let durations = try #require(reader.frameTimes?.durations)
    #expect(durations.count == 4)
    for (d, expected) in zip(durations, [0.1, 0.25, 0.04, 0.5]) {
      #expect(abs(d - expected) < 1e-6, "duration \(d), expected \(expected)")
    }
    var count = 0
    while let frame = try reader.nextFrame() {
      let colour = RGBA8(UInt8(count * 60), UInt8(255 - count * 60), 40)
      #expect(frame.image[10, 10] == colour, "frame \(count)")
      count += 1
    }
    #expect(count == 4)
    #expect(reader.info.loopCount == 2)
  }

  /// The loop count travels to the looping outputs (GIF, animated WebP,
  /// APNG), and the GIF keeps every frame's duration, read back by Pillow.
  @Test func loopCountTravels() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.animation(in: directory)
    for name in ["out.gif", "out.webp", "out.apng"] {
      try VideoWarp(
        input: .video(path: path), mesh: .still(.identity(columns: 2, rows: 2)),
        output: VideoWarp.Output(path: directory.file(name))
      ).run()
    }
    let process = TestPython.process([
      "-c",
      "import sys\nfrom PIL import Image\nprint(*[Image.open(f).info.get('loop') for f in sys.argv[1:]])\n"
        + "g = Image.open(sys.argv[1])\nprint(*[(g.seek(i), g.info['duration'])[1] for i in range(g.n_frames)])",
      directory.file("out.gif"), directory.file("out.webp"), directory.file("out.apng"),
    ])
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    // The loop counts, then the GIF's frame durations (ms), every one kept.
    #expect(
      text.trimmingCharacters(in: .whitespacesAndNewlines) == "2 2 2\n100 250 40 500", "\(text)")
  }

  /// ffmpeg reads an animated WebP from a temporary Matroska file; what it
  /// prints names the user's file, not that one (bare or as `file:`).
  @Test func messagesNameTheUsersFile() throws {
    let temporary = "/tmp/meshwarp-webp-AbC123.mkv"
    let child = try ChildProcess(
      tool: "sh", executable: "/bin/sh",
      arguments: [
        "-c", "echo 'file:\(temporary): Invalid data' >&2; echo '\(temporary) ended' >&2",
      ])
    _ = child.wait()
    #expect(
      child.errorTail(replacingInput: temporary, with: "in.webp")
        == "in.webp: Invalid data\nin.webp ended\n")
    #expect(child.lastErrorLine(replacingInput: temporary, with: "in.webp") == "in.webp ended")
    // Without a name to use, the bare path stays.
    #expect(child.errorTail(replacingInput: temporary).hasPrefix(temporary + ": Invalid data"))
  }
}
