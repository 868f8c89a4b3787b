import MeshWarpFiles

/// Finding ffmpeg: the one external program MeshWarpVideo runs (ffprobe is
/// looked up beside it).
extension ExecutableLocator {
  /// The environment variable that overrides where ffmpeg is: a path, or a
  /// program name looked up on PATH.
  public static let ffmpegOverrideVariable = "MESHWARP_FFMPEG"

  /// The ffmpeg to run: `MESHWARP_FFMPEG` when set (and then it must work),
  /// else `ffmpeg` on PATH.
  ///
  /// - Throws: `VideoError.toolUnavailable` saying what was searched
  ///   and how to fix it.
  public static func ffmpeg(environment: [String: String]) throws -> String {
    if let override = environment[ffmpegOverrideVariable], !override.isEmpty {
      guard let path = find(override, environment: environment) else {
        throw VideoError.toolUnavailable(
          tool: "ffmpeg",
          reason:
            "\(ffmpegOverrideVariable)=\(override) is not an executable file\(override.contains("/") ? "" : " on PATH")"
        )
      }
      return path
    }
    guard let path = find("ffmpeg", environment: environment) else {
      throw VideoError.toolUnavailable(
        tool: "ffmpeg",
        reason:
          "not found on PATH (\(environment["PATH"] ?? "unset")); install it (Debian: apt-get install ffmpeg) or set \(ffmpegOverrideVariable) to its path"
      )
    }
    return path
  }
}
