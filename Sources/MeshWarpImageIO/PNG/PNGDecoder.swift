import CPNG
import Foundation
import MeshWarpFiles
import MeshWarpRender

/// Decodes PNG files to `RGBAImage` through libpng's full API (a small C
/// shim in the CPNG module holds the setjmp that libpng's errors need).
///
/// Every PNG colour type and bit depth is accepted — grey, grey+alpha,
/// palette (with `tRNS` transparency), RGB, RGBA; 1, 2, 4, 8 and 16 bits;
/// interlaced or not — and expanded to 8-bit straight-alpha RGBA. Sample
/// values are kept as stored: no gamma or colour-space conversion (libpng's
/// simplified API converts files with `gAMA`/`cHRM`/`iCCP` to sRGB, which
/// changes the values every other tool reads). The file's `gAMA`, `cHRM`,
/// `sRGB` and `iCCP` chunks come back as a `ColorDescription` for the
/// output; `eXIf`, the XMP `iTXt` and `pHYs` as `ImageMetadata`, the EXIF
/// orientation applied to the pixels (as for JPEG) and its tag set to 1.
/// 16-bit files (grey, grey+alpha, RGB, RGBA, with or without a 16-bit
/// `tRNS`) stay deep: ``decodeDescribed(_:source:maxPixels:threads:)``
/// returns them as `PixelImage.rgba16`, values as stored; ``decode(_:source:maxPixels:threads:)``
/// rounds them to 8 bits (`RGBA16Image.rounded8()`).
///
/// Bad data never traps: libpng's errors become a thrown
/// `ImageCodecError.invalidImage`.
public enum PNGDecoder {
  /// The eight bytes every PNG file starts with (PNG spec §5.2).
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Decodes PNG bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete PNG file.
  ///   - source: how errors name the data (a file path, "standard input").
  ///   - maxPixels: refuse images with more than this many pixels (> 0). The
  ///     header is checked before any pixel memory is allocated.
  ///   - threads: threads that fault a large image's pixel memory in
  ///     before the (serial) inflate writes it (0, the default: every
  ///     core; 1: none but this one).
  /// - Returns: the image as 8-bit straight-alpha RGBA, values as stored.
  /// - Throws: `ImageCodecError.invalidImage` (not a PNG, truncated, bad CRC
  ///   in a critical chunk, corrupt compressed data, …) or
  ///   `ImageCodecError.imageTooLarge`.
  /// - Complexity: O(compressed bytes + pixels).
  public static func decode(
    _ bytes: [UInt8], source: String = "PNG data", maxPixels: Int = DecodeLimits.defaultMaxPixels,
    threads: Int = 0
  ) throws -> RGBAImage {
    try decodeDescribed(bytes, source: source, maxPixels: maxPixels, threads: threads).image
  }

