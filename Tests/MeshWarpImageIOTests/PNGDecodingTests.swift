import Foundation
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// Decoding every PNG flavour: the fixtures (written by
/// `Fixtures/make_fixtures.py`, an independent Python encoder that cycles all
/// five row filters) against their expected 8-bit RGBA.
@Suite struct PNGDecodingTests {
  static let fixtures = [
    "rgb8", "rgba8", "rgba16", "rgb16", "grey1", "grey2", "grey4", "grey8", "grey16", "greyalpha8",
    "greyalpha16", "palette8_trns", "palette4_trns", "rgb8_trns", "interlaced_rgba8",
    "interlaced_rgba16", "interlaced_grey16", "interlaced_palette2",
  ]

  @Test(arguments: fixtures)
  func decodesFixture(name: String) throws {
    let image = try PNGDecoder.decode(try fixtureBytes(name + ".png"), source: name)
    let expected = try fixtureBytes(name + ".rgba")
    #expect(image.width == 13 && image.height == 11)
    // 8-bit and palette data must be exact. 16-bit samples: libpng reduces
    // them to 8 bits itself; allow ±1 for its rounding.
    let tolerance = name.contains("16") ? 1 : 0
    let difference = maxDifference(image.pixels, expected)
    #expect(difference <= tolerance, "\(name): max difference \(difference) > \(tolerance)")
  }
}
