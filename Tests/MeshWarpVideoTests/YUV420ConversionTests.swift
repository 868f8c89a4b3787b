import Foundation
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// `YUV420Conversion`: BT.709 limited-range 4:2:0 of the H.264 writer,
/// against the standard's values and against ffmpeg's own conversion.
@Suite struct YUV420ConversionTests {
  static func planes(_ image: RGBAImage) -> [UInt8] {
    var planes: [UInt8] = []
    YUV420Conversion.convert(image, into: &planes, threads: 2)
    return planes
  }

  /// Flat colours give BT.709's table values: black (16, 128, 128), white
  /// (235, 128, 128), red (63, 102, 240), green (173, 42, 26), blue
  /// (32, 240, 118) (Y = 16 + 219·E′Y, …, rounded).
  @Test func primariesGiveTheStandardsValues() {
    for (color, expected) in [
      (RGBA8(0, 0, 0, 255), [16, 128, 128]), (RGBA8(255, 255, 255, 255), [235, 128, 128]),
      (RGBA8(255, 0, 0, 255), [63, 102, 240]), (RGBA8(0, 255, 0, 255), [173, 42, 26]),
      (RGBA8(0, 0, 255, 255), [32, 240, 118]),
    ] {
      let p = Self.planes(RGBAImage(width: 4, height: 2, fill: color))
      #expect(p.count == 12)
      #expect(Set(p[0..<8]) == [UInt8(expected[0])], "\(color): Y \(Array(p[0..<8]))")
      let (cb, cr) = (UInt8(expected[1]), UInt8(expected[2]))
      #expect(
        Array(p[8..<12]) == [cb, cb, cr, cr],
        "\(color): Cb Cr \(Array(p[8..<12]))")
    }
  }

  /// The vector path (eight pixels of a row pair at a time) gives the
  /// scalar path's bytes: random opaque frames whose widths leave 0, 2, 4
  /// and 6 pixels for the scalar tail, and extreme channel values.
  @Test(arguments: [(16, 4), (18, 2), (100, 6), (102, 8), (2, 2)])
  func vectorPathMatchesTheScalarPath(width: Int, height: Int) {
    var random = SeededRandom(seed: UInt64(width * 31 + height))
    var image = RGBAImage(width: width, height: height, fill: RGBA8(0, 0, 0, 255))
    for y in 0..<height {
      for x in 0..<width {
        func channel() -> UInt8 {
          let v = random.next() % 6
          return v == 0 ? 0 : v == 1 ? 255 : UInt8(truncatingIfNeeded: random.next())
        }
        image[x, y] = RGBA8(channel(), channel(), channel(), 255)
      }
    }
    var vector: [UInt8] = []
    var scalar: [UInt8] = []
    YUV420Conversion.convert(image, into: &vector, threads: 2, vectorized: true)
    YUV420Conversion.convert(image, into: &scalar, threads: 1, vectorized: false)
    #expect(vector.count == width * height * 3 / 2)
    #expect(vector == scalar)
  }

  /// A frame of gradients, flat blocks and noise, converted here and by
  /// ffmpeg (`scale=out_color_matrix=bt709:out_range=tv,format=yuv420p`):
  /// Y within 1 everywhere; chroma within 2 on the gradients (measured:
  /// 1). On the noise the two chroma filters differ (a 2 × 2 box here,
  /// swscale's bicubic there): within 8 on average (measured: 4.8), which a
  /// wrong matrix or range would miss by far.
  @Test(.enabled(if: VideoTools.available, "needs ffmpeg"))
  func agreesWithFFmpegsConversion() throws {
    let (w, h) = (96, 64)
    var image = RGBAImage(width: w, height: h, fill: RGBA8(0, 0, 0, 255))
    var random = SeededRandom(seed: 7)
    for y in 0..<h {
      for x in 0..<w {
        image[x, y] =
          x < 64
          ? RGBA8(UInt8(x * 4), UInt8(y * 4), UInt8(255 - (x + y) * 2), 255)
          : RGBA8(
            UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
            UInt8(truncatingIfNeeded: random.next()), 255)
      }
    }
    let ours = Self.planes(image)
    let directory = try TemporaryDirectory()
    let input = directory.file("in.rgba")
    try AtomicFile.write(image.pixels, to: input)
    let theirs = try VideoTools.output([
      "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(w)x\(h)", "-i",
      input, "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p", "-f", "rawvideo",
      "-",
    ])
    try #require(theirs.count == ours.count)
    let lumaWorst = zip(ours[0..<(w * h)], theirs[0..<(w * h)]).map { abs(Int($0) - Int($1)) }
      .max()!
    #expect(lumaWorst <= 1, "Y: largest difference \(lumaWorst)")
    var smoothWorst = 0
    var noiseTotal = 0
    var noiseCount = 0
    let (cw, ch) = (w / 2, h / 2)
    for plane in 0..<2 {
      let base = w * h + plane * cw * ch
      for y in 0..<ch {
        for x in 0..<cw {
          let d = abs(Int(ours[base + y * cw + x]) - Int(theirs[base + y * cw + x]))
          // Away from the noise (and a sample short of it).
          if x < 31 { smoothWorst = max(smoothWorst, d) }
          if x >= 33 {
            noiseTotal += d
            noiseCount += 1
          }
        }
      }
    }
    let mean = Double(noiseTotal) / Double(noiseCount)
    #expect(smoothWorst <= 2, "chroma on gradients: largest difference \(smoothWorst)")
    #expect(mean <= 8, "chroma on noise: mean difference \(mean)")
    print("YUV420: Y within \(lumaWorst), chroma \(smoothWorst) on gradients, mean \(mean)")
  }
}
