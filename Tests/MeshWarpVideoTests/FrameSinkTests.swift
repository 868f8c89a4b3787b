import Foundation
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// Choosing the output from its path, progress, single PNGs and numbered
/// sequences.
@Suite struct FrameSinkTests {
  @Test func formatFromPath() throws {
    let directory = try TemporaryDirectory()
    #expect(try OutputFormat.infer(path: "a.png") == .png)
    #expect(try OutputFormat.infer(path: "A.PNG") == .png)
    #expect(try OutputFormat.infer(path: "a.png", pngIsAnimated: true) == .apng)
    #expect(try OutputFormat.infer(path: "dir.v2/a.apng") == .apng)
    #expect(try OutputFormat.infer(path: "clip.mp4") == .video(.mp4))
    #expect(try OutputFormat.infer(path: "-") == .png)
    #expect(try OutputFormat.infer(path: "-", pngIsAnimated: true) == .apng)
    #expect(
      try OutputFormat.infer(path: "f_%04d.png") == .pngSequence(FrameNumberPattern("f_%04d.png")))
    #expect(
      try OutputFormat.infer(path: directory.path)
        == .pngSequence(FrameNumberPattern(directory.path + "/frame_%05d.png")))
    #expect(
      try OutputFormat.infer(path: "new/") == .pngSequence(FrameNumberPattern("new/frame_%05d.png"))
    )
  }

  /// A sequence stopped half way (Ctrl-C, an error) left its first frames
  /// at the target: they now wait in a hidden folder until `finish()`.
  @Test func interruptedSequenceLeavesNoFrames() throws {
    let directory = try TemporaryDirectory()
    let pattern = try FrameNumberPattern(directory.path + "/f_%03d.png")
    let frame = RGBAImage(width: 4, height: 3, fill: RGBA8(10, 200, 30, 255))
    let stopped = try PNGSequenceWriter(pattern: pattern, concurrentFrames: 1)
    for _ in 0..<3 { try stopped.append(frame) }
    stopped.cancel()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    let finished = try PNGSequenceWriter(pattern: pattern, concurrentFrames: 1)
    for _ in 0..<3 { try finished.append(frame) }
    try finished.finish()
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["f_000.png", "f_001.png", "f_002.png"])
  }

  /// Only names the pattern writes are its frames: the same prefix and
  /// suffix, the number padded to the pattern's width.
  @Test func frameNumbersAreReadBackExactly() throws {
    let zero = try FrameNumberPattern("out/f_%04d.png")
    #expect(zero.number(inPath: "out/f_0042.png") == 42)
    #expect(zero.number(inPath: "out/f_12345.png") == 12345)
    for other in [
      "out/f_42.png", "out/f_00042.png", "out/f_0042.jpg", "out/g_0042.png", "f_0042.png",
      "out/f_00a2.png", "out/f_-042.png", "out/f_.png",
    ] {
      #expect(zero.number(inPath: other) == nil, "\(other)")
    }
    let spaced = try FrameNumberPattern("%3d.png")
    #expect(spaced.number(inPath: "  7.png") == 7)
    #expect(spaced.number(inPath: "007.png") == nil)
    #expect(try FrameNumberPattern("f%d.png").number(inPath: "f0.png") == 0)
  }

  /// A 10-frame run into a folder holding 100 frames of the pattern left
  /// 90 of them mixed in. The writer now refuses such a folder (naming a
  /// frame and the count), and with `replacesExistingFrames` removes the
  /// old frames at `finish()` only: a cancelled run keeps them.
  @Test func existingFramesAreRefusedOrReplaced() throws {
    let directory = try TemporaryDirectory()
    let pattern = try FrameNumberPattern(directory.path + "/f_%04d.png")
    let old: [UInt8] = Array("old".utf8)
    for n in 0..<100 { try AtomicFile.write(old, to: pattern.path(for: n)) }
    let others = ["f_42.png", "f_00042.png", "f_0001.jpg", "g_0001.png", "notes.txt"]
    for name in others { try AtomicFile.write(old, to: directory.file(name)) }
    let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(before.count == 105)
    do {
      _ = try PNGSequenceWriter(pattern: pattern)
      Issue.record("a folder with frames of the pattern must be refused")
    } catch let error as VideoError {
      #expect("\(error)".contains("100 frames"), "\(error)")
      #expect("\(error)".contains(pattern.path(for: 0)), "\(error)")
    }
    let folder = try TemporaryDirectory()
    try AtomicFile.write(old, to: folder.file("frame_00003.png"))
    #expect(throws: VideoError.self) { _ = try PNGSequenceWriter(directory: folder.path) }
    let frame = RGBAImage(width: 4, height: 3, fill: RGBA8(10, 200, 30, 255))
    let stopped = try PNGSequenceWriter(
      pattern: pattern, concurrentFrames: 1, replacesExistingFrames: true)
    for _ in 0..<10 { try stopped.append(frame) }
    stopped.cancel()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
    let replacing = try PNGSequenceWriter(
      pattern: pattern, concurrentFrames: 1, replacesExistingFrames: true)
    for _ in 0..<10 { try replacing.append(frame) }
    try replacing.finish()
    let after = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(after == ((0..<10).map { String(format: "f_%04d.png", $0) } + others).sorted())
    for n in 0..<10 {
      let decoded = try PNGDecoder.decode(
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: pattern.path(for: n)))))
      #expect(decoded.width == 4 && decoded.pixels == frame.pixels)
    }
    for name in others {
      #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file(name))) == Data(old))
    }
  }

  @Test func unknownExtensionsAreClearErrors() {
    for (path, words) in [
      ("out.tiff", "unknown output extension .tiff"), ("out", "no file extension"),
      ("dir.d/out", "no file extension"), ("f_%04d.bmp", "end the pattern with .png or .jpg"),
      ("f_%s.png", "unsupported conversion"), ("f_%d_%d.png", "more than one"),
    ] {
      do {
        _ = try OutputFormat.infer(path: path)
        Issue.record("\(path) must be refused")
      } catch {
        #expect("\(error)".contains(words), "\(path): \(error)")
        #expect("\(error)".hasPrefix(path + ": "), "the message names the path: \(error)")
      }
    }
  }

  @Test func framePatterns() throws {
    #expect(try FrameNumberPattern("f_%04d.png").path(for: 7) == "f_0007.png")
    #expect(try FrameNumberPattern("f_%04d.png").path(for: 123456) == "f_123456.png")
    #expect(try FrameNumberPattern("%d.png").path(for: 42) == "42.png")
    #expect(try FrameNumberPattern("f%3d.png").path(for: 5) == "f  5.png")
    #expect(try FrameNumberPattern("100%%_%02d.png").path(for: 3) == "100%_03.png")
    #expect(throws: VideoError.self) { try FrameNumberPattern("none.png") }
    #expect(throws: VideoError.self) { try FrameNumberPattern("f_%x.png") }
  }

  @Test func sequenceWritesEveryFrameAndReportsProgress() throws {
    let directory = try TemporaryDirectory()
    var reports: [ExportProgress] = []
    let sink = try FrameSinks.make(
      path: directory.file("seq_%03d.png"), width: 12, height: 8,
      options: FrameSinkOptions(sequenceStartNumber: 1), totalFrames: 5,
      progress: { reports.append($0) })
    let frames = (0..<5).map { animatedTestFrame(width: 12, height: 8, frame: $0) }
    for frame in frames { try sink.append(frame) }
    try sink.finish()
    #expect(directoryListing(directory.path) == (1...5).map { "seq_00\($0).png" })
    for (i, frame) in frames.enumerated() {
      #expect(try PNGDecoder.decodeFile(path: directory.file("seq_00\(i + 1).png")) == frame)
    }
    #expect(reports.map(\.framesWritten) == [1, 2, 3, 4, 5])
    #expect(reports.last?.fraction == 1)
  }

  @Test func directoryOutputIsCreated() throws {
    let directory = try TemporaryDirectory()
    let target = directory.file("frames/")
    let sink = try FrameSinks.make(path: target, width: 4, height: 4)
    try sink.append(RGBAImage(width: 4, height: 4, fill: .black))
    try sink.append(RGBAImage(width: 4, height: 4, fill: .white))
    try sink.finish()
    #expect(directoryListing(directory.file("frames")) == ["frame_00000.png", "frame_00001.png"])
  }

  @Test func singlePNGTakesExactlyOneFrame() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("still.png")
    let sink = try FrameSinks.make(path: path, width: 4, height: 4)
    try sink.append(RGBAImage(width: 4, height: 4, fill: .white))
    do {
      try sink.append(RGBAImage(width: 4, height: 4, fill: .black))
      Issue.record("a second frame must be refused")
    } catch {
      #expect("\(error)".contains("holds one frame"))
    }
    #expect(directoryListing(directory.path).isEmpty, "nothing written after the refusal")
    // The refusal cancelled the export (the shared FrameWriterLifecycle).
    #expect(
      throws: VideoError.unsupportedOutput(path: path, reason: "the export was cancelled")
    ) {
      try sink.finish()
    }
    #expect(throws: VideoError.unsupportedOutput(path: path, reason: "no frames to write")) {
      try SinglePNGWriter(path: path).finish()
    }

    let again = try FrameSinks.make(path: path, width: 4, height: 4)
    try again.append(RGBAImage(width: 4, height: 4, fill: .white))
    try again.finish()
    #expect(try PNGDecoder.decodeFile(path: path) == RGBAImage(width: 4, height: 4, fill: .white))
    let finished = VideoError.unsupportedOutput(
      path: path, reason: "the image is already finished")
    #expect(throws: finished) { try again.append(RGBAImage(width: 4, height: 4, fill: .black)) }
    #expect(throws: finished) { try again.finish() }
  }

  @Test func animatedPNGThroughTheFactory() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("anim.png")
    let sink = try FrameSinks.make(
      path: path, width: 10, height: 6,
      options: FrameSinkOptions(framesPerSecond: 10, pngIsAnimated: true))
    let frames = (0..<4).map { animatedTestFrame(width: 10, height: 6, frame: $0) }
    for frame in frames { try sink.append(frame) }
    try sink.finish()
    let animation = try APNGReader.readFile(path: path)
    #expect(animation.frames.map(\.image) == frames)
    #expect(animation.frames.allSatisfy { $0.delay == APNGDelay(numerator: 1, denominator: 10) })
  }

  /// `VideoEncoding.concurrentFrames` (a command's `--threads`) bounds the
  /// frames the APNG and sequence writers encode at once; 0 is every core.
  @Test func concurrentFramesFollowTheEncoding() throws {
    let directory = try TemporaryDirectory()
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for (asked, expected) in [(1, 1), (3, 3), (0, cores)] {
      var video = VideoEncoding()
      video.concurrentFrames = asked
      let options = FrameSinkOptions(pngIsAnimated: true, video: video)
      var made: [Int] = []
      for path in ["a\(asked).png", "p\(asked)_%03d.png", "j\(asked)_%03d.jpg", "d\(asked)/"] {
        let sink = try FrameSinks.make(
          path: directory.file(path), width: 4, height: 4, options: options)
        defer { sink.cancel() }
        if let apng = sink as? APNGWriter { made.append(apng.options.concurrentFrames) }
        if let sequence = sink as? PNGSequenceWriter { made.append(sequence.concurrentFrames) }
      }
      #expect(made == [expected, expected, expected, expected], "concurrentFrames \(asked)")
    }
  }

  @Test func mp4ThroughTheFactoryNeedsFFmpeg() throws {
    let directory = try TemporaryDirectory()
    do {
      _ = try FrameSinks.make(
        path: directory.file("v.mp4"), width: 8, height: 8,
        environment: ["PATH": directory.path])
      Issue.record("must fail without ffmpeg")
    } catch {
      #expect("\(error)".contains("ffmpeg is not available"))
    }
  }
}
