import CTurboJPEG
import Dispatch
import Foundation
import MeshWarpFiles
import MeshWarpRender

/// Encodes `RGBAImage` to baseline JPEG through libjpeg-turbo's TurboJPEG
/// API: chroma at full resolution (4:4:4), halved across (4:2:2) or halved
/// both ways (4:2:0), or one grey component; alpha is ignored (composite first, see
/// `ImageEncoder`). Large pictures are encoded in strips on several threads
/// and joined with restart markers (`JPEGRestartStrips`): the same pixels
/// when decoded, a few bytes more.
public enum JPEGEncoder {

  /// How the two colour-difference (chroma) planes are sampled against the
  /// brightness (luma) plane.
  public enum ChromaSubsampling: String, Sendable, CaseIterable {
    /// 4:4:4: chroma at full resolution; sharp colour edges (red text),
    /// about a third more bytes than 4:2:0 on photographs.
    case chroma444 = "444"
    /// 4:2:2: chroma halved horizontally.
    case chroma422 = "422"
    /// 4:2:0: chroma halved both ways; what cameras, Pillow and libjpeg's
    /// `cjpeg` write by default.
    case chroma420 = "420"

    /// ImageMagick's rule: 4:4:4 at quality 90 and above, where the bytes
    /// that subsampling saves are few against the colour detail it loses;
    /// 4:2:0 below.
    public static func `default`(quality: Int) -> ChromaSubsampling {
      quality >= 90 ? .chroma444 : .chroma420
    }

    var turboJPEG: TJSAMP {
      switch self {
      case .chroma444: TJSAMP_444
      case .chroma422: TJSAMP_422
      case .chroma420: TJSAMP_420
      }
    }
  }

  /// Pictures smaller than this many pixels are encoded in one piece.
  static let minimumStripPixels = 1 << 20

  /// Encodes an image to JPEG bytes.
  ///
  /// - Parameters:
  ///   - image: width and height ≥ 1; alpha is dropped.
  ///   - quality: 1…100 (libjpeg's scale).
  ///   - grayscale: write one grey component (the red channel) instead.
  ///   - subsampling: the chroma sampling; nil (the default):
  ///     `ChromaSubsampling.default(quality:)`.
  ///   - iccProfile: written as APP2 segments when given.
  ///   - metadata: EXIF and XMP written as APP1 segments, each when it fits
  ///     one (65527 and 65504 bytes at most; larger ones are left out, and
  ///     `ImageEncoder` says so), the density in the JFIF header.
  ///   - threads: encoder threads (0, the default: every core; 1: one
  ///     piece, no restart markers).
  ///   - destination: how errors name the output.
  /// - Throws: `ImageCodecError.encodingFailed`.
  public static func encode(
    _ image: RGBAImage, quality: Int = EncoderQuality.defaultValue, grayscale: Bool = false,
    subsampling: ChromaSubsampling? = nil, iccProfile: [UInt8]? = nil,
    metadata: ImageMetadata = ImageMetadata(), threads: Int = 0, destination: String = "JPEG data"
  ) throws -> [UInt8] {
    func failure(_ reason: String) -> ImageCodecError {
      .encodingFailed(destination: destination, reason: reason)
    }
    guard image.width > 0, image.height > 0 else {
      throw failure("a JPEG must be at least 1×1 (got \(image.width)×\(image.height))")
    }
    guard image.width <= 65535, image.height <= 65535 else {
      throw failure("\(image.width)×\(image.height) is larger than JPEG's 65535×65535")
    }
    guard EncoderQuality.range.contains(quality) else {
      throw failure("quality \(quality) is not in 1…100")
    }
    let sampling =
      grayscale
      ? TJSAMP_GRAY : (subsampling ?? .default(quality: quality)).turboJPEG
    let jpeg = try image.pixels.withUnsafeBufferPointer { pixels -> [UInt8] in
      let base = pixels.baseAddress!
      if let joined = try encodeInStrips(
        base, width: image.width, height: image.height, quality: quality, sampling: sampling,
        threads: threads, destination: destination)
      {
        return joined
      }
      return try compress(
        base, width: image.width, height: image.height, quality: quality, sampling: sampling,
        destination: destination
      ).get()
    }
    guard !metadata.isEmpty || iccProfile?.isEmpty == false else { return jpeg }
    return JPEGMarkers.inserting(metadata, iccProfile: iccProfile, into: jpeg)
  }

