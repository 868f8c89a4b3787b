import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender

/// A morph between two pictures or clips, written as an animation or a
/// video, or taken as one frame: the library's job for morphing, as
/// ``VideoWarp`` is for warping over time.
///
/// ```swift
/// let morph = try DocumentFile.read("morph.json").morph()
/// let job = VideoMorph(
///   a: .image(try ImageDecoder.decodeFile(path: "a.jpg").image),
///   b: .image(try ImageDecoder.decodeFile(path: "b.jpg").image),
///   morph: morph, duration: 2, framesPerSecond: 30,
///   output: VideoWarp.Output(path: "morph.mp4"))
/// try job.run()
/// ```
///
/// Timing. With two stills the morph lasts ``duration`` seconds (1 when
/// nil) at ``framesPerSecond``: duration × fps frames (rounded, at least
/// one), shown at 0, 1/fps, 2/fps, …; frame i of n has progress
/// t = i / (n − 1), so the first frame is A and the last is B. A moment
/// T seconds in (``frame(at:)``) has t = T / duration, clamped to 0…1.
/// With a clip, the output has the first clip's frames (A's when A is a
/// clip, else B's): its count and rate (a variable-rate clip's frame
/// times and durations), and its audio (``audio``); each
/// frame's t is its time over ``duration`` (nil: the clip's last frame
/// time), and the other input, a clip too, shows its frame at that time
/// (its last past its end).
public struct VideoMorph: Sendable {
  /// One side of the morph.
  public enum Input: Sendable {
    /// A still picture.
    case image(RGBAImage)
    /// A video (or animated picture) file, each frame taken at its time.
    case video(path: String)
  }

  /// Whose audio the output keeps.
  public enum Audio: String, Sendable, CaseIterable {
    /// The first clip's (A's when A is a clip, else B's).
    case first
    /// A's; A must be a clip.
    case a
    /// B's; B must be a clip.
    case b
    /// None.
    case none
  }

  /// Picture A; the morph's `a` points are normalized to its size.
  public var a: Input
  /// Picture B, of any size; the `b` points are normalized to its size.
  public var b: Input
  /// The points, faces and easings.
  public var morph: MorphDocument
  /// Seconds the morph takes (> 0); nil: 1 for stills, the first clip's
  /// length for clips.
  public var duration: Double?
  /// The frame rate of a morph between stills (> 0); a clip keeps its own.
  public var framesPerSecond: Double
  /// The renderer's settings; `width` and `height` are the output's (nil:
  /// A's size).
  public var options: WarpOptions
  /// Where the frames go and their encoding; its width and height, when
  /// given, override ``options``'.
  public var output: VideoWarp.Output
  /// Whose audio is kept (default: the first clip's).
  public var audio: Audio
  /// The largest output in pixels.
  public var maxPixels: Int

  /// A morph job.
  ///
  /// - Parameters:
  ///   - a: picture A (a still or a clip).
  ///   - b: picture B (a still or a clip).
  ///   - morph: the morph document (validated by the job).
  ///   - duration: seconds the morph takes; nil: see ``duration``.
  ///   - framesPerSecond: frames per second between stills (default 30).
  ///   - options: the renderer's settings (default `WarpOptions()`).
  ///   - output: the output path and encoding.
  ///   - audio: whose audio is kept (default `.first`).
  ///   - maxPixels: the largest output (default `DecodeLimits.defaultMaxPixels`).
  public init(
    a: Input, b: Input, morph: MorphDocument, duration: Double? = nil,
    framesPerSecond: Double = 30, options: WarpOptions = WarpOptions(),
    output: VideoWarp.Output, audio: Audio = .first,
    maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) {
    self.a = a
    self.b = b
    self.morph = morph
    self.duration = duration
    self.framesPerSecond = framesPerSecond
    self.options = options
    self.output = output
    self.audio = audio
    self.maxPixels = maxPixels
  }

