import CTIFF
import MeshWarpRender

/// Decodes TIFF files through libtiff: the first image (directory).
///
/// 8- and 16-bit RGB, RGBA, grey and grey + alpha, and 1- to 8-bit grey
/// and palette images stored contiguously (strips or tiles, any
/// compression libtiff decodes: none, LZW, Deflate, PackBits, …) are read
/// sample by sample, values as stored; alpha as stored (unassociated),
/// or divided out when the file says it is premultiplied (associated).
/// Anything else libtiff converts (YCbCr, CMYK, separate planes, …) comes
/// through its RGBA interface. 16-bit grey, grey + alpha, RGB and RGBA
/// stay deep (`PixelImage.rgba16`, values as stored). The orientation tag
/// (274) is applied as a JPEG's EXIF orientation is; the ICC profile (tag
/// 34675), the XMP packet (tag 700) and the resolution (tags 282, 283,
/// 296) are returned for the output, and the camera's tags with the Exif
/// and GPS directories as an EXIF block (`TIFFEXIF`).
public enum TIFFDecoder {
  /// Decodes TIFF bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete TIFF file.
  ///   - source: how errors and notes name the data.
  ///   - maxPixels: refuse larger images before allocating pixels.
  /// - Throws: `ImageCodecError.invalidImageData` (format "TIFF") or
  ///   `.imageTooLarge`.
  public static func decode(
    _ bytes: [UInt8], source: String = "TIFF data",
    maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) throws -> DecodedImage {
    let decoding = FormatDecoding(source: source, format: "TIFF", maxPixels: maxPixels)
    return try bytes.withUnsafeBufferPointer { buffer in
      let memory = TIFFMemory(reading: buffer)
      guard let tif = meshwarp_tiff_open(memory.pointer, "r") else {
        throw decoding.failure(memory.message(or: "libtiff cannot open it"))
      }
      defer { TIFFClose(tif) }
      var header = meshwarp_tiff_header()
      meshwarp_tiff_read_header(tif, &header)
      let width = Int(header.width)
      let height = Int(header.height)
      let count = try decoding.pixelCount(width: width, height: height)
      let layout = SampleLayout(header)
      var pixels: [UInt8]
      var deep: [UInt16]? = nil
      if let layout {
        let rowBytes = Int(TIFFScanlineSize(tif))
        var stored = [UInt8](repeating: 0, count: rowBytes * height)
        let status = stored.withUnsafeMutableBufferPointer {
          meshwarp_tiff_read_contig(tif, &header, $0.baseAddress, rowBytes)
        }
        guard status == 0 else {
          throw decoding.failure(memory.message(or: "cannot read the data"))
        }
        // 16-bit layouts are grey or RGB (palettes hold at most 8 bits).
        if layout.bits == 16 {
          deep = layout.rgba16(stored, rowBytes: rowBytes, width: width, height: height)
          pixels = []
        } else {
          pixels = layout.rgba(stored, rowBytes: rowBytes, width: width, height: height, header)
        }
      } else {
        var raster = [UInt32](repeating: 0, count: count)
        var message = [CChar](repeating: 0, count: 1024)
        let status = raster.withUnsafeMutableBufferPointer {
          meshwarp_tiff_read_rgba(tif, $0.baseAddress, header.width, header.height, &message)
        }
        guard status == 0 else {
          let reason = String(
            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
          throw decoding.failure(
            memory.message(or: reason.isEmpty ? "libtiff cannot read it" : reason))
        }
        // ABGR words: R in the low byte.
        pixels = [UInt8](repeating: 0, count: count * 4)
        for i in 0..<count {
          let word = raster[i]
          pixels[i * 4] = UInt8(truncatingIfNeeded: word)
          pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: word >> 8)
          pixels[i * 4 + 2] = UInt8(truncatingIfNeeded: word >> 16)
          pixels[i * 4 + 3] = UInt8(truncatingIfNeeded: word >> 24)
        }
        // libtiff's RGBA interface premultiplies.
        if header.extra_count > 0 { unpremultiply(&pixels) }
      }
      let icc = header.icc.map {
        Array(UnsafeRawBufferPointer(start: $0, count: Int(header.icc_size)))
      }
      let xmp = header.xmp.map {
        Array(UnsafeRawBufferPointer(start: $0, count: Int(header.xmp_size)))
      }
      let density = PixelDensity(
        tiffUnit: header.resolution_unit, x: header.x_resolution, y: header.y_resolution)
      let picture: PixelImage =
        if let deep {
          .rgba16(RGBA16Image(width: width, height: height, pixels: deep))
        } else {
          .rgba8(RGBAImage(width: width, height: height, pixels: pixels))
        }
      return DecodedImage(
        pixels: picture.oriented(exif: Int(header.orientation)), format: .tiff,
        color: ColorDescription(iccProfile: icc),
        metadata: ImageMetadata(
          exif: TIFFEXIF.block(fromFile: bytes), xmp: xmp, density: density),
        isGrayscale: layout?.isGray ?? false)
    }
  }

