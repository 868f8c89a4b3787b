import Foundation

/// A gradient from the command line: a JSON file or a built-in preset,
/// as a function of time.
struct GradientInput: Sendable {
  var describe: String
  var gradient: @Sendable (Double) -> GradientMesh

  /// `value` is a preset name (`meshing`) or a JSON file path.
  static func parse(_ value: String) throws -> GradientInput {
    if let preset = GradientPreset(rawValue: value) {
      return GradientInput(describe: "preset \(value)") { preset.gradient(at: $0) }
    }
    guard FileManager.default.fileExists(atPath: value) else {
      let presets = GradientPreset.allCases.map(\.rawValue).joined(separator: ", ")
      throw CLIError.failure("\(value): no such gradient file (or preset: \(presets))")
    }
    let bytes = try FileInput.readBytes(path: value)
    let mesh: GradientMesh
    do {
      mesh = try GradientMesh(jsonData: Data(bytes))
    } catch {
      throw CLIError.failure("\(value): \(error)")
    }
    do {
      try mesh.validate()
    } catch {
      throw CLIError.failure("\(value): invalid gradient: \(error)")
    }
    return GradientInput(describe: value) { _ in mesh }
  }
}
