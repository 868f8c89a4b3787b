import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// EXIF in and out of TIFF files: the camera's tags in the first directory
/// and the Exif and GPS directories it links, checked against Pillow's
/// reader and writer.
@Suite struct TIFFEXIFTests {
  static let pillow: Bool = TestPython.imports("PIL", "numpy")

  /// Pillow's script that writes `e.jpg` and `e.tif` (the same EXIF: make,
  /// model, an Exif directory with a date, an exposure and an ISO, a GPS
  /// directory with a latitude), and `plain.tif` (none).
  static let writeFiles = """
    import sys
    import numpy as np
    from PIL import Image, TiffImagePlugin
    d = sys.argv[1]
    im = Image.fromarray((np.arange(60).reshape(4, 5, 3) * 4).astype(np.uint8))
    ex = Image.Exif()
    ex[0x010F] = "Canon"
    ex[0x0110] = "EOS R5"
    ex[0x8769] = {0x9003: "2024:05:06 07:08:09", 0x829A: TiffImagePlugin.IFDRational(1, 250),
                  0x8827: 400}
    ex[0x8825] = {1: "N", 2: (TiffImagePlugin.IFDRational(52, 1), TiffImagePlugin.IFDRational(31, 1),
                              TiffImagePlugin.IFDRational(1234, 100))}
    im.save(d + "/e.jpg", exif=ex)
    im.save(d + "/e.tif", exif=Image.open(d + "/e.jpg").getexif())
    im.save(d + "/plain.tif", tiffinfo={0x010F: "Scanner"})
    """

  /// Pillow's check that `name` carries the EXIF `writeFiles` wrote.
  static func checkFile(_ name: String) -> String {
    """
    import sys
    from PIL import Image
    ex = Image.open(sys.argv[1] + "/\(name)").getexif()
    assert ex[0x010F] == "Canon" and ex[0x0110] == "EOS R5", dict(ex)
    e = ex.get_ifd(0x8769)
    assert e[0x9003] == "2024:05:06 07:08:09", e
    assert abs(float(e[0x829A]) - 0.004) < 1e-9 and e[0x8827] == 400, e
    g = ex.get_ifd(0x8825)
    assert g[1] == "N" and [float(v) for v in g[2]] == [52.0, 31.0, 12.34], g
    """
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// A TIFF's EXIF reaches a JPEG output, a JPEG's reaches a TIFF output,
  /// and a TIFF's reaches a TIFF output: Pillow reads the same tags back.
  @Test(.enabled(if: pillow)) func exifTravelsThroughTIFF() throws {
    let directory = try TemporaryDirectory()
    try TIFFTests.python(Self.writeFiles, in: directory)
    let fromTIFF = try ImageDecoder.decode(bytes: try Self.bytes(directory.file("e.tif")))
    let fromJPEG = try ImageDecoder.decode(bytes: try Self.bytes(directory.file("e.jpg")))
    #expect(fromTIFF.metadata.exif != nil)
    let outputs: [(String, [UInt8])] = [
      ("tiff-to-jpeg.jpg", try JPEGEncoder.encode(fromTIFF.image, metadata: fromTIFF.metadata)),
      ("jpeg-to-tiff.tif", try TIFFEncoder.encode(fromJPEG.image, metadata: fromJPEG.metadata)),
      ("tiff-to-tiff.tif", try TIFFEncoder.encode(fromTIFF.image, metadata: fromTIFF.metadata)),
    ]
    for (name, bytes) in outputs {
      try Data(bytes).write(to: URL(fileURLWithPath: directory.file(name)))
      try TIFFTests.python(Self.checkFile(name), in: directory)
    }
    // The written TIFF still decodes to the same pixels.
    let again = try TIFFDecoder.decode(outputs[2].1)
    #expect(again.image.pixels == fromTIFF.image.pixels)
  }

  /// A TIFF that links no Exif or GPS directory gives no EXIF block, and
  /// writing none leaves libtiff's file as it was.
  @Test(.enabled(if: pillow)) func plainTIFFHasNoEXIF() throws {
    let directory = try TemporaryDirectory()
    try TIFFTests.python(Self.writeFiles, in: directory)
    let plain = try ImageDecoder.decode(bytes: try Self.bytes(directory.file("plain.tif")))
    #expect(plain.metadata.exif == nil)
    let image = plain.image
    #expect(try TIFFEncoder.encode(image) == TIFFEncoder.encode(image, metadata: plain.metadata))
  }

  /// A big-endian (`MM`) EXIF block is written into a little-endian TIFF
  /// with every value turned: the block itself is checked first through a
  /// JPEG (Pillow reads either order), then the TIFF made from it.
  @Test(.enabled(if: pillow)) func bigEndianBlockIsTurned() throws {
    let directory = try TemporaryDirectory()
    try TIFFTests.python(Self.writeFiles, in: directory)
    let fromTIFF = try ImageDecoder.decode(bytes: try Self.bytes(directory.file("e.tif")))
    let block = try #require(fromTIFF.metadata.exif)
    let reader = try #require(EXIF.Reader(block))
    let first = try #require(TIFFDirectory.read(reader, at: reader.ifd0))
    let big: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] + first.serialized(at: 8, little: false)
    let metadata = ImageMetadata(exif: big)
    let jpeg = try JPEGEncoder.encode(fromTIFF.image, metadata: metadata)
    try Data(jpeg).write(to: URL(fileURLWithPath: directory.file("big.jpg")))
    try TIFFTests.python(Self.checkFile("big.jpg"), in: directory)
    let tiff = try TIFFEncoder.encode(fromTIFF.image, metadata: metadata)
    #expect(Array(tiff.prefix(2)) == [0x49, 0x49])
    try Data(tiff).write(to: URL(fileURLWithPath: directory.file("big.tif")))
    try TIFFTests.python(Self.checkFile("big.tif"), in: directory)
  }

