import MeshWarpCore

/// An 8-bit RGBA colour: sRGB-encoded, straight (not premultiplied) alpha.
public struct RGBA8: Hashable, Sendable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  public static let transparent = RGBA8(0, 0, 0, 0)
  public static let black = RGBA8(0, 0, 0)
  public static let white = RGBA8(255, 255, 255)
}

/// A raster image: `width × height` pixels, row-major from the top-left,
/// 4 bytes per pixel (R, G, B, A), sRGB-encoded, straight alpha, no row
/// padding — the layout of PNG files and of libpng's `PNG_FORMAT_RGBA`.
///
/// Pixel (x, y) covers [x, x+1] × [y, y+1] and is sampled at its centre.
public struct RGBAImage: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// `width · height · 4` bytes.
  public var pixels: [UInt8]

  /// Wraps existing bytes.
  ///
  /// - Precondition: `width, height ≥ 0` and `pixels.count == width·height·4`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    precondition(
      pixels.count == width * height * 4,
      "\(pixels.count) bytes for a \(width)×\(height) RGBA image (expected \(width * height * 4))")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image filled with one colour (transparent by default).
  public init(width: Int, height: Int, fill: RGBA8 = .transparent) {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    self.width = width
    self.height = height
    if fill == .transparent {
      pixels = PixelBytes.zeros(count: width * height * 4)
    } else {
      pixels = PixelBytes.make(count: width * height * 4) { buffer in
        for i in 0..<(width * height) {
          buffer[4 * i] = fill.r
          buffer[4 * i + 1] = fill.g
          buffer[4 * i + 2] = fill.b
          buffer[4 * i + 3] = fill.a
        }
      }
    }
  }

  /// An image whose bytes are left unset, for renderers that write every
  /// pixel (no zero-fill pass before the real one).
  init(uninitializedWidth width: Int, height: Int) {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    self.width = width
    self.height = height
    pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      PixelBytes.adviseHugePages(buffer)
      count = width * height * 4
    }
  }

  /// Whether every pixel has alpha 255 (a word-wise scan that stops at
  /// the first translucent block).
  package var isOpaque: Bool { isOpaque(threads: 1) }

  /// ``isOpaque``, scanned in row bands on up to `threads` threads (0: all
  /// cores) when the image is large enough to repay them; once a band has
  /// found a translucent pixel, the bands not yet started are skipped. A 4K frame is
  /// 33 MB to read, a few milliseconds that a one-thread scan added to
  /// every 16-thread render.
  package func isOpaque(threads: Int) -> Bool {
    pixels.withUnsafeBufferPointer { p in
      guard let base = p.baseAddress, width > 0, height > 0 else { return true }
      guard resolvedThreadCount(threads) > 1, width * height >= Self.parallelScanPixels else {
        return BilinearSampler.allOpaque(base, count: width * height)
      }
      let pixels = SharedPointer(UnsafeMutablePointer(mutating: base))
      let found = StopFlag()
      let width = width
      forEachRowBand(rows: height, threads: threads, minimumRowsPerBand: 16) { band in
        guard !found.isSet else { return }
        let first = pixels.base + band.lowerBound * width * 4
        if !BilinearSampler.allOpaque(first, count: band.count * width) { found.set() }
      }
      return !found.isSet
    }
  }

  /// Below this many pixels (a 512 × 512 image) the scan stays on one
  /// thread: waking others costs more than it saves.
  static let parallelScanPixels = 1 << 18

  /// The pixel at (x, y).
  public subscript(x: Int, y: Int) -> RGBA8 {
    get {
      let i = (y * width + x) * 4
      return RGBA8(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
    set {
      let i = (y * width + x) * 4
      pixels[i] = newValue.r
      pixels[i + 1] = newValue.g
      pixels[i + 2] = newValue.b
      pixels[i + 3] = newValue.a
    }
  }

  /// The size as a vector (width, height), for scaling normalized points.
  public var size: Vector2 { Vector2(Double(width), Double(height)) }
}
