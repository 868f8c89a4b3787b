import Foundation
import MeshWarpRender

/// One decoded video frame.
public struct VideoFrame: Sendable {
  /// 0 for the first frame.
  public var index: Int
  /// Seconds: `index / framesPerSecond`.
  public var timestamp: Double
  /// Straight-alpha RGBA, rows top to bottom.
  public var image: RGBAImage

  public init(index: Int, timestamp: Double, image: RGBAImage) {
    self.index = index
    self.timestamp = timestamp
    self.image = image
  }
}

/// Cuts a byte stream of raw RGBA frames (what `ffmpeg -f rawvideo
/// -pix_fmt rgba -` writes) into frames of `width · height · 4` bytes, or
/// one of `yuv420p` frames (1.5 bytes a pixel), converted to RGBA as they
/// arrive (`YUV420ToRGBA`).
///
/// It pulls bytes through a `read` closure (like read(2): fill some of the
/// buffer, return the count, 0 at the end), so it runs the same on a pipe
/// and on bytes in memory; it holds one frame at a time. The stream must
/// end at a frame boundary: a partial last frame is
/// ``VideoInputError/endedEarly(source:framesRead:partialBytes:frameBytes:)``.
public struct RawVideoFrameParser: Sendable {
  public let width: Int
  public let height: Int
  public let framesPerSecond: Double
  /// Where the bytes come from, for error messages.
  public let source: String
  /// Whole frames returned so far.
  public private(set) var framesRead = 0
  /// True once the stream ended (cleanly or not).
  public private(set) var isFinished = false
  /// The frames' matrix when they arrive as `yuv420p` planes; nil: RGBA.
  package let yuv: YUV420ToRGBA.Matrix?
  /// yuv420p streams: frames are delivered as the planes' Y′, Cb, Cr in
  /// their R, G, B bytes (``YCbCr420Packing/expand(_:width:height:into:threads:vectorized:)``)
  /// instead of converted to RGBA.
  package var keepsYCbCr = false
  /// Frames arrive as `rgba64le` (8 bytes a pixel), read with
  /// ``nextDeepFrame(reusing:read:)``.
  package var deep = false
  /// The planes of the frame being read (yuv420p streams only).
  private var planes: [UInt8] = []

  /// The largest frame accepted: 16384 × 16384 (1 GiB of RGBA).
  public static let maxSide = 16384

  /// A parser for `width × height` frames at `framesPerSecond`.
  ///
  /// - Throws: ``VideoInputError/unsupported(path:reason:)`` for a size
  ///   outside 1…``maxSide`` or a frame rate that is not finite and above 0.
  public init(width: Int, height: Int, framesPerSecond: Double, source: String)
    throws(VideoInputError)
  {
    try self.init(
      width: width, height: height, framesPerSecond: framesPerSecond, source: source, yuv: nil)
  }

