import Foundation

/// The times of the frames a command renders (from `FrameTimeOptions`, or
/// made by the command), and their export.
struct FrameTimes: Sendable {
  /// Frame times in seconds.
  var times: [Double]
  var framesPerSecond: Double
  /// Whether more than one frame was asked for.
  var isAnimation: Bool

  /// Most frames an export may have (derived: ten minutes at 60 fps).
  static let maximumFrames = 36_000
}

enum FrameExport {
  /// Whether any pixel of RGBA bytes is not opaque.
  static func hasTransparency(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 3
    while i < pixels.count {
      if pixels[i] != 255 { return true }
      i += 4
    }
    return false
  }

  /// `image` over `--background` (with its alpha) when one is given and
  /// not transparent, else `image` itself: the frames of formats that keep
  /// alpha get the background as stills do (formats without alpha are
  /// composited by their writer over the background's colour, over black
  /// by default).
  static func flattened(_ image: RGBAImage, over background: ArgumentColour?) -> RGBAImage {
    guard let b = background?.rgba, b.a > 0 else { return image }
    var result = image
    _ = image.composite(over: b, into: &result)
    return result
  }

  /// Renders `times.count` frames with `render` and writes them to `path`
  /// (format from its extension: .png, .apng, .mp4, a `%04d` pattern or a
  /// folder). A still goes to a PNG, JPEG or WebP (`image`'s `--format`
  /// overrides the extension); an animation to any of the others. On failure
  /// nothing is left at `path` (writers write to a temporary file first).
  /// `video` sets the ffmpeg outputs' quality and background (default:
  /// from `image`'s `--quality` and `--background`). Ctrl-C or
  /// SIGTERM stops the export (`CLIError.interrupted`) with no output left.
  static func write(
    _ times: FrameTimes, width: Int, height: Int, to path: String,
    video: MP4Options? = nil, console: Console,
    image: ImageOutputOptions = ImageOutputOptions(), render: (Double) throws -> RGBAImage
  ) throws {
    let video = video ?? VideoOptions.encoding(image)
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
    _ = try AnimatedOutput.format(of: path)
    let total = times.times.count
    let meter = ProgressMeter(console: console, total: total)
    let sink = try FrameSinks.make(
      path: path, width: width, height: height,
      options: FrameSinkOptions(
        framesPerSecond: times.framesPerSecond, pngIsAnimated: true, video: video),
      totalFrames: total,
      progress: { p in meter.update(p.framesWritten) })
    var noted = false
    let background = image.background
    try SignalGuard.run { signals in
      do {
        for t in times.times {
          try signals.check()
          let image = try render(t)
          if !noted, let codec = try OutputFormat.infer(path: path, pngIsAnimated: true).codec,
            !codec.keepsAlpha, image.pixels.withUnsafeBufferPointer(Self.hasTransparency)
          {
            noted = true
            let b = video.background
            console.error(
              "note: \(codec.displayName) has no alpha: transparent parts are composited over "
                + String(format: "#%02X%02X%02X", b.r, b.g, b.b))
          }
          try sink.append(flattened(image, over: background))
        }
        try signals.check()
        try sink.finish()
      } catch {
        sink.cancel()
        throw error
      }
    }
    if path != StandardOutput.path {
      console.error(
        "wrote \(path) (\(plural(total, "frame")), \(width)x\(height), \(times.framesPerSecond) fps)"
      )
    }
  }
}
