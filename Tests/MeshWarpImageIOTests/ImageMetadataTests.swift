import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// EXIF orientation patches, density conversions and the metadata round
/// trip through each still format.
@Suite struct ImageMetadataTests {
  /// A TIFF block in either byte order: IFD0 of `tags` (tag, SHORT value)
  /// then a link to IFD1 at offset 0x40.
  static func tiff(little: Bool, tags: [(UInt16, UInt16)]) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] {
      little ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
    func u32(_ v: UInt32) -> [UInt8] {
      little
        ? u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16))
        : u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF))
    }
    var bytes =
      (little ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(UInt16(tags.count))
    for (tag, value) in tags { bytes += u16(tag) + u16(3) + u32(1) + u16(value) + [0, 0] }
    bytes += u32(0x40)
    return bytes + [UInt8](repeating: 0xAB, count: 16)
  }

  /// Orientation 6 becomes 1 in both byte orders, the IFD1 link 0, every
  /// other byte unchanged; without the tag nothing but the link changes.
  @Test(arguments: [true, false]) func orientationTagIsSetToOneInPlace(little: Bool) {
    let tagged = Self.tiff(little: little, tags: [(0x010F, 5), (0x0112, 6)])
    #expect(EXIF.orientation(tagged) == 6)
    let upright = EXIF.upright(tagged)
    #expect(EXIF.orientation(upright) == 1)
    #expect(
      upright
        == Self.tiff(little: little, tags: [(0x010F, 5), (0x0112, 1)]).enumerated().map { i, b in
          (34..<38).contains(i) ? 0 : b
        })
    let untagged = Self.tiff(little: little, tags: [(0x010F, 5)])
    let patched = EXIF.upright(untagged)
    #expect(EXIF.orientation(patched) == nil)
    #expect(patched.count == untagged.count)
    #expect(Array(patched[22..<26]) == [0, 0, 0, 0] && Array(untagged[22..<26]) != [0, 0, 0, 0])
    #expect(Array(patched[..<22]) == Array(untagged[..<22]))
    // Not a TIFF structure: unchanged.
    #expect(EXIF.upright([1, 2, 3]) == [1, 2, 3])
  }

  @Test func xmpOrientationIsSetToOneInPlace() {
    let attribute = Array(#"<r tiff:Orientation="6" tiff:Make="X"/>"#.utf8)
    #expect(
      XMPOrientation.upright(attribute) == Array(#"<r tiff:Orientation="1" tiff:Make="X"/>"#.utf8))
    let element = Array("<tiff:Orientation>8</tiff:Orientation><tiff:Orientation>16<".utf8)
    #expect(
      XMPOrientation.upright(element)
        == Array("<tiff:Orientation>1</tiff:Orientation><tiff:Orientation>16<".utf8))
  }

  /// Pillow's mapping: 300 dpi are 11811 pixels a metre (× 39.3701,
  /// rounded) and back (× 0.0254, rounded); centimetres × 100.
  @Test func densityConvertsAsPillowDoes() {
    let dpi = PixelDensity(horizontal: 300, vertical: 72, unit: .inch)
    #expect(dpi.pHYs == (1, 11811, 2835))
    #expect(dpi.jfif == (1, 300, 72))
    let ppm = PixelDensity(horizontal: 11811, vertical: 2835, unit: .metre)
    #expect(ppm.jfif == (1, 300, 72))
    #expect(
      PixelDensity(horizontal: 118, vertical: 118, unit: .centimetre).pHYs == (1, 11800, 11800))
    #expect(PixelDensity(horizontal: 2, vertical: 1, unit: .aspectRatio).jfif == (0, 2, 1))
    #expect(PixelDensity(horizontal: 2, vertical: 1, unit: .aspectRatio).pHYs == (0, 2, 1))
  }

  /// Each encoder writes what its decoder reads back: EXIF and XMP
  /// everywhere, the density in JPEG and PNG; an EXIF orientation of 6
  /// written by the encoder is applied by every decoder.
  @Test(arguments: [ImageFormat.png, .jpeg, .webp]) func metadataRoundTrips(format: ImageFormat)
    throws
  {
    var image = RGBAImage(width: 6, height: 4, fill: RGBA8(0, 0, 0))
    image[5, 0] = RGBA8(255, 255, 255)
    let exif = Self.tiff(little: false, tags: [(0x0112, 6)])
    let xmp = Array(#"<x tiff:Orientation="6"/>"#.utf8)
    let metadata = ImageMetadata(
      exif: exif, xmp: xmp, density: PixelDensity(horizontal: 300, vertical: 300, unit: .inch))
    let (bytes, _) = try ImageEncoder.encode(
      image,
      options: ImageEncodingOptions(
        format: format, quality: 100, lossless: true, metadata: metadata),
      destination: "x")
    let decoded = try ImageDecoder.decode(bytes: bytes)
    #expect(decoded.metadata.exif == EXIF.upright(exif))
    #expect(decoded.metadata.xmp == Array(#"<x tiff:Orientation="1"/>"#.utf8))
    let density: PixelDensity? =
      switch format {
      case .png: PixelDensity(horizontal: 11811, vertical: 11811, unit: .metre)
      case .jpeg: PixelDensity(horizontal: 300, vertical: 300, unit: .inch)
      default: nil
      }
    #expect(decoded.metadata.density == density)
    // Turned 90° clockwise: the top-right white pixel is now bottom-right.
    #expect(decoded.image.width == 4 && decoded.image.height == 6)
    #expect(decoded.image[3, 5].r > 200 && decoded.image[0, 0].r < 50)
  }
}