  /// Renders every frame and writes them to ``output`` (through
  /// ``AnimationExport``: any animated or video format, atomically).
  ///
  /// - Parameters:
  ///   - progress: called after each frame written.
  ///   - note: what a user should know (the audio's fate, the codec chosen).
  ///   - isCancelled: polled before each frame.
  /// - Returns: the number of frames written and the output size.
  /// - Throws: `MorphError` for an invalid document, ``VideoMorphError``,
  ///   the readers', writers' and ffmpeg's errors, or `CancellationError`.
  @discardableResult
  public func run(
    progress: @escaping @Sendable (ExportProgress) -> Void = { _ in },
    note: (String) -> Void = { _ in }, isCancelled: () -> Bool = { false }
  ) throws -> (frames: Int, width: Int, height: Int) {
    try morph.validate()
    let sides = try Sides(a: a, b: b)
    defer { sides.close() }
    let (width, height) = try outputSize(sides)
    var encoding = output.encoding
    let format = try output.format ?? OutputFormat.infer(path: output.path, pngIsAnimated: true)
    if let reader = try audioReader(sides) {
      var notes: [String] = []
      VideoWarpPlan.planAudio(
        of: reader, into: format, path: output.path, &encoding, notes: &notes)
      for line in notes { note(line) }
    }
    let (times, span) = try frameTimes(sides)
    let count = times.times.count
    let renderOptions = options(width, height)
    // A variable-rate clip's frames keep their own durations.
    let durations = sides.clip?.frameTimes?.durations
    if durations != nil { encoding.keepsFrameTimes = true }
    try AnimationExport.write(
      times, width: width, height: height, to: output.path, format: output.format,
      encoding: encoding, background: output.background, notesSize: true, progress: progress,
      note: note, isCancelled: isCancelled, durations: durations
    ) { time in
      let t: Double
      if sides.clip == nil {
        let index = (time * times.framesPerSecond).rounded()
        t = count > 1 ? index / Double(count - 1) : 0
      } else {
        t = span > 0 ? min(time / span, 1) : 1
      }
      return MorphRenderer.render(
        morph, at: t, a: try sides.a.frame(at: time), b: try sides.b.frame(at: time),
        options: renderOptions)
    }
    return (count, width, height)
  }

  /// The frame T seconds in: progress T / ``duration`` (clamped to 0…1),
  /// each clip's frame at T.
  ///
  /// - Parameter time: seconds from the start.
  /// - Throws: `MorphError`, ``VideoMorphError`` or the readers' errors.
  public func frame(at time: Double) throws -> RGBAImage {
    try morph.validate()
    let sides = try Sides(a: a, b: b)
    defer { sides.close() }
    let (width, height) = try outputSize(sides)
    let span = try frameTimes(sides, countingFrames: false).span
    let t = span > 0 ? min(max(time / span, 0), 1) : 1
    return MorphRenderer.render(
      morph, at: t, a: try sides.a.frame(at: time), b: try sides.b.frame(at: time),
      options: options(width, height))
  }

  /// ``options`` at the output size.
  private func options(_ width: Int, _ height: Int) -> WarpOptions {
    var options = options
    (options.width, options.height) = (width, height)
    return options
  }

  /// The output size: ``output``'s, else ``options``', else A's.
  private func outputSize(_ sides: Sides) throws -> (Int, Int) {
    let width = output.width ?? options.width ?? sides.a.width
    let height = output.height ?? options.height ?? sides.a.height
    guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
      width * height <= maxPixels
    else {
      throw VideoMorphError.outputTooLarge(width: width, height: height, maxPixels: maxPixels)
    }
    return (width, height)
  }

  /// The reader whose audio is kept, if any.
  private func audioReader(_ sides: Sides) throws -> VideoReader? {
    switch audio {
    case .none: return nil
    case .first: return sides.clip
    case .a:
      guard let reader = sides.a.reader else { throw VideoMorphError.audioFromStill("A") }
      return reader
    case .b:
      guard let reader = sides.b.reader else { throw VideoMorphError.audioFromStill("B") }
      return reader
    }
  }

