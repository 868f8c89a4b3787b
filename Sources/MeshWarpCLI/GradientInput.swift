import Foundation
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles

/// A gradient from the command line: a JSON file or a built-in preset,
/// as a function of time.
struct GradientInput: Sendable {
  var describe: String
  /// Whether the gradient changes over time (a preset or a keyframe file).
  var isAnimated = false
  /// A keyframe file's timeline (its length sets an animation's default).
  var timeline: Timeline<GradientMesh>? = nil
  var gradient: @Sendable (Double) -> GradientMesh

  /// `value` is a preset name (`meshing`), a gradient JSON file, or a
  /// gradient keyframe file (`{"keyframes": [{"time": 0, "gradient": …}]}`).
  static func parse(_ value: String, role: String) throws -> GradientInput {
    if let preset = GradientPreset(rawValue: value) {
      return GradientInput(describe: "preset \(value)", isAnimated: true) {
        preset.gradient(at: $0)
      }
    }
    guard FileManager.default.fileExists(atPath: value) else {
      let presets = GradientPreset.allCases.map(\.rawValue).joined(separator: ", ")
      throw CLIError.failure("\(value): no such gradient file (or preset: \(presets))")
    }
    let file = try DocumentFile.read(value, accepting: DocumentKind.gradients, role: role)
    if file.kind == .gradientKeyframes {
      let timeline = try file.timeline(GradientMesh.self)
      for (i, keyframe) in timeline.keyframes.enumerated() {
        do {
          try keyframe.value.validate()
        } catch {
          throw CLIError.failure("\(value): keyframes[\(i)]: invalid gradient: \(error)")
        }
      }
      return GradientInput(describe: value, isAnimated: true, timeline: timeline) {
        timeline.gradient(at: $0)
      }
    }
    // The JSON decoder that places mesh errors at line:column places these too.
    let mesh = try file.gradient()
    return GradientInput(describe: value) { _ in mesh }
  }
}
