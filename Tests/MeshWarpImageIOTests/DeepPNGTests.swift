import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// 16-bit PNG in and out: decoded deep (no rounding, no note), encoded
/// deep with the colour type the 8-bit encoder would choose, and read the
/// same by OpenCV, an independent decoder.
@Suite struct DeepPNGTests {
  /// The IHDR colour type for a layout written with `grayscale` on (PNG
  /// spec §11.2.2): grey 0, grey+alpha 4, RGB 2, RGBA 6.
  static func colorType(_ layout: DeepTestImages.Layout) -> UInt8 {
    switch layout {
    case .gray: 0
    case .grayAlpha: 4
    case .rgb: 2
    case .rgba: 6
    }
  }

  /// Each layout comes back bit for bit, as a 16-bit file of the layout's
  /// colour type, deep, grey where it was grey, without a note.
  @Test(arguments: DeepTestImages.Layout.allCases)
  func roundTripIsExact(_ layout: DeepTestImages.Layout) throws {
    let image = DeepTestImages.photoLike(width: 61, height: 43, layout: layout)
    let bytes = try PNGEncoder.encode(image, grayscale: true, threads: 2)
    #expect(bytes[24] == 16, "bit depth")
    #expect(bytes[25] == Self.colorType(layout), "colour type")
    let decoded = try PNGDecoder.decodeDescribed(bytes)
    #expect(decoded.pixels == .rgba16(image))
    #expect(decoded.notes.isEmpty)
    #expect(decoded.isGrayscale == layout.isGray)
  }

  /// Without `grayscale`, a grey picture is written as RGB(A), as at 8 bits.
  @Test func greyWithoutTheRequestIsWrittenAsColour() throws {
    let image = DeepTestImages.photoLike(width: 9, height: 7, layout: .gray)
    let bytes = try PNGEncoder.encode(image)
    #expect(bytes[25] == 2)
    #expect(try PNGDecoder.decodeDescribed(bytes).pixels == .rgba16(image))
  }

  /// OpenCV reads the values written.
  @Test(.enabled(if: DeepTestImages.openCVAvailable), arguments: DeepTestImages.Layout.allCases)
  func openCVReadsWhatIsWritten(_ layout: DeepTestImages.Layout) throws {
    let directory = try TemporaryDirectory()
    let image = DeepTestImages.photoLike(width: 33, height: 21, layout: layout)
    let path = directory.file("deep.png")
    try Data(try PNGEncoder.encode(image, grayscale: true)).write(to: URL(fileURLWithPath: path))
    let read = try #require(try DeepTestImages.openCVRead(path))
    #expect(read.width == 33 && read.height == 21)
    #expect(read.pixels == image.pixels)
  }

  /// Every 16-bit PngSuite file (grey, grey+alpha, RGB, RGBA, 16-bit
  /// `tRNS`, interlaced) decodes deep to the values OpenCV reads; a
  /// `tRNS` key makes alpha 0 exactly where a pixel equals it.
  @Test(.enabled(if: DeepTestImages.openCVAvailable))
  func pngSuiteSixteenBitFilesMatchOpenCV() throws {
    let names = PngSuiteTests.names.filter { $0.contains("16") }
    #expect(names.count == 14)
    for name in names {
      let path = try fixturePath("PngSuite/" + name)
      let decoded = try ImageDecoder.decodeFile(path: path)
      guard case .rgba16(let deep) = decoded.pixels else {
        Issue.record("\(name): not decoded deep")
        continue
      }
      #expect(decoded.notes.isEmpty, "\(name)")
      let read = try #require(try DeepTestImages.openCVRead(path), "\(name)")
      let key = Self.transparencyKey(try fixtureBytes("PngSuite/" + name))
      for i in 0..<(deep.width * deep.height) {
        let theirs = Array(read.pixels[(4 * i)..<(4 * i + 3)])
        let ours = Array(deep.pixels[(4 * i)..<(4 * i + 4)])
        if ours[0..<3] != theirs[0..<3] {
          Issue.record("\(name): pixel \(i) is \(ours), OpenCV reads \(theirs)")
          break
        }
        let alpha: UInt16 =
          if let key { (key.count == 1 ? [theirs[0]] : theirs) == key ? 0 : 65535 } else {
            read.pixels[4 * i + 3]
          }
        if ours[3] != alpha {
          Issue.record("\(name): pixel \(i) has alpha \(ours[3]), expected \(alpha)")
          break
        }
      }
    }
  }

  /// The `tRNS` chunk's grey or RGB key (PNG spec §11.3.2.1), or nil.
  static func transparencyKey(_ png: [UInt8]) -> [UInt16]? {
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "tRNS" {
        let data = png[(offset + 8)..<(offset + 8 + length)]
        return stride(from: data.startIndex, to: data.endIndex, by: 2).map {
          UInt16(data[$0]) << 8 | UInt16(data[$0 + 1])
        }
      }
      offset += 12 + length
    }
    return nil
  }

  /// The colour chunks and metadata travel with a deep picture as with an
  /// 8-bit one.
  @Test func colourAndMetadataAreCarried() throws {
    let image = DeepTestImages.photoLike(width: 8, height: 6, layout: .rgb)
    let color = ColorDescription(
      gamma: 45455, chromaticities: [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000])
    let metadata = ImageMetadata(
      density: PixelDensity(horizontal: 3780, vertical: 3780, unit: .metre))
    let decoded = try PNGDecoder.decodeDescribed(
      try PNGEncoder.encode(image, color: color, metadata: metadata))
    #expect(decoded.color == color)
    #expect(decoded.metadata.density == metadata.density)
    #expect(decoded.pixels == .rgba16(image))
  }
}
