import Foundation  // trimmingCharacters

/// Every failure of MeshWarpIO: what went wrong and where.
///
/// `description` is a complete sentence fragment meant for a user, e.g.
/// `"in.png: not a PNG file (signature mismatch)"` or
/// `"mesh.json:3:14: syntax error: unexpected character ']'"`. The CLI prints it
/// after `meshwarp: ` and exits with status 1.
public enum MeshWarpIOError: Error, CustomStringConvertible, Equatable, Sendable {
  /// A file or directory could not be opened, read, created or written.
  /// `path` is the file as the user named it; `reason` is the system's
  /// explanation (e.g. "no such file or directory").
  case fileSystem(path: String, operation: FileOperation, reason: String)
  /// The data in `source` is not a valid image (not a PNG, truncated,
  /// corrupt), with the decoder's own explanation.
  case invalidImage(source: String, reason: String)
  /// The data in `source` starts like `format` (JPEG, WebP, GIF) but cannot
  /// be decoded, with the decoder's own explanation.
  case invalidImageData(source: String, format: String, reason: String)
  /// The data in `source` is no image format MeshWarp reads: `seen` names
  /// what its first bytes look like, `supported` lists what is read.
  case unsupportedImage(source: String, seen: String, supported: String)
  /// The image in `source` has more pixels than the caller allows (the
  /// decoder's `maxPixels` parameter); refused before any pixel memory was
  /// allocated.
  case imageTooLarge(source: String, width: Int, height: Int, maxPixels: Int)
  /// An image could not be encoded (e.g. zero size, or the encoder failed).
  case encodingFailed(destination: String, reason: String)
  /// A JSON file is not valid JSON. `line` and `column` are 1-based; the
  /// column counts Unicode scalars.
  case jsonSyntax(source: String, line: Int, column: Int, reason: String)
  /// A JSON file is valid JSON but does not have the expected shape.
  /// `line` and `column` (1-based) locate the offending value (for a missing
  /// key, the object that lacks it); `codingPath` is written like `faces[3]`
  /// or `bezierPoints[2].leading` (empty for the top level).
  case jsonContent(source: String, line: Int, column: Int, codingPath: String, reason: String)
  /// An output path asks for something that cannot be written (unknown
  /// extension, several frames into a single-image file, …).
  case unsupportedOutput(path: String, reason: String)
  /// An output path has no extension to tell the image format by and no
  /// format was given (`ImageEncoder.outputFormat`'s `format` parameter);
  /// `supported` lists the extensions written.
  case missingOutputFormat(path: String, supported: String)
  /// A frame does not fit the sink it is given to (wrong size).
  case frameMismatch(destination: String, reason: String)
  /// An external tool (ffmpeg) could not be found or started.
  case toolUnavailable(tool: String, reason: String)
  /// An external tool failed; `stderrTail` holds the end of its error output.
  case toolFailed(tool: String, destination: String, reason: String, stderrTail: String)
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
    case .invalidImage(let source, let reason):
      return "\(source): invalid PNG: \(reason)"
    case .invalidImageData(let source, let format, let reason):
      return "\(source): invalid \(format): \(reason)"
    case .unsupportedImage(let source, let seen, let supported):
      return "\(source): \(seen) is not a supported image format (supported: \(supported))"
    case .imageTooLarge(let source, let width, let height, let maxPixels):
      return
        "\(source): image is \(width)×\(height) = \(width * height) pixels, above the limit maxPixels = \(maxPixels)"
    case .encodingFailed(let destination, let reason):
      return "\(destination): cannot encode image: \(reason)"
    case .jsonSyntax(let source, let line, let column, let reason):
      return "\(source):\(line):\(column): JSON syntax error: \(reason)"
    case .jsonContent(let source, let line, let column, let codingPath, let reason):
      let place = "\(source):\(line):\(column)"
      return codingPath.isEmpty ? "\(place): \(reason)" : "\(place): \(codingPath): \(reason)"
    case .unsupportedOutput(let path, let reason):
      return "\(path): \(reason)"
    case .missingOutputFormat(let path, let supported):
      return
        "\(path): the name has no extension to tell the image format by: pass it as `format` (supported: \(supported))"
    case .frameMismatch(let destination, let reason):
      return "\(destination): \(reason)"
    case .toolUnavailable(let tool, let reason):
      return "\(tool) is not available: \(reason)"
    case .toolFailed(let tool, let destination, let reason, let stderrTail):
      let tail = stderrTail.trimmingCharacters(in: .whitespacesAndNewlines)
      return tail.isEmpty
        ? "\(destination): \(tool) failed: \(reason)"
        : "\(destination): \(tool) failed: \(reason); its last output:\n\(tail)"
    case .standardOutputClosed(let reason):
      return "standard output: \(reason)"
    case .brokenPipe:
      return "standard output: the reader closed the pipe before all output was written (EPIPE)"
    }
  }
}
