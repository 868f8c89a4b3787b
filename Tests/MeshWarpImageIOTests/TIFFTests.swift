import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// TIFF in and out through libtiff, checked against Pillow's own TIFF
/// writer and reader.
@Suite struct TIFFTests {
  static let pillow: Bool = TestPython.imports("PIL", "numpy")

  /// Runs `script` (Python, with `sys.argv[1]` a scratch folder) and
  /// returns that folder.
  static func python(_ script: String, in directory: borrowing TemporaryDirectory) throws {
    let process = TestPython.process(["-c", script, directory.path])
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Pillow writes each mode and compression; MeshWarp reads the pixels
  /// Pillow reads back (as RGBA).
  @Test(.enabled(if: pillow)) func pixelsMatchPillowsDecoding() throws {
    let directory = try TemporaryDirectory()
    try Self.python(
      """
      import sys
      import numpy as np
      from PIL import Image
      d = sys.argv[1]
      h, w = 37, 53
      y, x = np.mgrid[0:h, 0:w]
      rgba = np.stack([x * 4 % 256, y * 7 % 256, (x * y) % 256, (x + 3 * y) % 256], -1)
      base = Image.fromarray(rgba.astype(np.uint8), "RGBA")
      cases = {"rgb": base.convert("RGB"), "rgba": base, "grey": base.convert("L"),
               "la": base.convert("LA"), "palette": base.convert("RGB").quantize(37),
               "bilevel": base.convert("1")}
      names = []
      for mode, im in cases.items():
          for compression in ["raw", "tiff_lzw", "tiff_adobe_deflate", "packbits"]:
              name = f"{mode}-{compression}"
              im.save(f"{d}/{name}.tif", compression=compression)
              names.append(name)
      for name in names:
          back = Image.open(f"{d}/{name}.tif").convert("RGBA")
          open(f"{d}/{name}.rgba", "wb").write(back.tobytes())
      open(f"{d}/names", "w").write("\\n".join(names))
      """, in: directory)
    let names = try String(contentsOfFile: directory.file("names"), encoding: .utf8)
      .split(separator: "\n")
    #expect(names.count == 24)
    for name in names {
      let decoded = try ImageDecoder.decode(
        bytes: try Self.bytes(directory.file("\(name).tif")), source: "\(name).tif")
      #expect(decoded.format == .tiff)
      #expect(
        decoded.image.pixels == (try Self.bytes(directory.file("\(name).rgba"))), "\(name)")
      let grey = name.hasPrefix("grey") || name.hasPrefix("la") || name.hasPrefix("bilevel")
      #expect(decoded.isGrayscale == grey, "\(name)")
    }
  }

  /// 16-bit grey written by Pillow stays deep: every sample as stored, no
  /// note.
  @Test(.enabled(if: pillow)) func sixteenBitGreyStaysDeep() throws {
    let directory = try TemporaryDirectory()
    try Self.python(
      """
      import sys
      import numpy as np
      from PIL import Image
      values = (np.arange(64 * 3, dtype=np.uint32) * 341 % 65536).astype(np.uint16).reshape(3, 64)
      Image.fromarray(values, "I;16").save(sys.argv[1] + "/deep.tif")
      """, in: directory)
    let decoded = try ImageDecoder.decode(
      bytes: try Self.bytes(directory.file("deep.tif")), source: "deep.tif")
    #expect(decoded.notes.isEmpty)
    #expect(decoded.isGrayscale)
    guard case .rgba16(let deep) = decoded.pixels else {
      Issue.record("16-bit grey not decoded deep")
      return
    }
    for i in 0..<(64 * 3) {
      let v = UInt16(i * 341 % 65536)
      #expect(Array(deep.pixels[(4 * i)..<(4 * i + 4)]) == [v, v, v, 65535], "sample \(i)")
    }
  }

