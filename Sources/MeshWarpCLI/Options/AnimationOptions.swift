import MeshWarpArguments
import MeshWarpCore
import MeshWarpVideo

/// `--duration, -d S` and `--fps N`: the length and frame rate of an
/// animation.
struct AnimationOptions: ParsableArguments {
  @Option(
    name: "--duration", short: "d", placeholder: "S", range: 0...3600, help: "Seconds of animation."
  )
  private var givenDuration: Double?
  @Option(name: "--fps", placeholder: "N", range: 0.1...240, help: AnimationOptions.fpsHelp)
  var fps: Double = 30

  /// `--fps`'s help, with the one rule for the number of frames.
  static let fpsHelp =
    "Frames per second of an animation: S seconds give S × N frames, at 0, 1/N, 2/N, … s."
  private var fallbackDuration: Double? = nil

  init() {}

  /// The options with this command's ranges and defaults (nil duration: a
  /// still unless `--duration` is given).
  init(
    durationHelp: String, duration fallback: Double?, durationRange: ClosedRange<Double>,
    fps: Double, fpsRange: ClosedRange<Double>, fpsHelp: String = AnimationOptions.fpsHelp
  ) {
    _givenDuration = Option(
      name: "--duration", short: "d", placeholder: "S", range: durationRange, help: durationHelp,
      defaultHelp: fallback?.argumentDescription)
    _fps = Option(
      wrappedValue: fps, name: "--fps", placeholder: "N", range: fpsRange, help: fpsHelp)
    fallbackDuration = fallback
  }

  /// The duration given, else the command's default.
  var duration: Double? { givenDuration ?? fallbackDuration }
  /// How the user spelled the options given (for messages), in order.
  var given: [String] { [$givenDuration.givenAs, $fps.givenAs].compactMap { $0 } }
  var fpsGiven: Bool { $fps.givenAs != nil }

  /// Refuses `--fps` without a duration: nothing says how many frames.
  func checkFPSHasDuration() throws {
    if duration == nil && fpsGiven {
      throw CLIError.usage(
        "\(spelling(of: $fps)) needs \(longName(of: $givenDuration)) (how many seconds to render)")
    }
  }

  /// Refuses an animation of more than `FrameTimes.maximumFrames` frames.
  func checkFrameCount(_ count: Int) throws {
    guard count <= FrameTimes.maximumFrames else {
      throw CLIError.usage(
        "\(count) frames is more than the limit of \(FrameTimes.maximumFrames); lower \(longName(of: $givenDuration)) or \(longName(of: $fps))"
      )
    }
  }
}

/// `--time, -t T` with `--duration` and `--fps`: a still at a time, or the
/// frames of an animation starting there.
struct FrameTimeOptions: ParsableArguments {
  @Option(
    short: "t", placeholder: "T", range: -1e9...1e9,
    help:
      "Seconds on the animation's clock (a keyframe file, --to-mesh, a preset): when the still is taken, or when the first frame starts."
  )
  var time: Double = 0
  @OptionGroup var animation = AnimationOptions(
    durationHelp: FrameTimeOptions.durationHelp, duration: nil, durationRange: 0...3600, fps: 30,
    fpsRange: 0.1...240)
  /// Whether `--fps` may come without `--duration` (when the input has a
  /// length of its own: a keyframe file).
  private var fpsAlone = false

  init() {}

  /// The group for a command whose inputs may set the duration;
  /// `videoFPS`: `--fps` also sets a video input's output frame rate.
  init(fpsAlone: Bool, videoFPS: Bool = false) {
    self.fpsAlone = fpsAlone
    if videoFPS {
      animation = AnimationOptions(
        durationHelp: Self.durationHelp, duration: nil, durationRange: 0...3600, fps: 30,
        fpsRange: 0.1...240,
        fpsHelp: AnimationOptions.fpsHelp
          + " On a video: its output frame rate, frames dropped or repeated by time as ffmpeg's -r, the sound untouched (default: the video's own)."
      )
    }
  }

  static let durationHelp =
    "Render an animation of S seconds (.apng, .mp4, .mov, .webm, .gif, .webp, frame_%04d.png or a folder)."

  /// Whether `--time` was given.
  var timeGiven: Bool { $time.givenAs != nil }
  /// Whether `--time` alone asks for one moment: given, without
  /// `--duration` or `--fps`.
  var asksForOneMoment: Bool {
    timeGiven && animation.duration == nil && !animation.fpsGiven
  }

  func validate() throws {
    if !fpsAlone { try animation.checkFPSHasDuration() }
    _ = try frameTimes
  }

  /// The frame times asked for.
  var frameTimes: FrameTimes {
    get throws {
      guard let duration = animation.duration else {
        return FrameTimes(times: [time], framesPerSecond: animation.fps, isAnimation: false)
      }
      return try frameTimes(lasting: duration)
    }
  }

  /// `duration` seconds from `--time`: duration × fps frames (rounded, at
  /// least one) at `--time` + 0, 1/fps, 2/fps, …, as ffmpeg and Pillow count
  /// them (``FrameTimes/init(duration:framesPerSecond:)``, one rule for
  /// every command); a keyframe at the very end is not one more frame.
  func frameTimes(lasting duration: Double) throws -> FrameTimes {
    var frames = FrameTimes(duration: duration, framesPerSecond: animation.fps)
    try animation.checkFrameCount(frames.times.count)
    frames.times = frames.times.map { time + $0 }
    return frames
  }
}

extension FrameTimeOptions {
  /// The frame times for an animation of `length` seconds (nil: a still)
  /// unless `--duration` is given.
  func frameTimes(following length: Double?) throws -> FrameTimes {
    guard let length else { return try frameTimes }
    return try frameTimes(lasting: animation.duration ?? length)
  }
}

extension FrameTimeOptions {
  /// The frames of a gradient export: the keyframe file's (gradient's,
  /// else warp mesh's) length unless `--duration` is given; with a still
  /// gradient and a still mesh, a note that every frame is the same.
  func frameTimes(gradient: GradientInput, warp: MeshAnimation?, console: Console) throws
    -> FrameTimes
  {
    if let timeline = gradient.timeline { return try frameTimes(following: timeline.duration) }
    if let length = warp?.duration, animation.duration == nil || !gradient.isAnimated {
      return try frameTimes(following: length)
    }
    try animation.checkFPSHasDuration()
    if animation.duration != nil && !gradient.isAnimated {
      console.error(
        "note: \(gradient.describe) is a still gradient: every frame is the same (animate it with a keyframe file: {\"keyframes\": [{\"time\": 0, \"gradient\": …}, …]})"
      )
    }
    return try self.frameTimes
  }
}
