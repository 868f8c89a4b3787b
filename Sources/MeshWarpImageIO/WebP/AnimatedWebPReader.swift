import CWebP
import MeshWarpRender

/// Reads an animated WebP frame by frame through libwebp's animation
/// decoder (`WebPAnimDecoder`, libwebpdemux), which composes each frame on
/// the canvas (its offset, blending and disposal) as viewers show it.
///
/// Frame times come from the file: libwebp gives each frame's end time in
/// milliseconds, so frame k shows from the previous frame's end time to
/// its own. ``loopCount`` is the file's (0: forever).
public final class AnimatedWebPReader {
  public let width: Int
  public let height: Int
  /// The frames in the file.
  public let frameCount: Int
  /// Times the animation plays (0: forever), as the file says.
  public let loopCount: Int
  /// The canvas's background colour as the file gives it (viewers may
  /// ignore it; frames are composed over transparency).
  public let backgroundColor: UInt32

  /// The file's bytes, which the decoder reads from until it is deleted
  /// (libwebp's demuxer keeps a pointer to them, it does not copy).
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  private let source: String
  private var decoder: OpaquePointer?
  private var previousEnd = 0
  /// Frames delivered so far.
  public private(set) var framesRead = 0

  /// Whether `bytes` are an animated WebP (a `VP8X` header with the
  /// animation flag).
  public static func isAnimated(_ bytes: [UInt8]) -> Bool {
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer {
      WebPGetFeatures($0.baseAddress, $0.count, &features)
    }
    return status == VP8_STATUS_OK && features.has_animation != 0
  }

  /// Opens the animation in `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: a complete animated WebP file.
  ///   - source: how errors name the data.
  ///   - maxPixels: refuse a larger canvas before decoding.
  /// - Throws: `ImageCodecError.invalidImageData` or `.imageTooLarge`.
  public init(
    _ bytes: [UInt8], source: String = "WebP data", maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) throws {
    let decoding = FormatDecoding(source: source, format: "WebP", maxPixels: maxPixels)
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = copy.initialize(from: bytes)
    let (made, info): (OpaquePointer, WebPAnimInfo)
    do {
      (made, info) = try Self.open(copy, count: bytes.count, decoding: decoding)
    } catch {
      copy.deallocate()
      throw error
    }
    self.bytes = copy
    self.source = source
    decoder = made
    width = Int(info.canvas_width)
    height = Int(info.canvas_height)
    frameCount = Int(info.frame_count)
    loopCount = Int(info.loop_count)
    backgroundColor = info.bgcolor
  }

  /// The decoder of the `count` bytes at `data` and the animation's
  /// header, checked against the decoding's limits.
  private static func open(
    _ data: UnsafeMutableBufferPointer<UInt8>, count: Int, decoding: FormatDecoding
  ) throws -> (OpaquePointer, WebPAnimInfo) {
    var options = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInitInternal(&options, meshwarp_webp_demux_abi_version) != 0 else {
      throw decoding.failure("this libwebp's animation decoder has another ABI")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    var webp = WebPData(bytes: data.baseAddress, size: count)
    guard let made = WebPAnimDecoderNewInternal(&webp, &options, meshwarp_webp_demux_abi_version)
    else {
      throw decoding.failure("libwebp cannot read it as an animation (damaged or truncated)")
    }
    var info = WebPAnimInfo()
    do {
      guard WebPAnimDecoderGetInfo(made, &info) != 0 else {
        throw decoding.failure("libwebp cannot read the animation's header")
      }
      _ = try decoding.pixelCount(width: Int(info.canvas_width), height: Int(info.canvas_height))
    } catch {
      WebPAnimDecoderDelete(made)
      throw error
    }
    return (made, info)
  }

  deinit {
    if let decoder { WebPAnimDecoderDelete(decoder) }
    bytes.deallocate()
  }

  /// The next frame, composed on the canvas, and its duration in
  /// milliseconds; nil after the last.
  ///
  /// - Throws: `ImageCodecError.invalidImageData` for a frame libwebp
  ///   cannot decode.
  public func next() throws -> (image: RGBAImage, milliseconds: Int)? {
    guard let decoder, WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var end: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &buffer, &end) != 0, let buffer else {
      throw ImageCodecError.invalidImageData(
        source: source, format: "WebP",
        reason: "libwebp cannot decode frame \(framesRead + 1) of \(frameCount)")
    }
    let image = RGBAImage(
      width: width, height: height,
      pixels: Array(UnsafeBufferPointer(start: buffer, count: width * height * 4)))
    let duration = Int(end) - previousEnd
    previousEnd = Int(end)
    framesRead += 1
    return (image, duration)
  }
}
