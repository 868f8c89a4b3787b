import CTurboJPEG
import MeshWarpFiles
import MeshWarpRender

/// Decodes JPEG files through libjpeg-turbo's TurboJPEG API (SIMD IDCT and
/// colour conversion).
///
/// Colour, greyscale and CMYK/YCCK files load: grey is expanded to RGB (and
/// reported as grey), CMYK is converted to RGB with R = (255−C)(255−K)/255
/// (values inverted first when an Adobe APP14 segment says Adobe stored
/// them inverted, as Photoshop does). The EXIF orientation (APP1) is applied,
/// so the image comes out as viewers show it; the ICC profile (APP2) is
/// returned for the output, and the EXIF, XMP and JFIF density as
/// `ImageMetadata` (the orientation tag set to 1). Alpha is opaque.
public enum JPEGDecoder {
  /// Decodes JPEG bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete JPEG file.
  ///   - source: how errors name the data.
  ///   - maxPixels: refuse larger images before allocating pixels.
  /// - Throws: `ImageCodecError.invalidImageData` (format "JPEG") or
  ///   `.imageTooLarge`.
  /// - Complexity: O(compressed bytes + pixels).
  public static func decode(
    _ bytes: [UInt8], source: String = "JPEG data",
    maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) throws -> DecodedImage {
    let decoding = FormatDecoding(source: source, format: "JPEG", maxPixels: maxPixels)
    guard bytes.count >= 4, bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
      throw decoding.failure("not a JPEG file (no start-of-image marker)")
    }
    guard let handle = tjInitDecompress() else {
      throw decoding.failure("cannot start libjpeg-turbo")
    }
    defer { tjDestroy(handle) }
    func libraryError() -> ImageCodecError {
      decoding.failure(tjGetErrorStr2(handle).map { String(cString: $0) } ?? "libjpeg-turbo failed")
    }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let size = UInt(bytes.count)
    let header = bytes.withUnsafeBufferPointer {
      tjDecompressHeader3(handle, $0.baseAddress, size, &width, &height, &subsampling, &colorspace)
    }
    guard header == 0 else { throw libraryError() }
    let w = Int(width)
    let h = Int(height)
    let count = try decoding.pixelCount(width: w, height: h)
    let markers = JPEGMarkers(bytes)
    let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
    // TJFLAG_STOPONWARNING: a corrupt or truncated stream is an error rather
    // than a grey-filled picture.
    let flags = Int32(TJFLAG_STOPONWARNING)
    // No zero-fill pass (a 12 MP photo is 48 MB): libjpeg-turbo writes every
    // byte on success, and on failure the buffer is dropped unread.
    var status: Int32 = 0
    var pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      PixelBytes.adviseHugePages(out)
      status = bytes.withUnsafeBufferPointer {
        tjDecompress2(
          handle, $0.baseAddress, size, out.baseAddress, width, 0, height,
          Int32(format.rawValue), flags)
      }
      initialized = count * 4
    }
    guard status == 0 else { throw libraryError() }
    if isCMYK { convertCMYK(&pixels, inverted: markers.hasAdobe) }
    let (image, metadata) = ImageMetadata(
      exif: markers.exif, xmp: markers.xmp, density: markers.density
    ).uprighting(RGBAImage(width: w, height: h, pixels: pixels))
    return DecodedImage(
      image: image, format: .jpeg, color: ColorDescription(iccProfile: markers.iccProfile),
      metadata: metadata, isGrayscale: colorspace == Int32(TJCS_GRAY.rawValue))
  }

  /// CMYK samples (in place) to opaque RGBA: R = (255−C)(255−K)/255, rounded.
  private static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
    pixels.withUnsafeMutableBufferPointer { p in
      for i in stride(from: 0, to: p.count, by: 4) {
        var c = Int(p[i])
        var m = Int(p[i + 1])
        var y = Int(p[i + 2])
        var k = Int(p[i + 3])
        if inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
        let white = 255 - k
        p[i] = UInt8(((255 - c) * white + 127) / 255)
        p[i + 1] = UInt8(((255 - m) * white + 127) / 255)
        p[i + 2] = UInt8(((255 - y) * white + 127) / 255)
        p[i + 3] = 255
      }
    }
  }
}