  /// The output's frame times and the morph's span in seconds (progress
  /// is time / span for clips).
  private func frameTimes(_ sides: Sides, countingFrames: Bool = true) throws -> (
    times: FrameTimes, span: Double
  ) {
    guard let clip = sides.clip else {
      let seconds = duration ?? 1
      let times =
        countingFrames
        ? FrameTimes(duration: seconds, framesPerSecond: framesPerSecond)
        : FrameTimes(times: [0], framesPerSecond: framesPerSecond)
      return (times, seconds)
    }
    let fps = clip.info.framesPerSecond
    let stamps: [Double]
    if let known = clip.frameTimes?.timestamps {
      stamps = known
    } else {
      // The stream's packets counted (VideoReader), else the stated
      // duration × rate; a clip with neither cannot be morphed frame for
      // frame.
      guard let count = clip.info.estimatedFrameCount, count >= 1, count <= 100_000_000 else {
        throw VideoMorphError.unknownLength(clip.path)
      }
      stamps = (0..<count).map { Double($0) / fps }
    }
    let span = duration ?? (stamps.last ?? 0)
    return (FrameTimes(times: stamps, framesPerSecond: fps, isAnimation: true), span)
  }
}

/// Why a morph cannot be written (beside the document's `MorphError` and
/// the readers' and writers' own errors).
public enum VideoMorphError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The audio of a side that is a still was asked for.
  case audioFromStill(String)
  /// The output has more pixels than allowed, or no pixels.
  case outputTooLarge(width: Int, height: Int, maxPixels: Int)
  /// The clip states no length and its frames could not be counted.
  case unknownLength(String)

  public var description: String {
    switch self {
    case .audioFromStill(let side):
      "picture \(side) is a still: it has no audio to keep"
    case .outputTooLarge(let width, let height, let maxPixels):
      "output \(width)x\(height) is empty or exceeds the limit of \(maxPixels) pixels"
    case .unknownLength(let path):
      "\(path): the clip states no length and its frames could not be counted"
    }
  }
}

/// The two inputs while a morph runs: stills as they are, clips through a
/// reader each.
private final class Sides: @unchecked Sendable {
  let a: Side
  let b: Side

  init(a: VideoMorph.Input, b: VideoMorph.Input) throws {
    self.a = try Side(a)
    self.b = try Side(b)
  }

  /// The first clip, whose frames and audio the output keeps.
  var clip: VideoReader? { a.reader ?? b.reader }

  func close() {
    a.reader?.cancel()
    b.reader?.cancel()
  }
}

/// One input: a still, or a clip read forward frame by frame, the frame
/// after the current one held back until its time comes.
private final class Side {
  private(set) var reader: VideoReader?
  private var current: RGBAImage?
  /// The current frame's timestamp (a clip's).
  private var currentTime = -Double.infinity
  private var pending: VideoFrame?
  private var ended = false

  init(_ input: VideoMorph.Input) throws {
    switch input {
    case .image(let image):
      reader = nil
      current = image
    case .video(let path):
      reader = try VideoReader(path: path)
    }
  }

  var width: Int { reader?.info.width ?? current?.width ?? 0 }
  var height: Int { reader?.info.height ?? current?.height ?? 0 }

  /// The frame shown at `time`: the last whose timestamp is at most
  /// `time` (within half a microsecond); the first before it, the last
  /// past the end.
  ///
  /// A time before the current frame's (the animation writer renders the
  /// last frame first to choose a MOV's codec) starts the clip again.
  func frame(at time: Double) throws -> RGBAImage {
    guard var reader else { return current! }
    if current != nil, time + 5e-7 < currentTime {
      reader.cancel()
      reader = try VideoReader(path: reader.path)
      self.reader = reader
      (current, currentTime, pending, ended) = (nil, -.infinity, nil, false)
    }
    while true {
      if pending == nil && !ended {
        pending = try reader.nextFrame()
        if pending == nil { ended = true }
      }
      guard let next = pending, current == nil || next.timestamp <= time + 5e-7 else { break }
      current = next.image
      currentTime = next.timestamp
      pending = nil
    }
    guard let current else {
      throw VideoInputError.unsupported(path: reader.path, reason: "the video has no frame")
    }
    return current
  }
}
