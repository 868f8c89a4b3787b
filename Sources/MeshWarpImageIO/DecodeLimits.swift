import MeshWarpFiles

/// The pixel limit every decoder checks a header against before it
/// allocates pixel memory.
public enum DecodeLimits {
  /// The default pixel limit: 100 megapixels (400 MB of RGBA), chosen
  /// (empirical) to accept any photograph or 8K frame (33 MP) while refusing
  /// a header that claims absurd dimensions.
  public static let defaultMaxPixels = 100_000_000

  /// The pixel count of a `width × height` header, checked before any
  /// pixel memory is allocated.
  ///
  /// - Throws: `ImageCodecError.invalidImageData` (for `format`) when a
  ///   side is not positive, `.imageTooLarge` when the count overflows or
  ///   exceeds `maxPixels`.
  static func pixelCount(
    width: Int, height: Int, maxPixels: Int, source: String, format: String
  ) throws -> Int {
    guard width > 0, height > 0 else {
      throw ImageCodecError.invalidImageData(
        source: source, format: format, reason: "the header gives a size of \(width)×\(height)")
    }
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, count <= maxPixels else {
      throw ImageCodecError.imageTooLarge(
        source: source, width: width, height: height, maxPixels: maxPixels)
    }
    return count
  }
}
