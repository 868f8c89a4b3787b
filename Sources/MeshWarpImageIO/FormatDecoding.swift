/// The preamble the JPEG, WebP and GIF decoders share: their failures name
/// the data and the format, and a header's size is checked against the
/// pixel limit before any pixel memory is allocated.
struct FormatDecoding {
  /// How errors name the data (a path, or e.g. "JPEG data").
  let source: String
  /// The format's name in messages: "JPEG", "WebP", "GIF".
  let format: String
  /// The most pixels the caller allows (the decoder's `maxPixels`).
  let maxPixels: Int

  /// The data cannot be decoded as `format`, for `reason`.
  func failure(_ reason: String) -> ImageCodecError {
    .invalidImageData(source: source, format: format, reason: reason)
  }

  /// The pixel count of a `width × height` header, checked before any
  /// pixel memory is allocated.
  ///
  /// - Throws: `ImageCodecError.invalidImageData` when a side is not
  ///   positive, `.imageTooLarge` when the count overflows or exceeds
  ///   `maxPixels`.
  func pixelCount(width: Int, height: Int) throws(ImageCodecError) -> Int {
    guard width > 0, height > 0 else {
      throw failure("the header gives a size of \(width)×\(height)")
    }
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, count <= maxPixels else {
      throw .imageTooLarge(source: source, width: width, height: height, maxPixels: maxPixels)
    }
    return count
  }
}
