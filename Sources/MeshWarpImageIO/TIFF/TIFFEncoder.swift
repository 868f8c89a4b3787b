import CTIFF
import MeshWarpRender

/// Encodes TIFF files through libtiff: RGB when every pixel is opaque,
/// else RGBA with unassociated (straight) alpha, 8 or 16 bits a sample;
/// one directory, Deflate with the horizontal predictor unless told
/// otherwise; the ICC profile (tag 34675), XMP (tag 700) and resolution
/// (tags 282, 283, 296) when given; EXIF as the first directory's
/// descriptive tags and linked Exif and GPS directories (`TIFFEXIF`).
public enum TIFFEncoder {
  /// The compression of the image data, named as ImageMagick's
  /// `-compress` and libtiff's `tiffcp -c` name them.
  public enum Compression: String, Sendable, Equatable, CaseIterable {
    /// Deflate (zlib; TIFF compression 8), with the horizontal predictor:
    /// the default, the smallest of the three on photographs.
    case deflate
    /// LZW (compression 5), with the horizontal predictor: what older
    /// readers take.
    case lzw
    /// None (compression 1): the fastest to write and read, the largest.
    case none

    var code: UInt16 {
      switch self {
      case .deflate: UInt16(COMPRESSION_ADOBE_DEFLATE)
      case .lzw: UInt16(COMPRESSION_LZW)
      case .none: UInt16(COMPRESSION_NONE)
      }
    }
  }

  /// Encodes an 8-bit `image` to TIFF bytes.
  ///
  /// - Parameters:
  ///   - image: 8-bit straight-alpha RGBA; width and height ≥ 1.
  ///   - compression: `.deflate` (default), `.lzw` or `.none`.
  ///   - iccProfile: written as tag 34675 when given.
  ///   - metadata: its XMP (tag 700), density (resolution tags) and
  ///     EXIF written.
  ///   - destination: how errors name the output.
  /// - Throws: `ImageCodecError.encodingFailed` when libtiff fails.
  public static func encode(
    _ image: RGBAImage, compression: Compression = .deflate, iccProfile: [UInt8]? = nil,
    metadata: ImageMetadata = ImageMetadata(), destination: String = "TIFF data"
  ) throws -> [UInt8] {
    try image.pixels.withUnsafeBytes { pixels in
      try write(
        pixels, width: image.width, height: image.height, bits: 8,
        opaque: image.isOpaque(threads: 1), compression: compression, iccProfile: iccProfile,
        metadata: metadata, destination: destination)
    }
  }

  /// Encodes a deep `image` to 16-bit TIFF bytes, as
  /// ``encode(_:compression:iccProfile:metadata:destination:)-(RGBAImage,_,_,_,_)``
  /// does an 8-bit one.
  ///
  /// - Parameters:
  ///   - image: 16-bit straight-alpha RGBA; width and height ≥ 1.
  ///   - compression: `.deflate` (default), `.lzw` or `.none`.
  ///   - iccProfile: written as tag 34675 when given.
  ///   - metadata: its XMP, density and EXIF written.
  ///   - destination: how errors name the output.
  /// - Throws: `ImageCodecError.encodingFailed` when libtiff fails.
  public static func encode(
    _ image: RGBA16Image, compression: Compression = .deflate, iccProfile: [UInt8]? = nil,
    metadata: ImageMetadata = ImageMetadata(), destination: String = "TIFF data"
  ) throws -> [UInt8] {
    try image.pixels.withUnsafeBytes { pixels in
      try write(
        pixels, width: image.width, height: image.height, bits: 16, opaque: image.isOpaque,
        compression: compression, iccProfile: iccProfile, metadata: metadata,
        destination: destination)
    }
  }

  /// Writes RGBA samples of `bits` each (RGB when `opaque`).
  private static func write(
    _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, bits: Int32, opaque: Bool,
    compression: Compression, iccProfile: [UInt8]?, metadata: ImageMetadata,
    destination: String
  ) throws -> [UInt8] {
    guard width > 0, height > 0 else {
      throw ImageCodecError.encodingFailed(destination: destination, reason: "the image is empty")
    }
    let memory = TIFFMemory()
    let profile = iccProfile ?? []
    let xmp = metadata.xmp ?? []
    var extras = meshwarp_tiff_extras()
    if let density = metadata.density {
      let resolution = density.tiffResolution
      extras.resolution_unit = resolution.unit
      extras.x_resolution = resolution.x
      extras.y_resolution = resolution.y
    }
    let status = profile.withUnsafeBytes { icc in
      xmp.withUnsafeBytes { packet in
        extras.icc = profile.isEmpty ? nil : icc.baseAddress
        extras.icc_size = UInt32(profile.count)
        extras.xmp = xmp.isEmpty ? nil : packet.baseAddress
        extras.xmp_size = UInt32(xmp.count)
        return meshwarp_tiff_write_rgba(
          memory.pointer, pixels.baseAddress, UInt32(width), UInt32(height), opaque ? 3 : 4,
          bits, compression.code, &extras)
      }
    }
    guard status == 0 else {
      throw ImageCodecError.encodingFailed(
        destination: destination, reason: memory.message(or: "libtiff failed"))
    }
    guard let exif = metadata.exif else { return memory.written }
    return TIFFEXIF.attach(exif, to: memory.written)
  }
}

extension PixelDensity {
  /// TIFF's ResolutionUnit (1 none, 2 inch, 3 centimetre; TIFF 6.0 §8)
  /// and X/YResolution: inches and centimetres as they are, pixels a
  /// metre as pixels a centimetre (÷ 100), an aspect ratio with unit 1.
  var tiffResolution: (unit: UInt16, x: Float, y: Float) {
    switch unit {
    case .inch: (2, Float(horizontal), Float(vertical))
    case .centimetre: (3, Float(horizontal), Float(vertical))
    case .metre: (3, Float(horizontal) / 100, Float(vertical) / 100)
    case .aspectRatio: (1, Float(horizontal), Float(vertical))
    }
  }

  /// The density a TIFF's resolution tags give: unit 2 inches, 3
  /// centimetres (each rounded to whole pixels a unit, at least 1), 1 an
  /// aspect ratio; nil for no or unknown unit values.
  init?(tiffUnit unit: UInt16, x: Float, y: Float) {
    guard x > 0, y > 0, x.isFinite, y.isFinite else { return nil }
    let h = max(1, Int(x.rounded()))
    let v = max(1, Int(y.rounded()))
    switch unit {
    case 1: self.init(horizontal: h, vertical: v, unit: .aspectRatio)
    case 2: self.init(horizontal: h, vertical: v, unit: .inch)
    case 3: self.init(horizontal: h, vertical: v, unit: .centimetre)
    default: return nil
    }
  }
}
