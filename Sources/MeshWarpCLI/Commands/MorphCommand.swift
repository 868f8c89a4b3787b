import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpVideo

/// `meshwarp morph A B --points morph.json [--duration S] [--time T] -o OUT`:
/// a morph between two pictures or clips, run by the library's `VideoMorph`.
struct MorphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "morph",
    summary: "Morph one picture into another: both warped to points in between, cross-dissolved.",
    details: """
      The morph document (--points) holds the same features in A ("a") and in B ("b"), each
      normalized to its own picture, over one grid or one set of faces; 'meshwarp mesh
      morph-grid 5x5 -o morph.json' writes one to start from (move its "b" points). At progress
      t the points are m = (1 - w)·a + w·b (w = "warpEasing"(t)); A is warped from a to m, B from
      b to m, and the frame is (1 - d)·A + d·B on premultiplied colour (d = "dissolveEasing"(t)).
      An animation of S seconds has S × N frames; frame i of n has t = i / (n - 1), so the first
      frame is A and the last B. --time T writes the one frame at t = T / S as a still. A and B
      may differ in size; the output has A's size unless --size says otherwise. A or B may be a
      video: the output then has the first clip's frames, frame rate and audio (--audio b takes
      B's), t runs over its length (or --duration), and the other clip shows its frame at each
      time. A document whose faces fold part way is refused, naming the face and the t.
      Documentation/Morph.md has the details.
      """,
    examples: [
      (
        "A two-second morph between two photos, as an MP4:",
        "meshwarp morph a.jpg b.jpg --points morph.json --duration 2 -o morph.mp4"
      ),
      (
        "The frame half way through a one-second morph, as a PNG:",
        "meshwarp morph a.jpg b.jpg --points morph.json --time 0.5 -o half.png"
      ),
      (
        "A morph between two clips, keeping B's audio:",
        "meshwarp morph a.mp4 b.mp4 --points morph.json --audio b -o morph.mp4"
      ),
    ])

  @Argument(placeholder: "A", help: "Picture A (an image or a video): where the morph starts.")
  var first: String
  @Argument(placeholder: "B", help: "Picture B (an image or a video): where the morph ends.")
  var second: String
  @Option(
    placeholder: "MORPH.json",
    help:
      "The morph document: the features' points in A (\"a\") and B (\"b\") over a grid or faces (meshwarp mesh morph-grid)."
  )
  var points: String?
  @OptionGroup var output = OutputOptions(
    placeholder: "OUT",
    help:
      "Output: an animation (.apng, .mp4, .mkv, .mov, .webm, .gif, .webp, frame_%04d.png or a folder), or with --time a still (.png, .jpg, .webp, .tif)."
  )
  @OptionGroup var image: ImageOutputOptions
  @OptionGroup var size = SizeOptions(help: "Output size in pixels.", defaultHelp: "A's size")
  @OptionGroup var animation = AnimationOptions(
    durationHelp:
      "Seconds the morph takes (between two stills: the animation's length; with a clip: the time t reaches 1, the clip's length by default).",
    duration: nil, durationRange: 0.01...3600, fps: 30, fpsRange: 0.1...240)
  @Option(
    short: "t", placeholder: "T", range: 0...1e9,
    help: "Write the single frame T seconds in (t = T / --duration) as a still.")
  var time: Double?
  @Option(
    placeholder: "SIDE",
    help:
      "Whose audio the output keeps: first (the first clip's), a, b or none.")
  var audio: VideoMorph.Audio = .first
  @Option(placeholder: "Q", help: "Minification filter: draft (none, fastest), standard, high.")
  var filter: MinificationQuality = .standard
  @OptionGroup var video: VideoOptions
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var limits: InputLimitOptions

  func validate() throws {
    guard points != nil else {
      throw CLIError.usage(
        "morph needs --points MORPH.json (write one with 'meshwarp mesh morph-grid 5x5 -o morph.json')"
      )
    }
    if time != nil, animation.fpsGiven {
      throw CLIError.usage("--time T writes one still frame, so --fps does not apply: drop --fps")
    }
  }

  func run(console: Console) throws {
    let file = try DocumentFile.read(points!, accepting: [.morph], role: "--points")
    let morph = try file.morph()
    do {
      try morph.validate()
    } catch {
      throw CLIError.failure("\(file.source): \(error)")
    }
    let a = try input(first)
    let b = try input(second)
    let encoding = video.encoding(image, threads: threading.threads)
    let options = WarpOptions(minification: filter, threads: threading.threads)
    var job = VideoMorph(
      a: a, b: b, morph: morph, duration: animation.duration,
      framesPerSecond: animation.fps, options: options,
      output: VideoWarp.Output(
        path: output.output, encoding: encoding, width: size.width, height: size.height,
        background: image.background?.rgba),
      audio: audio, maxPixels: limits.maxPixels)
    if let time {
      let frame = try job.frame(at: time)
      let times = FrameTimes(times: [time], framesPerSecond: 1, isAnimation: false)
      try FrameExport.write(
        times, width: frame.width, height: frame.height, to: output.output, video: encoding,
        console: console, image: image, oneFrame: "--time T"
      ) { _ in frame }
      return
    }
    // Between stills the frame count is known before the run (for the
    // progress meter and the limit); a clip brings its own.
    var total: Int? = nil
    if case .image = a, case .image = b {
      job.duration = animation.duration ?? 1
      total = FrameTimes(duration: job.duration!, framesPerSecond: animation.fps).times.count
      try animation.checkFrameCount(total!)
    } else if animation.fpsGiven {
      throw CLIError.usage(
        "--fps sets the rate of a morph between stills; with a video the output keeps the first clip's frame rate: drop --fps"
      )
    }
    _ = try AnimatedOutput.format(of: output.output, oneFrame: "--time T")
    let format = try AnimatedOutput.check(format: image.format, path: output.output)
    try AnimatedOutput.checkExistingFrames(
      at: output.output, overwrite: image.overwrite, noClobber: image.noClobber)
    try AnimatedOutput.check(codec: video.codec, path: output.output)
    try AnimatedOutput.check(encoderSettings: encoding, path: output.output, format: format)
    if image.format == nil {
      AnimatedOutput.noteAnimatedPNG(at: output.output, oneFrame: "--time T", console: console)
    }
    job.output.format = format
    let result = try ConsoleExport.run(total: total, output: output.output, console: console) {
      progress, note, isCancelled in
      try job.run(progress: progress, note: note, isCancelled: isCancelled)
    }
    if !output.isStandardOutput {
      let encoded = AnimatedOutput.encodedSize(
        width: result.width, height: result.height, path: output.output, video: encoding)
      console.error(
        "wrote \(output.output) (\(plural(result.frames, "frame")), \(encoded.width)x\(encoded.height))"
      )
    }
  }

  /// A side of the morph: a video's path, or a still decoded.
  private func input(_ path: String) throws -> VideoMorph.Input {
    if InputKind.detect(path: path) == .video, !WarpCommand.isHEIFStill(path) {
      return .video(path: path)
    }
    return .image(
      try ImageDecoder.decodeFile(
        path: path, maxPixels: limits.maxPixels, threads: threading.threads
      ).image)
  }
}

extension VideoMorph.Audio: ArgumentChoices {}