  /// 16-bit RGB and RGBA come back bit for bit under each compression,
  /// and OpenCV reads the values written.
  @Test(arguments: [TIFFEncoder.Compression.none, .lzw, .deflate])
  func deepRoundTripIsExact(_ compression: TIFFEncoder.Compression) throws {
    let directory = try TemporaryDirectory()
    for layout in [DeepTestImages.Layout.rgb, .rgba] {
      let image = DeepTestImages.photoLike(width: 45, height: 29, layout: layout)
      let bytes = try TIFFEncoder.encode(image, compression: compression)
      let decoded = try TIFFDecoder.decode(bytes)
      #expect(decoded.pixels == .rgba16(image), "\(layout) \(compression)")
      #expect(decoded.notes.isEmpty)
      guard DeepTestImages.openCVAvailable else { continue }
      let path = directory.file("\(layout).tif")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let read = try #require(try DeepTestImages.openCVRead(path))
      #expect(read.pixels == image.pixels, "OpenCV reads \(layout) \(compression)")
    }
  }

  /// The ICC profile, XMP and resolution written are what Pillow reads,
  /// and what MeshWarp reads back.
  @Test(.enabled(if: pillow)) func profileXMPAndResolutionAreCarried() throws {
    let directory = try TemporaryDirectory()
    let profile = [UInt8](repeating: 7, count: 200)
    let xmp = Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'>deep</x:xmpmeta>".utf8)
    let metadata = ImageMetadata(
      xmp: xmp, density: PixelDensity(horizontal: 300, vertical: 150, unit: .inch))
    let image = DeepTestImages.photoLike(width: 5, height: 4, layout: .rgb)
    let bytes = try TIFFEncoder.encode(image, iccProfile: profile, metadata: metadata)
    try Data(bytes).write(to: URL(fileURLWithPath: directory.file("m.tif")))
    let decoded = try TIFFDecoder.decode(bytes)
    #expect(decoded.color.iccProfile == profile)
    #expect(decoded.metadata.xmp == xmp)
    #expect(decoded.metadata.density == metadata.density)
    try Self.python(
      """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1] + "/m.tif")
      assert im.info["icc_profile"] == bytes([7] * 200), "icc"
      assert b"deep" in bytes(im.tag_v2[700]), "xmp"
      assert tuple(round(v) for v in im.info["dpi"]) == (300, 150), im.info["dpi"]
      """, in: directory)
  }

