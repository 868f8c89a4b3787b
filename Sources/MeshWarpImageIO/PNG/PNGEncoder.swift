import CPNG
import Foundation
import MeshWarpFiles
import MeshWarpRender

/// Encodes `RGBAImage` to PNG: 8-bit RGBA, or RGB when every pixel is
/// opaque (a quarter fewer samples to filter and deflate: Pillow and
/// ImageMagick write opaque pictures so too), or grey and grey+alpha on
/// request; non-interlaced, with an sRGB chunk, as libpng's simplified writer always
/// emits, unless a `ColorDescription` from the input replaces it.
/// `.balanced` filters and deflates on several threads (`ParallelDeflate`);
/// `.fast` goes through libpng's simplified API (`png_image_write_to_memory`).
public enum PNGEncoder {
  /// The trade between encoding time and file size.
  public enum Speed: Sendable, Equatable {
    /// Adaptive row filters, zlib level 6 with the default strategy (as
    /// Pillow writes), deflated in parallel chunks. Best for files that are
    /// kept or shared.
    case balanced
    /// `PNG_IMAGE_FLAG_FAST`: libpng's quick filter and compression settings;
    /// typically larger files (libpng documents ~25% on photographs, more on
    /// flat artwork) in less time. For intermediate files.
    case fast
    /// `.balanced` at zlib level `n`: 0 stores (no compression), 1 is the
    /// fastest, 9 the smallest (Pillow's `compress_level`, ImageMagick's
    /// `-quality` tens digit); `.balanced` is level 6.
    case level(Int)

    /// The zlib level of the parallel encoder, or nil for libpng's fast
    /// settings.
    var parallelLevel: Int32? {
      switch self {
      case .balanced: PNGEncoder.balancedLevel
      case .fast: nil
      case .level(let n): Int32(min(max(n, 0), 9))
      }
    }
  }

  /// Encodes an image to PNG bytes.
  ///
  /// - Parameters:
  ///   - image: 8-bit sRGB straight-alpha RGBA; width and height ≥ 1.
  ///   - speed: `.balanced` (default) or `.fast`.
  ///   - destination: how errors name the output.
  ///   - color: the input's colour description; when given and not empty,
  ///     its chunks replace the `sRGB` chunk (an ICC profile for other
  ///     pixels than those written, grey or RGB, is left out).
  ///   - metadata: written as `pHYs`, `eXIf` and an XMP `iTXt` after `IHDR`.
  ///   - grayscale: write grey (or grey+alpha when any pixel is not opaque)
  ///     when every pixel has r = g = b; a quarter (or half) of the samples.
  ///   - threads: worker threads for `.balanced` (0, the default: every
  ///     core); the bytes are the same on any number.
  /// - Throws: `ImageCodecError.encodingFailed` for an empty image or when
  ///   libpng or zlib fails.
  /// - Complexity: O(pixels); `.balanced` works in the filtered rows (about
  ///   0.75× the image when opaque, 1× otherwise) and the compressed chunks.
  public static func encode(
    _ image: RGBAImage, speed: Speed = .balanced, destination: String = "PNG data",
    color: ColorDescription? = nil, metadata: ImageMetadata = ImageMetadata(),
    grayscale: Bool = false, threads: Int = 0
  ) throws -> [UInt8] {
    let encoded: [UInt8]
    var writesGray = false
    if grayscale, let (gray, hasAlpha) = grayPixels(of: image) {
      writesGray = true
      let format = hasAlpha ? meshwarp_png_format_ga : meshwarp_png_format_gray
      encoded = try encode(
        pixels: gray, width: image.width, height: image.height, format: format,
        channels: hasAlpha ? 2 : 1, speed: speed, destination: destination, threads: threads)
    } else if speed.parallelLevel != nil, image.isOpaque(threads: threads) {
      // The filter packs each RGBA row as RGB on the way (no RGB copy of
      // the frame: 144 MB of fresh pages at 48 MP).
      encoded = try encode(
        pixels: image.pixels, width: image.width, height: image.height,
        format: meshwarp_png_format_rgb, channels: 3, sourceChannels: 4, speed: speed,
        destination: destination, threads: threads)
    } else if speed == .fast, let rgb = opaqueRGB(of: image, threads: threads) {
      encoded = try encode(
        pixels: rgb, width: image.width, height: image.height, format: meshwarp_png_format_rgb,
        channels: 3, speed: speed, destination: destination, threads: threads)
    } else {
      encoded = try encode(
        pixels: image.pixels, width: image.width, height: image.height,
        format: meshwarp_png_format_rgba, channels: 4, speed: speed, destination: destination,
        threads: threads)
    }
    var described = encoded
    if let color = color?.fitting(gray: writesGray), !color.isEmpty {
      described = PNGColorChunks.replace(in: encoded, with: color)
    }
    return PNGMetadataChunks.inserting(metadata, into: described)
  }

