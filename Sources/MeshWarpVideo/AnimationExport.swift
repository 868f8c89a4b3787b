import Foundation
import MeshWarpRender

/// Frames rendered one at a time and written as an animation or a video:
/// the export of anything that changes over time (a still warped by an
/// animated mesh, a gradient, text, the genie effect).
public enum AnimationExport {
  /// Renders a frame at each of `times` with `render` and writes them to
  /// `path`, whose extension picks the format (``OutputFormat/infer(path:pngIsAnimated:)``:
  /// .png and .apng animated, .mp4, .mkv, .mov, .webm, .gif, .webp, a `%04d`
  /// pattern or a folder). Nothing is left at `path` on failure or
  /// cancellation (writers write to a temporary file first).
  ///
  /// - Parameters:
  ///   - times: the frames' times and rate.
  ///   - width: the frames' width in pixels (> 0); every rendered frame has it.
  ///   - height: the frames' height in pixels (> 0).
  ///   - path: the output file (or folder, or numbered pattern).
  ///   - encoding: the ffmpeg outputs' settings (quality, background);
  ///     the frame rate and codec are set from `times` and `path`.
  ///   - background: composited under every frame, also in formats that
  ///     keep alpha; nil or transparent: none.
  ///   - progress: called after each frame written.
  ///   - note: called with what a user should know (e.g. transparency
  ///     composited over the background in a format without alpha).
  ///   - isCancelled: polled before each frame; true stops the export
  ///     with `CancellationError`.
  ///   - render: the frame at a time in seconds.
  /// - Throws: `VideoError.unsupportedOutput` for a path no writer
  ///   takes, the writers' errors, `render`'s errors, or
  ///   `CancellationError`.
  public static func write(
    _ times: FrameTimes, width: Int, height: Int, to path: String,
    encoding: VideoEncoding = VideoEncoding(), background: RGBA8? = nil,
    progress: @escaping @Sendable (ExportProgress) -> Void = { _ in },
    note: (String) -> Void = { _ in }, isCancelled: () -> Bool = { false },
    render: (Double) throws -> RGBAImage
  ) throws {
    let codec = try OutputFormat.infer(path: path, pngIsAnimated: true).codec
    let sink = try FrameSinks.make(
      path: path, width: width, height: height,
      options: FrameSinkOptions(
        framesPerSecond: times.framesPerSecond, pngIsAnimated: true, video: encoding),
      totalFrames: times.times.count, progress: progress)
    var noted = false
    do {
      for t in times.times {
        if isCancelled() { throw CancellationError() }
        let image = try render(t)
        if !noted, let codec, !codec.keepsAlpha, !image.isOpaque {
          noted = true
          note(transparencyNote(codec, over: encoding.background))
        }
        try sink.append(flattened(image, over: background))
      }
      if isCancelled() { throw CancellationError() }
      try sink.finish()
    } catch {
      sink.cancel()
      throw error
    }
  }

  /// `image` over `background` (with its alpha) when one is given and not
  /// transparent, else `image` itself: the frames of formats that keep
  /// alpha get the background as stills do (formats without alpha are
  /// composited by their writer over ``VideoEncoding/background``).
  package static func flattened(_ image: RGBAImage, over background: RGBA8?) -> RGBAImage {
    guard let b = background, b.a > 0 else { return image }
    var result = image
    _ = image.composite(over: b, into: &result)
    return result
  }

  /// What a format without alpha does with transparent frames.
  package static func transparencyNote(_ codec: VideoCodec, over b: RGBA8) -> String {
    "\(codec.displayName) has no alpha: transparent parts are composited over "
      + String(format: "#%02X%02X%02X", b.r, b.g, b.b)
  }
}
