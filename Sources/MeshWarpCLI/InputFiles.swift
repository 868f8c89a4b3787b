import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO

/// Loading the tool's inputs, with errors that name the file.
enum InputFiles {
  /// Validates `mesh`: errors throw (each listed), warnings are printed.
  static func check(_ mesh: WarpMesh, source: String, console: Console) throws {
    try check(mesh.validate(), source: source, what: "mesh", console: console)
  }

  /// Prints the warnings among `issues` and throws the errors (each listed)
  /// of the `what` ("mesh", "point set") read from `source`.
  static func check(_ issues: [MeshIssue], source: String, what: String, console: Console) throws {
    for issue in issues where issue.severity == .warning {
      console.error("\(source): \(issue)")
    }
    let errors = issues.filter { $0.severity == .error }
    guard errors.isEmpty else {
      throw CLIError.failure(
        "\(source): invalid \(what) (\(plural(errors.count, "error")))\n"
          + errors.map { "  \($0)" }.joined(separator: "\n"))
    }
  }

  /// An error as the tool prints it: the library's words, plus the option
  /// that changes a library limit (`maxPixels` is `--max-pixels` here).
  static func describe(_ error: any Error) -> String {
    guard case .imageTooLarge = error as? ImageCodecError else { return "\(error)" }
    return "\(error) (raise it with --max-pixels)"
  }
}