  /// Straight alpha from premultiplied: c · 255 / a, rounded, at most 255.
  static func unpremultiply(_ pixels: inout [UInt8]) {
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let a = Int(pixels[i + 3])
      guard a > 0, a < 255 else { continue }
      for c in 0..<3 { pixels[i + c] = UInt8(min(255, (Int(pixels[i + c]) * 255 + a / 2) / a)) }
    }
  }
}

extension TIFFDecoder {
  /// Straight alpha from premultiplied at 16 bits: c · 65535 / a,
  /// rounded, at most 65535 (as `unpremultiply` at 8).
  static func unpremultiply16(_ pixels: inout [UInt16]) {
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let a = Int(pixels[i + 3])
      guard a > 0, a < 65535 else { continue }
      for c in 0..<3 {
        pixels[i + c] = UInt16(min(65535, (Int(pixels[i + c]) * 65535 + a / 2) / a))
      }
    }
  }
}

/// How the samples of a directory this decoder reads itself are laid out;
/// nil (from `init`) for what libtiff's RGBA interface converts instead.
private struct SampleLayout {
  enum Kind {
    case gray(whiteIsZero: Bool)
    case rgb, palette
  }
  let kind: Kind
  let bits: Int
  let samples: Int
  /// The alpha sample's index in a pixel, or nil.
  let alpha: Int?
  /// Whether the alpha is premultiplied (associated).
  let premultiplied: Bool

  var isGray: Bool { if case .gray = kind { true } else { false } }

  init?(_ h: meshwarp_tiff_header) {
    guard h.has_photometric != 0, h.sample_format == UInt16(SAMPLEFORMAT_UINT),
      h.planar == UInt16(PLANARCONFIG_CONTIG) || h.samples == 1
    else { return nil }
    bits = Int(h.bits)
    samples = Int(h.samples)
    let colours: Int
    switch Int32(h.photometric) {
    case PHOTOMETRIC_MINISBLACK, PHOTOMETRIC_MINISWHITE:
      kind = .gray(whiteIsZero: Int32(h.photometric) == PHOTOMETRIC_MINISWHITE)
      colours = 1
      guard [1, 2, 4, 8, 16].contains(bits), bits >= 8 || samples == 1 else { return nil }
    case PHOTOMETRIC_RGB:
      kind = .rgb
      colours = 3
      guard bits == 8 || bits == 16 else { return nil }
    case PHOTOMETRIC_PALETTE:
      kind = .palette
      colours = 1
      guard [1, 2, 4, 8].contains(bits), samples == 1, h.red != nil, h.green != nil, h.blue != nil
      else { return nil }
    default: return nil
    }
    guard samples >= colours, !(bits < 8 && h.tiled != 0) else { return nil }
    let hasAlpha =
      samples > colours && h.extra_count > 0
      && (h.extra_first == UInt16(EXTRASAMPLE_ASSOCALPHA)
        || h.extra_first == UInt16(EXTRASAMPLE_UNASSALPHA))
    alpha = hasAlpha ? colours : nil
    premultiplied = hasAlpha && h.extra_first == UInt16(EXTRASAMPLE_ASSOCALPHA)
  }