  /// A block's camera tags reach the TIFF even without an Exif link, and
  /// its orientation does not: the picture is written upright, its own
  /// orientation tag 1 (a block's structural tags are never carried).
  @Test(.enabled(if: pillow)) func cameraTagsTravelOrientationDoesNot() throws {
    let directory = try TemporaryDirectory()
    // IFD0: Make "Leica" (ASCII, 6 bytes, out of line), Orientation 6.
    var block: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 2, 0]
    block += [0x0F, 0x01, 2, 0, 6, 0, 0, 0, 38, 0, 0, 0]
    block += [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
    block += [0, 0, 0, 0] + Array("Leica\0".utf8)
    block += [0x69, 0x87]  // unused trailing bytes
    let exif = TIFFDirectory.read(try #require(EXIF.Reader(block)), at: 8)
    #expect(exif?.entries.count == 2)
    // A Make without an Exif link is still the camera's tag to carry.
    let image = RGBAImage(width: 3, height: 2, pixels: Array(0..<24))
    let tiff = try TIFFEncoder.encode(image, metadata: ImageMetadata(exif: block))
    try Data(tiff).write(to: URL(fileURLWithPath: directory.file("o.tif")))
    try TIFFTests.python(
      """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1] + "/o.tif")
      assert im.tag_v2[0x010F] == "Leica", dict(im.tag_v2)
      assert im.tag_v2[0x0112] == 1, dict(im.tag_v2)
      assert im.size == (3, 2)
      """, in: directory)
  }

  /// Damaged blocks (truncated, a directory linking itself, offsets past
  /// the end, 4000 links to itself that would be 4000² directories if each
  /// were followed) leave the TIFF readable: what cannot be read is left
  /// out, and a kind of link is followed once.
  @Test func damagedBlocksAreSkipped() throws {
    let image = RGBAImage(width: 2, height: 2, pixels: Array(repeating: 200, count: 16))
    let plain = try TIFFEncoder.encode(image)
    // An Exif link pointing at IFD0 itself, and a Make 1000 bytes long at 9999.
    var looping: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 2, 0]
    looping += [0x0F, 0x01, 2, 0, 0xE8, 0x03, 0, 0, 0x0F, 0x27, 0, 0]
    looping += [0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0]
    looping += [0, 0, 0, 0]
    var many: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xA0, 0x0F]
    for _ in 0..<4000 { many += [0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0] }
    many += [0, 0, 0, 0]
    let reader = try #require(EXIF.Reader(many))
    let read = try #require(TIFFDirectory.read(reader, at: 8))
    #expect(read.entries.count == 1)
    let blocks = [Array(looping.prefix(13)), looping, [0x49, 0x49, 42, 0, 0xFF, 0, 0, 0], many]
    for block in blocks {
      let tiff = try TIFFEncoder.encode(image, metadata: ImageMetadata(exif: block))
      let decoded = try TIFFDecoder.decode(tiff)
      #expect(decoded.image.pixels == image.pixels)
      if block.count < 14 { #expect(tiff == plain) }
    }
  }
}
