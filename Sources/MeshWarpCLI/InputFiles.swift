import Foundation

/// Loading the tool's inputs, with errors that name the file.
enum InputFiles {
  /// A mesh from its JSON file, validated: errors stop the command (each
  /// printed), warnings are printed and the command goes on.
  static func loadMesh(_ path: String, console: Console) throws -> WarpMesh {
    let mesh = try JSONFile.decode(WarpMesh.self, path: path)
    let issues = mesh.validate()
    for issue in issues where issue.severity == .warning {
      console.error("\(path): \(issue)")
    }
    let errors = issues.filter { $0.severity == .error }
    guard errors.isEmpty else {
      throw CLIError.failure(
        "\(path): invalid mesh (\(errors.count) error\(errors.count == 1 ? "" : "s"))\n"
          + errors.map { "  \($0)" }.joined(separator: "\n"))
    }
    return mesh
  }

  /// The `--max-pixels` option, shared by commands that read images.
  static let maxPixelsOption = OptionSpec(
    names: ["--max-pixels"], value: "N",
    help: "Refuse input images with more pixels (default \(PNGDecoder.defaultMaxPixels)).")

  static func maxPixels(_ args: ParsedArguments) throws -> Int {
    try args.int("--max-pixels", in: 1...Int(Int32.max)) ?? PNGDecoder.defaultMaxPixels
  }

  /// Refuses an output size above the pixel limit before allocating it.
  static func checkOutputSize(_ width: Int, _ height: Int, maxPixels: Int) throws {
    guard width * height <= maxPixels else {
      throw CLIError.usage(
        "output \(width)x\(height) = \(width * height) pixels exceeds the limit of \(maxPixels) (raise it with --max-pixels)"
      )
    }
  }

  /// An error as the tool prints it: the library's words, plus the option
  /// that changes a library limit (`maxPixels` is `--max-pixels` here).
  static func describe(_ error: any Error) -> String {
    guard case .imageTooLarge = error as? MeshWarpIOError else { return "\(error)" }
    return "\(error) (raise it with --max-pixels)"
  }
}

/// Writing the tool's outputs: a file (atomically) or, for "-", the
/// console's stdout (the process's, or a test's buffer).
enum OutputFiles {
  static func write(_ bytes: [UInt8], to path: String, console: Console) throws {
    if path == StandardOutput.path {
      try console.write(bytes)
    } else {
      try OutputFile.write(bytes, to: path)
    }
  }
}
