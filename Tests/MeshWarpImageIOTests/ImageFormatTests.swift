import Foundation
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// Format detection by bytes and the errors for what is not read.
@Suite struct ImageFormatDetectionTests {
  @Test func signaturesAreRecognised() throws {
    #expect(ImageFormat.detect(try fixtureBytes("Formats/icc.jpg")) == .jpeg)
    #expect(ImageFormat.detect(try fixtureBytes("Formats/lossy.webp")) == .webp)
    #expect(ImageFormat.detect(try fixtureBytes("Formats/first_frame.gif")) == .gif)
    #expect(ImageFormat.detect(try fixtureBytes("PngSuite/basn0g01.png")) == .png)
    #expect(ImageFormat.detect(Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
    #expect(ImageFormat.detect([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]) == .tiff)
    #expect(ImageFormat.detect([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]) == .tiff)
  }

  @Test func unknownBytesNameWhatTheyLookLikeAndWhatIsSupported() {
    let cases: [([UInt8], String)] = [
      (Array("BM\0\0\0\0".utf8), "a BMP image"),
      (Array("{\"from\":[]}".utf8), "JSON or text"), ([], "an empty file"),
      ([0, 0, 0, 0x18] + Array("ftypavis".utf8), "a HEIF/AVIF image sequence"),
      ([1, 2, 3], "data starting with bytes 01 02 03"),
    ]
    for (bytes, seen) in cases {
      #expect(
        throws: ImageCodecError.unsupportedImage(
          source: "x", seen: seen, supported: "PNG, JPEG, WebP, GIF, TIFF, HEIC, AVIF")
      ) {
        try ImageDecoder.decode(bytes: bytes, source: "x")
      }
    }
  }

  @Test func outputFormatComesFromTheExtensionOrFormat() throws {
    #expect(try ImageEncoder.outputFormat(path: "a/b.JPG") == .jpeg)
    #expect(try ImageEncoder.outputFormat(path: "b.jpeg") == .jpeg)
    #expect(try ImageEncoder.outputFormat(path: "b.webp") == .webp)
    #expect(try ImageEncoder.outputFormat(path: "b.png") == .png)
    #expect(try ImageEncoder.outputFormat(path: "b.TIF") == .tiff)
    #expect(try ImageEncoder.outputFormat(path: "b.tiff") == .tiff)
    #expect(try ImageEncoder.outputFormat(path: "-") == .png)
    #expect(try ImageEncoder.outputFormat(path: "-", format: "webp") == .webp)
    #expect(try ImageEncoder.outputFormat(path: "odd.name.bin", format: "jpg") == .jpeg)
    for bad in ["x.mp4", "x.gif", "x.bmp", "noext", "dir.d/noext"] {
      #expect {
        try ImageEncoder.outputFormat(path: bad)
      } throws: { error in
        "\(error)".contains(".png, .jpg/.jpeg, .webp, .tif/.tiff")
      }
    }
    #expect(throws: ImageCodecError.self) {
      try ImageEncoder.outputFormat(path: "x.png", format: "bmp")
    }
    // No extension, no format: the error names the `format` parameter (the
    // CLI speaks of its --format flag instead).
    let missing = #expect(throws: ImageCodecError.self) {
      try ImageEncoder.outputFormat(path: "dir.d/noext")
    }
    #expect(
      missing
        == .missingOutputFormat(path: "dir.d/noext", supported: ImageFormat.writableExtensionList))
    #expect(
      missing?.description
        == "dir.d/noext: the name has no extension to tell the image format by: pass it as `format` (supported: .png, .jpg/.jpeg, .webp, .tif/.tiff)"
    )
  }
}

/// JPEG, WebP and GIF decoding against what Pillow decodes from the same
/// files (expected pixels written by Fixtures/Formats/make_format_fixtures.py).
@Suite struct PhotoDecodingTests {
  func expected(_ name: String) throws -> RGBAImage {
    try PNGDecoder.decode(try fixtureBytes("Formats/\(name).expected.png"))
  }

