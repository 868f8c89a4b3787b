import MeshWarpFiles
import MeshWarpVideo

/// The animated output format a path asks for, on the command line's terms.
enum AnimatedOutput {
  /// `OutputFormat.infer(path:pngIsAnimated:)` with an unknown extension
  /// (or a sequence pattern not ending in .png) a usage error, exit 2, as
  /// it is for stills: the command line asked for what no format is.
  static func format(of path: String) throws -> OutputFormat {
    do {
      return try OutputFormat.infer(path: path, pngIsAnimated: true)
    } catch VideoError.unsupportedOutput(_, let reason) {
      throw CLIError.usage("\(path): \(reason)")
    }
  }

  /// A numbered sequence (a `%04d` pattern or a folder) whose folder already
  /// holds frames of its pattern: refused (exit 2) naming the first and
  /// how many, unless `overwrite` (`--overwrite`), before any work.
  static func checkExistingFrames(at path: String, overwrite: Bool) throws {
    guard !overwrite, path != StandardOutput.path else { return }
    let pattern: FrameNumberPattern
    switch try format(of: path) {
    case .pngSequence(let p), .jpegSequence(let p): pattern = p
    default: return
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
    guard let asked = OutputFormat.named(name) else {
      throw CLIError.usage(
        "--format \(name): not an animated format (apng, mp4, mkv, mov, webm, gif, webp)")
    }
    if path == StandardOutput.path { return asked }
    let named = try format(of: path)
    if asked != named {
      throw CLIError.usage(
        "--format \(name) does not match the output (its extension says \(path)): rename the output, or leave out --format"
      )
    }
    return nil
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
