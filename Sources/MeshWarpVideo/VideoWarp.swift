import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender

/// A warp over time: a video warped frame by frame, or a still image
/// warped by an animated mesh, written as a video or an animation.
///
/// ```swift
/// let job = VideoWarp(
///   input: .video(path: "clip.mp4"), mesh: .still(wave),
///   output: VideoWarp.Output(path: "warped.mp4"))
/// let result = try job.run(note: { print("note:", $0) })
/// ```
///
/// ``plan()`` opens the input and says what will happen (sizes, audio,
/// colour path, notes) without writing anything;
/// ``VideoWarpPlan/run(progress:note:isCancelled:)`` does it. ``run(progress:note:isCancelled:)``
/// does both.
public struct VideoWarp: Sendable {
  /// What is warped.
  public enum Input: Sendable {
    /// A video file (anything ffmpeg decodes: MP4, MOV, MKV, WebM, GIF,
    /// animated PNG, …): every frame warped with the mesh at its
    /// timestamp; frame times and (by default) audio kept.
    case video(path: String)
    /// A still picture warped with the mesh at each of `frames`' times.
    case image(RGBAImage, frames: FrameTimes)
  }

  /// Where the result goes and how it is encoded.
  public struct Output: Sendable {
    /// The output file; its extension picks the format
    /// (``OutputFormat/infer(path:pngIsAnimated:)``: .mp4, .mkv, .mov, .webm,
    /// .gif, .webp, .png and .apng animated, a `%04d` pattern or a folder)
    /// unless ``format`` is given; `"-"`: standard output.
    public var path: String
    /// The format whatever ``path`` says (for standard output, which is
    /// APNG by default); nil: from the path.
    public var format: OutputFormat?
    /// The ffmpeg outputs' settings (quality, constant rate factor,
    /// background of formats without alpha); frame rate, codec and audio
    /// are set by the export.
    public var encoding: VideoEncoding
    /// The output width in pixels (> 0); nil: the input's (rotation
    /// applied), or with only ``height`` given, the width that keeps the
    /// input's aspect ratio (even for H.264, HEVC and ProRes).
    public var width: Int?
    /// The output height in pixels (> 0); nil: the input's, or with only
    /// ``width`` given, the height that keeps the input's aspect ratio
    /// (even for H.264, HEVC and ProRes).
    public var height: Int?
    /// Composited under every frame, also in formats that keep alpha; nil
    /// or transparent: none.
    public var background: RGBA8?

    /// An output at `path`.
    ///
    /// - Parameters:
    ///   - path: the output file, folder or numbered pattern.
    ///   - encoding: the encoder settings (default: quality 90, black background).
    ///   - width: the output width in pixels; nil: the input's (with only
    ///     `height` given: the input's aspect ratio kept).
    ///   - height: the output height in pixels; nil: the input's (with
    ///     only `width` given: the input's aspect ratio kept).
    ///   - background: composited under every frame; nil: none.
    ///   - format: the format whatever `path` says; nil (default): from it.
    public init(
      path: String, encoding: VideoEncoding = VideoEncoding(), width: Int? = nil,
      height: Int? = nil,
      background: RGBA8? = nil, format: OutputFormat? = nil
    ) {
      self.path = path
      self.format = format
      self.encoding = encoding
      self.width = width
      self.height = height
      self.background = background
    }
  }

  /// What is warped.
  public var input: Input
  /// The mesh, still or keyframed (times in seconds from the first frame).
  public var mesh: MeshAnimation
  /// The renderer's settings; their `width` and `height` are replaced by
  /// the output's.
  public var warp: WarpOptions
  /// Where the result goes.
  public var output: Output
  /// The largest input frame and output frame accepted, in pixels,
  /// checked before any frame is read or any output is opened.
  public var maxPixels: Int
  /// Whether a video's audio is kept (copied, or transcoded where the
  /// output cannot hold it as is).
  public var keepsAudio: Bool
  /// Seconds of a video to skip (≥ 0): frames before it are left out, the
  /// audio is cut there too, and the output (and the mesh's time) starts
  /// at the first frame kept. No effect on a still input.
  public var start: Double
  /// Seconds of a video where the output ends (> ``start``): frames from
  /// it on are left out, the audio ends there; nil: the clip's end.
  public var end: Double?
  /// A video's output frame rate; nil: the input's (see
  /// ``init(input:mesh:warp:output:maxPixels:keepsAudio:start:end:framesPerSecond:)``).
  public var framesPerSecond: Double?
  /// Whether a video's container metadata (creation time, location, make,
  /// model) travels to a MOV, MP4 or MKV output
  /// (``VideoEncoding/metadataSource``); default true.
  public var keepsMetadata = true

