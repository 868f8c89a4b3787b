import CJPEG
import CTurboJPEG
import MeshWarpFiles
import MeshWarpRender

/// Decodes JPEG files through libjpeg-turbo's TurboJPEG API (SIMD IDCT and
/// colour conversion).
///
/// Colour, greyscale and CMYK/YCCK files load: grey is expanded to RGB (and
/// reported as grey), CMYK is converted to sRGB through its ICC profile, or
/// Ghostscript's default CMYK profile, or naively without either
/// (`CMYKConversion`; values stored inverted when an Adobe APP14 segment
/// says so, as Photoshop stores them), and its profile is not returned.
/// The EXIF orientation (APP1) is applied, so the image comes out as
/// viewers show it; the ICC profile (APP2) of an RGB or grey file is
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
  /// - Parameter defaultCMYKProfile: the CMYK profile for a CMYK file
  ///   without its own; nil: the naive conversion.
  static func decode(
    _ bytes: [UInt8], source: String, maxPixels: Int, threads: Int, minimumStripPixels: Int,
    defaultCMYKProfile: String? = CMYKConversion.defaultProfilePath
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
    var color = ColorDescription(iccProfile: markers.iccProfile)
    var notes: [String] = []
    if isCMYK {
      let method = CMYKConversion.convert(
        &pixels, width: w, height: h, inverted: markers.hasAdobe, embedded: markers.iccProfile,
        defaultProfile: defaultCMYKProfile, threads: threads)
      // The pixels are sRGB now: the CMYK profile does not describe them.
      color = ColorDescription()
      switch method {
      case .embeddedProfile: break
      case .defaultProfile:
        notes.append(
          "\(source): CMYK without its own CMYK profile; converted to sRGB through \(CMYKConversion.defaultProfilePath)"
        )
      case .naive:
        notes.append(
          "\(source): CMYK without a CMYK profile, and \(CMYKConversion.defaultProfilePath) is not installed (Debian: libgs-common); converted naively, R = (255−C)(255−K)/255"
        )
      }
    }
    let (image, metadata) = ImageMetadata(
      exif: markers.exif, xmp: markers.xmp, density: markers.density
    ).uprighting(RGBAImage(width: w, height: h, pixels: pixels))
    return DecodedImage(
      image: image, format: .jpeg, color: color, metadata: metadata,
      isGrayscale: colorspace == Int32(TJCS_GRAY.rawValue), notes: notes)
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

}