  @Test(arguments: 1...8) func exifOrientationIsApplied(value: Int) throws {
    let decoded = try ImageDecoder.decode(
      bytes: try fixtureBytes("Formats/orientation\(value).jpg"))
    let want = try expected("orientation\(value)")
    #expect(decoded.format == .jpeg)
    #expect(decoded.image.width == want.width && decoded.image.height == want.height)
    // Same libjpeg-turbo IDCT as Pillow's wheel: allow ±2 for other builds.
    #expect(maxDifference(decoded.image.pixels, want.pixels) <= 2)
  }

  @Test func exifParserReadsBothByteOrders() {
    let le: [UInt8] = [
      0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 7, 0, 0, 0,
    ]
    let be: [UInt8] = [
      0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 5, 0, 0,
    ]
    #expect(EXIF.orientation(le) == 7)
    #expect(EXIF.orientation(be) == 5)
    #expect(EXIF.orientation(Array(le.prefix(12))) == nil)
  }

  @Test func grayAndCMYKJPEGsLoad() throws {
    let gray = try ImageDecoder.decode(bytes: try fixtureBytes("Formats/grey.jpg"))
    #expect(gray.isGrayscale)
    #expect(maxDifference(gray.image.pixels, try expected("grey").pixels) <= 2)
    // Its pixels: CMYKColorTests.
    let cmyk = try ImageDecoder.decode(bytes: try fixtureBytes("Formats/cmyk.jpg"))
    #expect(!cmyk.isGrayscale)
  }

  @Test func iccProfilesAreRead() throws {
    let profile = try fixtureBytes("Formats/icc.icc")
    let jpeg = try ImageDecoder.decode(bytes: try fixtureBytes("Formats/icc.jpg"))
    #expect(jpeg.color.iccProfile == profile)
    let webp = try ImageDecoder.decode(bytes: try fixtureBytes("Formats/alpha_lossless.webp"))
    #expect(webp.color.iccProfile == profile)
  }

  @Test func webpAndGIFMatchPillow() throws {
    for name in ["alpha_lossless", "lossy"] {
      let decoded = try ImageDecoder.decode(bytes: try fixtureBytes("Formats/\(name).webp"))
      #expect(maxVisibleDifference(decoded.image.pixels, try expected(name).pixels) == 0, "\(name)")
    }
    let gif = try ImageDecoder.decode(bytes: try fixtureBytes("Formats/first_frame.gif"))
    #expect(maxVisibleDifference(gif.image.pixels, try expected("first_frame").pixels) == 0)
    #expect(gif.image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 })
  }

  @Test func corruptPhotosThrowNamedErrors() throws {
    let jpeg = try fixtureBytes("Formats/icc.jpg")
    #expect {
      try ImageDecoder.decode(bytes: Array(jpeg.prefix(jpeg.count / 2)), source: "cut.jpg")
    } throws: { "\($0)".hasPrefix("cut.jpg: invalid JPEG: ") }
    let webp = try fixtureBytes("Formats/lossy.webp")
    #expect {
      try ImageDecoder.decode(bytes: Array(webp.prefix(40)), source: "cut.webp")
    } throws: { "\($0)".hasPrefix("cut.webp: invalid WebP: ") }
  }
}

/// Every PngSuite image (Fixtures/PngSuite, with its README) decodes to the
/// values stored in the file.
@Suite struct PngSuiteTests {
  static let names: [String] = {
    let url = Bundle.module.url(forResource: "Fixtures/PngSuite", withExtension: nil)
    let all = (try? FileManager.default.contentsOfDirectory(atPath: url?.path ?? "")) ?? []
    return all.filter { $0.hasSuffix(".png") }.sorted()
  }()

