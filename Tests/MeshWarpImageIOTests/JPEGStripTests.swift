import Foundation
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// JPEG encoded in strips on several threads and joined with restart
/// markers (`JPEGRestartStrips`): the same pixels as one serial encode,
/// read by independent decoders.
@Suite struct JPEGStripTests {
  /// A photo-like picture: smooth gradients with noise, so every block has
  /// AC coefficients and DC predictions differ from zero (a join that lost
  /// a DC reset would shift whole strips).
  static func picture(width: Int, height: Int) -> RGBAImage {
    var rng = SplitMix(state: 7)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        let noise = Int(rng.next() % 24)
        pixels[i] = UInt8(clamping: x * 255 / width / 2 + noise + 40)
        pixels[i + 1] = UInt8(clamping: y * 255 / height / 2 + noise + 60)
        pixels[i + 2] = UInt8(clamping: (x + y) % 181 + noise)
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Counts of the DRI marker and of RST0–7 markers in a JPEG.
  static func markerCounts(_ jpeg: [UInt8]) -> (dri: Int, rst: Int) {
    var dri = 0
    var rst = 0
    for i in 0..<(jpeg.count - 1) where jpeg[i] == 0xFF {
      if jpeg[i + 1] == 0xDD { dri += 1 }
      if (0xD0...0xD7).contains(jpeg[i + 1]) { rst += 1 }
    }
    return (dri, rst)
  }

  /// Every chroma sampling (nil: grey) in strips: MCUs are 16 rows high
  /// for 4:2:0 and 8 for the others.
  @Test(arguments: [
    (1500, 1000, JPEGEncoder.ChromaSubsampling?.some(.chroma420), 2), (1501, 999, .chroma444, 3),
    (1333, 901, nil, 4), (1024, 1024, .chroma422, 8), (1100, 1001, .chroma420, 3),
  ])
  func stripsDecodeToTheSerialPixels(
    width: Int, height: Int, subsampling: JPEGEncoder.ChromaSubsampling?, threads: Int
  ) throws {
    let gray = subsampling == nil
    var image = Self.picture(width: width, height: height)
    if gray {
      for i in stride(from: 0, to: image.pixels.count, by: 4) {
        image.pixels[i + 1] = image.pixels[i]
        image.pixels[i + 2] = image.pixels[i]
      }
    }
    let serial = try JPEGEncoder.encode(
      image, quality: 90, grayscale: gray, subsampling: subsampling, threads: 1)
    let joined = try JPEGEncoder.encode(
      image, quality: 90, grayscale: gray, subsampling: subsampling, threads: threads)
    #expect(Self.markerCounts(serial).dri == 0)
    let counts = Self.markerCounts(joined)
    let mcu = subsampling == .chroma420 ? 16 : 8
    let mcuRows = (height + mcu - 1) / mcu
    let strips =
      (mcuRows + (mcuRows + 2 * threads - 1) / (2 * threads) - 1)
      / ((mcuRows + 2 * threads - 1) / (2 * threads))
    #expect(counts.dri == 1)
    #expect(counts.rst == strips - 1)
    // Each restart adds a marker (2 bytes), up to 7 padding bits and the
    // first DC difference of each component coded against 0 instead of the
    // block before (at most 27 bits each, T.81 Table F.1; it can also be
    // shorter); the DRI segment is 6 bytes.
    #expect(abs(joined.count - serial.count) <= 6 + 14 * (strips - 1))
    let a = try JPEGDecoder.decode(serial)
    let b = try JPEGDecoder.decode(joined)
    #expect(a.image.width == width && b.image.height == height)
    #expect(maxDifference(a.image.pixels, b.image.pixels) == 0)
    #expect(b.isGrayscale == gray)
  }

  @Test(.enabled(if: ExternalTools.hasPillow || ExternalTools.hasFFmpeg))
  func independentDecodersReadTheJoinedFile() throws {
    let image = Self.picture(width: 1600, height: 1200)
    let folder = try TemporaryDirectory()
    let joinedPath = folder.file("strips.jpg")
    let serialPath = folder.file("serial.jpg")
    let joined = try JPEGEncoder.encode(image, quality: 85, threads: 2)
    #expect(Self.markerCounts(joined).rst == 3)
    try OutputFile.write(joined, to: joinedPath)
    try OutputFile.write(try JPEGEncoder.encode(image, quality: 85, threads: 1), to: serialPath)
    // Each decoder reads the joined file as it reads the serial one, to the
    // value (a strip started from a wrong DC prediction would shift whole
    // blocks). Decoders differ from each other in chroma upsampling, so
    // they are compared with themselves.
    if ExternalTools.hasPillow {
      let a = try #require(ExternalTools.pillowDecode(joinedPath))
      let b = try #require(ExternalTools.pillowDecode(serialPath))
      #expect(a.width == 1600 && a.height == 1200)
      #expect(maxDifference(a.rgba, b.rgba) == 0)
    }
    if ExternalTools.hasFFmpeg {
      let a = try #require(ExternalTools.ffmpegDecode(joinedPath))
      let b = try #require(ExternalTools.ffmpegDecode(serialPath))
      #expect(a.count == 1600 * 1200 * 4)
      #expect(maxDifference(a, b) == 0)
    }
  }

  /// The sampling factors of the first component in the frame header
  /// (SOF0), (horizontal, vertical): (1, 1) for 4:4:4 and grey, (2, 1)
  /// for 4:2:2, (2, 2) for 4:2:0.
  static func lumaSampling(_ jpeg: [UInt8]) -> (Int, Int)? {
    guard
      let sof = (0..<(jpeg.count - 12)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    else { return nil }
    let factors = Int(jpeg[sof + 11])
    return (factors >> 4, factors & 15)
  }

  /// 4:4:4 by default at quality 90 and above, 4:2:0 below, each asked
  /// sampling when given; 4:4:4 keeps a red line on white that 4:2:0 blurs.
  @Test func chromaSamplingFollowsQualityOrRequest() throws {
    var image = RGBAImage(width: 64, height: 48, fill: RGBA8(255, 255, 255))
    for y in 0..<48 { image[31, y] = RGBA8(255, 0, 0) }
    let expected: [(Int, JPEGEncoder.ChromaSubsampling?, (Int, Int))] = [
      (90, nil, (1, 1)), (100, nil, (1, 1)), (89, nil, (2, 2)), (75, nil, (2, 2)),
      (95, .chroma420, (2, 2)), (95, .chroma422, (2, 1)), (50, .chroma444, (1, 1)),
    ]
    for (quality, subsampling, factors) in expected {
      let jpeg = try JPEGEncoder.encode(image, quality: quality, subsampling: subsampling)
      let got = try #require(Self.lumaSampling(jpeg))
      #expect(got == factors, "quality \(quality), \(String(describing: subsampling))")
    }
    func redness(_ subsampling: JPEGEncoder.ChromaSubsampling) throws -> Int {
      let read = try JPEGDecoder.decode(
        try JPEGEncoder.encode(image, quality: 95, subsampling: subsampling)
      ).image
      return Int(read[31, 24].r) - Int(read[31, 24].g)
    }
    #expect(try redness(.chroma444) > redness(.chroma420) + 40)
  }

  @Test func smallPicturesAndOneThreadStayInOnePiece() throws {
    let small = Self.picture(width: 800, height: 600)
    #expect(Self.markerCounts(try JPEGEncoder.encode(small, threads: 4)).dri == 0)
    let large = Self.picture(width: 1200, height: 1000)
    #expect(Self.markerCounts(try JPEGEncoder.encode(large, threads: 1)).dri == 0)
  }

  @Test func stripsWithDifferentTablesAreNotJoined() throws {
    let image = Self.picture(width: 64, height: 32)
    let top = RGBAImage(width: 64, height: 16, pixels: Array(image.pixels[0..<(64 * 16 * 4)]))
    let bottom = RGBAImage(width: 64, height: 16, pixels: Array(image.pixels[(64 * 16 * 4)...]))
    // 4:2:0: a 64×16 strip is 4 MCUs of 16×16.
    let a = try JPEGEncoder.encode(top, quality: 90, subsampling: .chroma420, threads: 1)
    let b = try JPEGEncoder.encode(bottom, quality: 90, subsampling: .chroma420, threads: 1)
    let c = try JPEGEncoder.encode(bottom, quality: 50, subsampling: .chroma420, threads: 1)
    let joined = try #require(JPEGRestartStrips.join([a, b], height: 32, mcusPerStrip: 4))
    #expect(try JPEGDecoder.decode(joined).image.height == 32)
    #expect(JPEGRestartStrips.join([a, c], height: 32, mcusPerStrip: 4) == nil)
    #expect(JPEGRestartStrips.join([a, Array(b.dropLast())], height: 32, mcusPerStrip: 4) == nil)
    #expect(JPEGRestartStrips.join([a, b], height: 32, mcusPerStrip: 0x10000) == nil)
  }
}
