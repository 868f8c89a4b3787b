#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding external programs the way a shell does, without a shell.
public enum ExecutableLocator {
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

  private static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