  @Test func suiteIsPresent() { #expect(Self.names.count == 60) }

  @Test(.enabled(if: ExternalTools.hasFFmpeg), arguments: names)
  func matchesFFmpeg(name: String) throws {
    let path = try fixturePath("PngSuite/" + name)
    let decoded = try ImageDecoder.decodeFile(path: path)
    let reference = try #require(ExternalTools.ffmpegDecode(path))
    #expect(reference.count == decoded.image.pixels.count)
    // ffmpeg ignores a grey tRNS below 8 bits (PNG spec §11.3.2.1: the key is
    // in the image's bit depth; libpng applies it): compare colour only there.
    let ignoresAlpha = name.contains("tbbn0g0")
    let ours = ignoresAlpha ? colorOnly(decoded.image.pixels) : decoded.image.pixels
    let theirs = ignoresAlpha ? colorOnly(reference) : reference
    // 16-bit files (decoded deep, then rounded here): ffmpeg and we may
    // round the 16→8 reduction differently.
    #expect(maxDifference(theirs, ours) <= (name.contains("16") ? 1 : 0))
    #expect(decoded.notes.isEmpty)
    #expect(decoded.pixels.isDeep == name.contains("16"))
    #expect(decoded.isGrayscale == (name.contains("n0g") || name.contains("n4a")))
  }

  /// basn2c08 carries gAMA 1.0: the simplified API turned 90 into 159.
  @Test func gammaFileKeepsItsValuesAndChunk() throws {
    let decoded = try ImageDecoder.decode(bytes: try fixtureBytes("PngSuite/basn2c08.png"))
    #expect(decoded.color.gamma == 100_000)
    // Row 0 is a red ramp: 0, 8, 16, …, then blue and green ramps (see the file).
    #expect(decoded.image[0, 0] == RGBA8(255, 255, 255))
    let written = try PNGEncoder.encode(decoded.image, color: decoded.color)
    let chunkTypes = pngChunkTypes(written)
    #expect(chunkTypes.contains("gAMA") && !chunkTypes.contains("sRGB"))
    let again = try ImageDecoder.decode(bytes: written)
    #expect(again.image == decoded.image && again.color == decoded.color)
  }

  @Test func grayStaysGrayInPNGOutput() throws {
    let decoded = try ImageDecoder.decode(bytes: try fixtureBytes("PngSuite/basn0g08.png"))
    let written = try PNGEncoder.encode(decoded.image, grayscale: decoded.isGrayscale)
    #expect(written[25] == 0)  // IHDR colour type: grey
    #expect(try PNGDecoder.decode(written) == decoded.image)
    let rgba = try PNGEncoder.encode(decoded.image)
    #expect(written.count < rgba.count)
  }

  /// An opaque picture is written as RGB (colour type 2), by both speeds,
  /// and reads back exactly; one translucent pixel keeps RGBA (type 6).
  /// The RGB file is smaller than the same pixels as RGBA.
  @Test func opaquePicturesAreWrittenAsRGB() throws {
    var image = TestImages.random(width: 61, height: 37, seed: 0x0B5, alpha: false)
    for speed in [PNGEncoder.Speed.balanced, .fast] {
      let written = try PNGEncoder.encode(image, speed: speed, threads: 2)
      #expect(written[25] == 2, "\(speed): IHDR colour type \(written[25])")
      #expect(try PNGDecoder.decode(written) == image)
    }
    let rgb = try PNGEncoder.encode(image)
    image.pixels[4 * 100 + 3] = 254
    let rgba = try PNGEncoder.encode(image)
    #expect(rgba[25] == 6)
    #expect(try PNGDecoder.decode(rgba) == image)
    #expect(rgb.count < rgba.count, "\(rgb.count) vs \(rgba.count) bytes")
  }
}

/// RGBA bytes with alpha set to 255 (colour channels only).
func colorOnly(_ rgba: [UInt8]) -> [UInt8] {
  var out = rgba
  for i in stride(from: 3, to: out.count, by: 4) { out[i] = 255 }
  return out
}

/// The largest difference between two RGBA buffers, where the colour of a
/// pixel transparent in both does not count.
func maxVisibleDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
  guard a.count == b.count else { return Int.max }
  var m = 0
  for i in stride(from: 0, to: a.count, by: 4) where a[i + 3] != 0 || b[i + 3] != 0 {
    for c in 0..<4 { m = max(m, abs(Int(a[i + c]) - Int(b[i + c]))) }
  }
  return m
}

