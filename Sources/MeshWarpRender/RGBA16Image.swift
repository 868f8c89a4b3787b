import MeshWarpCore

/// A 16-bit RGBA colour: values as encoded (not linear light), straight
/// (not premultiplied) alpha, 0…65535.
public struct RGBA16: Hashable, Sendable {
  public var r: UInt16
  public var g: UInt16
  public var b: UInt16
  public var a: UInt16

  public init(_ r: UInt16, _ g: UInt16, _ b: UInt16, _ a: UInt16 = 65535) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The 16-bit colour of an 8-bit one: each value × 257, so that 255
  /// becomes 65535 and ``RGBA16Image/rounded8()`` returns it unchanged.
  public init(_ colour: RGBA8) {
    self.init(
      UInt16(colour.r) &* 257, UInt16(colour.g) &* 257, UInt16(colour.b) &* 257,
      UInt16(colour.a) &* 257)
  }

  public static let transparent = RGBA16(0, 0, 0, 0)
}

/// A deep raster image: `width × height` pixels, row-major from the
/// top-left, four 16-bit values per pixel (R, G, B, A), values as encoded
/// in the file (the same transfer function as ``RGBAImage``'s bytes, at
/// 65 536 levels), straight alpha, no row padding.
///
/// Sixteen-bit integers rather than half floats: every deep source the
/// tools read (16-bit PNG and TIFF, 10- and 12-bit HEIC and video, HLG and
/// PQ signals) is integer code values within 0…1, which 16 bits hold
/// exactly, so an identity warp returns them bit for bit; half floats keep
/// only 11 significant bits, fewer than a 12-bit video's. Values above 1
/// (scene-linear light) are not a use of this type.
public struct RGBA16Image: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// `width · height · 4` values.
  public var pixels: [UInt16]

  /// Wraps existing values.
  ///
  /// - Precondition: `width, height ≥ 0` and `pixels.count == width·height·4`.
  public init(width: Int, height: Int, pixels: [UInt16]) {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    precondition(
      pixels.count == width * height * 4,
      "\(pixels.count) values for a \(width)×\(height) RGBA image (expected \(width * height * 4))"
    )
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image filled with one colour (transparent by default).
  public init(width: Int, height: Int, fill: RGBA16 = .transparent) {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    self.width = width
    self.height = height
    var pixels = [UInt16](repeating: 0, count: width * height * 4)
    if fill != .transparent {
      for i in 0..<(width * height) {
        pixels[4 * i] = fill.r
        pixels[4 * i + 1] = fill.g
        pixels[4 * i + 2] = fill.b
        pixels[4 * i + 3] = fill.a
      }
    }
    self.pixels = pixels
  }

  /// An image whose values are left unset, for renderers that write every
  /// pixel.
  init(uninitializedWidth width: Int, height: Int) {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    self.width = width
    self.height = height
    pixels = [UInt16](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      count = width * height * 4
    }
  }

  /// The 8-bit image widened without loss: each value × 257.
  public init(_ image: RGBAImage) {
    width = image.width
    height = image.height
    pixels = image.pixels.map { UInt16($0) &* 257 }
  }

  /// The image at 8 bits: each value rounded to the nearest of the 256
  /// levels v/257 (exact: 257 is odd, so no value falls half-way), the
  /// one rounding a deep picture takes on its way to an 8-bit output.
  public func rounded8() -> RGBAImage {
    RGBAImage(
      width: width, height: height,
      pixels: PixelBytes.make(count: pixels.count) { out in
        pixels.withUnsafeBufferPointer { src in
          for i in 0..<src.count {
            out[i] = UInt8(truncatingIfNeeded: (UInt32(src[i]) &+ 128) / 257)
          }
        }
      })
  }

  /// Whether every pixel has alpha 65535.
  package var isOpaque: Bool {
    var i = 3
    while i < pixels.count {
      if pixels[i] != 65535 { return false }
      i += 4
    }
    return true
  }

  /// The pixel at (x, y).
  public subscript(x: Int, y: Int) -> RGBA16 {
    get {
      let i = (y * width + x) * 4
      return RGBA16(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
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

/// A picture at either depth: 8 bits a value (the fast path every 8-bit
/// file takes), or 16 (``RGBA16Image``) for files that hold more, which
/// stay deep from decoder to encoder.
public enum PixelImage: Hashable, Sendable {
  case rgba8(RGBAImage)
  case rgba16(RGBA16Image)

  public var width: Int {
    switch self {
    case .rgba8(let image): image.width
    case .rgba16(let image): image.width
    }
  }

  public var height: Int {
    switch self {
    case .rgba8(let image): image.height
    case .rgba16(let image): image.height
    }
  }

  /// Whether the values are 16-bit.
  public var isDeep: Bool {
    if case .rgba16 = self { return true }
    return false
  }

  /// The picture at 8 bits (a deep one rounded, ``RGBA16Image/rounded8()``).
  public var rgba8: RGBAImage {
    switch self {
    case .rgba8(let image): image
    case .rgba16(let image): image.rounded8()
    }
  }

  /// The picture at 16 bits (an 8-bit one widened without loss).
  public var rgba16: RGBA16Image {
    switch self {
    case .rgba8(let image): RGBA16Image(image)
    case .rgba16(let image): image
    }
  }
}
