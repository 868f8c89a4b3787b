import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// The byte-stream side of video input (no ffmpeg needed): cutting raw
/// RGBA into frames, and reading ffprobe's JSON.
@Suite struct VideoFrameParserTests {
  @Test func cutsWholeFramesWithTimestamps() throws {
    var parser = try RawVideoFrameParser(width: 3, height: 2, framesPerSecond: 25, source: "s")
    let bytes = (0..<(3 * 2 * 4 * 3)).map { UInt8($0 % 251) }
    let frames = try parser.frames(in: bytes)
    #expect(frames.count == 3)
    #expect(frames.map(\.index) == [0, 1, 2])
    #expect(frames.map(\.timestamp) == [0, 0.04, 0.08])
    #expect(frames[1].image.pixels == Array(bytes[24..<48]))
    #expect(try parser.frames(in: bytes).isEmpty)  // finished: nothing more
  }

  @Test func emptyStreamHasNoFrames() throws {
    var parser = try RawVideoFrameParser(width: 1, height: 1, framesPerSecond: 1, source: "s")
    #expect(try parser.frames(in: []).isEmpty)
  }

  @Test func partialFrameIsAnError() throws {
    var parser = try RawVideoFrameParser(width: 2, height: 2, framesPerSecond: 30, source: "pipe")
    #expect(
      throws: VideoInputError.endedEarly(
        source: "pipe", framesRead: 2, partialBytes: 5, frameBytes: 16)
    ) {
      _ = try parser.frames(in: [UInt8](repeating: 7, count: 37))
    }
    #expect(
      VideoInputError.endedEarly(source: "pipe", framesRead: 2, partialBytes: 5, frameBytes: 16)
        .description == "pipe: stream ended early after 2 frames (5 of the 16 bytes of frame 3)")
  }

  /// A spent frame of the right size is read into (the same buffer, no
  /// allocation); one of another size, or shared, is not touched.
  @Test func readsIntoASpentFrame() throws {
    var parser = try RawVideoFrameParser(width: 2, height: 2, framesPerSecond: 10, source: "s")
    var next: UInt8 = 0
    func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
      for i in buffer.indices { buffer[i] = next }
      next &+= 1
      return buffer.count
    }
    var first = try #require(try parser.nextFrame(read: read))
    let address = first.image.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let spent = first.image
    first.image = RGBAImage(width: 0, height: 0)
    let second = try #require(try parser.nextFrame(reusing: consume spent, read: read))
    #expect(second.image.pixels == [UInt8](repeating: 1, count: 16))
    #expect(second.index == 1)
    #expect(
      second.image.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address)
    // Shared: the holder's pixels stay as they were.
    let kept = second.image
    let third = try #require(try parser.nextFrame(reusing: kept, read: read))
    #expect(third.image.pixels == [UInt8](repeating: 2, count: 16))
    #expect(kept.pixels == [UInt8](repeating: 1, count: 16))
    // The wrong size: a new buffer.
    let fourth = try #require(
      try parser.nextFrame(reusing: RGBAImage(width: 1, height: 1), read: read))
    #expect(fourth.image.pixels == [UInt8](repeating: 3, count: 16))
  }

  /// Reads that return a byte at a time, or claim more than they were given.
  @Test func toleratesOddReads() throws {
    var parser = try RawVideoFrameParser(width: 2, height: 1, framesPerSecond: 2, source: "s")
    var remaining = 16
    var seen = 0
    while let frame = try parser.nextFrame(read: { buffer in
      guard remaining > 0 else { return 0 }
      buffer[0] = UInt8(remaining)
      remaining -= 1
      return 1
    }) {
      #expect(frame.image.pixels.count == 8)
      seen += 1
    }
    #expect(seen == 2)
    var liar = try RawVideoFrameParser(width: 2, height: 1, framesPerSecond: 2, source: "s")
    let frame = try liar.nextFrame(read: { _ in 1_000_000 })
    #expect(frame?.image.pixels == [UInt8](repeating: 0, count: 8))
  }

  @Test func rejectsImpossibleSizes() {
    #expect(throws: VideoInputError.self) {
      _ = try RawVideoFrameParser(width: 0, height: 5, framesPerSecond: 1, source: "s")
    }
    #expect(throws: VideoInputError.self) {
      _ = try RawVideoFrameParser(width: 99999, height: 5, framesPerSecond: 1, source: "s")
    }
    #expect(throws: VideoInputError.self) {
      _ = try RawVideoFrameParser(width: 5, height: 5, framesPerSecond: .nan, source: "s")
    }
  }

  static func probe(_ json: String) throws(VideoInputError) -> VideoInfo {
    try VideoProbe.parse(Array(json.utf8), path: "v.mp4")
  }

  @Test func readsProbeJSON() throws {
    let info = try Self.probe(
      """
      {"streams": [
        {"index": 0, "codec_type": "video", "codec_name": "mjpeg", "width": 10, "height": 10,
         "disposition": {"attached_pic": 1}, "r_frame_rate": "90000/1"},
        {"index": 1, "codec_type": "audio", "codec_name": "aac"},
        {"index": 2, "codec_type": "video", "codec_name": "h264", "width": 1920, "height": 1080,
         "pix_fmt": "yuv420p", "r_frame_rate": "30/1", "avg_frame_rate": "30000/1001",
         "nb_frames": "300", "duration": "10.01",
         "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]}],
       "format": {"duration": "10.5"}}
      """)
    #expect(info.streamIndex == 2)
    #expect(info.codec == "h264")
    #expect(info.rotation == 270)
    #expect(info.width == 1080 && info.height == 1920)
    #expect(info.storedWidth == 1920 && info.storedHeight == 1080)
    #expect(info.frameRate == FrameRate(numerator: 30000, denominator: 1001))
    #expect(info.frameCount == 300)
    #expect(info.duration == 10.01)
    #expect(info.hasAudio)
    #expect(!info.hasAlpha)
  }

  @Test func readsRotateTagAlphaAndFallbacks() throws {
    let info = try Self.probe(
      """
      {"streams": [{"codec_type": "video", "codec_name": "vp9", "width": 8, "height": 6,
        "pix_fmt": "yuv420p", "avg_frame_rate": "0/0", "r_frame_rate": "24/1",
        "tags": {"rotate": "90", "alpha_mode": "1"}}], "format": {"duration": "2.0"}}
      """)
    #expect(info.rotation == 270)  // tag: clockwise; reported counterclockwise
    #expect(info.width == 6 && info.height == 8)
    #expect(info.framesPerSecond == 24)
    #expect(info.frameCount == nil)
    #expect(info.estimatedFrameCount == 48)
    #expect(info.hasAlpha)
    #expect(VideoReader.arguments(path: "a", info: info).contains("libvpx-vp9"))
  }

  @Test func probeErrorsAreClear() {
    #expect(throws: VideoInputError.noVideoStream(path: "v.mp4", streams: "audio (aac)")) {
      _ = try Self.probe("{\"streams\": [{\"codec_type\": \"audio\", \"codec_name\": \"aac\"}]}")
    }
    #expect(throws: VideoInputError.self) { _ = try Self.probe("not json") }
    #expect(throws: VideoInputError.self) { _ = try Self.probe("{\"streams\": 5}") }
    do {
      _ = try Self.probe(
        "{\"streams\": [{\"codec_type\": \"video\", \"codec_name\": \"webp\", \"width\": 0, \"height\": 0, \"r_frame_rate\": \"25/1\"}]}"
      )
      Issue.record("no error")
    } catch {
      #expect(error.description.contains("animated WebP"))
    }
    #expect(throws: VideoInputError.self) {
      _ = try Self.probe(
        "{\"streams\": [{\"codec_type\": \"video\", \"width\": 4, \"height\": 4, \"r_frame_rate\": \"0/0\"}]}"
      )
    }
  }
}
