import CWebP
import MeshWarpFiles
import MeshWarpRender

/// Encodes `RGBAImage` to WebP through libwebp: lossy at a quality, or
/// lossless; alpha is kept. An ICC profile goes in an `ICCP` chunk, EXIF and
/// XMP in `EXIF` and `XMP ` chunks (through libwebpmux, which writes the
/// extended `VP8X` header they need, its flags set); WebP has no density.
public enum WebPEncoder {
  /// Encodes an image to WebP bytes.
  ///
  /// - Parameters:
  ///   - image: width and height 1…16383 (WebP's limit).
  ///   - quality: 1…100 for lossy output (ignored when `lossless`).
  ///   - lossless: exact pixels (libwebp's lossless mode).
  ///   - iccProfile: written as an `ICCP` chunk when given.
  ///   - metadata: its EXIF and XMP written as `EXIF` and `XMP ` chunks.
  ///   - destination: how errors name the output.
  /// - Throws: `ImageCodecError.encodingFailed`.
  public static func encode(
    _ image: RGBAImage, quality: Int = EncoderQuality.defaultValue, lossless: Bool = false,
    iccProfile: [UInt8]? = nil, metadata: ImageMetadata = ImageMetadata(),
    destination: String = "WebP data"
  ) throws -> [UInt8] {
    func failure(_ reason: String) -> ImageCodecError {
      .encodingFailed(destination: destination, reason: reason)
    }
    let limit = 16383  // WEBP_MAX_DIMENSION
    guard (1...limit).contains(image.width), (1...limit).contains(image.height) else {
      throw failure("WebP holds 1…\(limit) pixels a side (got \(image.width)×\(image.height))")
    }
    guard EncoderQuality.range.contains(quality) else {
      throw failure("quality \(quality) is not in 1…100")
    }
    var output: UnsafeMutablePointer<UInt8>? = nil
    let size = image.pixels.withUnsafeBufferPointer { p in
      let w = Int32(image.width)
      let h = Int32(image.height)
      return lossless
        ? WebPEncodeLosslessRGBA(p.baseAddress, w, h, w * 4, &output)
        : WebPEncodeRGBA(p.baseAddress, w, h, w * 4, Float(quality), &output)
    }
    defer { WebPFree(output) }
    guard size > 0, let output else { throw failure("libwebp failed to encode") }
    let webp = Array(UnsafeBufferPointer(start: output, count: size))
    let chunks = [("ICCP", iccProfile), ("EXIF", metadata.exif), ("XMP ", metadata.xmp)]
      .compactMap { name, data in data.flatMap { $0.isEmpty ? nil : (name, $0) } }
    guard !chunks.isEmpty else { return webp }
    return try adding(chunks, to: webp, failure: failure)
  }

  /// `webp` with the chunks added through libwebpmux (each copied in).
  private static func adding(
    _ chunks: [(name: String, data: [UInt8])], to webp: [UInt8],
    failure: (String) -> ImageCodecError
  ) throws -> [UInt8] {
    guard let mux = WebPMuxNew() else { throw failure("libwebpmux failed to start") }
    defer { WebPMuxDelete(mux) }
    var ok = webp.withUnsafeBufferPointer { image in
      var bitstream = WebPData(bytes: image.baseAddress, size: image.count)
      return WebPMuxSetImage(mux, &bitstream, 1) == WEBP_MUX_OK
    }
    for (name, data) in chunks where ok {
      ok = data.withUnsafeBufferPointer { bytes in
        var chunk = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        return WebPMuxSetChunk(mux, name, &chunk, 1) == WEBP_MUX_OK
      }
    }
    var assembled = WebPData()
    defer { WebPDataClear(&assembled) }
    let names = chunks.map(\.name).joined(separator: ", ")
    guard ok, WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK, let bytes = assembled.bytes else {
      throw failure("libwebpmux failed to add \(names)")
    }
    return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
  }
}