  /// Decodes PNG bytes with the file's colour description, metadata and
  /// whether it is grey; a 16-bit file's pixels at 16 bits
  /// (`PixelImage.rgba16`), any other's at 8. See
  /// `decode(_:source:maxPixels:threads:)`.
  public static func decodeDescribed(
    _ bytes: [UInt8], source: String = "PNG data", maxPixels: Int = DecodeLimits.defaultMaxPixels,
    threads: Int = 0
  ) throws -> DecodedImage {
    guard bytes.count >= signature.count, bytes.starts(with: signature) else {
      let reason =
        bytes.count < signature.count && signature.starts(with: bytes)
        ? "truncated: \(bytes.count) bytes, shorter than the PNG signature"
        : "not a PNG file (the first 8 bytes are not the PNG signature)"
      throw ImageCodecError.invalidImage(source: source, reason: reason)
    }
    var state = meshwarp_png_raw()
    defer { meshwarp_png_raw_free(&state) }
    return try bytes.withUnsafeBufferPointer { buffer in
      guard meshwarp_png_raw_begin(&state, buffer.baseAddress, buffer.count) == 0 else {
        throw ImageCodecError.invalidImage(source: source, reason: message(of: &state))
      }
      let width = Int(state.width)
      let height = Int(state.height)
      let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
      guard !overflow, pixelCount <= maxPixels else {
        throw ImageCodecError.imageTooLarge(
          source: source, width: width, height: height, maxPixels: maxPixels)
      }
      // Colour types 0 (grey) and 4 (grey + alpha), PNG spec §11.2.2.
      let isGray = state.color_type == 0 || state.color_type == 4
      let metadata = PNGMetadataChunks.read(bytes)
      if state.bit_depth == 16 {
        let deep = try decode16(&state, width: width, height: height, source: source)
        try checkEnd(bytes, source: source)
        let (image, upright) = metadata.uprighting(PixelImage.rgba16(deep))
        return DecodedImage(
          pixels: image, format: .png, color: PNGColorChunks.read(bytes), metadata: upright,
          isGrayscale: isGray)
      }
      var failure: String? = nil
      let fast = decodeWholeInflate(
        buffer, width: width, height: height, bitDepth: state.bit_depth,
        colorType: state.color_type, interlace: state.interlace, threads: threads)
      let pixels =
        fast
        ?? [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { out, count in
          // Zero first: if libpng fails half-way, no uninitialised byte escapes.
          PixelBytes.adviseHugePages(out)
          out.initialize(repeating: 0)
          count = pixelCount * 4
          if meshwarp_png_raw_finish(&state, out.baseAddress, width * 4) != 0 {
            failure = message(of: &state)
          }
        }
      if let failure { throw ImageCodecError.invalidImage(source: source, reason: failure) }
      try checkEnd(bytes, source: source)
      let (image, upright) = metadata.uprighting(
        RGBAImage(width: width, height: height, pixels: pixels))
      return DecodedImage(
        image: image, format: .png, color: PNGColorChunks.read(bytes), metadata: upright,
        isGrayscale: isGray)
    }
  }

  /// The pixels of a 16-bit file as 16-bit RGBA, values as stored (grey
  /// repeated, `tRNS` made alpha, opaque alpha 65535 added).
  private static func decode16(
    _ state: inout meshwarp_png_raw, width: Int, height: Int, source: String
  ) throws -> RGBA16Image {
    var failure: String? = nil
    let count = width * height * 4
    let pixels = [UInt16](unsafeUninitializedCapacity: count) { out, initialized in
      // Zero first: if libpng fails half-way, no uninitialised value escapes.
      out.initialize(repeating: 0)
      initialized = count
      if meshwarp_png_raw_finish16(&state, out.baseAddress, width * 8) != 0 {
        failure = message(of: &state)
      }
    }
    if let failure { throw ImageCodecError.invalidImage(source: source, reason: failure) }
    return RGBA16Image(width: width, height: height, pixels: pixels)
  }

  /// The colour description of the PNG (or APNG) whose first bytes are
  /// `head`: its `iCCP`, `sRGB`, `gAMA` and `cHRM` chunks before the first
  /// `IDAT`, as a warp carries them (empty when it has none).
  public static func colorDescription(of head: [UInt8]) -> ColorDescription {
    PNGColorChunks.read(head)
  }

  /// Reads and decodes the PNG file at `path` (`"-"`: standard input).
  ///
  /// - Parameters:
  ///   - path: the file; errors name it.
  ///   - maxPixels: as in `decode(_:source:maxPixels:threads:)`.
  /// - Throws: `FileError.fileSystem` (missing, a directory,
  ///   unreadable) or the errors of `decode`.
  public static func decodeFile(path: String, maxPixels: Int = DecodeLimits.defaultMaxPixels) throws
    -> RGBAImage
  {
    let bytes = try FileInput.readBytes(path: path)
    let source = path == FileInput.standardInputPath ? "standard input" : path
    return try decode(bytes, source: source, maxPixels: maxPixels)
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
      throw ImageCodecError.invalidImage(source: source, reason: "truncated: no IEND chunk")
    }
    var offset = last
    while offset >= 8 {
      if bytes[offset] == 0 && bytes[offset..<(offset + iendChunk.count)].elementsEqual(iendChunk) {
        return
      }
      offset -= 1
    }
    throw ImageCodecError.invalidImage(
      source: source, reason: "truncated: the file ends before its IEND chunk")
  }

  /// libpng's message for the last failure, e.g. "IHDR: CRC error".
  private static func message(of state: inout meshwarp_png_raw) -> String {
    let text = withUnsafeBytes(of: &state.message) { raw -> String in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if text.isEmpty { return "libpng reported an unknown error" }
    // libpng's word for a file that ends early.
    if text.contains("beyond end of data") { return "truncated: the data ends early (\(text))" }
    return text
  }
}