/// The chunk types of a PNG file, in order.
func pngChunkTypes(_ png: [UInt8]) -> [String] {
  var types: [String] = []
  var offset = 8
  while offset + 8 <= png.count {
    let length = Int(png.bigEndianUInt32(at: offset))
    types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
    offset += 12 + length
  }
  return types
}

/// What we write, read by Pillow (an independent decoder).
@Suite(.enabled(if: ExternalTools.hasPillow)) struct EncoderInteropTests {
  let profile: [UInt8]
  let image: RGBAImage

  init() throws {
    profile = try fixtureBytes("Formats/icc.icc")
    image = try PNGDecoder.decode(try fixtureBytes("Formats/alpha_lossless.expected.png"))
  }

  func roundTrip(_ options: ImageEncodingOptions) throws -> (
    width: Int, height: Int, rgba: [UInt8], iccCount: Int
  ) {
    let folder = try TemporaryDirectory()
    let path = folder.file("out." + options.format.rawValue)
    let (bytes, _) = try ImageEncoder.encode(image, options: options, destination: path)
    try OutputFile.write(bytes, to: path)
    return try #require(ExternalTools.pillowDecode(path))
  }

  @Test func pngKeepsPixelsAndProfile() throws {
    let read = try roundTrip(
      ImageEncodingOptions(format: .png, color: ColorDescription(iccProfile: profile)))
    #expect(maxDifference(read.rgba, image.pixels) == 0)
    #expect(read.iccCount == profile.count)
  }

  @Test func losslessWebPKeepsPixelsAndProfile() throws {
    let read = try roundTrip(
      ImageEncodingOptions(
        format: .webp, lossless: true, color: ColorDescription(iccProfile: profile)))
    // libwebp's lossless mode drops the colour of fully transparent pixels.
    #expect(maxVisibleDifference(read.rgba, image.pixels) == 0)
    #expect(read.iccCount == profile.count)
  }

  @Test func jpegIsCompositedOverTheBackground() throws {
    let (_, notes) = try ImageEncoder.encode(
      image, options: ImageEncodingOptions(format: .jpeg), destination: "x.jpg")
    #expect(notes.count == 1 && notes[0].contains("composited over rgb(255,255,255)"))
    let read = try roundTrip(
      ImageEncodingOptions(format: .jpeg, quality: 95, color: ColorDescription(iccProfile: profile))
    )
    #expect(read.iccCount == profile.count)
    var flat = image
    _ = image.composite(over: .white, into: &flat)
    // Lossy: compare the mean error, and check the alpha is opaque.
    var total = 0
    for i in 0..<flat.pixels.count where i % 4 != 3 {
      total += abs(Int(flat.pixels[i]) - Int(read.rgba[i]))
    }
    #expect(Double(total) / Double(flat.width * flat.height * 3) < 3)
    #expect(stride(from: 3, to: read.rgba.count, by: 4).allSatisfy { read.rgba[$0] == 255 })
  }

  @Test func lossyWebPIsClose() throws {
    let read = try roundTrip(ImageEncodingOptions(format: .webp, quality: 90))
    #expect(read.width == image.width && read.height == image.height)
    var total = 0
    for i in 0..<image.pixels.count { total += abs(Int(image.pixels[i]) - Int(read.rgba[i])) }
    #expect(Double(total) / Double(image.pixels.count) < 6)
  }
}
