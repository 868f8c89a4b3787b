#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding external programs the way a shell does, without a shell.
public enum ExecutableLocator {
  /// The environment variable that overrides where ffmpeg is: a path, or a
  /// program name looked up on PATH.
  public static let ffmpegOverrideVariable = "MESHWARP_FFMPEG"

  /// The first executable regular file named `name` in the directories of
  /// `environment["PATH"]` (an empty entry means the current directory).
  /// A `name` containing "/" is checked as it is.
  ///
  /// - Returns: the path, or nil.
  public static func find(_ name: String, environment: [String: String]) -> String? {
    if name.contains("/") { return isExecutableFile(name) ? name : nil }
    let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = directory.isEmpty ? name : "\(directory)/\(name)"
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// The ffmpeg to run: `MESHWARP_FFMPEG` when set (and then it must work),
  /// else `ffmpeg` on PATH.
  ///
  /// - Throws: `MeshWarpIOError.toolUnavailable` saying what was searched
  ///   and how to fix it.
  public static func ffmpeg(environment: [String: String]) throws -> String {
    if let override = environment[ffmpegOverrideVariable], !override.isEmpty {
      guard let path = find(override, environment: environment) else {
        throw MeshWarpIOError.toolUnavailable(
          tool: "ffmpeg",
          reason:
            "\(ffmpegOverrideVariable)=\(override) is not an executable file\(override.contains("/") ? "" : " on PATH")"
        )
      }
      return path
    }
    guard let path = find("ffmpeg", environment: environment) else {
      throw MeshWarpIOError.toolUnavailable(
        tool: "ffmpeg",
        reason:
          "not found on PATH (\(environment["PATH"] ?? "unset")); install it (Debian: apt-get install ffmpeg) or set \(ffmpegOverrideVariable) to its path"
      )
    }
    return path
  }

  private static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
