import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// A deep still through `ImageWarp`, measured: an identity mesh gives a
/// 16-bit PNG or TIFF back bit for bit, and the exact wave agrees with a
/// float64 reference far below one 8-bit level.
@Suite struct DeepWarpExactnessTests {
  /// Writes `image` as a 16-bit file in `format`, warps it through an
  /// identity mesh into the same format, and returns what was read back.
  static func identityWarp(
    _ image: RGBA16Image, format: ImageFormat, in directory: borrowing TemporaryDirectory
  ) throws -> DecodedImage {
    let ext = format == .png ? "png" : "tif"
    let input = directory.file("in.\(ext)")
    let output = directory.file("out.\(ext)")
    let bytes =
      format == .png
      ? try PNGEncoder.encode(image, grayscale: true) : try TIFFEncoder.encode(image)
    try OutputFile.write(bytes, to: input)
    let job = ImageWarp(
      input: .file(path: input), warp: .mesh(.still(.identity(columns: 3, rows: 3))),
      output: try StillOutput(path: output))
    try job.run()
    return try ImageDecoder.decodeFile(path: output)
  }

  /// A 16-bit PNG of each layout through an identity mesh comes back bit
  /// for bit, as 16-bit, grey where it was grey.
  @Test(arguments: DeepTestImages.Layout.allCases)
  func identityPNGIsExact(_ layout: DeepTestImages.Layout) throws {
    let directory = try TemporaryDirectory()
    let image = DeepTestImages.photoLike(width: 40, height: 27, layout: layout)
    let back = try Self.identityWarp(image, format: .png, in: directory)
    #expect(back.pixels == .rgba16(image))
    #expect(back.isGrayscale == layout.isGray)
  }

  /// A 16-bit TIFF (RGB, RGBA) through an identity mesh comes back bit
  /// for bit.
  @Test(arguments: [DeepTestImages.Layout.rgb, .rgba])
  func identityTIFFIsExact(_ layout: DeepTestImages.Layout) throws {
    let directory = try TemporaryDirectory()
    let image = DeepTestImages.photoLike(width: 40, height: 27, layout: layout)
    let back = try Self.identityWarp(image, format: .tiff, in: directory)
    #expect(back.pixels == .rgba16(image))
  }

  /// Through the exact wave effect, the 16-bit result agrees with the
  /// float64 numpy reference (premultiplied bilinear sampling of the
  /// formula's inverse, per pixel) within 1/16 of an 8-bit level RMS
  /// (257/16 in 16-bit units), on colour and alpha.
  @Test(.enabled(if: EffectsReference.numpyAvailable, "the tests' Python lacks numpy"))
  func waveAgreesWithTheFloatReference() throws {
    let image = DeepTestImages.photoLike(width: 96, height: 64, layout: .rgba)
    let effect = MeshEffect.wave(amplitude: 0.04, wavelength: 0.45, phase: 0.7)
    let job = ImageWarp(
      input: .decoded(DecodedImage(pixels: .rgba16(image), format: .png)),
      warp: .mesh(.effect(effect)), output: try StillOutput(path: StandardOutput.path))
    let bytes = try #require(try job.run())
    guard case .rgba16(let ours) = try ImageDecoder.decode(bytes: bytes).pixels else {
      Issue.record("the wave's output is not 16-bit")
      return
    }
    let reference = try EffectsReference.warp(image, effect: effect)
    #expect(reference.converged > 0.999)
    // Premultiplied, so that colour under alpha 0 does not count.
    var sum = 0.0
    for p in 0..<(ours.width * ours.height) {
      let (a, ra) = (Double(ours.pixels[4 * p + 3]), reference.values[4 * p + 3])
      for c in 0..<3 {
        let d =
          Double(ours.pixels[4 * p + c]) * a / 65535 - reference.values[4 * p + c] * ra / 65535
        sum += d * d
      }
      sum += (a - ra) * (a - ra)
    }
    let rms = (sum / Double(ours.width * ours.height * 4)).squareRoot()
    #expect(rms <= 257.0 / 16, "RMS \(rms / 257) of an 8-bit level")
    print("deep wave vs float64 reference: RMS \(rms) of 65535 (\(rms / 257) of an 8-bit level)")
  }
}
