import MeshWarpFiles

/// Decodes a still image in any format MeshWarp reads, recognised by its
/// bytes (not its name): PNG (an APNG's default image), JPEG, WebP, the
/// first frame of a GIF, the first image of a TIFF, and the primary image
/// of a HEIC or AVIF file.
public enum ImageDecoder {
  /// Decodes image bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete file.
  ///   - source: how errors and notes name the data.
  ///   - maxPixels: refuse images with more pixels, before allocating them.
  ///   - threads: decoder threads (0, the default: every core; 1: one
  ///     thread): a JPEG's strips, and the pages of a large PNG's pixel
  ///     memory, faulted in before its inflate; the other formats decode
  ///     on one.
  /// - Throws: `ImageCodecError.unsupportedImage` naming what the bytes look
  ///   like and the formats read, or the format decoder's errors.
  public static func decode(
    bytes: [UInt8], source: String = "image data", maxPixels: Int = DecodeLimits.defaultMaxPixels,
    threads: Int = 0
  ) throws -> DecodedImage {
    switch ImageFormat.detect(bytes) {
    case .png:
      try PNGDecoder.decodeDescribed(
        bytes, source: source, maxPixels: maxPixels, threads: threads)
    case .jpeg:
      try JPEGDecoder.decode(bytes, source: source, maxPixels: maxPixels, threads: threads)
    case .webp: try WebPDecoder.decode(bytes, source: source, maxPixels: maxPixels)
    case .gif: try GIFDecoder.decode(bytes, source: source, maxPixels: maxPixels)
    case .tiff: try TIFFDecoder.decode(bytes, source: source, maxPixels: maxPixels)
    case .heic, .avif:
      try HEIFDecoder.decode(
        bytes, source: source, format: ImageFormat.detect(bytes) ?? .heic, maxPixels: maxPixels)
    case nil:
      throw ImageCodecError.unsupportedImage(
        source: source, seen: ImageFormat.describeUnknown(bytes),
        supported: ImageFormat.readableList)
    }
  }

  /// Reads and decodes the file at `path` (`"-"`: standard input).
  ///
  /// - Parameters:
  ///   - path: the file, or `"-"` for standard input.
  ///   - maxPixels: refuse images with more pixels, before allocating them.
  ///   - threads: decoder threads (0, the default: every core).
  /// - Throws: `FileError.fileSystem` or the errors of
  ///   `decode(bytes:source:maxPixels:threads:)`.
  public static func decodeFile(
    path: String, maxPixels: Int = DecodeLimits.defaultMaxPixels, threads: Int = 0
  ) throws -> DecodedImage {
    let bytes = try FileInput.readBytes(path: path)
    let source = path == FileInput.standardInputPath ? "standard input" : path
    return try decode(bytes: bytes, source: source, maxPixels: maxPixels, threads: threads)
  }
}
