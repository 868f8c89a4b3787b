import CZlib
import Dispatch
import Foundation

/// Settings of the animated PNG writer.
public struct APNGOptions: Sendable, Equatable {
  /// The zlib level the writer uses unless told otherwise: 4.
  ///
  /// Measured (empirical) on 60 animated 1000×250 frames — a full-frame
  /// smooth gradient and gradient letters on transparency — release build,
  /// adaptive filter, CPU ms per frame / KB per frame:
  ///
  /// | level | gradient      | letters      |
  /// | ----- | ------------- | ------------ |
  /// | 1     | 10.6 / 198    | 7.2 / 124    |
  /// | 2     | 13.8 / 183    | 8.0 / 116    |
  /// | 3     | 22.8 / 167    | 13.3 / 104   |
  /// | 4     | 19.0 / 143    | 12.3 / 92    |
  /// | 6     | 53.5 / 117    | 33.4 / 76    |
  ///
  /// Level 4 is zlib's first lazy-matching level with short hash chains:
  /// faster *and* smaller than level 3, 2.7–2.8× faster than level 6 for
  /// 21–22% more bytes. Level 1 is the choice when speed matters more than
  /// size (1.7× faster than 4, 35–39% larger).
  public static let defaultCompressionLevel = 4

  /// Frames per second (> 0); each frame's delay is `1/framesPerSecond`,
  /// stored as the nearest fraction (see `APNGDelay`).
  public var framesPerSecond: Double
  /// How many times the animation plays; 0 (the default) loops forever.
  public var loopCount: Int
  /// zlib level, 0 (store) … 9 (smallest); see `defaultCompressionLevel`.
  public var compressionLevel: Int
  /// Row filter choice; `.adaptive` by default (best size for photographs
  /// and gradients at little cost).
  public var filter: PNGFilterStrategy
  /// When true (default), each frame after the first stores only the
  /// smallest rectangle that differs from the previous frame (`fcTL` region,
  /// blend `SOURCE`, dispose `NONE`): identical pixels outside it are kept.
  /// The decoded frames are the same either way.
  public var cropsUnchangedRegions: Bool
  /// How many frames are compressed at once, on that many threads (≥ 1).
  /// Also the number of raw frames held in memory. Default: the number of
  /// active processors.
  public var concurrentFrames: Int

  public init(
    framesPerSecond: Double = 30, loopCount: Int = 0,
    compressionLevel: Int = APNGOptions.defaultCompressionLevel,
    filter: PNGFilterStrategy = .adaptive, cropsUnchangedRegions: Bool = true,
    concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.framesPerSecond = framesPerSecond
    self.loopCount = loopCount
    self.compressionLevel = compressionLevel
    self.filter = filter
    self.cropsUnchangedRegions = cropsUnchangedRegions
    self.concurrentFrames = concurrentFrames
  }
}

/// Writes an animated PNG (APNG 1.0) as frames arrive: `append` … `finish`.
///
/// File layout: signature, `IHDR` (8-bit RGBA, not interlaced), `acTL`
/// (frame count, loop count), then per frame an `fcTL` (sequence number,
/// region, delay, dispose `NONE`, blend `SOURCE`) and its image data — `IDAT`
/// for the first frame (which is also the still image non-APNG viewers
/// show), `fdAT` (with sequence numbers) for the others — and `IEND`. The
/// frame count in `acTL` is filled in by `finish()`.
///
/// Frames are filtered and deflated in batches of `concurrentFrames`, in
/// parallel; the bytes do not depend on the batch size or thread count.
/// Memory: one batch of raw frames plus its compressed data.
///
/// Written to a file atomically (nothing appears at `path` before
/// `finish()`); to standard output (`"-"`) in one piece at `finish()`.
public final class APNGWriter: FrameSink {
  public let destination: String
  public let width: Int
  public let height: Int
  public let options: APNGOptions

  private let output: any ByteOutput
  private var pending: [(image: RGBAImage, delay: APNGDelay)] = []
  /// The last frame of the previous batch: what the next frame is compared to.
  private var previousFrame: RGBAImage?
  private var framesWritten = 0
  private var sequenceNumber: UInt32 = 0
  private var state: State = .open
  private let defaultDelay: APNGDelay

  private enum State { case open, finished, cancelled }

  /// Offset of the `acTL` chunk: after the 8-byte signature and the 25-byte
  /// `IHDR` chunk (12 bytes of framing + 13 of data).
  private static let acTLOffset = 33

