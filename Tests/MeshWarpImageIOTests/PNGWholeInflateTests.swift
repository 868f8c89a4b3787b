import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// The PNG decoder's fast path (`PNGDecoder.decodeWholeInflate`): it takes
/// exactly the plain 8-bit RGB and RGBA files, decodes them to the
/// fixtures' expected pixels, and hands every damaged file to libpng.
@Suite struct PNGWholeInflateTests {
  /// The fast path on a file, with the header fields read from its IHDR.
  static func wholeInflate(_ png: [UInt8]) -> [UInt8]? {
    png.withUnsafeBufferPointer { file in
      PNGDecoder.decodeWholeInflate(
        file, width: Int(png.bigEndianUInt32(at: 16)), height: Int(png.bigEndianUInt32(at: 20)),
        bitDepth: Int32(png[24]), colorType: Int32(png[25]), interlace: Int32(png[28]))
    }
  }

  @Test(arguments: PNGDecodingTests.fixtures)
  func takesPlain8BitRGBAndRGBAOnly(name: String) throws {
    let decoded = Self.wholeInflate(try fixtureBytes(name + ".png"))
    if name == "rgb8" || name == "rgba8" {
      #expect(decoded == (try fixtureBytes(name + ".rgba")), "\(name)")
    } else {
      // tRNS, interlacing, other depths and colour types: libpng's.
      #expect(decoded == nil, "\(name)")
    }
  }

  /// Every filter type, in both channel counts, through our own encoder
  /// (adaptive filters and one fixed type per image): decoded back exactly.
  @Test(arguments: [PNGFilterStrategy.none, .sub, .up, .average, .paeth, .adaptive])
  func everyFilterRoundTrips(filter: PNGFilterStrategy) throws {
    var rng = SeededRandom(seed: 0xD1F7)
    for channels in [3, 4] {
      let image = TestImages.random(
        width: 37, height: 29, seed: rng.next(), alpha: channels == 4)
      let samples =
        channels == 4
        ? image.pixels
        : image.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
      let png = try PNGEncoder.encodeParallel(
        pixels: samples, width: 37, height: 29, channels: channels, filter: filter, threads: 1,
        chunkBytes: 700)
      #expect(png[25] == (channels == 3 ? 2 : 6))
      #expect(Self.wholeInflate(png) == image.pixels, "\(filter), \(channels) channels")
    }
  }

  /// Narrow and odd widths, every filter in turn by row (adaptive on
  /// random rows picks all five): the rows are unfiltered in place in the
  /// buffer they were inflated into, the Up rows of RGBA 4 pixels per
  /// vector with a scalar tail, and must come back exactly.
  @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 16, 33])
  func narrowAndOddWidthsRoundTripInPlace(width: Int) throws {
    for channels in [3, 4] {
      for filter in [PNGFilterStrategy.up, .adaptive, .paeth, .sub] {
        let image = TestImages.random(
          width: width, height: 23, seed: UInt64(width * 10 + channels), alpha: channels == 4)
        let samples =
          channels == 4
          ? image.pixels
          : image.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        let png = try PNGEncoder.encodeParallel(
          pixels: samples, width: width, height: 23, channels: channels, filter: filter,
          threads: 1)
        #expect(
          Self.wholeInflate(png) == image.pixels, "width \(width), \(channels) channels, \(filter)")
      }
    }
  }

  /// A buffer past the huge-page threshold (4 MiB), whose pages are
  /// faulted in on every core before the inflate writes them: the picture
  /// comes back exactly, RGB and RGBA.
  @Test func largeBuffersFaultedInFirstDecodeExactly() throws {
    let (width, height) = (1031, 1100)
    let image = TestImages.smooth(width: width, height: height)
    for channels in [3, 4] {
      let samples =
        channels == 4
        ? image.pixels
        : image.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
      let png = try PNGEncoder.encodeParallel(
        pixels: samples, width: width, height: height, channels: channels, filter: .none,
        threads: 2)
      #expect(Self.wholeInflate(png) == image.pixels, "\(channels) channels")
    }
  }

  /// Damage that the fast path must refuse, so that libpng reports it: a
  /// bad IDAT CRC, a corrupt stream with a good CRC, a stream cut short, a
  /// critical chunk after the image data, an unknown filter type.
  @Test func refusesDamagedFiles() throws {
    let good = try fixtureBytes("rgba8.png")
    let pixels = try #require(Self.wholeInflate(good))
    let idat = try #require(PNGErrorTests().findChunk("IDAT", in: good))

    var badCRC = good
    badCRC[idat + 8 + 1] ^= 0x10
    #expect(Self.wholeInflate(badCRC) == nil)

    /// The file with its image data in one IDAT and `extra` chunks after it.
    func withImageData(_ data: [UInt8], after extra: [UInt8] = []) -> [UInt8] {
      var png = Array(good[..<idat])
      PNGChunk.append(type: "IDAT", data: data, to: &png)
      png += extra
      PNGChunk.append(type: "IEND", data: [], to: &png)
      return png
    }
    let stream = imageData(of: good)
    #expect(Self.wholeInflate(withImageData(stream)) == pixels)
    var garbage = stream
    for i in 2..<garbage.count { garbage[i] = 0xFF }
    #expect(Self.wholeInflate(withImageData(garbage)) == nil)
    #expect(Self.wholeInflate(withImageData(Array(stream.dropLast(9)))) == nil)
    var palette: [UInt8] = []
    PNGChunk.append(type: "PLTE", data: [1, 2, 3], to: &palette)
    #expect(Self.wholeInflate(withImageData(stream, after: palette)) == nil)
    var text: [UInt8] = []
    PNGChunk.append(type: "tEXt", data: Array("a\u{0}b".utf8), to: &text)
    #expect(Self.wholeInflate(withImageData(stream, after: text)) == pixels)

    // Filter type 7 on the third row: refused here, an error from libpng.
    var raw = try Zlib.decompress(stream, expectedCount: (13 * 4 + 1) * 11)
    raw[2 * (13 * 4 + 1)] = 7
    let badFilter = withImageData(try raw.withUnsafeBytes { try Zlib.compress($0, level: 6) })
    #expect(Self.wholeInflate(badFilter) == nil)
    #expect(throws: ImageCodecError.self) { try PNGDecoder.decode(badFilter) }
  }

  /// The concatenated IDAT data of a file.
  func imageData(of png: [UInt8]) -> [UInt8] {
    var offset = 8
    var data: [UInt8] = []
    while offset + 12 <= png.count {
      let length = Int(png.bigEndianUInt32(at: offset))
      if png[(offset + 4)..<(offset + 8)].elementsEqual(Array("IDAT".utf8)) {
        data += png[(offset + 8)..<(offset + 8 + length)]
      }
      offset += 12 + length
    }
    return data
  }
}
