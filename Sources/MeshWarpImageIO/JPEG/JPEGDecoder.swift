import CJPEG
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
///
/// A large sequential (non-progressive, Huffman-coded) file is decoded in
/// strips on several threads (`JPEGStripDecoding`), to the same pixels.
public enum JPEGDecoder {
  /// Decodes JPEG bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete JPEG file.
  ///   - source: how errors name the data.
  ///   - maxPixels: refuse larger images before allocating pixels.
  ///   - threads: decoder threads (0, the default: every core; 1: one
  ///     piece). Pictures under 1 MP, progressive and arithmetic-coded
  ///     files are decoded on one thread.
  /// - Throws: `ImageCodecError.invalidImageData` (format "JPEG") or
  ///   `.imageTooLarge`.
  /// - Complexity: O(compressed bytes + pixels); on n threads the last
  ///   strip also reads the compressed data above it.
  public static func decode(
    _ bytes: [UInt8], source: String = "JPEG data",
    maxPixels: Int = DecodeLimits.defaultMaxPixels, threads: Int = 0
  ) throws -> DecodedImage {
    // No more strips than cores: each strip also skips the rows above it.
    try decode(
      bytes, source: source, maxPixels: maxPixels,
      threads: min(resolvedThreadCount(threads), resolvedThreadCount(0)),
      minimumStripPixels: JPEGStripDecoding.minimumStripPixels)
  }

  /// `decode(_:source:maxPixels:threads:)` with the size below which one
  /// thread decodes (the tests lower it to split small pictures).
  static func decode(
    _ bytes: [UInt8], source: String, maxPixels: Int, threads: Int, minimumStripPixels: Int
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
    let strips = stripPlan(
      bytes, width: w, height: h, threads: threads, minimumStripPixels: minimumStripPixels)
    var status: Int32 = 0
    var stripFailure: String?
    var pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      PixelBytes.adviseHugePages(out)
      bytes.withUnsafeBufferPointer {
        if let strips {
          stripFailure = JPEGStripDecoding.decode(
            $0, strips: strips, width: w, cmyk: isCMYK, into: out.baseAddress!)
        } else {
          status = tjDecompress2(
            handle, $0.baseAddress, size, out.baseAddress, width, 0, height,
            Int32(format.rawValue), flags)
        }
      }
      initialized = count * 4
    }
    if let stripFailure { throw decoding.failure(stripFailure) }
    guard status == 0 else { throw libraryError() }
    if isCMYK {
      convertCMYK(&pixels, width: w, height: h, inverted: markers.hasAdobe, threads: threads)
    }
    let (image, metadata) = ImageMetadata(
      exif: markers.exif, xmp: markers.xmp, density: markers.density
    ).uprighting(RGBAImage(width: w, height: h, pixels: pixels))
    return DecodedImage(
      image: image, format: .jpeg, color: ColorDescription(iccProfile: markers.iccProfile),
      metadata: metadata, isGrayscale: colorspace == Int32(TJCS_GRAY.rawValue))
  }

  /// The strips to decode on several threads, or nil for one TurboJPEG
  /// decode: one thread asked for, a small picture, or a file the strip
  /// decoder leaves alone (progressive, arithmetic-coded, in several
  /// scans, or a header libjpeg reads differently).
  static func stripPlan(
    _ bytes: [UInt8], width: Int, height: Int, threads: Int,
    minimumStripPixels: Int = JPEGStripDecoding.minimumStripPixels
  ) -> [Range<Int>]? {
    let threadCount = resolvedThreadCount(threads)
    guard threadCount > 1, width * height >= minimumStripPixels else { return nil }
    var layout = meshwarp_jpeg_layout()
    var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
    let status = bytes.withUnsafeBufferPointer {
      meshwarp_jpeg_read_layout($0.baseAddress, $0.count, &layout, &message)
    }
    guard status == 0, layout.progressive == 0, layout.arithmetic == 0, layout.multiscan == 0,
      Int(layout.width) == width, Int(layout.height) == height
    else { return nil }
    return JPEGStripDecoding.strips(
      height: height, imcuRows: Int(layout.imcu_rows), threads: threadCount,
      skipShare: JPEGStripDecoding.skipShare(bytes: bytes.count, pixels: width * height))
  }

  /// CMYK samples (in place) to opaque RGBA: R = (255−C)(255−K)/255, rounded;
  /// in row bands on `threads` threads (0: every core).
  private static func convertCMYK(
    _ pixels: inout [UInt8], width: Int, height: Int, inverted: Bool, threads: Int
  ) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      let base = SharedPointer(buffer.baseAddress!)
      forEachRowBand(rows: height, threads: threads, minimumRowsPerBand: 64) { rows in
        let p = base.base
        for i in stride(from: rows.lowerBound * width * 4, to: rows.upperBound * width * 4, by: 4) {
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

}