  /// Starts an animated PNG at `path` (`"-"`: standard output).
  ///
  /// - Parameters:
  ///   - width, height: the canvas, ≥ 1 each; every frame must have it.
  /// - Throws: `MeshWarpIOError` for a bad size or option, or when the
  ///   temporary file cannot be created.
  public convenience init(path: String, width: Int, height: Int, options: APNGOptions = .init())
    throws
  {
    try Self.validate(width: width, height: height, options: options, destination: path)
    try self.init(
      output: try makeByteOutput(path: path), destination: path, width: width, height: height,
      options: options)
  }

  init(
    output: any ByteOutput, destination: String, width: Int, height: Int, options: APNGOptions
  ) throws {
    self.output = output
    self.destination = destination
    self.width = width
    self.height = height
    self.options = options
    self.defaultDelay = APNGDelay(framesPerSecond: options.framesPerSecond)
    try Self.validate(width: width, height: height, options: options, destination: destination)
    var header = PNGDecoder.signature
    var ihdr: [UInt8] = []
    ihdr.appendBigEndian(UInt32(width))
    ihdr.appendBigEndian(UInt32(height))
    ihdr += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, adaptive filtering, no interlace
    PNGChunk.append(type: "IHDR", data: ihdr, to: &header)
    PNGChunk.append(type: "acTL", data: acTLData(frameCount: 0), to: &header)
    do {
      try output.write(header)
    } catch {
      state = .cancelled
      output.discard()
      throw error
    }
  }

  deinit {
    if state == .open { output.discard() }
  }

  /// Encodes whole animations in memory.
  ///
  /// - Returns: the APNG file's bytes.
  /// - Throws: as `append` and `finish`.
  public static func encode(_ frames: [RGBAImage], options: APNGOptions = .init()) throws
    -> [UInt8]
  {
    guard let first = frames.first else {
      throw MeshWarpIOError.unsupportedOutput(path: "APNG data", reason: "no frames to write")
    }
    let memory = MemoryByteOutput()
    let writer = try APNGWriter(
      output: memory, destination: "APNG data", width: first.width, height: first.height,
      options: options)
    for frame in frames { try writer.append(frame) }
    try writer.finish()
    return memory.bytes
  }

  public func append(_ image: RGBAImage) throws {
    try append(image, delay: defaultDelay)
  }

  /// Adds a frame that shows for `delay` instead of `1/framesPerSecond`.
  public func append(_ image: RGBAImage, delay: APNGDelay) throws {
    try checkOpen()
    guard image.width == width, image.height == height else {
      cancel()
      throw MeshWarpIOError.frameMismatch(
        destination: destination,
        reason:
          "frame \(framesWritten + pending.count) is \(image.width)×\(image.height), the animation is \(width)×\(height)"
      )
    }
    pending.append((image, delay))
    if pending.count >= max(1, options.concurrentFrames) {
      try flushPending()
    }
  }

  public func finish() throws {
    try checkOpen()
    try flushPending()
    guard framesWritten > 0 else {
      cancel()
      throw MeshWarpIOError.unsupportedOutput(path: destination, reason: "no frames to write")
    }
    do {
      try output.write(PNGChunk.make(type: "IEND", data: []))
      try output.overwrite(
        PNGChunk.make(type: "acTL", data: acTLData(frameCount: framesWritten)),
        at: Self.acTLOffset)
      try output.commit()
    } catch {
      cancel()
      throw error
    }
    state = .finished
  }

  public func cancel() {
    guard state == .open else { return }
    state = .cancelled
    pending = []
    output.discard()
  }

  // MARK: - Encoding

  /// One frame ready to write.
  private struct EncodedFrame: Sendable {
    var region: PixelRegion
    var compressed: [UInt8]
    var delay: APNGDelay
  }

  /// Compresses the pending frames in parallel, then writes them in order.
  private func flushPending() throws {
    guard !pending.isEmpty else { return }
    let batch = pending
    pending = []
    let reference = previousFrame
    let firstIndex = framesWritten
    let options = self.options
    let count = batch.count
    var results = [Result<EncodedFrame, any Error>?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { slots in
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: count) { i in
        let previous = i == 0 ? reference : batch[i - 1].image
        slots[i] = Result {
          try Self.encodeFrame(
            batch[i].image, previous: firstIndex + i == 0 ? nil : previous, delay: batch[i].delay,
            options: options)
        }
      }
    }
    previousFrame = batch.last?.image
    for result in results {
      switch result! {
      case .success(let frame):
        try write(frame)
      case .failure(let failure):
        cancel()
        throw MeshWarpIOError.encodingFailed(destination: destination, reason: "\(failure)")
      }
    }
  }

