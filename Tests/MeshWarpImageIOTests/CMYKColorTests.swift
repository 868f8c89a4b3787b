import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// CMYK JPEGs converted to sRGB through their ICC profile (LittleCMS), and
/// profiles written only over pixels of their colour space.
@Suite struct CMYKColorTests {
  static let ghostscriptICC = "/usr/share/color/icc/ghostscript"
  static let pillowCMS: Bool =
    TestPython.imports("PIL.ImageCms", "numpy")
    && FileManager.default.fileExists(atPath: ghostscriptICC + "/ps_cmyk.icc")

  /// Makes a 67×45 CMYK JPEG with Pillow (gradients in every ink; Pillow
  /// writes Adobe's inverted CMYK with an APP14 segment), embedding
  /// `embedded` when given, and returns it with Pillow's conversion of its
  /// CMYK pixels through `through` to sRGB (`ImageCms.profileToProfile`,
  /// perceptual) as RGBA.
  static func pillowCMYK(embedded: String?, through: String) throws -> (
    jpeg: [UInt8], reference: [UInt8]
  ) {
    let directory = try TemporaryDirectory()
    let jpeg = directory.file("cmyk.jpg")
    let raw = directory.file("srgb.rgba")
    let script = """
      import io, sys
      import numpy as np
      from PIL import Image, ImageCms
      jpeg, raw, embedded, through = sys.argv[1:5]
      h, w = 45, 67
      y, x = np.mgrid[0:h, 0:w]
      cmyk = np.stack([x * 255 // (w - 1), y * 255 // (h - 1), (x + y) * 255 // (w + h - 2),
                       ((x * 7 + y * 3) % 64) * 4], axis=-1).astype(np.uint8)
      extra = {"icc_profile": open(embedded, "rb").read()} if embedded else {}
      Image.fromarray(cmyk, "CMYK").save(jpeg, quality=95, **extra)
      im = Image.open(jpeg)
      rgb = ImageCms.profileToProfile(
          im, ImageCms.getOpenProfile(through), ImageCms.createProfile("sRGB"),
          renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
      open(raw, "wb").write(rgb.convert("RGBA").tobytes())
      """
    let process = TestPython.process(["-c", script, jpeg, raw, embedded ?? "", through])
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return (
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg))),
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    )
  }

  @Test(.enabled(if: pillowCMS)) func embeddedCMYKProfileConvertsAsLittleCMSDoes() throws {
    // ps_cmyk.icc, not the default profile, so that using the default
    // instead of the file's own would show.
    let profile = Self.ghostscriptICC + "/ps_cmyk.icc"
    let (jpeg, reference) = try Self.pillowCMYK(embedded: profile, through: profile)
    #expect(JPEGMarkers(jpeg).hasAdobe)
    for threads in [1, 2] {
      let decoded = try JPEGDecoder.decode(
        jpeg, source: "cmyk.jpg", maxPixels: DecodeLimits.defaultMaxPixels, threads: threads,
        minimumStripPixels: 1)
      #expect(maxDifference(decoded.image.pixels, reference) <= 2, "threads \(threads)")
      #expect(decoded.color.iccProfile == nil)
      #expect(decoded.notes.isEmpty)
    }
  }

  @Test(.enabled(if: pillowCMS)) func cmykWithoutProfileUsesGhostscriptsDefault() throws {
    let (jpeg, reference) = try Self.pillowCMYK(
      embedded: nil, through: CMYKConversion.defaultProfilePath)
    let decoded = try ImageDecoder.decode(bytes: jpeg, source: "plain.jpg")
    #expect(maxDifference(decoded.image.pixels, reference) <= 2)
    #expect(decoded.notes.count == 1)
    #expect(decoded.notes.first?.contains("default_cmyk.icc") == true)
  }

  @Test func cmykWithoutAnyProfileIsConvertedNaivelyWithANote() throws {
    let decoded = try JPEGDecoder.decode(
      try fixtureBytes("Formats/cmyk.jpg"), source: "cmyk.jpg",
      maxPixels: DecodeLimits.defaultMaxPixels, threads: 1, minimumStripPixels: 1 << 30,
      defaultCMYKProfile: nil)
    let expected = try PNGDecoder.decode(try fixtureBytes("Formats/cmyk.expected.png"))
    #expect(maxDifference(decoded.image.pixels, expected.pixels) <= 2)
    #expect(decoded.notes.first?.contains("naively") == true)
  }

  /// A warp of the CMYK JPEG to each format carries no CMYK profile: the
  /// output's profile, if any, is an RGB one.
  @Test(.enabled(if: pillowCMS)) func outputsNeverCarryTheCMYKProfile() throws {
    let profile = Self.ghostscriptICC + "/ps_cmyk.icc"
    let (jpeg, _) = try Self.pillowCMYK(embedded: profile, through: profile)
    let decoded = try ImageDecoder.decode(bytes: jpeg)
    // The old decoder returned the CMYK profile: the encoders drop it too.
    let cmykColor = ColorDescription(
      iccProfile: try [UInt8](Data(contentsOf: URL(fileURLWithPath: profile))))
    for format in [ImageFormat.png, .jpeg, .webp] {
      for color in [decoded.color, cmykColor] {
        let (bytes, _) = try ImageEncoder.encode(
          decoded.image, options: ImageEncodingOptions(format: format, color: color),
          destination: "out")
        let back = try ImageDecoder.decode(bytes: bytes)
        #expect(back.color.iccProfile.flatMap { ICCProfileSpace($0) } ?? .rgb == .rgb, "\(format)")
      }
    }
  }

  /// An RGB profile travels to RGB outputs; a grey one only to grey
  /// outputs (grey PNG and JPEG), never over RGB pixels.
  @Test func profilesTravelOnlyOverPixelsOfTheirSpace() throws {
    let rgbProfile = try fixtureBytes("Formats/icc.icc")
    var grayProfile = rgbProfile
    grayProfile.replaceSubrange(16..<20, with: Array("GRAY".utf8))
    let colour = RGBAImage(width: 2, height: 1, pixels: [200, 10, 10, 255, 10, 200, 10, 255])
    let grey = RGBAImage(width: 2, height: 1, pixels: [90, 90, 90, 255, 30, 30, 30, 255])
    for format in [ImageFormat.png, .jpeg, .webp] {
      let cases: [(RGBAImage, [UInt8], Bool)] = [
        (colour, rgbProfile, true), (colour, grayProfile, false),
        (grey, grayProfile, format != .webp), (grey, rgbProfile, format == .webp),
      ]
      for (image, profile, kept) in cases {
        let (bytes, _) = try ImageEncoder.encode(
          image,
          options: ImageEncodingOptions(
            format: format, color: ColorDescription(iccProfile: profile), grayscale: true),
          destination: "out")
        let back = try ImageDecoder.decode(bytes: bytes).color.iccProfile
        #expect(
          back == (kept ? profile : nil),
          "\(format) \(String(describing: ICCProfileSpace(profile)))")
      }
    }
  }
}
