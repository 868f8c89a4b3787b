import MeshWarpRender

extension PNGEncoder {
  /// Encodes a deep image to a 16-bit PNG, laid out as the 8-bit balanced
  /// encoder lays out its files (adaptive filters, zlib level 6 in
  /// parallel chunks, an `sRGB` chunk unless `color` replaces it) and
  /// choosing its colour type as the 8-bit encoder does: grey (or
  /// grey+alpha when any pixel is not opaque) on request when every pixel
  /// has r = g = b, else RGB when every pixel is opaque, else RGBA.
  ///
  /// - Parameters:
  ///   - image: 16-bit straight-alpha RGBA; width and height ≥ 1.
  ///   - destination: how errors name the output.
  ///   - color: the input's colour description (see
  ///     `encode(_:speed:destination:color:metadata:grayscale:threads:)`).
  ///   - metadata: written as `pHYs`, `eXIf` and an XMP `iTXt` after `IHDR`.
  ///   - grayscale: write grey samples when the picture has no colour.
  ///   - threads: worker threads (0, the default: every core); the bytes
  ///     are the same on any number.
  /// - Throws: `ImageCodecError.encodingFailed` for an empty image or when
  ///   zlib fails.
  public static func encode(
    _ image: RGBA16Image, destination: String = "PNG data", color: ColorDescription? = nil,
    metadata: ImageMetadata = ImageMetadata(), grayscale: Bool = false, threads: Int = 0
  ) throws -> [UInt8] {
    let (width, height) = (image.width, image.height)
    guard width > 0, height > 0 else {
      throw ImageCodecError.encodingFailed(
        destination: destination, reason: "a PNG must be at least 1×1 (got \(width)×\(height))")
    }
    guard width <= Int(Int32.max) / 8, height <= Int(Int32.max) else {
      throw ImageCodecError.encodingFailed(
        destination: destination, reason: "\(width)×\(height) is too large for PNG")
    }
    let opaque = image.isOpaque
    let gray = grayscale && image.isGray
    // Which of R, G, B, A are written: grey, grey+alpha, RGB or RGBA.
    let kept: [Int] =
      gray ? (opaque ? [0] : [0, 3]) : (opaque ? [0, 1, 2] : [0, 1, 2, 3])
    let samples = bigEndianSamples(image, keeping: kept)
    let encoded: [UInt8]
    do {
      encoded = try encodeParallel(
        pixels: samples, width: width, height: height, channels: kept.count, bitDepth: 16,
        threads: threads)
    } catch {
      throw ImageCodecError.encodingFailed(destination: destination, reason: error.description)
    }
    var described = encoded
    if let color = color?.fitting(gray: gray), !color.isEmpty {
      described = PNGColorChunks.replace(in: encoded, with: color)
    }
    return PNGMetadataChunks.inserting(metadata, into: described)
  }

  /// The samples `kept` (0 R, 1 G, 2 B, 3 A) of every pixel, each as two
  /// bytes, big-endian (PNG spec §7.1), rows packed.
  private static func bigEndianSamples(_ image: RGBA16Image, keeping kept: [Int]) -> [UInt8] {
    let count = image.width * image.height
    let channels = kept.count
    return image.pixels.withUnsafeBufferPointer { p in
      [UInt8](unsafeUninitializedCapacity: count * channels * 2) { out, n in
        for i in 0..<count {
          for (k, c) in kept.enumerated() {
            let v = p[4 * i + c]
            out[2 * (channels * i + k)] = UInt8(v >> 8)
            out[2 * (channels * i + k) + 1] = UInt8(v & 0xFF)
          }
        }
        n = count * channels * 2
      }
    }
  }
}

extension RGBA16Image {
  /// Whether every pixel has r = g = b.
  package var isGray: Bool {
    pixels.withUnsafeBufferPointer { p in
      !stride(from: 0, to: p.count, by: 4).contains { p[$0] != p[$0 + 1] || p[$0] != p[$0 + 2] }
    }
  }
}
