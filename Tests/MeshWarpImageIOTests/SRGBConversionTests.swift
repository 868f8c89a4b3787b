import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// `StillOutput.convertsToSRGB` (`--to-srgb`): the pixels from their RGB
/// profile to sRGB as LittleCMS through Pillow's ImageCms converts them
/// (relative colorimetric), written as sRGB without the foreign profile.
@Suite struct SRGBConversionTests {
  /// A Display P3 profile (D65; P3 primaries; the sRGB curve).
  static let displayP3 = NCLXProfile.profile(
    white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060),
    primaries: 12, transfer: 13)!

  /// Saturated and grey colours, translucent in places.
  static let picture: RGBAImage = {
    var image = RGBAImage(width: 32, height: 8)
    for y in 0..<8 {
      for x in 0..<32 {
        image[x, y] = RGBA8(
          UInt8(x * 8), UInt8(255 - y * 30), UInt8((x * y * 7) % 256), y == 7 ? 128 : 255)
      }
    }
    return image
  }()

  @Test(.enabled(if: ExternalTools.hasPillow)) func eightBitsMatchPillowsConversion() throws {
    let directory = try TemporaryDirectory()
    let color = ColorDescription(iccProfile: Self.displayP3)
    let input = directory.file("p3.png")
    try Data(try PNGEncoder.encode(Self.picture, color: color)).write(
      to: URL(fileURLWithPath: input))
    let output = directory.file("srgb.png")
    try StillOutput(path: output, convertsToSRGB: true).write(Self.picture, color: color)
    let written = try ImageDecoder.decodeFile(path: output)
    #expect(written.color == ColorDescription(sRGBIntent: 1), "sRGB, no foreign profile")
    let script = """
      import sys
      from PIL import Image, ImageCms
      d = sys.argv[1]
      im = Image.open(d + "/p3.png")
      p3 = ImageCms.ImageCmsProfile(__import__("io").BytesIO(im.info["icc_profile"]))
      srgb = ImageCms.createProfile("sRGB")
      t = ImageCms.buildTransform(p3, srgb, "RGBA", "RGBA", ImageCms.INTENT_RELATIVE_COLORIMETRIC, 0x2000)
      ImageCms.applyTransform(im, t).save(d + "/pillow.png")
      """
    let run = try #require(ExternalTools.run(TestPython.command + ["-c", script, directory.path]))
    try #require(run.status == 0, "\(String(decoding: run.output, as: UTF8.self))")
    let pillow = try #require(ExternalTools.pillowDecode(directory.file("pillow.png")))
    let ours = written.image.pixels
    #expect(maxDifference(pillow.rgba, ours) <= 1)
    #expect(maxDifference(Self.picture.pixels, ours) > 20, "P3 red is not sRGB red")
  }

  /// At 16 bits the conversion stays deep and agrees with the 8-bit one
  /// (which matches Pillow's) within 1 level, out-of-gamut colours too.
  @Test func sixteenBitsStayDeep() throws {
    let color = ColorDescription(iccProfile: Self.displayP3)
    let deep = RGBA16Image(Self.picture)
    let (converted, described) = try #require(SRGBConversion.convert(.rgba16(deep), from: color))
    #expect(described == ColorDescription(sRGBIntent: 1))
    guard case .rgba16(let image) = converted else {
      Issue.record("a deep picture converts deep")
      return
    }
    let eight = try #require(SRGBConversion.convert(.rgba8(Self.picture), from: color))
    #expect(maxDifference(image.rounded8().pixels, eight.picture.rgba8.pixels) <= 1)
    #expect(image.pixels.contains { $0 % 257 != 0 }, "values between 8-bit levels")
  }

  /// No profile, or a grey one: nothing to convert, values unchanged.
  @Test func withoutAnRGBProfileNothingIsConverted() {
    #expect(SRGBConversion.convert(.rgba8(Self.picture), from: ColorDescription()) == nil)
    var gray = Self.displayP3
    gray.replaceSubrange(16..<20, with: Array("GRAY".utf8))
    #expect(
      SRGBConversion.convert(.rgba8(Self.picture), from: ColorDescription(iccProfile: gray)) == nil)
  }
}