  /// Orientation 1–8 applied as Pillow's `ImageOps.exif_transpose` applies
  /// a PNG's or JPEG's EXIF orientation.
  @Test(.enabled(if: pillow)) func orientationIsApplied() throws {
    let directory = try TemporaryDirectory()
    try Self.python(
      """
      import sys
      import numpy as np
      from PIL import Image, ImageOps
      d = sys.argv[1]
      y, x = np.mgrid[0:5, 0:7]
      im = Image.fromarray(np.stack([x * 30, y * 50, x + y * 7], -1).astype(np.uint8), "RGB")
      for value in range(1, 9):
          im.save(f"{d}/o{value}.tif", tiffinfo={274: value})
          # The reference: the same pixels as a PNG with that EXIF
          # orientation, through exif_transpose (as the JPEG tests check).
          exif = Image.Exif()
          exif[274] = value
          im.save(f"{d}/o{value}.png", exif=exif)
          shown = ImageOps.exif_transpose(Image.open(f"{d}/o{value}.png")).convert("RGBA")
          open(f"{d}/o{value}.rgba", "wb").write(shown.tobytes())
          open(f"{d}/o{value}.size", "w").write(f"{shown.width} {shown.height}")
      """, in: directory)
    for value in 1...8 {
      let decoded = try ImageDecoder.decode(bytes: try Self.bytes(directory.file("o\(value).tif")))
      let size = try String(contentsOfFile: directory.file("o\(value).size"), encoding: .utf8)
      #expect("\(decoded.image.width) \(decoded.image.height)" == size, "orientation \(value)")
      #expect(
        decoded.image.pixels == (try Self.bytes(directory.file("o\(value).rgba"))),
        "orientation \(value)")
    }
  }

  /// A layout read through libtiff's RGBA interface: CMYK, converted as
  /// libtiff converts it, R = (255 − K)(255 − C) / 255, truncated.
  @Test(.enabled(if: pillow)) func otherLayoutsGoThroughLibtiffsRGBA() throws {
    let directory = try TemporaryDirectory()
    try Self.python(
      """
      import sys
      import numpy as np
      from PIL import Image
      d = sys.argv[1]
      y, x = np.mgrid[0:6, 0:9]
      cmyk = np.stack([x * 28, y * 50, (x * y * 5) % 256, (x + y) * 17], -1).astype(np.uint8)
      Image.fromarray(cmyk, "CMYK").save(f"{d}/cmyk.tif", compression="tiff_lzw")
      open(f"{d}/cmyk.raw", "wb").write(cmyk.tobytes())
      """, in: directory)
    let decoded = try ImageDecoder.decode(bytes: try Self.bytes(directory.file("cmyk.tif")))
    let cmyk = try Self.bytes(directory.file("cmyk.raw"))
    var expected = [UInt8]()
    for i in stride(from: 0, to: cmyk.count, by: 4) {
      let white = 255 - Int(cmyk[i + 3])
      expected += (0..<3).map { UInt8(white * (255 - Int(cmyk[i + $0])) / 255) } + [255]
    }
    #expect(decoded.image.pixels == expected)
    #expect(!decoded.isGrayscale)
  }

  /// The ICC profile is read from Pillow's file and written back.
  @Test(.enabled(if: pillow)) func iccProfileIsKept() throws {
    let directory = try TemporaryDirectory()
    let profile = try fixtureBytes("Formats/icc.icc")
    try Data(profile).write(to: URL(fileURLWithPath: directory.file("p.icc")))
    try Self.python(
      """
      import sys
      from PIL import Image
      d = sys.argv[1]
      Image.new("RGB", (9, 4), (10, 200, 30)).save(
          f"{d}/icc.tif", icc_profile=open(f"{d}/p.icc", "rb").read())
      """, in: directory)
    let decoded = try ImageDecoder.decode(bytes: try Self.bytes(directory.file("icc.tif")))
    #expect(decoded.color.iccProfile == profile)
    let written = try TIFFEncoder.encode(decoded.image, iccProfile: profile)
    #expect(try ImageDecoder.decode(bytes: written).color.iccProfile == profile)
  }

  /// What MeshWarp writes, Pillow reads to the same pixels: RGBA with
  /// unassociated alpha, and opaque pictures as RGB, in every compression.
  @Test(.enabled(if: pillow)) func pillowReadsWhatIsWritten() throws {
    var rng = SeededRandom(seed: 0x71ff_0001)
    let translucent = randomImage(width: 41, height: 23, rng: &rng)
    var opaque = translucent
    for i in stride(from: 3, to: opaque.pixels.count, by: 4) { opaque.pixels[i] = 255 }
    let directory = try TemporaryDirectory()
    var index = 0
    for image in [translucent, opaque] {
      for compression in [TIFFEncoder.Compression.deflate, .lzw, .none] {
        let path = directory.file("w\(index).tif")
        try Data(try TIFFEncoder.encode(image, compression: compression)).write(
          to: URL(fileURLWithPath: path))
        let p = TestPython.process([
          "-c",
          "import sys; from PIL import Image; im = Image.open(sys.argv[1]); "
            + "open(sys.argv[2], 'w').write(im.mode + ' ' + str(im.info.get('compression'))); "
            + "open(sys.argv[1] + '.rgba', 'wb').write(im.convert('RGBA').tobytes())",
          path, path + ".mode",
        ])
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let mode = try String(contentsOfFile: path + ".mode", encoding: .utf8)
        let expectedCompression = ["tiff_adobe_deflate", "tiff_lzw", "raw"][index % 3]
        #expect(mode == "\(image == opaque ? "RGB" : "RGBA") \(expectedCompression)")
        #expect(try Self.bytes(path + ".rgba") == image.pixels, "\(compression)")
        #expect(try ImageDecoder.decode(bytes: try Self.bytes(path)).image == image)
        index += 1
      }
    }
  }

  @Test func damagedFilesThrowNamedErrors() throws {
    var rng = SeededRandom(seed: 0x71ff_0002)
    let bytes = try TIFFEncoder.encode(randomImage(width: 64, height: 64, rng: &rng))
    #expect {
      try ImageDecoder.decode(bytes: Array(bytes.prefix(bytes.count / 2)), source: "cut.tif")
    } throws: { "\($0)".hasPrefix("cut.tif: invalid TIFF: ") }
    #expect {
      try ImageDecoder.decode(
        bytes: [0x49, 0x49, 0x2A, 0, 0xFF, 0xFF, 0xFF, 0x7F], source: "x.tif")
    } throws: { "\($0)".hasPrefix("x.tif: invalid TIFF: ") }
  }
}
