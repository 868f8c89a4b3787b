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

  /// `--format` for an animation or video at `path`: refused (exit 2) when
  /// it names no animated format, or one other than the output's (the
  /// output's format comes from its name; standard output takes APNG).
  static func check(format name: String?, path: String) throws {
    guard let name else { return }
    guard let asked = OutputFormat.named(name) else {
      throw CLIError.usage(
        "--format \(name): not an animated format (apng, mp4, mkv, mov, webm, gif, webp)")
    }
    let named = try format(of: path)
    if asked != named {
      let place =
        path == StandardOutput.path ? "standard output takes APNG" : "its extension says \(path)"
      throw CLIError.usage(
        "--format \(name) does not match the output (\(place)): rename the output, or leave out --format"
      )
    }
  }
}
