import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// Animated WebP read through libwebp's animation decoder, against files
/// Pillow writes (lossless, so every pixel is known).
@Suite struct AnimatedWebPTests {
  static let pillow: Bool = TestPython.imports("PIL")

  /// Four frames of 32 × 24, durations 100, 250, 40 and 500 ms, played 3
  /// times; frame k is one colour, and frame 2 is transparent in its left
  /// half.
  static func animation(in directory: borrowing TemporaryDirectory) throws -> [UInt8] {
    let script = """
      import sys
      from PIL import Image
      frames = []
      for i in range(4):
          im = Image.new('RGBA', (32, 24), (i * 60, 255 - i * 60, 40, 255))
          if i == 2:
              im.paste((0, 0, 0, 0), (0, 0, 16, 24))
          frames.append(im)
      frames[0].save(sys.argv[1] + '/anim.webp', save_all=True, append_images=frames[1:],
                     duration=[100, 250, 40, 500], loop=3, lossless=True)
      """
    let process = TestPython.process(["-c", script, directory.path])
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return Array(try Data(contentsOf: URL(fileURLWithPath: directory.file("anim.webp"))))
  }

  @Test(.enabled(if: pillow)) func framesDurationsAndLoopCount() throws {
    let directory = try TemporaryDirectory()
    let bytes = try Self.animation(in: directory)
    #expect(AnimatedWebPReader.isAnimated(bytes))
    let reader = try AnimatedWebPReader(bytes)
    #expect(reader.width == 32 && reader.height == 24)
    #expect(reader.frameCount == 4 && reader.loopCount == 3)
    var durations: [Int] = []
    while let (image, milliseconds) = try reader.next() {
      let i = durations.count
      durations.append(milliseconds)
      let colour = RGBA8(UInt8(i * 60), UInt8(255 - i * 60), 40)
      #expect(image[20, 5] == colour, "frame \(i)")
      // Frame 2's transparent half is composed as transparent (no
      // blending with the frame before in Pillow's files).
      #expect(image[3, 5] == (i == 2 ? RGBA8.transparent : colour), "frame \(i) left")
    }
    #expect(durations == [100, 250, 40, 500])
    #expect(reader.framesRead == 4)
  }

  @Test(.enabled(if: pillow)) func damagedAnimationsAreRefused() throws {
    let directory = try TemporaryDirectory()
    let bytes = try Self.animation(in: directory)
    #expect(throws: ImageCodecError.self) {
      let reader = try AnimatedWebPReader(Array(bytes.prefix(60)))
      while try reader.next() != nil {}
    }
    #expect(!AnimatedWebPReader.isAnimated(Array(bytes.prefix(8))))
  }
}
