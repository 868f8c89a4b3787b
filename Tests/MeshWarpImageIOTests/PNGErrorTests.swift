import Foundation
import MeshWarpFiles
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// Bad PNG input: every case is a thrown `ImageCodecError` that says what is
/// wrong — never a crash.
@Suite struct PNGErrorTests {
  /// A valid 8×8 RGBA PNG to break.
  static func validPNG() throws -> [UInt8] {
    var rng = SeededRandom(seed: 42)
    return try PNGEncoder.encode(randomImage(width: 8, height: 8, rng: &rng))
  }

  /// Replaces a chunk's data and recomputes its CRC (a well-formed chunk
  /// with bad content).
  static func withIHDR(width: UInt32, height: UInt32) -> [UInt8] {
    var ihdr: [UInt8] = []
    ihdr.appendBigEndian(width)
    ihdr.appendBigEndian(height)
    ihdr += [8, 6, 0, 0, 0]
    var png = PNGDecoder.signature
    PNGChunk.append(type: "IHDR", data: ihdr, to: &png)
    // A tiny IDAT: a decoder that allocated first would need gigabytes.
    PNGChunk.append(type: "IDAT", data: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], to: &png)
    PNGChunk.append(type: "IEND", data: [], to: &png)
    return png
  }

  func invalidReason(_ bytes: [UInt8], maxPixels: Int = DecodeLimits.defaultMaxPixels) -> String? {
    do {
      _ = try PNGDecoder.decode(bytes, source: "test.png", maxPixels: maxPixels)
      return nil
    } catch let error as ImageCodecError {
      if case .invalidImage(let source, let reason) = error {
        #expect(source == "test.png")
        #expect("\(error)".hasPrefix("test.png: invalid PNG: "))
        return reason
      }
      Issue.record("unexpected error \(error)")
      return nil
    } catch {
      Issue.record("unexpected error type \(error)")
      return nil
    }
  }

  @Test func notAPNG() {
    let reason = invalidReason(Array("GIF89a, certainly not a PNG".utf8))
    #expect(reason?.contains("not a PNG") == true)
    #expect(invalidReason([]) != nil)
    #expect(invalidReason(Array(PNGDecoder.signature.prefix(5)))?.contains("truncated") == true)
  }

  @Test func truncatedAtEveryChunkBoundaryAndInside() throws {
    let png = try Self.validPNG()
    // Every cut from just after the signature to one byte short.
    for length in stride(from: 8, to: png.count, by: 3) {
      let reason = invalidReason(Array(png.prefix(length)))
      #expect(reason != nil, "decoding \(length) of \(png.count) bytes must fail")
    }
  }

  @Test func corruptCRCInIHDRAndIDAT() throws {
    var png = try Self.validPNG()
    png[8 + 8 + 13] ^= 0xFF  // first byte of IHDR's CRC
    #expect(invalidReason(png)?.lowercased().contains("crc") == true)

    png = try Self.validPNG()
    // Flip a byte inside the IDAT data (its CRC no longer matches).
    let idat = try #require(findChunk("IDAT", in: png))
    png[idat + 8 + 2] ^= 0x55
    #expect(invalidReason(png) != nil)
  }

  @Test func corruptCompressedDataWithValidCRC() throws {
    let png = try Self.validPNG()
    let idat = try #require(findChunk("IDAT", in: png))
    let length = Int(png.bigEndianUInt32(at: idat))
    var data = Array(png[(idat + 8)..<(idat + 8 + length)])
    for i in 2..<data.count { data[i] = 0xFF }  // garbage deflate stream
    var broken = Array(png[..<idat])
    PNGChunk.append(type: "IDAT", data: data, to: &broken)
    broken += png[(idat + 12 + length)...]
    #expect(invalidReason(broken) != nil)
  }

  @Test func enormousDimensionsAreRefusedBeforeAllocating() throws {
    // 50 000 × 50 000 is legal PNG (libpng accepts the header) but 2.5e9
    // pixels: refused from the header alone.
    do {
      _ = try PNGDecoder.decode(Self.withIHDR(width: 50_000, height: 50_000), source: "huge.png")
      Issue.record("a 50000×50000 header must be refused")
    } catch let error as ImageCodecError {
      guard case .imageTooLarge(_, 50_000, 50_000, DecodeLimits.defaultMaxPixels) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect("\(error)".contains("maxPixels"))
    }
    // Widths beyond libpng's own limits: its message comes through.
    #expect(invalidReason(Self.withIHDR(width: 0x7FFF_FFFF, height: 1)) != nil)
    #expect(invalidReason(Self.withIHDR(width: 0, height: 10)) != nil)
  }

  @Test func maxPixelsIsHonoured() throws {
    let png = try Self.validPNG()  // 8×8 = 64 pixels
    #expect(
      throws: ImageCodecError.imageTooLarge(source: "PNG data", width: 8, height: 8, maxPixels: 63)
    ) {
      try PNGDecoder.decode(png, maxPixels: 63)
    }
    #expect(try PNGDecoder.decode(png, maxPixels: 64).width == 8)
  }

  @Test func randomCorruptionNeverCrashes() throws {
    let seed: UInt64 = 0xBAD_C0DE
    print("PNGErrorTests.randomCorruptionNeverCrashes seed \(seed)")
    var rng = SeededRandom(seed: seed)
    let png = try Self.validPNG()
    var failures = 0
    for _ in 0..<300 {
      var bytes = png
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        bytes[Int.random(in: 8..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
      }
      do {
        let image = try PNGDecoder.decode(bytes)
        #expect(image.pixels.count == image.width * image.height * 4)
      } catch is ImageCodecError {
        failures += 1
      }
    }
    #expect(failures > 100, "most corruptions must be detected (CRCs), got \(failures)")
  }

  @Test func fileErrorsNameThePath() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("missing.png")
    #expect(
      throws: FileError.fileSystem(
        path: missing, operation: .open, reason: "no such file or directory")
    ) {
      try PNGDecoder.decodeFile(path: missing)
    }
    #expect(
      throws: FileError.fileSystem(
        path: directory.path, operation: .read, reason: "is a directory")
    ) {
      try PNGDecoder.decodeFile(path: directory.path)
    }
    let notPNG = directory.file("text.png")
    try AtomicFile.write(Array("hello".utf8), to: notPNG)
    do {
      _ = try PNGDecoder.decodeFile(path: notPNG)
      Issue.record("must fail")
    } catch {
      #expect("\(error)".hasPrefix(notPNG + ": invalid PNG"))
    }
  }

  /// Offset of the first chunk of `type`.
  func findChunk(_ type: String, in png: [UInt8]) -> Int? {
    var offset = 8
    while offset + 8 <= png.count {
      let length = Int(png.bigEndianUInt32(at: offset))
      if String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { return offset }
      offset += 12 + length
    }
    return nil
  }
}
