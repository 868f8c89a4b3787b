import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// The encoder's RGB packing of opaque images (`PNGEncoder.packOpaqueRow`
/// and the banded pass around it): every row packs exactly, no byte is
/// written past the row, and one translucent pixel anywhere keeps RGBA.
@Suite struct PNGOpaquePackingTests {
  @Test func rowsPackExactlyAndStayWithinTheRow() {
    var rng = SeededRandom(seed: 0x0AC7)
    for width in Array(1...19) + [64, 301, 8000] {
      var rgba = (0..<(width * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      for x in 0..<width { rgba[4 * x + 3] = 255 }
      let expected = (0..<width).flatMap { x in rgba[(4 * x)..<(4 * x + 3)] }
      // Sentinels after the row: the 8-byte stores must not reach them.
      var out = [UInt8](repeating: 0xA5, count: width * 3 + 16)
      let opaque = PNGEncoder.packOpaqueRow(rgba, width: width, into: &out)
      #expect(opaque, "width \(width)")
      #expect(Array(out[..<(width * 3)]) == expected, "width \(width)")
      #expect(out[(width * 3)...].allSatisfy { $0 == 0xA5 }, "width \(width): wrote past the row")
    }
  }

  @Test func anyTranslucentPixelIsFound() {
    for width in [1, 2, 3, 4, 5, 8, 9, 31] {
      for x in 0..<width {
        var rgba = [UInt8](repeating: 255, count: width * 4)
        rgba[4 * x + 3] = 254
        var out = [UInt8](repeating: 0, count: width * 3)
        #expect(
          !PNGEncoder.packOpaqueRow(rgba, width: width, into: &out),
          "width \(width), pixel \(x)")
      }
    }
  }

  /// The balanced encoder filtering RGBA rows packed as RGB on the way
  /// gives the bytes of filtering packed RGB samples: every filter, odd
  /// sizes, bands on several threads (each band packs the row above it).
  @Test(arguments: [1, 2, 4])
  func packingWhileFilteringMatchesPackedSamples(threads: Int) throws {
    for (width, height) in [(1, 1), (3, 2), (37, 29), (64, 70)] {
      let image = TestImages.random(
        width: width, height: height, seed: UInt64(width + height), alpha: false)
      let rgb = image.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
      for filter in [PNGFilterStrategy.adaptive, .paeth, .up, .average, .sub, .none] {
        let packed = try PNGEncoder.encodeParallel(
          pixels: rgb, width: width, height: height, channels: 3, filter: filter, threads: 1,
          chunkBytes: 500)
        let packing = try PNGEncoder.encodeParallel(
          pixels: image.pixels, width: width, height: height, channels: 3, sourceChannels: 4,
          filter: filter, threads: threads, chunkBytes: 500)
        #expect(packing == packed, "\(width)×\(height), \(filter), \(threads) threads")
      }
    }
  }

  /// Through the encoder, on several threads: an opaque image is written
  /// as RGB (colour type 2), one translucent pixel in any band makes it
  /// RGBA (type 6), and both decode to the image.
  @Test(arguments: [1, 2, 4])
  func colourTypeFollowsTheAlpha(threads: Int) throws {
    let (width, height) = (37, 50)
    let opaque = TestImages.random(width: width, height: height, seed: 11, alpha: false)
    let rgb = try PNGEncoder.encode(opaque, threads: threads)
    #expect(rgb[25] == 2)
    #expect(try PNGDecoder.decode(rgb) == opaque)
    for (x, y) in [(0, 0), (36, 24), (17, 49), (36, 49)] {
      var image = opaque
      image[x, y] = RGBA8(1, 2, 3, 200)
      let png = try PNGEncoder.encode(image, threads: threads)
      #expect(png[25] == 6, "translucent pixel at (\(x), \(y)), \(threads) threads")
      #expect(try PNGDecoder.decode(png) == image)
    }
  }
}