  /// The image as packed RGB samples when every pixel is opaque, else nil.
  /// One pass in row bands on `threads` threads both checks the alpha and
  /// packs the row (a separate `RGBAImage.isOpaque` scan read the whole
  /// frame on one thread first); a translucent row stops every band.
  private static func opaqueRGB(of image: RGBAImage, threads: Int) -> [UInt8]? {
    let count = image.width * image.height
    guard count > 0 else { return nil }
    let (width, height) = (image.width, image.height)
    let translucent = StopFlag()
    let rgb = image.pixels.withUnsafeBufferPointer { p in
      [UInt8](unsafeUninitializedCapacity: count * 3) { out, n in
        PixelBytes.adviseHugePages(out)
        typealias Shared = SharedPointer<UInt8>
        let source = Shared(UnsafeMutablePointer(mutating: p.baseAddress!))
        let target = Shared(out.baseAddress!)
        forEachRowBand(rows: height, threads: threads) { rows in
          for y in rows {
            if translucent.isSet { return }
            let row = UnsafePointer(source.base + y * width * 4)
            guard packOpaqueRow(row, width: width, into: target.base + y * width * 3) else {
              translucent.set()
              return
            }
          }
        }
        n = translucent.isSet ? 0 : count * 3
      }
    }
    return translucent.isSet ? nil : rgb
  }

  /// Packs one row of `width` RGBA pixels as RGB into `out` (`3·width`
  /// bytes, all written, none after), two pixels per 8-byte load, and
  /// returns whether every alpha is 255.
  static func packOpaqueRow(
    _ row: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    let source = UnsafeRawPointer(row)
    let target = UnsafeMutableRawPointer(out)
    let alphas: UInt64 = 0xFF00_0000_FF00_0000
    var all = UInt64.max
    // Pair k's 8-byte store fills bytes 6k…6k+5 and leaves 2 bytes that the
    // next store (or the scalar tail) overwrites, so it must end within
    // the row: 6k + 8 ≤ 3·width.
    let pairs = width >= 3 ? (3 * width - 8) / 6 + 1 : 0
    for k in 0..<pairs {
      let q = source.loadUnaligned(fromByteOffset: k &* 8, as: UInt64.self)
      all &= q
      let packed = (q & 0xFF_FFFF) | ((q &>> 8) & 0xFFFF_FF00_0000)
      target.storeBytes(of: packed, toByteOffset: k &* 6, as: UInt64.self)
    }
    var opaque = all & alphas == alphas
    for x in (2 * pairs)..<width {
      out[3 * x] = row[4 * x]
      out[3 * x + 1] = row[4 * x + 1]
      out[3 * x + 2] = row[4 * x + 2]
      if row[4 * x + 3] != 255 { opaque = false }
    }
    return opaque
  }

