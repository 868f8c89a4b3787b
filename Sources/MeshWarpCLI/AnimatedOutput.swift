import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpVideo

/// The animated output format a path asks for, on the command line's terms.
enum AnimatedOutput {
  /// The frames format `path` asks for (the library's `OutputTarget`),
  /// with an unknown extension (or a sequence pattern not ending in .png)
  /// a usage error, exit 2, as it is for stills: the command line asked
  /// for what no format is.
  static func format(of path: String, oneFrame: String = "--time T") throws -> OutputFormat {
    try target(path, format: nil, oneFrame: oneFrame).format
  }

  /// The note for an animation written to a `.png` name (`-o x.png`):
  /// the file is an animated PNG (APNG), which some viewers show as its
  /// first frame only, and `oneFrame` (`--time T`) asks for one picture.
  static func noteAnimatedPNG(at path: String, oneFrame: String = "--time T", console: Console) {
    guard path != StandardOutput.path, !path.contains("%"),
      ImageFormat.fileExtension(of: path)?.lowercased() == "png",
      (try? format(of: path)) == .apng
    else { return }
    console.error(
      "note: \(path) holds an animated PNG (APNG) of every frame; \(oneFrame) gives one frame (name it .apng to say it is animated)"
    )
  }

  /// `OutputTarget.frames(path:format:)`, its errors as usage errors
  /// (exit 2) in the command line's words.
  private static func target(_ path: String, format name: String?, oneFrame: String = "--time T")
    throws -> (format: OutputFormat, target: OutputTarget)
  {
    do {
      let target = try OutputTarget.frames(path: path, format: name)
      guard case .frames(let format) = target.content else {
        preconditionFailure("a frames target holds frames")
      }
      return (format, target)
    } catch VideoError.unsupportedOutput(_, let reason) {
      if !path.contains("%"),
        ImageFormat.fileExtension(of: path).flatMap(ImageFormat.init(fileExtension:)) == .jpeg
      {
        throw CLIError.usage(
          "\(path): a JPEG holds one picture, and this writes frames over time: add \(oneFrame) for one frame, or use .apng / .gif / .webp / .mp4"
        )
      }
      throw CLIError.usage("\(path): \(reason)")
    } catch OutputTargetError.formatMismatch {
      throw CLIError.usage(
        "--format \(name ?? "") does not match the output (its extension says \(path)): rename the output, or leave out --format"
      )
    } catch let error as OutputTargetError {
      throw CLIError.usage("--format \(error)")
    }
  }

  /// A numbered sequence (a `%04d` pattern or a folder) whose folder does
  /// not exist: refused (exit 1) naming the first missing folder, as a
  /// single file's is (a folder given as `out/` is created). One whose
  /// folder already holds frames of its pattern: refused (exit 2) naming
  /// the first and how many, unless `overwrite` (`--overwrite`); with
  /// `noClobber` (`--no-clobber`) a failure, exit 1, as ffmpeg's `-n`.
  /// Both before any work (before ffmpeg starts to decode a video).
  static func checkExistingFrames(at path: String, overwrite: Bool, noClobber: Bool = false)
    throws
  {
    guard path != StandardOutput.path else { return }
    let pattern: FrameNumberPattern
    switch try format(of: path) {
    case .pngSequence(let p), .jpegSequence(let p): pattern = p
    default: return
    }
    if path.contains("%"), let reason = PNGSequenceWriter.missingFolder(pattern) {
      throw FileError.fileSystem(path: path, operation: .create, reason: reason)
    }
    guard !overwrite else { return }
    if noClobber,
      let reason = PNGSequenceWriter.existingFramesReason(
        pattern, remedy: "--no-clobber (-n) keeps them: nothing written")
    {
      throw CLIError.failure("\(path): \(reason)")
    }
    if let reason = PNGSequenceWriter.existingFramesReason(
      pattern, remedy: "add --overwrite (-y) to replace them")
    {
      throw CLIError.usage("\(path): \(reason)")
    }
  }

  /// `--format` for an animation or video at `path`: refused (exit 2) when
  /// it names no animated format, or one other than a file's (whose format
  /// comes from its name). Standard output takes any (APNG without it).
  ///
  /// - Returns: the format for the writers when it is not the path's own
  ///   (standard output given `--format`), else nil.
  @discardableResult
  static func check(format name: String?, path: String) throws -> OutputFormat? {
    guard let name else { return nil }
    let (format, target) = try target(path, format: name)
    return target.destination == .standardOutput ? format : nil
  }

  /// `--codec` for the output at `path`: refused (exit 2) for an output
  /// that is no video, or a codec its container cannot hold (naming the
  /// ones it takes).
  static func check(codec: VideoCodec?, path: String) throws {
    guard let codec else { return }
    guard let container = (try? OutputFormat.infer(path: path, pngIsAnimated: true))?.container
    else {
      throw CLIError.usage(
        "--codec \(codec.rawValue) is for video outputs (.mp4, .mov, .mkv, .webm); \(path) is not one"
      )
    }
    if let mismatch = VideoEncoding(codec: codec, container: container).codecMismatch {
      throw CLIError.usage("--codec \(codec.rawValue): \(mismatch)")
    }
  }

  /// `--crf` and `--preset` for the encoder that writes `path` (or
  /// `format`, what `-` streams): a CRF outside that encoder's range
  /// (libx264 and libx265 0…51, libvpx-vp9 0…63, where ffmpeg would clamp
  /// or fail) is refused (exit 2), and a preset for an encoder without
  /// one; the encoders without a CRF (ProRes, GIF, WebP) ignore it.
  static func check(encoderSettings encoding: VideoEncoding, path: String, format: OutputFormat?)
    throws
  {
    guard
      let container = (format ?? (try? OutputFormat.infer(path: path, pngIsAnimated: true)))?
        .container
    else {
      try check(preset: encoding.preset, codec: nil, path: path)
      return
    }
    let codec = encoding.codec ?? container.defaultCodec(transparent: true)
    try check(preset: encoding.preset, codec: codec, path: path)
    guard let crf = encoding.constantRateFactor else { return }
    guard let range = VideoQuality.constantRateFactorRange(codec), !range.contains(crf) else {
      return
    }
    throw CLIError.usage(
      "--crf \(crf) is out of range for \(codec.displayName) (\(codec.encoder)): it takes \(range.lowerBound) to \(range.upperBound), lower is better (H.264 and HEVC 0-51, VP9 0-63)"
    )
  }

  /// `--preset` other than x264's default for an output whose encoder
  /// has no preset (`codec` ProRes, VP9, GIF, WebP; nil: no video):
  /// refused (exit 2), as it would change nothing.
  private static func check(preset: VideoEncoding.Preset, codec: VideoCodec?, path: String)
    throws
  {
    guard preset != .medium, codec != .h264, codec != .hevc else { return }
    let what = codec.map { "is written with \($0.displayName)" } ?? "is no H.264 or HEVC video"
    throw CLIError.usage(
      "the preset \(preset.rawValue) sets the speed of the H.264 and HEVC encoders (x264, x265); \(path) \(what): leave it out"
    )
  }

  /// The size a video at `path` is encoded at for `width × height`
  /// frames (H.264, HEVC and ProRes pad an odd side); other outputs keep it.
  static func encodedSize(width: Int, height: Int, path: String, video: VideoEncoding) -> (
    width: Int, height: Int
  ) {
    guard let container = (try? OutputFormat.infer(path: path, pngIsAnimated: true))?.container
    else { return (width, height) }
    var video = video
    video.container = container
    return VideoWriter.encodedSize(width: width, height: height, options: video)
  }
}
