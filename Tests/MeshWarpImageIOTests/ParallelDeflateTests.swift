import Foundation
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// The parallel PNG encoder: one valid zlib stream from independent chunks,
/// the same bytes on any thread count, decoded exactly by libpng, and by
/// Pillow when it is there.
@Suite struct ParallelDeflateTests {
  /// zlib's own inflate of the whole stream (it checks the header, every
  /// block and the combined Adler-32) gives back the input.
  @Test(arguments: [100, 4096, 65_536])
  func chunkedStreamInflatesToTheInput(chunkBytes: Int) throws {
    var rng = SeededRandom(seed: 0x0DEF_1A7E)
    // Runs and noise, so that matches cross chunk boundaries.
    var input: [UInt8] = []
    while input.count < 300_000 {
      let n = Int(rng.unit() * 400) + 1
      let byte = UInt8.random(in: 0...255, using: &rng)
      input +=
        rng.unit() < 0.5
        ? [UInt8](repeating: byte, count: n)
        : (0..<n).map { _ in UInt8.random(in: 0...7, using: &rng) }
    }
    let stream = try input.withUnsafeBytes {
      try ParallelDeflate.compress($0, level: 6, threads: 2, chunkBytes: chunkBytes)
    }
    #expect((Int(stream[0]) * 256 + Int(stream[1])) % 31 == 0)
    #expect(try Zlib.decompress(stream, expectedCount: input.count) == input)
    let one = try input.withUnsafeBytes {
      try ParallelDeflate.compress($0, level: 6, threads: 1, chunkBytes: chunkBytes)
    }
    #expect(one == stream, "the bytes must not depend on the thread count")
  }

  @Test func tinyAndEmptyInputs() throws {
    for input in [[], [7], [UInt8](repeating: 1, count: 5)] as [[UInt8]] {
      let stream = try input.withUnsafeBytes {
        try ParallelDeflate.compress($0, level: 6, threads: 2, chunkBytes: 2)
      }
      #expect(try Zlib.decompress(stream, expectedCount: input.count) == input)
    }
  }

  /// Chunks small enough that a band split and many chunks occur: libpng
  /// decodes every byte; 1, 2 and 3 threads give identical files.
  @Test func pngFromManyChunksDecodesExactly() throws {
    var rng = SeededRandom(seed: 0x5EED_00D5)
    let noisy = randomImage(width: 301, height: 97, rng: &rng)
    let smooth = animatedTestFrame(width: 640, height: 203, frame: 5)
    for image in [noisy, smooth] {
      let files = try [1, 2, 3].map {
        try PNGEncoder.encodeParallel(image, threads: $0, chunkBytes: 10_000)
      }
      #expect(files[0] == files[1] && files[1] == files[2])
      #expect(try PNGDecoder.decode(files[0]) == image)
    }
  }

  /// Within 0.5 % of one zlib stream over the same filtered rows, plus a
  /// fixed cost per chunk (its blocks' code tables and the 5-byte sync
  /// marker: at most 128 bytes).
  @Test func chunkingCostsLittleSize() throws {
    let image = animatedTestFrame(width: 1500, height: 1400, frame: 2)
    let chunked = try PNGEncoder.encodeParallel(image, threads: 2)
    let single = try PNGEncoder.encodeParallel(image, threads: 2, chunkBytes: 1 << 30)
    let chunks = (1501 * 4 * 1400 + ParallelDeflate.chunkBytes - 1) / ParallelDeflate.chunkBytes
    #expect(try PNGDecoder.decode(chunked) == image)
    #expect(
      Double(chunked.count) <= Double(single.count) * 1.005 + Double(128 * chunks),
      "\(chunked.count) vs \(single.count)")
  }

  static let pillow: Bool = TestPython.imports("PIL", "numpy")

  /// Pillow (its own zlib inflate and unfiltering) reads the same pixels.
  @Test(.enabled(if: pillow)) func pillowDecodesTheSamePixels() throws {
    var rng = SeededRandom(seed: 0x9111_0001)
    let image = randomImage(width: 123, height: 77, rng: &rng)
    let directory = try TemporaryDirectory()
    let png = directory.file("p.png")
    let raw = directory.file("p.rgba")
    try Data(PNGEncoder.encodeParallel(image, threads: 2, chunkBytes: 3000)).write(
      to: URL(fileURLWithPath: png))
    let p = TestPython.process([
      "-c",
      "import sys; from PIL import Image; im = Image.open(sys.argv[1]); im.load(); "
        + "open(sys.argv[2], 'wb').write(im.convert('RGBA').tobytes())",
      png, raw,
    ])
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw))) == image.pixels)
  }
}
