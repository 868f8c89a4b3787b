import CWebP
import MeshWarpFiles
import MeshWarpRender

/// Decodes still WebP files (lossy or lossless, with or without alpha)
/// through libwebp; the `ICCP` chunk's profile is returned for the output,
/// the `EXIF` and `XMP ` chunks as `ImageMetadata`. The EXIF orientation is
/// applied (as for JPEG) and its tag set to 1.
public enum WebPDecoder {
  /// Decodes WebP bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete WebP file.
  ///   - source: how errors name the data.
  ///   - maxPixels: refuse larger images before allocating pixels.
  /// - Throws: `ImageCodecError.invalidImageData` (format "WebP"; animated
  ///   WebP is refused with its own message) or `.imageTooLarge`.
  /// - Complexity: O(compressed bytes + pixels).
  public static func decode(
    _ bytes: [UInt8], source: String = "WebP data",
    maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) throws -> DecodedImage {
    let decoding = FormatDecoding(source: source, format: "WebP", maxPixels: maxPixels)
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer {
      WebPGetFeatures($0.baseAddress, $0.count, &features)
    }
    guard status == VP8_STATUS_OK else {
      throw decoding.failure(
        status == VP8_STATUS_NOT_ENOUGH_DATA
          ? "truncated: the data ends early"
          : "libwebp cannot read the header (status \(status.rawValue))")
    }
    guard features.has_animation == 0 else {
      throw decoding.failure("animated WebP is not supported; convert its first frame to PNG")
    }
    let w = Int(features.width)
    let h = Int(features.height)
    let count = try decoding.pixelCount(width: w, height: h)
    var pixels = [UInt8](repeating: 0, count: count * 4)
    let decoded = pixels.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer {
        WebPDecodeRGBAInto($0.baseAddress, $0.count, out.baseAddress, out.count, Int32(w * 4))
      }
    }
    guard decoded != nil else { throw decoding.failure("libwebp cannot decode the image data") }
    let (image, metadata) = ImageMetadata(
      exif: riffChunk("EXIF", in: bytes).map(EXIF.tiffStructure), xmp: riffChunk("XMP ", in: bytes)
    ).uprighting(RGBAImage(width: w, height: h, pixels: pixels))
    return DecodedImage(
      image: image, format: .webp,
      color: ColorDescription(iccProfile: riffChunk("ICCP", in: bytes)),
      metadata: metadata)
  }

  /// The data of the first RIFF chunk named `fourCC` (WebP container spec:
  /// little-endian sizes, chunks padded to even length), or nil.
  static func riffChunk(_ fourCC: String, in bytes: [UInt8]) -> [UInt8]? {
    let name = Array(fourCC.utf8)
    var offset = 12
    while offset + 8 <= bytes.count {
      let size =
        Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
        | Int(bytes[offset + 7]) << 24
      let start = offset + 8
      guard size <= bytes.count - start else { return nil }
      if Array(bytes[offset..<(offset + 4)]) == name { return Array(bytes[start..<(start + size)]) }
      offset = start + size + (size & 1)
    }
    return nil
  }
}
