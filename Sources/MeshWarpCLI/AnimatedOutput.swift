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
    } catch MeshWarpIOError.unsupportedOutput(_, let reason) {
      throw CLIError.usage("\(path): \(reason)")
    }
  }
}
