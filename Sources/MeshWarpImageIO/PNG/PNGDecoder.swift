import CPNG
import Foundation

/// Decodes PNG files to `RGBAImage` through libpng's simplified API
/// (`png_image_begin_read_from_memory`, `png_image_finish_read`).
///
/// Every PNG colour type and bit depth is accepted — grey, grey+alpha,
/// palette (with `tRNS` transparency), RGB, RGBA; 1, 2, 4, 8 and 16 bits;
/// interlaced or not — and converted to 8-bit sRGB straight-alpha RGBA.
/// 16-bit files without a `gAMA`/`sRGB` chunk are taken as sRGB-encoded
/// (`PNG_IMAGE_FLAG_16BIT_sRGB`), as viewers do; libpng's own default would
/// treat them as linear and brighten them. Files that carry gamma information
/// are converted to sRGB by libpng.
///
/// Bad data never traps: libpng's simplified API reports corrupt, truncated
/// and unsupported input as an error message, which becomes a thrown
/// `MeshWarpIOError.invalidImage`.
public enum PNGDecoder {
  /// The default pixel limit: 100 megapixels (400 MB of RGBA), chosen
  /// (empirical) to accept any photograph or 8K frame (33 MP) while refusing
  /// a header that claims absurd dimensions.
  public static let defaultMaxPixels = 100_000_000

