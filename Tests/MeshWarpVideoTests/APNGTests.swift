import Foundation
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO
@testable import MeshWarpVideo

/// Animated PNGs written by `APNGWriter` and read back by the independent
/// `APNGReader` (and, for the default image, by libpng).
@Suite struct APNGTests {
  static func frames(count: Int, width: Int = 40, height: Int = 24) -> [RGBAImage] {
    (0..<count).map { animatedTestFrame(width: width, height: height, frame: $0) }
  }

  @Test func writtenAnimationReadsBackExactly() throws {
    let frames = Self.frames(count: 7)
    let options = APNGOptions(framesPerSecond: 24, loopCount: 0)
    let bytes = try APNGWriter.encode(frames, options: options)
    let animation = try APNGReader.read(bytes)
    #expect(animation.isAnimated)
    #expect(animation.defaultImageIsFirstFrame)
    #expect(animation.width == 40 && animation.height == 24)
    #expect(animation.loopCount == 0)
    #expect(animation.frames.count == 7)
    for (i, frame) in animation.frames.enumerated() {
      #expect(frame.delay == APNGDelay(numerator: 1, denominator: 24), "frame \(i)")
      #expect(frame.image == frames[i], "frame \(i) pixels")
      #expect(frame.disposeOp == .none && frame.blendOp == .source)
    }
    // libpng, which ignores the animation chunks, sees frame 0.
    #expect(try PNGDecoder.decode(bytes) == frames[0])
  }

  @Test(arguments: [
    PNGFilterStrategy.none, .sub, .up, .average, .paeth, .adaptive,
  ])
  func everyFilterRoundTrips(filter: PNGFilterStrategy) throws {
    let seed: UInt64 = 0xF11_7E5
    print("APNGTests.everyFilterRoundTrips seed \(seed)")
    var rng = SeededRandom(seed: seed)
    // Noise and smooth frames, odd width (row ends not aligned to anything).
    let frames = [
      randomImage(width: 13, height: 9, rng: &rng),
      animatedTestFrame(width: 13, height: 9, frame: 1),
      randomImage(width: 13, height: 9, rng: &rng),
    ]
    for crops in [false, true] {
      let options = APNGOptions(filter: filter, cropsUnchangedRegions: crops)
      let animation = try APNGReader.read(try APNGWriter.encode(frames, options: options))
      #expect(animation.frames.map(\.image) == frames, "filter \(filter), crops \(crops)")
    }
  }