  /// A parser for `width × height` frames at `framesPerSecond`, sent as
  /// `yuv420p` planes of matrix `yuv` (even sides), or as RGBA when nil.
  ///
  /// - Throws: as ``init(width:height:framesPerSecond:source:)``, and
  ///   ``VideoInputError/unsupported(path:reason:)`` for 4:2:0 at an odd side.
  package init(
    width: Int, height: Int, framesPerSecond: Double, source: String,
    yuv: YUV420ToRGBA.Matrix?
  ) throws(VideoInputError) {
    guard yuv == nil || (width % 2 == 0 && height % 2 == 0) else {
      throw .unsupported(path: source, reason: "4:2:0 frames of \(width)×\(height) (odd side)")
    }
    guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
      throw .unsupported(
        path: source, reason: "a video cannot be \(width)×\(height) (1…\(Self.maxSide) per side)")
    }
    guard framesPerSecond.isFinite, framesPerSecond > 0 else {
      throw .unsupported(path: source, reason: "frame rate \(framesPerSecond) is not above 0")
    }
    self.width = width
    self.height = height
    self.framesPerSecond = framesPerSecond
    self.source = source
    self.yuv = yuv
  }

  /// Bytes per frame in the stream.
  public var frameBytes: Int {
    if deep { return width * height * 8 }
    return yuv == nil ? width * height * 4 : YUV420RowPair.byteCount(width: width, height: height)
  }

  /// Reads the next frame of an `rgba64le` stream (``deep``), as
  /// ``nextFrame(reusing:read:)`` does an 8-bit one (little-endian
  /// values: the hosts this runs on).
  ///
  /// - Returns: the frame's index, time and pixels, or nil at a clean end.
  /// - Throws: as ``nextFrame(reusing:read:)``.
  package mutating func nextDeepFrame(
    reusing storage: consuming RGBA16Image? = nil,
    read: (UnsafeMutableRawBufferPointer) throws -> Int
  ) throws -> (index: Int, timestamp: Double, image: RGBA16Image)? {
    precondition(deep, "an 8-bit stream")
    guard !isFinished else { return nil }
    let count = frameBytes
    var pixels = storage.take()?.pixels ?? []
    // Zeroed when new (`read` need not write what it claims); a spent
    // frame holds old values, never uninitialized memory.
    if pixels.count != width * height * 4 {
      pixels = [UInt16](repeating: 0, count: width * height * 4)
    }
    var filled = 0
    try pixels.withUnsafeMutableBytes { raw in
      while filled < count {
        let n = try read(UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
        guard n > 0 else { break }
        filled += min(n, count - filled)
      }
    }
    if filled == 0 {
      isFinished = true
      return nil
    }
    guard filled == count else {
      isFinished = true
      throw VideoInputError.endedEarly(
        source: source, framesRead: framesRead, partialBytes: filled, frameBytes: count)
    }
    defer { framesRead += 1 }
    return (
      framesRead, Double(framesRead) / framesPerSecond,
      RGBA16Image(width: width, height: height, pixels: pixels)
    )
  }

  /// Reads the next frame.
  ///
  /// - Parameters:
  ///   - storage: a spent frame to read into (a stream's frames then cost
  ///     no allocation and no page faults); used when it has the frame's
  ///     size and its pixels are not shared, else a new buffer is made.
  ///   - read: fills a prefix of the buffer and returns how many
  ///     bytes it wrote; 0 means the end of the stream. It may throw.
  /// - Returns: the frame, or nil at a clean end (after a whole frame, or
  ///   with no frame at all).
  /// - Throws: ``VideoInputError/endedEarly(source:framesRead:partialBytes:frameBytes:)``
  ///   when the stream ends inside a frame, or what `read` throws.
  public mutating func nextFrame(
    reusing storage: consuming RGBAImage? = nil,
    read: (UnsafeMutableRawBufferPointer) throws -> Int
  ) throws -> VideoFrame? {
    guard !isFinished else { return nil }
    let count = frameBytes
    var filled = 0
    func fill(_ raw: UnsafeMutableRawBufferPointer) throws {
      while filled < count {
        let n = try read(UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
        guard n > 0 else { break }
        filled += min(n, count - filled)
      }
    }
    var pixels = storage.take()?.pixels ?? []
    let pixelCount = width * height * 4
    if let yuv {
      // Zeroed once (`read` is arbitrary code and need not write what it
      // claims); later frames overwrite the previous one's planes.
      if planes.count != count { planes = [UInt8](repeating: 0, count: count) }
      try planes.withUnsafeMutableBytes { try fill($0) }
      if filled == count {
        func convert(_ out: UnsafeMutableRawBufferPointer) {
          planes.withUnsafeBytes { planes in
            if keepsYCbCr {
              YCbCr420Packing.expand(planes, width: width, height: height, into: out, threads: 0)
            } else {
              YUV420ToRGBA.convert(
                planes, width: width, height: height, matrix: yuv, into: out, threads: 0)
            }
          }
        }
        if pixels.count == pixelCount {
          pixels.withUnsafeMutableBytes(convert)
        } else {
          pixels = [UInt8](unsafeUninitializedCapacity: pixelCount) { buffer, initialized in
            convert(UnsafeMutableRawBufferPointer(buffer))
            initialized = pixelCount
          }
        }
      }
    } else if pixels.count == count {
      // Already initialized (the previous frame): whatever `read` leaves
      // unwritten is old pixels, never uninitialized memory.
      try pixels.withUnsafeMutableBytes { try fill($0) }
    } else {
      pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        // Zero first (memset: fast in debug builds too): `read` is arbitrary
        // code and need not write what it claims.
        let raw = UnsafeMutableRawBufferPointer(buffer)
        if count > 0 { memset(raw.baseAddress!, 0, count) }
        initialized = count
        try fill(raw)
      }
    }
    if filled == 0 {
      isFinished = true
      return nil
    }
    guard filled == count else {
      isFinished = true
      throw VideoInputError.endedEarly(
        source: source, framesRead: framesRead, partialBytes: filled, frameBytes: count)
    }
    let frame = VideoFrame(
      index: framesRead, timestamp: Double(framesRead) / framesPerSecond,
      image: RGBAImage(width: width, height: height, pixels: pixels))
    framesRead += 1
    return frame
  }

  /// Every frame of `bytes` (a fuzzing and testing aid: the whole stream
  /// is in memory already).
  ///
  /// - Throws: as `nextFrame(read:)`.
  public mutating func frames(in bytes: [UInt8]) throws -> [VideoFrame] {
    var offset = 0
    var result: [VideoFrame] = []
    while let frame = try nextFrame(read: { buffer in
      let n = min(buffer.count, bytes.count - offset)
      if n > 0 {
        bytes.withUnsafeBytes { source in
          buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: n)
        }
      }
      offset += n
      return n
    }) {
      result.append(frame)
    }
    return result
  }
}
