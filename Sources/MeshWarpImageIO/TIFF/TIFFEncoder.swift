import CTIFF
import MeshWarpRender

/// Encodes TIFF files through libtiff: 8-bit RGB when every pixel is
/// opaque, else RGBA with unassociated (straight) alpha; one directory,
/// Deflate with the horizontal predictor unless told otherwise.
public enum TIFFEncoder {
  /// The compression of the image data.
  public enum Compression: Sendable, Equatable {
    /// Deflate (zlib; TIFF compression 8), with the horizontal predictor.
    case deflate
    /// LZW (compression 5), with the horizontal predictor.
    case lzw
    /// None (compression 1).
    case none

    var code: UInt16 {
      switch self {
      case .deflate: UInt16(COMPRESSION_ADOBE_DEFLATE)
      case .lzw: UInt16(COMPRESSION_LZW)
      case .none: UInt16(COMPRESSION_NONE)
      }
    }
  }

  /// Encodes `image` to TIFF bytes.
  ///
  /// - Parameters:
  ///   - image: 8-bit straight-alpha RGBA; width and height ≥ 1.
  ///   - compression: `.deflate` (default), `.lzw` or `.none`.
  ///   - iccProfile: written as tag 34675 when given.
  ///   - destination: how errors name the output.
  /// - Throws: `ImageCodecError.encodingFailed` when libtiff fails.
  public static func encode(
    _ image: RGBAImage, compression: Compression = .deflate, iccProfile: [UInt8]? = nil,
    destination: String = "TIFF data"
  ) throws -> [UInt8] {
    guard image.width > 0, image.height > 0 else {
      throw ImageCodecError.encodingFailed(destination: destination, reason: "the image is empty")
    }
    let memory = TIFFMemory()
    let channels: Int32 = image.isOpaque(threads: 1) ? 3 : 4
    let profile = iccProfile ?? []
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      profile.withUnsafeBytes { icc in
        meshwarp_tiff_write_rgba(
          memory.pointer, pixels.baseAddress, UInt32(image.width), UInt32(image.height), channels,
          compression.code, profile.isEmpty ? nil : icc.baseAddress, UInt32(profile.count))
      }
    }
    guard status == 0 else {
      throw ImageCodecError.encodingFailed(
        destination: destination, reason: memory.message(or: "libtiff failed"))
    }
    return memory.written
  }
}