  @Test func croppingStoresOnlyTheChangedRectangle() throws {
    let base = animatedTestFrame(width: 50, height: 30, frame: 0)
    var changed = base
    changed[10, 5] = RGBA8(1, 2, 3, 4)
    changed[20, 12] = RGBA8(5, 6, 7, 8)
    let frames = [base, changed, changed]  // the last frame repeats
    let animation = try APNGReader.read(try APNGWriter.encode(frames))
    #expect(
      animation.frames.map(\.region) == [
        PixelRect(x: 0, y: 0, width: 50, height: 30),
        PixelRect(x: 10, y: 5, width: 11, height: 8),
        PixelRect(x: 0, y: 0, width: 1, height: 1),  // nothing changed
      ])
    #expect(animation.frames.map(\.image) == frames)
  }

  @Test func bytesDoNotDependOnThreadCount() throws {
    let frames = Self.frames(count: 9)
    let one = try APNGWriter.encode(frames, options: APNGOptions(concurrentFrames: 1))
    let four = try APNGWriter.encode(frames, options: APNGOptions(concurrentFrames: 4))
    let five = try APNGWriter.encode(frames, options: APNGOptions(concurrentFrames: 5))
    #expect(one == four && one == five)
  }

  @Test func loopCountAndDelaysAreStored() throws {
    let frames = Self.frames(count: 3, width: 8, height: 8)
    let options = APNGOptions(framesPerSecond: 29.97, loopCount: 3)
    let animation = try APNGReader.read(try APNGWriter.encode(frames, options: options))
    #expect(animation.loopCount == 3)
    #expect(
      animation.frames.allSatisfy { $0.delay == APNGDelay(numerator: 100, denominator: 2997) })
  }

  @Test func perFrameDelays() throws {
    let memory = MemoryByteOutput()
    let writer = try APNGWriter(
      output: memory, destination: "test", width: 8, height: 8, options: APNGOptions())
    let frames = Self.frames(count: 2, width: 8, height: 8)
    try writer.append(frames[0], delay: APNGDelay(seconds: 0.5))
    try writer.append(frames[1], delay: APNGDelay(seconds: 2))
    try writer.finish()
    let animation = try APNGReader.read(memory.bytes)
    #expect(
      animation.frames.map(\.delay) == [
        APNGDelay(numerator: 1, denominator: 2), APNGDelay(numerator: 2, denominator: 1),
      ])
  }

  @Test func delayFractions() {
    #expect(APNGDelay(framesPerSecond: 30) == APNGDelay(numerator: 1, denominator: 30))
    #expect(APNGDelay(framesPerSecond: 60) == APNGDelay(numerator: 1, denominator: 60))
    #expect(
      APNGDelay(framesPerSecond: 30000.0 / 1001) == APNGDelay(numerator: 1001, denominator: 30000))
    #expect(APNGDelay(seconds: 0) == APNGDelay(numerator: 0, denominator: 1))
    #expect(APNGDelay(seconds: 1e9).numerator == 65535)
    // π: the convergents are 3, 22/7, 333/106, 355/113, 103993/33102 (too
    // large a numerator for 16 bits), so 355/113.
    #expect(APNGDelay(seconds: Double.pi) == APNGDelay(numerator: 355, denominator: 113))
  }

  @Test func fileOutputIsAtomicAndCountsFrames() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("anim.apng")
    try AtomicFile.write(Array("previous".utf8), to: path)
    let writer = try APNGWriter(
      path: path, width: 40, height: 24, options: APNGOptions(concurrentFrames: 2))
    let frames = Self.frames(count: 5)
    for frame in frames.prefix(3) { try writer.append(frame) }
    // Mid-way, the old file is still there, untouched.
    #expect(try FileInput.readBytes(path: path) == Array("previous".utf8))
    for frame in frames.suffix(2) { try writer.append(frame) }
    try writer.finish()
    let animation = try APNGReader.readFile(path: path)
    #expect(animation.frames.map(\.image) == frames)
    #expect(directoryListing(directory.path) == ["anim.apng"])
  }

  @Test func cancelledWriterLeavesOldFileAndNoTemporary() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("anim.apng")
    try AtomicFile.write(Array("previous".utf8), to: path)
    do {
      let writer = try APNGWriter(path: path, width: 40, height: 24)
      try writer.append(Self.frames(count: 1)[0])
      // A frame of the wrong size is refused and cancels the export.
      #expect(throws: VideoError.self) {
        try writer.append(RGBAImage(width: 3, height: 3))
      }
      #expect(throws: VideoError.self) { try writer.finish() }
    }
    #expect(try FileInput.readBytes(path: path) == Array("previous".utf8))
    #expect(directoryListing(directory.path) == ["anim.apng"])
  }

  @Test func noFramesIsAnError() throws {
    let directory = try TemporaryDirectory()
    let writer = try APNGWriter(path: directory.file("a.apng"), width: 4, height: 4)
    #expect(throws: VideoError.self) { try writer.finish() }
    #expect(directoryListing(directory.path).isEmpty)
  }

  @Test(
    .enabled(
      if: VideoTools.ffmpeg != nil, "needs ffmpeg on PATH"))
  func ffmpegDecodesTheAnimationToo() throws {
    // A third, independent reader: ffmpeg's APNG demuxer and decoder.
    let ffmpeg = try #require(VideoTools.ffmpeg)
    let directory = try TemporaryDirectory()
    let path = directory.file("a.apng")
    let frames = Self.frames(count: 6, width: 20, height: 10)
    try AtomicFile.write(
      try APNGWriter.encode(frames, options: APNGOptions(framesPerSecond: 10)), to: path)
    // Decode every frame to raw RGBA on stdout.
    let (status, raw) = try ToolProcess.run(
      ffmpeg,
      [
        "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-vsync", "passthrough",
        "-",
      ])
    #expect(status == 0)
    #expect(raw == frames.flatMap(\.pixels), "ffmpeg decodes \(raw.count / 800) frames")
  }

  // MARK: - The reader's own checks

  @Test func readerVerifiesCRCs() throws {
    var bytes = try APNGWriter.encode(Self.frames(count: 2, width: 8, height: 8))
    let fdAT = try #require(chunkOffsets(bytes).first { $0.type == "fdAT" })
    bytes[fdAT.offset + 10] ^= 1
    do {
      _ = try APNGReader.read(bytes, source: "x.apng")
      Issue.record("a flipped bit must fail the CRC check")
    } catch {
      #expect("\(error)".contains("CRC mismatch in chunk fdAT"))
    }
  }

  @Test func readerChecksSequenceNumbers() throws {
    let bytes = try APNGWriter.encode(Self.frames(count: 3, width: 8, height: 8))
    // Rewrite the second fcTL with a wrong sequence number (and a valid CRC).
    let fcTLs = chunkOffsets(bytes).filter { $0.type == "fcTL" }
    let target = fcTLs[1].offset
    var data = Array(bytes[(target + 8)..<(target + 8 + 26)])
    data[3] = 99
    var rebuilt = Array(bytes[..<target])
    PNGChunk.append(type: "fcTL", data: data, to: &rebuilt)
    rebuilt += bytes[(target + 12 + 26)...]
    do {
      _ = try APNGReader.read(rebuilt)
      Issue.record("a wrong sequence number must be refused")
    } catch {
      #expect("\(error)".contains("sequence number 99"))
    }
  }

  @Test func readerRefusesTruncatedFiles() throws {
    let bytes = try APNGWriter.encode(Self.frames(count: 2, width: 8, height: 8))
    for length in stride(from: 0, to: bytes.count, by: 7) {
      #expect(throws: ImageCodecError.self, "\(length) bytes") {
        try APNGReader.read(Array(bytes.prefix(length)))
      }
    }
  }

  @Test func readerCompositesDisposeAndBlendOps() throws {
    // A hand-built 2×1 APNG: frame 0 opaque red everywhere (dispose
    // BACKGROUND), frame 1 a half-transparent blue pixel at x=1 blended OVER
    // the cleared canvas, frame 2 a green pixel at x=0 (dispose PREVIOUS
    // restores the canvas for frame 3), frame 3 a 1×1 frame at x=1 that
    // blends OVER an opaque pixel.
    var png = PNGDecoder.signature
    var ihdr: [UInt8] = []
    ihdr.appendBigEndian(UInt32(2))
    ihdr.appendBigEndian(UInt32(1))
    ihdr += [8, 6, 0, 0, 0]
    PNGChunk.append(type: "IHDR", data: ihdr, to: &png)
    var actl: [UInt8] = []
    actl.appendBigEndian(UInt32(4))
    actl.appendBigEndian(UInt32(1))
    PNGChunk.append(type: "acTL", data: actl, to: &png)
    var sequence: UInt32 = 0
    func frame(_ region: PixelRect, _ pixels: [UInt8], dispose: UInt8, blend: UInt8, idat: Bool)
      throws
    {
      var fctl: [UInt8] = []
      fctl.appendBigEndian(sequence)
      sequence += 1
      for v in [region.width, region.height, region.x, region.y] { fctl.appendBigEndian(UInt32(v)) }
      fctl.appendBigEndian(UInt16(1))
      fctl.appendBigEndian(UInt16(10))
      fctl += [dispose, blend]
      PNGChunk.append(type: "fcTL", data: fctl, to: &png)
      let raw = [0] + pixels  // one row, filter None
      let compressed = try raw.withUnsafeBytes { try Zlib.compress($0, level: 6) }
      if idat {
        PNGChunk.append(type: "IDAT", data: compressed, to: &png)
      } else {
        var data: [UInt8] = []
        data.appendBigEndian(sequence)
        sequence += 1
        PNGChunk.append(type: "fdAT", data: data + compressed, to: &png)
      }
    }
    let full = PixelRect(x: 0, y: 0, width: 2, height: 1)
    try frame(full, [255, 0, 0, 255, 255, 0, 0, 255], dispose: 1, blend: 0, idat: true)
    try frame(
      PixelRect(x: 1, y: 0, width: 1, height: 1), [0, 0, 255, 128], dispose: 0, blend: 1,
      idat: false)
    try frame(
      PixelRect(x: 0, y: 0, width: 1, height: 1), [0, 255, 0, 255], dispose: 2, blend: 0,
      idat: false)
    try frame(
      PixelRect(x: 1, y: 0, width: 1, height: 1), [255, 255, 255, 255], dispose: 0, blend: 1,
      idat: false)
    PNGChunk.append(type: "IEND", data: [], to: &png)

    let animation = try APNGReader.read(png)
    #expect(animation.loopCount == 1)
    let images = animation.frames.map(\.image.pixels)
    #expect(images[0] == [255, 0, 0, 255, 255, 0, 0, 255])
    #expect(
      images[1] == [0, 0, 0, 0, 0, 0, 255, 128], "BACKGROUND cleared frame 0; OVER on transparent")
    #expect(images[2] == [0, 255, 0, 255, 0, 0, 255, 128])
    #expect(images[3] == [0, 0, 0, 0, 255, 255, 255, 255], "PREVIOUS restored x=0")
    #expect(animation.frames[1].delay == APNGDelay(numerator: 1, denominator: 10))
  }

  @Test func overBlendMatchesTheFormula() {
    // αs = 128/255, αd = 1: αo = 1, C = Cs·αs + Cd·(1 − αs).
    let out = APNGReader.over(RGBA8(200, 0, 100, 128), RGBA8(0, 100, 100, 255))
    #expect(out == RGBA8(100, 50, 100, 255))
  }

  /// (type, offset) of every chunk.
  func chunkOffsets(_ png: [UInt8]) -> [(type: String, offset: Int)] {
    var result: [(String, Int)] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = Int(png.bigEndianUInt32(at: offset))
      result.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self), offset))
      offset += 12 + length
    }
    return result
  }
}
