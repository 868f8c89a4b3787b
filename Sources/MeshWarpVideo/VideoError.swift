import Foundation  // trimmingCharacters

/// Every failure of MeshWarpVideo's frame writers and external tools
/// (ffmpeg, ffprobe): what went wrong and where.
///
/// `description` is a complete sentence fragment meant for a user, e.g.
/// `"out.mov: ffmpeg failed: exit status 1; its last output:\n…"`. The CLI
/// prints it after `meshwarp: ` and exits with status 1. Reading a video
/// fails with ``VideoInputError``, encoding a frame with MeshWarpImageIO's
/// `ImageCodecError`, and the files themselves with MeshWarpFiles'
/// `FileError`.
public enum VideoError: Error, CustomStringConvertible, Equatable, Sendable {
  /// An output path asks for something that cannot be written (unknown
  /// extension, several frames into a single-image file, …), or a writer
  /// is used after it finished.
  case unsupportedOutput(path: String, reason: String)
  /// A frame does not fit the sink it is given to (wrong size).
  case frameMismatch(destination: String, reason: String)
  /// An external tool (ffmpeg) could not be found or started.
  case toolUnavailable(tool: String, reason: String)
  /// An external tool failed. `reason` says how it ended and, in one
  /// sentence, why when its error output shows a known cause; that output
  /// itself is saved to a log file that `reason` names, never shown.
  case toolFailed(tool: String, destination: String, reason: String)

  public var description: String {
    switch self {
    case .unsupportedOutput(let path, let reason):
      return "\(path): \(reason)"
    case .frameMismatch(let destination, let reason):
      return "\(destination): \(reason)"
    case .toolUnavailable(let tool, let reason):
      return "\(tool) is not available: \(reason)"
    case .toolFailed(let tool, let destination, let reason):
      return "\(destination): \(tool) failed: \(reason)"
    }
  }
}
