import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// A deep still through `ImageWarp`: rendered deep and written deep where
/// the format holds it, rounded once at the end where it does not; an
/// 8-bit still stays on the 8-bit path.
@Suite struct DeepStillWarpTests {
  /// A deep picture into JPEG is rendered deep and rounded once, at the
  /// end, with a note; `depth: .bits8` into PNG rounds without one.
  @Test func deepIntoEightBitFormatsIsRoundedOnceWithANote() throws {
    let image = DeepTestImages.photoLike(width: 24, height: 16, layout: .rgb)
    let input = ImageWarp.Input.decoded(DecodedImage(pixels: .rgba16(image), format: .png))
    let identity = ImageWarp.Warp.mesh(.still(.identity(columns: 2, rows: 2)))
    var notes: [String] = []
    let jpeg = ImageWarp(
      input: input, warp: identity,
      output: try StillOutput(path: StandardOutput.path, format: .jpeg, quality: 100))
    let jpegBytes = try #require(try jpeg.run(note: { notes.append($0) }))
    #expect(notes == ["-: JPEG holds 8 bits a value: the 16-bit picture rounded to 8 bits"])
    #expect(!(try ImageDecoder.decode(bytes: jpegBytes).pixels.isDeep))
    notes = []
    let png8 = ImageWarp(
      input: input, warp: identity,
      output: try StillOutput(path: StandardOutput.path, depth: .bits8))
    let plan = try png8.plan()
    #expect(!plan.writesDeep)
    let bytes = try #require(try plan.run(note: { notes.append($0) }))
    #expect(notes.isEmpty)
    #expect(bytes[24] == 8, "an 8-bit PNG")
  }

  /// An 8-bit picture stays on the 8-bit path (an 8-bit file, the 8-bit
  /// render's bytes); `depth: .bits16` widens it, each value × 257.
  @Test func eightBitStaysEightUnlessAskedForSixteen() throws {
    let picture = TestImages.photoLike(width: 30, height: 20)
    let input = ImageWarp.Input.decoded(DecodedImage(image: picture, format: .png))
    let effect = ImageWarp.Warp.mesh(.effect(.twirl(degrees: 40)))
    let plain = ImageWarp(
      input: input, warp: effect, output: try StillOutput(path: StandardOutput.path))
    let plan = try plain.plan()
    #expect(!plan.writesDeep)
    let bytes = try #require(try plan.run())
    #expect(bytes[24] == 8)
    let expected = WarpRenderer.render(picture, geometry: .effect(.twirl(degrees: 40)))
    #expect(try ImageDecoder.decode(bytes: bytes).pixels == .rgba8(expected))
    let widened = ImageWarp(
      input: input, warp: effect,
      output: try StillOutput(path: StandardOutput.path, depth: .bits16))
    let deep = try #require(try widened.run())
    #expect(deep[24] == 16)
    #expect(try ImageDecoder.decode(bytes: deep).pixels == .rgba16(RGBA16Image(expected)))
  }

  /// 16 bits into a format that holds 8 is refused when the output is made.
  /// A translucent deep picture over an opaque `background` stays deep:
  /// c·a + b·(1 − a) at 16 bits, no note; over a translucent background
  /// it is rounded to 8 bits first, with a note.
  @Test func deepOverABackgroundStaysDeep() throws {
    var image = RGBA16Image(width: 2, height: 1, fill: RGBA16(1000, 30000, 65535, 32768))
    image[1, 0] = RGBA16(12345, 0, 0, 65535)
    var notes: [String] = []
    let bytes = try #require(
      try StillOutput(path: StandardOutput.path, background: RGBA8(255, 0, 0))
        .write(.rgba16(image), note: { notes.append($0) }))
    let decoded = try ImageDecoder.decode(bytes: bytes)
    guard case .rgba16(let out) = decoded.pixels else {
      Issue.record("the flattened picture came back at 8 bits")
      return
    }
    // a = 32768/65535: 1000·a + 65535·(1 − a) = 33267.0; 30000·a = 15000.2.
    #expect(out[0, 0] == RGBA16(33267, 15000, 32768, 65535), "\(out[0, 0])")
    #expect(out[1, 0] == RGBA16(12345, 0, 0, 65535))
    #expect(notes.isEmpty, "\(notes)")
    _ = try StillOutput(path: StandardOutput.path, background: RGBA8(255, 0, 0, 128))
      .write(.rgba16(image), note: { notes.append($0) })
    #expect(notes.contains { $0.contains("translucent background is composited at 8 bits") })
  }

  @Test func sixteenBitsIntoJPEGIsRefused() {
    #expect(throws: ImageCodecError.self) {
      try StillOutput(path: "out.jpg", depth: .bits16)
    }
    #expect(throws: ImageCodecError.self) {
      try StillOutput(path: "out.webp", depth: .bits16)
    }
  }
}