  /// The stored rows of an 8-bit (or fewer) directory as straight-alpha RGBA.
  func rgba(_ stored: [UInt8], rowBytes: Int, width: Int, height: Int, _ h: meshwarp_tiff_header)
    -> [UInt8]
  {
    var out = [UInt8](repeating: 255, count: width * height * 4)
    let palette: [[UInt8]]? =
      if case .palette = kind { Self.palette(h, entries: 1 << bits) } else { nil }
    let maxValue = (1 << bits) - 1
    stored.withUnsafeBufferPointer { s in
      // Sample `index` of pixel x in row `row` (8 bits or fewer: 16-bit
      // directories are read by `rgba16`).
      func sample(_ row: Int, _ x: Int, _ index: Int) -> Int {
        switch bits {
        case 8: return Int(s[row + x * samples + index])
        default:
          let bit = x * bits
          let byte = Int(s[row + bit / 8])
          return (byte >> (8 - bits - bit % 8)) & maxValue
        }
      }
      for y in 0..<height {
        let row = y * rowBytes
        for x in 0..<width {
          let o = (y * width + x) * 4
          switch kind {
          case .gray(let whiteIsZero):
            var v = sample(row, x, 0)
            if bits < 8 { v = v * 255 / maxValue }
            if whiteIsZero { v = 255 - v }
            out[o] = UInt8(v)
            out[o + 1] = UInt8(v)
            out[o + 2] = UInt8(v)
          case .rgb:
            for c in 0..<3 { out[o + c] = UInt8(sample(row, x, c)) }
          case .palette:
            let entry = palette![sample(row, x, 0)]
            out[o] = entry[0]
            out[o + 1] = entry[1]
            out[o + 2] = entry[2]
          }
          if let alpha { out[o + 3] = UInt8(sample(row, x, alpha)) }
        }
      }
    }
    if premultiplied { TIFFDecoder.unpremultiply(&out) }
    return out
  }

  /// The stored rows of a 16-bit grey or RGB directory as straight-alpha
  /// 16-bit RGBA, values as stored (libtiff hands 16-bit words over in the
  /// machine's order); associated alpha divided out
  /// (`TIFFDecoder.unpremultiply16`).
  func rgba16(_ stored: [UInt8], rowBytes: Int, width: Int, height: Int) -> [UInt16] {
    precondition(bits == 16, "16-bit samples")
    var out = [UInt16](repeating: 65535, count: width * height * 4)
    stored.withUnsafeBytes { raw in
      for y in 0..<height {
        let row = y * rowBytes
        func sample(_ x: Int, _ index: Int) -> UInt16 {
          raw.loadUnaligned(fromByteOffset: row + (x * samples + index) * 2, as: UInt16.self)
        }
        for x in 0..<width {
          let o = (y * width + x) * 4
          switch kind {
          case .gray(let whiteIsZero):
            let v = whiteIsZero ? 65535 - sample(x, 0) : sample(x, 0)
            out[o] = v
            out[o + 1] = v
            out[o + 2] = v
          case .rgb, .palette:
            for c in 0..<3 { out[o + c] = sample(x, c) }
          }
          if let alpha { out[o + 3] = sample(x, alpha) }
        }
      }
    }
    if premultiplied { TIFFDecoder.unpremultiply16(&out) }
    return out
  }

  /// The colour map as 8-bit RGB: 16-bit entries (TIFF 6.0 §5) >> 8, or as
  /// they are when every entry is below 256 (an 8-bit map some writers
  /// store, which libtiff also recognises).
  static func palette(_ h: meshwarp_tiff_header, entries: Int) -> [[UInt8]] {
    let maps = [h.red!, h.green!, h.blue!]
    let eightBit = maps.allSatisfy { map in (0..<entries).allSatisfy { map[$0] < 256 } }
    return (0..<entries).map { i in
      maps.map { UInt8(eightBit ? $0[i] : $0[i] >> 8) }
    }
  }
}