  /// Filters and deflates one frame (or the part that changed).
  private static func encodeFrame(
    _ image: RGBAImage, previous: RGBAImage?, delay: APNGDelay, options: APNGOptions
  ) throws -> EncodedFrame {
    let region: PixelRegion
    if let previous, options.cropsUnchangedRegions {
      region = PixelRegion.changed(from: previous, to: image)
    } else {
      region = PixelRegion(x: 0, y: 0, width: image.width, height: image.height)
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
    return EncodedFrame(region: region, compressed: compressed, delay: delay)
  }

  /// Largest image-data chunk written (empirical: keeps chunks friendly to
  /// streaming readers; any size < 2³¹ is valid).
  private static let maxChunkData = 1 << 20

  private func write(_ frame: EncodedFrame) throws {
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
      if framesWritten == 0 {
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
    do {
      try output.write(bytes)
    } catch {
      cancel()
      throw error
    }
    framesWritten += 1
  }

  private func nextSequenceNumber() -> UInt32 {
    defer { sequenceNumber += 1 }
    return sequenceNumber
  }

  private func acTLData(frameCount: Int) -> [UInt8] {
    var data: [UInt8] = []
    data.appendBigEndian(UInt32(frameCount))
    data.appendBigEndian(UInt32(options.loopCount))
    return data
  }

  private func checkOpen() throws {
    guard state == .open else {
      throw MeshWarpIOError.unsupportedOutput(
        path: destination,
        reason: state == .finished
          ? "the animation is already finished" : "the export was cancelled")
    }
  }

  private static func validate(
    width: Int, height: Int, options: APNGOptions, destination: String
  ) throws {
    guard width >= 1, height >= 1, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
      throw MeshWarpIOError.unsupportedOutput(
        path: destination, reason: "an animated PNG cannot be \(width)×\(height)")
    }
    guard options.framesPerSecond > 0, options.framesPerSecond.isFinite else {
      throw MeshWarpIOError.unsupportedOutput(
        path: destination, reason: "frame rate must be > 0 (got \(options.framesPerSecond))")
    }
    guard options.loopCount >= 0, options.loopCount <= Int(Int32.max) else {
      throw MeshWarpIOError.unsupportedOutput(
        path: destination, reason: "loop count must be ≥ 0 (got \(options.loopCount))")
    }
  }
}

/// `fcTL` dispose_op (APNG spec): what happens to the frame's region before
/// the next frame is drawn.
public enum APNGDisposeOp: UInt8, Sendable {
  /// Leave it.
  case none = 0
  /// Clear it to transparent black.
  case background = 1
  /// Restore what was there before this frame.
  case previous = 2
}

/// `fcTL` blend_op (APNG spec): how the frame's pixels meet the canvas.
public enum APNGBlendOp: UInt8, Sendable {
  /// Replace the region's pixels, alpha included.
  case source = 0
  /// Composite over the canvas (straight-alpha "over").
  case over = 1
}

/// A rectangle of whole pixels.
public struct PixelRegion: Sendable, Hashable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The smallest rectangle holding every pixel that differs between two
  /// images of the same size; a 1×1 rectangle at the origin when none do
  /// (an APNG frame cannot be empty).
  ///
  /// - Complexity: O(pixels) in the worst case; rows outside the changed
  ///   band cost one comparison per pixel.
  static func changed(from a: RGBAImage, to b: RGBAImage) -> PixelRegion {
    precondition(a.width == b.width && a.height == b.height)
    let width = a.width
    return a.pixels.withUnsafeBytes { ra in
      b.pixels.withUnsafeBytes { rb in
        // Pixels compared as 4-byte words, read unaligned (no rebinding of
        // the byte arrays' memory).
        func pixel(_ raw: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
          raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
        }
        func rowDiffers(_ y: Int) -> Bool {
          memcmp(ra.baseAddress! + y * width * 4, rb.baseAddress! + y * width * 4, width * 4) != 0
        }
        guard let top = (0..<a.height).first(where: rowDiffers) else {
          return PixelRegion(x: 0, y: 0, width: 1, height: 1)
        }
        let bottom = (top..<a.height).last(where: rowDiffers)!
        var left = width
        var right = -1
        for y in top...bottom {
          let row = y * width
          var x = 0
          while x < left && pixel(ra, row + x) == pixel(rb, row + x) { x += 1 }
          if x < left { left = x }
          var xr = width - 1
          while xr > right && pixel(ra, row + xr) == pixel(rb, row + xr) { xr -= 1 }
          if xr > right { right = xr }
        }
        return PixelRegion(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
      }
    }
  }
}
