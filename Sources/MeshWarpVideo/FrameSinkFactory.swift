import Foundation
import MeshWarpFiles
import MeshWarpImageIO

/// The kinds of output a frame export can write.
public enum OutputFormat: Sendable, Equatable {
  /// Whether the format keeps transparency (else frames are composited
  /// over a background colour).
  /// A MOV keeps alpha with its default ProRes 4444
  /// (``VideoContainer/defaultCodec(transparent:)``).
  public var keepsAlpha: Bool {
    switch self {
    case .video(let container): container.defaultCodec(transparent: true).keepsAlpha
    case .png, .apng, .pngSequence: true
    case .jpegSequence: false
    }
  }

  /// The container when the format is written by ffmpeg.
  public var container: VideoContainer? {
    switch self {
    case .video(let container): container
    case .png, .apng, .pngSequence, .jpegSequence: nil
    }
  }

  /// One PNG (exactly one frame).
  case png
  /// An animated PNG.
  case apng
  /// Video through ffmpeg in a container: `.video(.mp4)`, `.mov`, `.mkv`,
  /// `.webm`, `.gif`, animated `.webp`; the codec is
  /// ``VideoEncoding/codec`` (nil: the container's default).
  case video(VideoContainer)
  /// One PNG per frame, named by the pattern.
  case pngSequence(FrameNumberPattern)
  /// One JPEG per frame, named by a pattern ending in `.jpg` or `.jpeg`
  /// (transparency composited over the video background).
  case jpegSequence(FrameNumberPattern)

  /// The animated format a name stands for, as `--format` gives it
  /// (case-insensitive): `apng` or `png` (animated PNG), `mp4`, `mkv`,
  /// `mov`, `webm`, `gif`, `webp`.
  ///
  /// - Parameter name: the format's name (a file extension without its dot).
  /// - Returns: nil for a name that no animated output has.
  public static func named(_ name: String) -> OutputFormat? {
    switch name.lowercased() {
    case "apng", "png": .apng
    case let name: VideoContainer(rawValue: name).map(OutputFormat.video)
    }
  }

  /// The format an output path asks for.
  ///
  /// - `-` (standard output): `.png`, or `.apng` when `pngIsAnimated`.
  /// - a path containing `%`: a `.png` or `.jpg` sequence pattern like
  ///   `frame_%04d.png` (see `FrameNumberPattern`).
  /// - an existing directory, or a path ending in `/`: a sequence
  ///   `frame_00000.png`, … inside it (created when missing).
  /// - `.png`: one frame, or an animated PNG when `pngIsAnimated`;
  ///   `.apng`: animated PNG; `.mp4`: H.264 (or HEVC) video; `.mkv`: H.264
  ///   (or HEVC, VP9) in Matroska (any audio copied); `.mov`: ProRes 4444
  ///   with alpha or ProRes 422 HQ, or H.264, HEVC; `.webm`: VP9 with
  ///   alpha; `.gif`; `.webp`: animated WebP (``VideoContainer``).
  ///   Extensions are case-insensitive.
  ///
  /// - Throws: `VideoError.unsupportedOutput` for another extension or
  ///   none, or a bad pattern.
  public static func infer(path: String, pngIsAnimated: Bool = false) throws -> OutputFormat {
    if path == StandardOutput.path { return pngIsAnimated ? .apng : .png }
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    let ext =
      name.contains(".")
      ? String(name[name.index(after: name.lastIndex(of: ".")!)...]).lowercased() : ""
    if path.contains("%") {
      switch ext {
      case "png": return .pngSequence(try FrameNumberPattern(path))
      case "jpg", "jpeg": return .jpegSequence(try FrameNumberPattern(path))
      default:
        throw VideoError.unsupportedOutput(
          path: path,
          reason:
            "a numbered sequence is written as PNG or JPEG files: end the pattern with .png or .jpg"
        )
      }
    }
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      let base = path.hasSuffix("/") ? path : path + "/"
      return .pngSequence(try FrameNumberPattern(base + PNGSequenceWriter.directoryFileName))
    }
    switch ext {
    case "png": return pngIsAnimated ? .apng : .png
    case "apng": return .apng
    case let ext where VideoContainer(rawValue: ext) != nil:
      return .video(VideoContainer(rawValue: ext)!)
    default:
      let what = ext.isEmpty ? "no file extension" : "unknown output extension .\(ext)"
      throw VideoError.unsupportedOutput(
        path: path,
        reason:
          "\(what); use .png (one frame), .apng (animated), .mp4, .mkv, .mov, .webm, .gif, .webp (video), a pattern like frame_%04d.png, or a directory"
      )
    }
  }
}