  /// The eight bytes every PNG file starts with (PNG spec §5.2).
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Decodes PNG bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete PNG file.
  ///   - source: how errors name the data (a file path, "standard input").
  ///   - maxPixels: refuse images with more than this many pixels (> 0). The
  ///     header is checked before any pixel memory is allocated.
  /// - Returns: the image as 8-bit sRGB straight-alpha RGBA.
  /// - Throws: `MeshWarpIOError.invalidImage` (not a PNG, truncated, bad CRC
  ///   in a critical chunk, corrupt compressed data, …) or
  ///   `MeshWarpIOError.imageTooLarge`.
  /// - Complexity: O(compressed bytes + pixels).
  public static func decode(
    _ bytes: [UInt8], source: String = "PNG data", maxPixels: Int = defaultMaxPixels
  ) throws -> RGBAImage {
    guard bytes.count >= signature.count, bytes.starts(with: signature) else {
      let reason =
        bytes.count < signature.count && signature.starts(with: bytes)
        ? "truncated: \(bytes.count) bytes, shorter than the PNG signature"
        : "not a PNG file (the first 8 bytes are not the PNG signature)"
      throw MeshWarpIOError.invalidImage(source: source, reason: reason)
    }
    var image = png_image()
    image.version = png_uint_32(meshwarp_png_image_version)
    // Safe on every path: png_image_free ignores an already-freed image.
    defer { png_image_free(&image) }

    let begun = bytes.withUnsafeBytes { buffer in
      png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
    }
    guard begun != 0 else {
      throw MeshWarpIOError.invalidImage(source: source, reason: message(of: &image))
    }
    let width = Int(image.width)
    let height = Int(image.height)
    let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixelCount <= maxPixels else {
      throw MeshWarpIOError.imageTooLarge(
        source: source, width: width, height: height, maxPixels: maxPixels)
    }
    image.flags |= png_uint_32(meshwarp_png_image_flag_16bit_srgb)
    // IHDR is the first chunk (libpng has checked): bit depth at byte 24,
    // interlace method at byte 28.
    if bytes[24] == 16 && bytes[28] != 0 {
      let result = try finishReadInterlaced16(&image, source: source, width: width, height: height)
      try checkEnd(bytes, source: source)
      return result
    }
    image.format = png_uint_32(meshwarp_png_format_rgba)

    var failure: String? = nil
    let pixels = [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { buffer, count in
      // Zero first: if libpng fails half-way, no uninitialised byte escapes.
      buffer.initialize(repeating: 0)
      count = pixelCount * 4
      let finished = png_image_finish_read(
        &image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
      if finished == 0 { failure = message(of: &image) }
    }
    if let failure {
      throw MeshWarpIOError.invalidImage(source: source, reason: failure)
    }
    try checkEnd(bytes, source: source)
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// Reads and decodes the PNG file at `path` (`"-"`: standard input).
  ///
  /// - Parameters:
  ///   - path: the file; errors name it.
  ///   - maxPixels: as in `decode(_:source:maxPixels:)`.
  /// - Throws: `MeshWarpIOError.fileSystem` (missing, a directory,
  ///   unreadable) or the errors of `decode`.
  public static func decodeFile(path: String, maxPixels: Int = defaultMaxPixels) throws
    -> RGBAImage
  {
    let bytes = try FileInput.readBytes(path: path)
    let source = path == FileInput.standardInputPath ? "standard input" : path
    return try decode(bytes, source: source, maxPixels: maxPixels)
  }

  /// Finishes reading an interlaced 16-bit file through 16-bit linear
  /// premultiplied output, then converts to 8-bit sRGB straight alpha here.
  ///
  /// Why: libpng 1.6's direct 16→8-bit path (`png_image_read_direct_scaled`)
  /// merges Adam7 passes into a stale row buffer and returns wrong rows for
  /// interlaced 16-bit files (pnggroup/libpng#853; seen with Debian's
  /// 1.6.39-2+deb12u4). The linear path is not affected. Cost: one extra
  /// pass over the pixels; colours of pixels with very low alpha lose
  /// precision to premultiplication (at alpha a/65535 the colour keeps about
  /// log2(a) bits).
  private static func finishReadInterlaced16(
    _ image: inout png_image, source: String, width: Int, height: Int
  ) throws -> RGBAImage {
    image.format = png_uint_32(meshwarp_png_format_linear_rgba)
    let pixelCount = width * height
    var linear = [UInt16](repeating: 0, count: pixelCount * 4)
    let finished = linear.withUnsafeMutableBufferPointer { buffer in
      // The stride counts 16-bit components.
      png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
    }
    guard finished != 0 else {
      throw MeshWarpIOError.invalidImage(source: source, reason: message(of: &image))
    }
    let encode = LibpngGamma.encode16To8
    let pixels = [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { out, count in
      for i in 0..<pixelCount {
        let a = UInt32(linear[4 * i + 3])
        for c in 0..<3 {
          // Unpremultiply with rounding: c·65535/a, clamped.
          let value = a == 0 ? 0 : min(65535, (UInt32(linear[4 * i + c]) * 65535 + a / 2) / a)
          out[4 * i + c] = encode[Int(value)]
        }
        out[4 * i + 3] = UInt8((a * 255 + 32767) / 65535)
      }
      count = pixelCount * 4
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The complete IEND chunk: length 0, type, CRC (PNG spec §11.2.5).
  private static let iendChunk: [UInt8] = [
    0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
  ]

  /// Refuses a file cut off after its image data: libpng stops reading once
  /// it has the pixels and does not notice a missing or partial IEND.
  /// Bytes after IEND (some tools append data) are allowed.
  private static func checkEnd(_ bytes: [UInt8], source: String) throws {
    let last = bytes.count - iendChunk.count
    guard last >= 8 else {
      throw MeshWarpIOError.invalidImage(source: source, reason: "truncated: no IEND chunk")
    }
    var offset = last
    while offset >= 8 {
      if bytes[offset] == 0 && bytes[offset..<(offset + iendChunk.count)].elementsEqual(iendChunk) {
        return
      }
      offset -= 1
    }
    throw MeshWarpIOError.invalidImage(
      source: source, reason: "truncated: the file ends before its IEND chunk")
  }

  /// libpng's message for the last failure, e.g. "IHDR: CRC error".
  private static func message(of image: inout png_image) -> String {
    let text = withUnsafeBytes(of: &image.message) { raw -> String in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
    if text.isEmpty { return "libpng reported an unknown error" }
    // libpng's word for a file that ends early.
    if text.contains("beyond end of data") { return "truncated: the data ends early (\(text))" }
    return text
  }
}

/// The inverse of libpng's linearisation of 16-bit data, as a table.
enum LibpngGamma {
  /// Linear 16-bit intensity v/65535 → 8-bit code `round(255·(v/65535)^(1/2.2))`.
  ///
  /// Not the exact sRGB curve (IEC 61966-2-1): libpng converts 16-bit sRGB
  /// samples to linear with the power law 2.2 (its `PNG_GAMMA_sRGB`
  /// approximation), so that law is what undoes it. Checked (empirical):
  /// with it the interlaced 16-bit fixtures decode within ±1 of
  /// `round(v/257)`; with the exact sRGB curve they are off by up to 8.
  static let encode16To8: [UInt8] = (0...65535).map { v in
    let s = pow(Double(v) / 65535, 1 / 2.2)
    return UInt8(min(255, max(0, (s * 255).rounded())))
  }
}
