import Foundation

/// The time options shared by commands that render over time
/// (`--time T | --duration S --fps N`), and the export of their frames.
struct FrameTimes: Sendable {
  /// Frame times in seconds.
  var times: [Double]
  var framesPerSecond: Double
  /// Whether more than one frame was asked for.
  var isAnimation: Bool

  static let options = [
    OptionSpec(
      names: ["--time", "-t"], value: "T",
      help: "Time in seconds of a still, or of the first frame (default 0)."),
    OptionSpec(
      names: ["--duration", "-d"], value: "S",
      help: "Render an animation of S seconds (APNG, MP4 or a PNG sequence)."),
    OptionSpec(
      names: ["--fps"], value: "N", help: "Frames per second of an animation (default 30)."),
  ]

  init(times: [Double], framesPerSecond: Double, isAnimation: Bool) {
    self.times = times
    self.framesPerSecond = framesPerSecond
    self.isAnimation = isAnimation
  }

  /// Most frames an export may have (derived: ten minutes at 60 fps).
  static let maximumFrames = 36_000

  init(_ args: ParsedArguments) throws {
    let start = try args.double("--time", in: -1e9...1e9) ?? 0
    let fps = try args.double("--fps", in: 0.1...240) ?? 30
    guard let duration = try args.double("--duration", in: 0...3600) else {
      if args.string("--fps") != nil {
        throw CLIError.usage("--fps needs --duration (how many seconds to render)")
      }
      times = [start]
      framesPerSecond = fps
      isAnimation = false
      return
    }
    let count = max(1, Int((duration * fps).rounded()))
    guard count <= Self.maximumFrames else {
      throw CLIError.usage(
        "\(count) frames is more than the limit of \(Self.maximumFrames); lower --duration or --fps"
      )
    }
    times = (0..<count).map { start + Double($0) / fps }
    framesPerSecond = fps
    isAnimation = true
  }
}

enum FrameExport {
  /// Renders `times.count` frames with `render` and writes them to `path`
  /// (format from its extension: .png, .apng, .mp4, a `%04d` pattern or a
  /// folder). A still goes to a PNG; an animation to any of them. On failure
  /// nothing is left at `path` (writers write to a temporary file first).
  static func write(
    _ times: FrameTimes, width: Int, height: Int, to path: String, console: Console,
    render: (Double) throws -> RGBAImage
  ) throws {
    if !times.isAnimation {
      let format = try OutputFormat.infer(path: path)
      guard format == .png else {
        throw CLIError.usage(
          "\(path): a single frame is written as .png; add --duration S for an animation")
      }
      let image = try render(times.times[0])
      try OutputFiles.write(
        try PNGEncoder.encode(image, destination: path), to: path, console: console)
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
