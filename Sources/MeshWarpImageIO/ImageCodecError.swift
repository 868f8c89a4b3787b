/// Every failure of MeshWarpImageIO's codecs: what went wrong and where.
///
/// `description` is a complete sentence fragment meant for a user, e.g.
/// `"in.png: invalid PNG: not a PNG file (the first 8 bytes are not the PNG
/// signature)"`. The CLI prints it after `meshwarp: ` and exits with status 1.
/// Reading and writing the files themselves fails with MeshWarpFiles'
/// `FileError`.
public enum ImageCodecError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The data in `source` is not a valid image (not a PNG, truncated,
  /// corrupt), with the decoder's own explanation.
  case invalidImage(source: String, reason: String)
  /// The data in `source` starts like `format` (JPEG, WebP, GIF) but cannot
  /// be decoded, with the decoder's own explanation.
  case invalidImageData(source: String, format: String, reason: String)
  /// The data in `source` is no image format MeshWarp reads: `seen` names
  /// what its first bytes look like, `supported` lists what is read.
  case unsupportedImage(source: String, seen: String, supported: String)
  /// The image in `source` has more pixels than the caller allows (the
  /// decoder's `maxPixels` parameter); refused before any pixel memory was
  /// allocated.
  case imageTooLarge(source: String, width: Int, height: Int, maxPixels: Int)
  /// An image could not be encoded (e.g. zero size, or the encoder failed).
  case encodingFailed(destination: String, reason: String)
  /// An output path or its options ask for an image that cannot be written
  /// (an unknown or read-only format, a size or frame rate an animated PNG
  /// cannot hold, …).
  case unsupportedOutput(path: String, reason: String)
  /// An output path has no extension to tell the image format by and no
  /// format was given (`ImageEncoder.outputFormat`'s `format` parameter);
  /// `supported` lists the extensions written.
  case missingOutputFormat(path: String, supported: String)

  public var description: String {
    switch self {
    case .invalidImage(let source, let reason):
      return "\(source): invalid PNG: \(reason)"
    case .invalidImageData(let source, let format, let reason):
      return "\(source): invalid \(format): \(reason)"
    case .unsupportedImage(let source, let seen, let supported):
      return "\(source): \(seen) is not a supported image format (supported: \(supported))"
    case .imageTooLarge(let source, let width, let height, let maxPixels):
      return
        "\(source): image is \(width)×\(height) = \(width * height) pixels, above the limit maxPixels = \(maxPixels)"
    case .encodingFailed(let destination, let reason):
      return "\(destination): cannot encode image: \(reason)"
    case .unsupportedOutput(let path, let reason):
      return "\(path): \(reason)"
    case .missingOutputFormat(let path, let supported):
      return
        "\(path): the name has no extension to tell the image format by: pass it as `format` (supported: \(supported))"
    }
  }
}
