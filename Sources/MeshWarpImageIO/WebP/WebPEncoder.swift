import CWebP
import MeshWarpFiles
import MeshWarpRender

/// Encodes `RGBAImage` to WebP through libwebp: lossy at a quality, or
/// lossless; alpha is kept. An ICC profile goes in an `ICCP` chunk (through
/// libwebpmux, which writes the extended `VP8X` header it needs).
public enum WebPEncoder {
  /// Encodes an image to WebP bytes.
  ///
  /// - Parameters:
  ///   - image: width and height 1…16383 (WebP's limit).
  ///   - quality: 1…100 for lossy output (ignored when `lossless`).
  ///   - lossless: exact pixels (libwebp's lossless mode).
  ///   - iccProfile: written as an `ICCP` chunk when given.
  ///   - destination: how errors name the output.
  /// - Throws: `ImageCodecError.encodingFailed`.
  public static func encode(
    _ image: RGBAImage, quality: Int = EncoderQuality.defaultValue, lossless: Bool = false,
    iccProfile: [UInt8]? = nil, destination: String = "WebP data"
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
    guard let iccProfile, !iccProfile.isEmpty else { return webp }
    return try addingICCProfile(iccProfile, to: webp, failure: failure)
  }

  private static func addingICCProfile(
    _ profile: [UInt8], to webp: [UInt8], failure: (String) -> ImageCodecError
  ) throws -> [UInt8] {
    guard let mux = WebPMuxNew() else { throw failure("libwebpmux failed to start") }
    defer { WebPMuxDelete(mux) }
    var assembled = WebPData()
    let ok = webp.withUnsafeBufferPointer { image in
      profile.withUnsafeBufferPointer { icc in
        var bitstream = WebPData(bytes: image.baseAddress, size: image.count)
        var iccData = WebPData(bytes: icc.baseAddress, size: icc.count)
        return WebPMuxSetImage(mux, &bitstream, 1) == WEBP_MUX_OK
          && WebPMuxSetChunk(mux, "ICCP", &iccData, 1) == WEBP_MUX_OK
          && WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK
      }
    }
    defer { WebPDataClear(&assembled) }
    guard ok, let bytes = assembled.bytes else { throw failure("libwebpmux failed to add ICCP") }
    return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
  }
}