/// Settings for `FrameSinks.make`.
public struct FrameSinkOptions: Sendable {
  /// Frames per second for animated outputs (> 0); overrides the frame rate
  /// in `apng` and `video`.
  public var framesPerSecond: Double
  /// Write an animated PNG to a `.png` path (or to standard output).
  public var pngIsAnimated: Bool
  /// Use this format whatever the path says.
  public var format: OutputFormat?
  /// Single PNGs and PNG sequences.
  public var pngSpeed: PNGEncoder.Speed
  /// Number of the first file of a PNG sequence.
  public var sequenceStartNumber: Int
  public var apng: APNGOptions
  public var video: VideoEncoding

  public init(
    framesPerSecond: Double = 30, pngIsAnimated: Bool = false, format: OutputFormat? = nil,
    pngSpeed: PNGEncoder.Speed = .balanced, sequenceStartNumber: Int = 0,
    apng: APNGOptions = .init(), video: VideoEncoding = .init()
  ) {
    self.framesPerSecond = framesPerSecond
    self.pngIsAnimated = pngIsAnimated
    self.format = format
    self.pngSpeed = pngSpeed
    self.sequenceStartNumber = sequenceStartNumber
    self.apng = apng
    self.video = video
  }
}

/// Makes the frame sink an output path asks for.
public enum FrameSinks {
  /// - Parameters:
  ///   - path: the output (see `OutputFormat.infer` for the rules).
  ///   - width: the frame width in pixels (≥ 1).
  ///   - height: the frame height in pixels (≥ 1).
  ///   - options: frame rate, format override and each writer's settings.
  ///   - totalFrames: the export's length when known, for progress.
  ///   - progress: called on the caller's thread after each appended frame.
  ///   - environment: where ffmpeg is looked up (`MESHWARP_FFMPEG`, `PATH`).
  /// - Throws: `VideoError` for an unknown extension, a bad pattern or a
  ///   missing ffmpeg; `ImageCodecError` for a size or option an animated
  ///   PNG cannot hold; `FileError` for an output that cannot be created.
  public static func make(
    path: String, width: Int, height: Int, options: FrameSinkOptions = .init(),
    totalFrames: Int? = nil, progress: ((ExportProgress) -> Void)? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> any FrameSink {
    let format =
      try options.format ?? OutputFormat.infer(path: path, pngIsAnimated: options.pngIsAnimated)
    let sink: any FrameSink
    let concurrentFrames =
      options.video.concurrentFrames > 0
      ? options.video.concurrentFrames : ProcessInfo.processInfo.activeProcessorCount
    switch format {
    case .png:
      sink = SinglePNGWriter(path: path, speed: options.pngSpeed)
    case .apng:
      var apng = options.apng
      apng.framesPerSecond = options.framesPerSecond
      if options.video.concurrentFrames > 0 { apng.concurrentFrames = concurrentFrames }
      sink = try APNGWriter(path: path, width: width, height: height, options: apng)
    case .video(let container):
      var video = options.video
      video.framesPerSecond = options.framesPerSecond
      video.container = container
      sink = try VideoWriter(
        path: path, width: width, height: height, options: video, environment: environment)
    case .jpegSequence(let pattern):
      sink = try PNGSequenceWriter(
        jpegPattern: pattern, quality: options.video.quality,
        background: options.video.background, startNumber: options.sequenceStartNumber,
        width: width, height: height, concurrentFrames: concurrentFrames,
        replacesExistingFrames: options.video.replacesExistingFrames)
    case .pngSequence(let pattern):
      if options.format == nil && !path.contains("%") {
        // The path names a directory: make sure it exists.
        sink = try PNGSequenceWriter(
          directory: path, startNumber: options.sequenceStartNumber, width: width,
          height: height, speed: options.pngSpeed, concurrentFrames: concurrentFrames,
          replacesExistingFrames: options.video.replacesExistingFrames)
      } else {
        sink = try PNGSequenceWriter(
          pattern: pattern, startNumber: options.sequenceStartNumber, width: width,
          height: height, speed: options.pngSpeed, concurrentFrames: concurrentFrames,
          replacesExistingFrames: options.video.replacesExistingFrames)
      }
    }
    guard let progress else { return sink }
    return ProgressReportingSink(base: sink, totalFrames: totalFrames, progress: progress)
  }
}
