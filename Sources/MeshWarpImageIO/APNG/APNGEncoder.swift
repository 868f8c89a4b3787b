import MeshWarpFiles
import MeshWarpRender

/// The bytes of an animated PNG (APNG 1.0), piece by piece, for a writer
/// that streams them (`APNGWriter`): `header()`, then per frame
/// `encodeFrame` (any thread) and `chunks(of:)` (in order), then
/// `trailer()`, and `acTL()` written again over the one in the header at
/// `acTLOffset`, now with the frame count.
///
/// File layout: signature, `IHDR` (8-bit RGBA, not interlaced), `acTL`
/// (frame count, loop count), then per frame an `fcTL` (sequence number,
/// region, delay, dispose `NONE`, blend `SOURCE`) and its image data — `IDAT`
/// for the first frame (which is also the still image non-APNG viewers
/// show), `fdAT` (with sequence numbers) for the others — and `IEND`.
package struct APNGEncoder {
  package let width: Int
  package let height: Int
  package let options: APNGOptions
  /// Frames whose chunks were made so far.
  package private(set) var frameCount = 0
  private var sequenceNumber: UInt32 = 0

  /// One frame filtered and deflated, ready for `chunks(of:)`.
  package struct Frame: Sendable {
    var region: PixelRect
    var compressed: [UInt8]
    var delay: APNGDelay
  }

  /// Offset of the `acTL` chunk: after the 8-byte signature and the 25-byte
  /// `IHDR` chunk (12 bytes of framing + 13 of data).
  package static let acTLOffset = 33

  /// Largest image-data chunk written (empirical: keeps chunks friendly to
  /// streaming readers; any size < 2³¹ is valid).
  private static let maxChunkData = 1 << 20

  /// - Throws: `ImageCodecError.unsupportedOutput` naming `destination` for
  ///   a size, frame rate or loop count an APNG cannot hold.
  package init(width: Int, height: Int, options: APNGOptions, destination: String) throws {
    guard width >= 1, height >= 1, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
      throw ImageCodecError.unsupportedOutput(
        path: destination, reason: "an animated PNG cannot be \(width)×\(height)")
    }
    guard options.framesPerSecond > 0, options.framesPerSecond.isFinite else {
      throw ImageCodecError.unsupportedOutput(
        path: destination, reason: "frame rate must be > 0 (got \(options.framesPerSecond))")
    }
    guard options.loopCount >= 0, options.loopCount <= Int(Int32.max) else {
      throw ImageCodecError.unsupportedOutput(
        path: destination, reason: "loop count must be ≥ 0 (got \(options.loopCount))")
    }
    self.width = width
    self.height = height
    self.options = options
  }

  /// The signature, `IHDR` and an `acTL` of `frameCount` frames.
  package func header() -> [UInt8] {
    var header = PNGDecoder.signature
    var ihdr: [UInt8] = []
    ihdr.appendBigEndian(UInt32(width))
    ihdr.appendBigEndian(UInt32(height))
    ihdr += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, adaptive filtering, no interlace
    PNGChunk.append(type: "IHDR", data: ihdr, to: &header)
    header += acTL()
    header += PNGColorChunks.chunks(for: options.color)
    return header
  }

  /// The `acTL` chunk with the frames made so far.
  package func acTL() -> [UInt8] {
    var data: [UInt8] = []
    data.appendBigEndian(UInt32(frameCount))
    data.appendBigEndian(UInt32(options.loopCount))
    return PNGChunk.make(type: "acTL", data: data)
  }

  /// The `IEND` chunk.
  package func trailer() -> [UInt8] { PNGChunk.make(type: "IEND", data: []) }

  /// Filters and deflates one frame, or only the part that differs from
  /// `previous` when `options.cropsUnchangedRegions`. Thread-safe.
  ///
  /// - Throws: `Zlib.Failure` when deflate fails.
  package static func encodeFrame(
    _ image: RGBAImage, previous: RGBAImage?, delay: APNGDelay, options: APNGOptions
  ) throws -> Frame {
    let region: PixelRect
    if let previous, options.cropsUnchangedRegions {
      region = PixelRect.changed(from: previous, to: image)
    } else {
      region = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    }
    let rowBytes = region.width * 4
    var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * region.height)
    let zeroRow = [UInt8](repeating: 0, count: options.filter == .adaptive ? rowBytes : 1)
    image.pixels.withUnsafeBufferPointer { pixels in
      filtered.withUnsafeMutableBufferPointer { out in
        zeroRow.withUnsafeBufferPointer { zeroRow in
          PNGRowFilter.filter(
            rows: pixels.baseAddress! + (region.y * image.width + region.x) * 4,
            rowBytes: rowBytes, height: region.height, stride: image.width * 4, bytesPerPixel: 4,
            strategy: options.filter, output: out.baseAddress!, zeroRow: zeroRow.baseAddress!)
        }
      }
    }
    let level = Int32(min(max(options.compressionLevel, 0), 9))
    let compressed = try filtered.withUnsafeBytes { try Zlib.compress($0, level: level) }
    return Frame(region: region, compressed: compressed, delay: delay)
  }

  /// The `fcTL` and image-data chunks of the next frame.
  package mutating func chunks(of frame: Frame) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(frame.compressed.count + 64)
    var fctl: [UInt8] = []
    fctl.appendBigEndian(nextSequenceNumber())
    fctl.appendBigEndian(UInt32(frame.region.width))
    fctl.appendBigEndian(UInt32(frame.region.height))
    fctl.appendBigEndian(UInt32(frame.region.x))
    fctl.appendBigEndian(UInt32(frame.region.y))
    fctl.appendBigEndian(frame.delay.numerator)
    fctl.appendBigEndian(frame.delay.denominator)
    fctl.append(APNGDisposeOp.none.rawValue)
    fctl.append(APNGBlendOp.source.rawValue)
    PNGChunk.append(type: "fcTL", data: fctl, to: &bytes)
    var start = 0
    repeat {
      let end = min(frame.compressed.count, start + Self.maxChunkData)
      let piece = frame.compressed[start..<end]
      if frameCount == 0 {
        PNGChunk.append(type: "IDAT", data: piece, to: &bytes)
      } else {
        var data: [UInt8] = []
        data.reserveCapacity(piece.count + 4)
        data.appendBigEndian(nextSequenceNumber())
        data.append(contentsOf: piece)
        PNGChunk.append(type: "fdAT", data: data, to: &bytes)
      }
      start = end
    } while start < frame.compressed.count
    frameCount += 1
    return bytes
  }

  private mutating func nextSequenceNumber() -> UInt32 {
    defer { sequenceNumber += 1 }
    return sequenceNumber
  }
}
