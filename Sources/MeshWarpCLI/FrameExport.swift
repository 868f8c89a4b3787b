import Foundation

/// The times of the frames a command renders (from `FrameTimeOptions`, or
/// made by the command), and their export.
struct FrameTimes: Sendable {
  /// Frame times in seconds.
  var times: [Double]
  var framesPerSecond: Double
  /// Whether more than one frame was asked for.
  var isAnimation: Bool

  init(times: [Double], framesPerSecond: Double, isAnimation: Bool) {
    self.times = times
    self.framesPerSecond = framesPerSecond
    self.isAnimation = isAnimation
  }

  /// Most frames an export may have (derived: ten minutes at 60 fps).
  static let maximumFrames = 36_000
}

enum FrameExport {
  /// Renders `times.count` frames with `render` and writes them to `path`
  /// (format from its extension: .png, .apng, .mp4, a `%04d` pattern or a
  /// folder). A still goes to a PNG, JPEG or WebP (`image`'s `--format`
  /// overrides the extension); an animation to any of the others. On failure
  /// nothing is left at `path` (writers write to a temporary file first).
  static func write(
    _ times: FrameTimes, width: Int, height: Int, to path: String, console: Console,
    image: ImageOutputOptions = ImageOutputOptions(), render: (Double) throws -> RGBAImage
  ) throws {
    if !times.isAnimation {
      if image.format == nil, let animated = try? OutputFormat.infer(path: path), animated != .png,
        ImageFormat.fileExtension(of: path).flatMap(ImageFormat.init(fileExtension:)) == nil
      {
        throw CLIError.usage(
          "\(path): a single frame is written as .png, .jpg or .webp; add --duration S for an animation"
        )
      }
      _ = try image.stillFormat(for: path)
      try image.write(try render(times.times[0]), to: path, console: console)
      if path != StandardOutput.path { console.error("wrote \(path) (\(width)x\(height))") }
      return
    }
    let total = times.times.count
    let sink = try FrameSinks.make(
      path: path, width: width, height: height,
      options: FrameSinkOptions(framesPerSecond: times.framesPerSecond, pngIsAnimated: true),
      totalFrames: total,
      progress: { p in console.progress("frames", p.framesWritten, total) })
    do {
      for t in times.times { try sink.append(try render(t)) }
      try sink.finish()
    } catch {
      sink.cancel()
      throw error
    }
    if path != StandardOutput.path {
      console.error(
        "wrote \(path) (\(total) frames, \(width)x\(height), \(times.framesPerSecond) fps)")
    }
  }
}
