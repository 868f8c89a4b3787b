/// Every failure of MeshWarpFiles (a file, a JSON file, standard output):
/// what went wrong and where.
///
/// `description` is a complete sentence fragment meant for a user, e.g.
/// `"out.png: cannot write: no space left on device"` or
/// `"mesh.json:3:14: JSON syntax error: unexpected character ']'"`. The CLI
/// prints it after `meshwarp: ` and exits with status 1. The modules above
/// own their errors: MeshWarpImageIO's codecs throw `ImageCodecError`,
/// MeshWarpVideo's writers and tools `VideoError`.
public enum FileError: Error, CustomStringConvertible, Equatable, Sendable {
  /// A file or directory could not be opened, read, created or written.
  /// `path` is the file as the user named it; `reason` is the system's
  /// explanation (e.g. "no such file or directory").
  case fileSystem(path: String, operation: FileOperation, reason: String)
  /// A JSON file is not valid JSON. `line` and `column` are 1-based; the
  /// column counts Unicode scalars.
  case jsonSyntax(source: String, line: Int, column: Int, reason: String)
  /// A JSON file is valid JSON but does not have the expected shape.
  /// `line` and `column` (1-based) locate the offending value (for a missing
  /// key, the object that lacks it); `codingPath` is written like `faces[3]`
  /// or `bezierPoints[2].leading` (empty for the top level).
  case jsonContent(source: String, line: Int, column: Int, codingPath: String, reason: String)
  /// Standard output is closed (EBADF) or writing to it failed.
  case standardOutputClosed(reason: String)
  /// Standard output's reader went away before all output was written
  /// (EPIPE: `meshwarp … -o - | head -c 10`). Command-line tools end
  /// quietly on it, as Unix tools killed by SIGPIPE do.
  case brokenPipe

  /// What was being done to a file when it failed.
  public enum FileOperation: String, Sendable {
    case open, read, write, create, rename, stat
  }

  public var description: String {
    switch self {
    case .fileSystem(let path, let operation, let reason):
      return "\(path): cannot \(operation.rawValue): \(reason)"
    case .jsonSyntax(let source, let line, let column, let reason):
      return "\(source):\(line):\(column): JSON syntax error: \(reason)"
    case .jsonContent(let source, let line, let column, let codingPath, let reason):
      let place = "\(source):\(line):\(column)"
      return codingPath.isEmpty ? "\(place): \(reason)" : "\(place): \(codingPath): \(reason)"
    case .standardOutputClosed(let reason):
      return "standard output: \(reason)"
    case .brokenPipe:
      return "standard output: the reader closed the pipe before all output was written (EPIPE)"
    }
  }
}