  /// One TurboJPEG compression of `height` packed RGBA rows.
  private static func compress(
    _ rgba: UnsafePointer<UInt8>, width: Int, height: Int, quality: Int, sampling: TJSAMP,
    destination: String
  ) -> Result<[UInt8], ImageCodecError> {
    func failure(_ reason: String) -> ImageCodecError {
      .encodingFailed(destination: destination, reason: reason)
    }
    guard let handle = tjInitCompress() else {
      return .failure(failure("cannot start libjpeg-turbo"))
    }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let status = tjCompress2(
      handle, rgba, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue), &output, &size,
      Int32(sampling.rawValue), Int32(quality), 0)
    defer { tjFree(output) }
    guard status == 0, let output else {
      return .failure(
        failure(tjGetErrorStr2(handle).map { String(cString: $0) } ?? "libjpeg-turbo failed"))
    }
    return .success(Array(UnsafeBufferPointer(start: output, count: Int(size))))
  }

  /// Strips of whole MCU rows on `threads` threads, joined; nil when the
  /// picture is small, one thread is asked for, or the strips cannot be
  /// joined (then the caller encodes in one piece).
  private static func encodeInStrips(
    _ rgba: UnsafePointer<UInt8>, width: Int, height: Int, quality: Int, sampling: TJSAMP,
    threads: Int, destination: String
  ) throws -> [UInt8]? {
    let threadCount = resolvedThreadCount(threads)
    guard threadCount > 1, width * height >= minimumStripPixels else { return nil }
    // An MCU is 8×8 pixels for grey and 4:4:4, 16×8 for 4:2:2, 16×16
    // for 4:2:0 (ITU T.81 A.2: one block per sampling factor).
    let mcuWidth = sampling == TJSAMP_GRAY || sampling == TJSAMP_444 ? 8 : 16
    let mcuHeight = sampling == TJSAMP_420 ? 16 : 8
    let mcuRows = (height + mcuHeight - 1) / mcuHeight
    let mcusPerRow = (width + mcuWidth - 1) / mcuWidth
    // Two strips a thread; a restart interval holds at most 65535 MCUs.
    let wanted = min(mcuRows, threadCount * 2)
    let mcuRowsPerStrip = min((mcuRows + wanted - 1) / wanted, 0xFFFF / mcusPerRow)
    guard mcuRowsPerStrip >= 1 else { return nil }
    let stripCount = (mcuRows + mcuRowsPerStrip - 1) / mcuRowsPerStrip
    guard stripCount > 1 else { return nil }
    let stripHeight = mcuRowsPerStrip * mcuHeight
    let results = StripResults(count: stripCount)
    let source = UnsafeSendablePointer(rgba)
    DispatchQueue.concurrentPerform(iterations: stripCount) { k in
      let top = k * stripHeight
      let rows = min(stripHeight, height - top)
      results.set(
        k,
        compress(
          source.base + top * width * 4, width: width, height: rows, quality: quality,
          sampling: sampling, destination: destination))
    }
    let strips = try results.values.map { try $0!.get() }
    return JPEGRestartStrips.join(
      strips, height: height, mcusPerStrip: mcuRowsPerStrip * mcusPerRow)
  }
}

/// A read-only pointer the strip encoders share.
private struct UnsafeSendablePointer: @unchecked Sendable {
  let base: UnsafePointer<UInt8>
  init(_ base: UnsafePointer<UInt8>) { self.base = base }
}

/// One result slot per strip, written once each from the strip's thread.
private final class StripResults: @unchecked Sendable {
  private(set) var values: [Result<[UInt8], ImageCodecError>?]
  private let lock = NSLock()
  init(count: Int) { values = Array(repeating: nil, count: count) }
  func set(_ k: Int, _ value: Result<[UInt8], ImageCodecError>) {
    lock.lock()
    values[k] = value
    lock.unlock()
  }
}
