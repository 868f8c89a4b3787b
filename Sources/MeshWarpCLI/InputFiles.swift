import Foundation

/// Loading the tool's inputs, with errors that name the file.
enum InputFiles {
  /// A mesh from its JSON file, validated: errors stop the command (each
  /// printed), warnings are printed and the command goes on.
  static func loadMesh(_ path: String, console: Console) throws -> WarpMesh {
    let mesh = try decodeJSON(WarpMesh.self, path: path)
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

  /// Decodes a JSON file. (Interim: replaced by MeshWarpIO's JSON loader
  /// with line/column positions.)
  static func decodeJSON<T: Decodable>(_ type: T.Type, path: String) throws -> T {
    let bytes = try FileInput.readBytes(path: path)
    do {
      return try JSONDecoder().decode(T.self, from: Data(bytes))
    } catch {
      throw CLIError.failure("\(path): \(error)")
    }
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
}
