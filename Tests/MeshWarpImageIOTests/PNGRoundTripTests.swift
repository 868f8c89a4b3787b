import Foundation
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// PNG encode → decode reproduces every byte, alpha included.
@Suite struct PNGRoundTripTests {
  static let sizes = [(1, 1), (2, 3), (17, 5), (64, 64), (301, 7)]

  @Test(arguments: [PNGEncoder.Speed.balanced, .fast])
  func randomImagesRoundTripExactly(speed: PNGEncoder.Speed) throws {
    let seed: UInt64 = 0x5EED_0001
    print("PNGRoundTripTests seed \(seed)")
    var rng = SeededRandom(seed: seed)
    for (width, height) in Self.sizes {
      let image = randomImage(width: width, height: height, rng: &rng)
      let bytes = try PNGEncoder.encode(image, speed: speed)
      let decoded = try PNGDecoder.decode(bytes)
      #expect(decoded == image, "\(width)×\(height) \(speed)")
    }
  }

  @Test func smoothImageRoundTripsAndFastIsNotSmaller() throws {
    let image = animatedTestFrame(width: 200, height: 120, frame: 3)
    let balanced = try PNGEncoder.encode(image, speed: .balanced)
    let fast = try PNGEncoder.encode(image, speed: .fast)
    #expect(try PNGDecoder.decode(balanced) == image)
    #expect(try PNGDecoder.decode(fast) == image)
    // The fast setting trades size for speed; it must not beat the default.
    #expect(fast.count >= balanced.count, "fast \(fast.count) B, balanced \(balanced.count) B")
  }

  @Test func fileRoundTripReplacesExistingFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("out.png")
    try AtomicFile.write(Array("old".utf8), to: path)
    var rng = SeededRandom(seed: 7)
    let image = randomImage(width: 9, height: 4, rng: &rng)
    try PNGEncoder.write(image, to: path)
    #expect(try PNGDecoder.decodeFile(path: path) == image)
    #expect(directoryListing(directory.path) == ["out.png"], "no temporary file left behind")
  }

  @Test func emptyImageIsRefused() {
    #expect(throws: ImageCodecError.self) {
      try PNGEncoder.encode(RGBAImage(width: 0, height: 5))
    }
  }
}