  /// A warp of `input` through `mesh` into `output`.
  ///
  /// - Parameters:
  ///   - input: a video file, or a still image and its frame times.
  ///   - mesh: a still mesh or a keyframed timeline.
  ///   - warp: the renderer's settings (default: `WarpOptions()`).
  ///   - output: the destination and its encoding.
  ///   - maxPixels: the largest input and output frame, in pixels (> 0;
  ///     default `DecodeLimits.defaultMaxPixels`).
  ///   - keepsAudio: keep a video's audio (default true).
  ///   - start: seconds of a video to skip, its audio too (≥ 0, default 0).
  ///   - end: seconds of a video where the output ends (> `start`); nil
  ///     (default): the clip's end.
  ///   - framesPerSecond: a video's output frame rate (> 0): frames
  ///     dropped or repeated by time, as ffmpeg's `-r`, the sound
  ///     untouched; nil (default): the input's rate, and a variable-rate
  ///     input's own frame times.
  public init(
    input: Input, mesh: MeshAnimation, warp: WarpOptions = WarpOptions(), output: Output,
    maxPixels: Int = DecodeLimits.defaultMaxPixels, keepsAudio: Bool = true,
    start: Double = 0, end: Double? = nil, framesPerSecond: Double? = nil
  ) {
    self.framesPerSecond = framesPerSecond
    self.start = start
    self.end = end
    self.input = input
    self.mesh = mesh
    self.warp = warp
    self.output = output
    self.maxPixels = maxPixels
    self.keepsAudio = keepsAudio
  }

  /// Opens the input and decides what the export will do, writing nothing.
  ///
  /// - Throws: ``VideoWarpError/outputTooLarge(width:height:maxPixels:)``,
  ///   `ImageCodecError.imageTooLarge` for an input frame above
  ///   ``maxPixels``, `VideoError.unsupportedOutput` for an output
  ///   path no writer takes, `VideoError.toolUnavailable` without
  ///   ffmpeg, or ``VideoInputError`` for a video that cannot be read.
  public func plan() throws -> VideoWarpPlan { try VideoWarpPlan(self) }

  /// Plans and runs the export: ``plan()``, then
  /// ``VideoWarpPlan/run(progress:note:isCancelled:)`` with the plan's
  /// notes passed to `note` first.
  ///
  /// - Parameters:
  ///   - progress: called from the encoding thread after each frame written.
  ///   - note: called with what a user should know (audio transcoded,
  ///     rotation applied, a size padded, warnings of the decoder).
  ///   - isCancelled: polled between frames (from any thread); true stops
  ///     the export with `CancellationError`, leaving no output.
  /// - Returns: what was written.
  /// - Throws: ``plan()``'s errors, then the run's.
  @discardableResult
  public func run(
    progress: @escaping @Sendable (ExportProgress) -> Void = { _ in },
    note: @escaping @Sendable (String) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws -> VideoWarpResult {
    try plan().run(progress: progress, note: note, isCancelled: isCancelled)
  }
}

/// Why a warp over time stopped (beside the codecs', ffmpeg's and the
/// file system's own errors).
public enum VideoWarpError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The output frame (`width × height`) has more pixels than `maxPixels`.
  case outputTooLarge(width: Int, height: Int, maxPixels: Int)
  /// ffmpeg decoded no frame from `path` (a truncated or corrupt file);
  /// `decoderSaid`: its error output, "" when none.
  case noFrameDecoded(path: String, decoderSaid: String)
  /// A still image was given frame times that hold no frame.
  case noFrames
  /// No frame of the video lies from `start` to `end` seconds (nil: its end).
  case nothingInRange(start: Double, end: Double?)
  /// An effect's parameters do not hold at the output's size (they fold
  /// the picture); `place` says which keyframe ("" for a still effect).
  case effectDoesNotHold(place: String, error: MeshEffectError)

  public var description: String {
    switch self {
    case .outputTooLarge(let width, let height, let maxPixels):
      "output \(width)x\(height) = \(width * height) pixels exceeds the limit of \(maxPixels)"
    case .noFrameDecoded(let path, let said):
      "\(path): no frame could be decoded (truncated or corrupt?)"
        + (said.isEmpty ? "" : "; ffmpeg reported: \(said)")
    case .noFrames: "no frame times given"
    case .nothingInRange(let start, let end):
      "no frame of the video lies between \(start) s and "
        + (end.map { "\($0) s" } ?? "its end")
    case .effectDoesNotHold(let place, let error):
      "the effect: \(place)\(error)"
    }
  }
}

/// What a warp over time wrote.
public struct VideoWarpResult: Sendable, Equatable {
  /// Frames written.
  public var framesWritten: Int
  /// The written frame width in pixels (an H.264 output may be padded or
  /// cropped to an even size).
  public var width: Int
  /// The written frame height in pixels.
  public var height: Int
  /// The audio of the output: `.none`, copied, or transcoded.
  public var audio: AudioPlan
}