  /// The image as grey (+ alpha when any pixel is not opaque) samples, or
  /// nil when some pixel has colour.
  private static func grayPixels(of image: RGBAImage) -> ([UInt8], hasAlpha: Bool)? {
    let p = image.pixels
    let count = image.width * image.height
    var hasAlpha = false
    for i in 0..<count {
      let r = p[4 * i]
      if r != p[4 * i + 1] || r != p[4 * i + 2] { return nil }
      if p[4 * i + 3] != 255 { hasAlpha = true }
    }
    let channels = hasAlpha ? 2 : 1
    let gray = [UInt8](unsafeUninitializedCapacity: count * channels) { out, n in
      for i in 0..<count {
        out[channels * i] = p[4 * i]
        if hasAlpha { out[2 * i + 1] = p[4 * i + 3] }
      }
      n = count * channels
    }
    return (gray, hasAlpha)
  }

  /// Encodes packed samples; `sourceChannels` 4 with `channels` 3 (the
  /// balanced encoder only) reads RGBA pixels and drops their alpha.
  private static func encode(
    pixels: [UInt8], width: Int, height: Int, format: UInt32, channels: Int,
    sourceChannels: Int? = nil, speed: Speed, destination: String, threads: Int
  ) throws -> [UInt8] {
    let image = (width: width, height: height, pixels: pixels)
    guard image.width > 0, image.height > 0 else {
      throw ImageCodecError.encodingFailed(
        destination: destination,
        reason: "a PNG must be at least 1×1 (got \(image.width)×\(image.height))")
    }
    guard image.width <= Int(Int32.max) / 4, image.height <= Int(Int32.max) else {
      throw ImageCodecError.encodingFailed(
        destination: destination, reason: "\(image.width)×\(image.height) is too large for PNG")
    }
    if let level = speed.parallelLevel {
      do {
        return try encodeParallel(
          pixels: pixels, width: width, height: height, channels: channels,
          sourceChannels: sourceChannels ?? channels, level: level, threads: threads)
      } catch {
        throw ImageCodecError.encodingFailed(destination: destination, reason: error.description)
      }
    }
    precondition(sourceChannels == nil, "libpng's writer takes packed samples")
    // Worst case of deflate on the filtered rows (stored blocks: 5 bytes per
    // 16 KiB, derived from RFC 1951 §3.2.4) plus chunk overhead (libpng
    // splits IDAT in chunks of ≤ 8 KiB, 12 bytes each): ≈ 1/512 of the input.
    let filtered = (image.width * channels + 1) * image.height
    var capacity = filtered + filtered / 256 + 4096
    for _ in 0..<2 {
      var png = png_image()
      png.version = png_uint_32(meshwarp_png_image_version)
      png.width = png_uint_32(image.width)
      png.height = png_uint_32(image.height)
      png.format = png_uint_32(format)
      png.flags = speed == .fast ? png_uint_32(meshwarp_png_image_flag_fast) : 0
      var size = png_alloc_size_t(capacity)
      var output = [UInt8](repeating: 0, count: capacity)
      let ok = output.withUnsafeMutableBytes { out in
        image.pixels.withUnsafeBytes { pixels in
          png_image_write_to_memory(
            &png, out.baseAddress, &size, 0, pixels.baseAddress, png_int_32(image.width * channels),
            nil)
        }
      }
      if ok != 0 {
        output.removeSubrange(Int(size)...)
        png_image_free(&png)
        return output
      }
      let message = withUnsafeBytes(of: &png.message) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      png_image_free(&png)
      if Int(size) > capacity {
        capacity = Int(size)  // our bound was too small: libpng says how much it needs
        continue
      }
      throw ImageCodecError.encodingFailed(
        destination: destination, reason: message.isEmpty ? "libpng failed" : message)
    }
    throw ImageCodecError.encodingFailed(destination: destination, reason: "output kept growing")
  }

  /// Encodes `image` and writes it to `path` atomically (see
  /// `AtomicFileWriter`), or to standard output when `path` is `"-"`.
  ///
  /// - Throws: the errors of `encode`, `FileError.fileSystem` naming
  ///   `path` (an existing file is then unchanged), `.brokenPipe` or
  ///   `.standardOutputClosed`.
  public static func write(_ image: RGBAImage, to path: String, speed: Speed = .balanced) throws {
    let bytes = try encode(image, speed: speed, destination: path)
    try OutputFile.write(bytes, to: path)
  }
}
