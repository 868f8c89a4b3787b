import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// `YCbCr420Packing`: 4:2:0 planes spread to one pixel each and packed
/// back, as a video kept in Y′CbCr goes from decoder to encoder.
@Suite struct YCbCr420PackingTests {
  static func expanded(_ planes: [UInt8], width: Int, height: Int, vectorized: Bool = true)
    -> RGBAImage
  {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    planes.withUnsafeBytes { source in
      pixels.withUnsafeMutableBytes { target in
        YCbCr420Packing.expand(
          source, width: width, height: height, into: target, threads: vectorized ? 2 : 1,
          vectorized: vectorized)
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  static func randomPlanes(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var random = SeededRandom(seed: seed)
    return (0..<YUV420RowPair.byteCount(width: width, height: height)).map { _ in
      UInt8(truncatingIfNeeded: random.next())
    }
  }

  /// Spread: each pixel holds its Y′ and its 2 × 2 block's Cb and Cr, and
  /// alpha 255.
  @Test func expandGivesEachPixelItsSamples() {
    let (w, h) = (20, 6)
    let planes = Self.randomPlanes(width: w, height: h, seed: 1)
    let image = Self.expanded(planes, width: w, height: h)
    for y in 0..<h {
      for x in 0..<w {
        let c = (y / 2) * (w / 2) + x / 2
        let expected = RGBA8(
          planes[y * w + x], planes[w * h + c], planes[w * h + w * h / 4 + c], 255)
        #expect(image[x, y] == expected, "(\(x), \(y))")
      }
    }
  }

  /// Spread and packed again without a warp, a frame comes back byte for
  /// byte, by the vector and the scalar paths, at widths leaving 0, 2, 4
  /// and 6 pixels for the scalar tail.
  @Test(arguments: [(16, 4), (18, 2), (100, 6), (102, 8), (2, 2)])
  func packUndoesExpand(width: Int, height: Int) {
    let planes = Self.randomPlanes(width: width, height: height, seed: UInt64(width * height))
    for vectorized in [true, false] {
      let image = Self.expanded(planes, width: width, height: height, vectorized: vectorized)
      var packed: [UInt8] = []
      YCbCr420Packing.pack(image, into: &packed, threads: 2, vectorized: vectorized)
      #expect(packed == planes, "\(width)x\(height) vectorized \(vectorized)")
    }
  }

  /// Packing takes Y′ as it is and each chroma sample as the rounded mean
  /// of its 2 × 2 pixels ((Σ + 2) >> 2), the same by both paths.
  @Test func packAveragesChroma() {
    let (w, h) = (10, 2)
    var random = SeededRandom(seed: 5)
    var image = RGBAImage(width: w, height: h, fill: .black)
    for y in 0..<h {
      for x in 0..<w {
        image[x, y] = RGBA8(
          UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
          UInt8(truncatingIfNeeded: random.next()), 255)
      }
    }
    var vector: [UInt8] = []
    var scalar: [UInt8] = []
    YCbCr420Packing.pack(image, into: &vector, threads: 1)
    YCbCr420Packing.pack(image, into: &scalar, threads: 1, vectorized: false)
    #expect(vector == scalar)
    #expect(Array(vector[0..<w]) == (0..<w).map { image[$0, 0].r })
    for x in 0..<(w / 2) {
      func mean(_ channel: (RGBA8) -> UInt8) -> UInt8 {
        let sum = [image[2 * x, 0], image[2 * x + 1, 0], image[2 * x, 1], image[2 * x + 1, 1]]
          .map { Int(channel($0)) }.reduce(0, +)
        return UInt8((sum + 2) / 4)
      }
      #expect(vector[2 * w + x] == mean(\.g), "Cb \(x)")
      #expect(vector[2 * w + w / 2 + x] == mean(\.b), "Cr \(x)")
    }
  }

  /// One colour's Y′CbCr is that of a frame of it: BT.709's table values
  /// for the primaries, alpha kept.
  @Test func colorConversionGivesTheTableValues() {
    #expect(YUV420Conversion.ycbcr(of: RGBA8(255, 0, 0, 255)) == RGBA8(63, 102, 240, 255))
    #expect(YUV420Conversion.ycbcr(of: RGBA8(0, 0, 255, 128)) == RGBA8(32, 240, 118, 128))
    #expect(YUV420Conversion.ycbcr(of: .black) == RGBA8(16, 128, 128, 255))
  }
}
