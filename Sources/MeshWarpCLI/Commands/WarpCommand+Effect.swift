import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpImageIO
import MeshWarpVideo

/// Where `warp`'s geometry comes from: a document (`--mesh`) or an effect
/// given by its flags (`--effect KIND`).
enum WarpInput {
  case document(DocumentFile)
  case effect(MeshEffect.Kind)

  /// The document of `--mesh`; nil for `--effect`.
  var document: DocumentFile? {
    if case .document(let file) = self { file } else { nil }
  }
}

/// `warp --effect KIND` and its parameters.
extension WarpCommand {
  /// Refuses `--mesh` with `--effect` (or neither), effect parameters
  /// without `--effect`, and the options an effect does not take.
  func validateWarp() throws {
    switch (mesh, effectKind) {
    case (nil, nil):
      throw CLIError.usage(
        "give --mesh MESH.json or --effect KIND (twirl, bulge, ripple, wave, lens)")
    case (.some, .some(let kind)):
      throw CLIError.usage(
        "give --mesh or --effect \(kind.rawValue), not both (an effect file goes to --mesh)")
    case (.some, nil):
      if let flag = effect.given.first(where: { $0.givenAs != nil })?.givenAs {
        throw CLIError.usage("\(flag) is a parameter of --effect; --mesh takes its file as it is")
      }
    case (nil, .some(let kind)):
      try effect.check(for: kind)
      if let toMesh {
        throw CLIError.usage(
          "--to-mesh \(toMesh) animates a mesh; animate an effect with a range A:B (e.g. --angle 0:360)"
        )
      }
      if rendering.smooth {
        throw CLIError.usage(
          "--smooth applies to meshes; an effect is drawn exactly from its formula: leave out --smooth"
        )
      }
    }
  }

  /// `--mesh`'s document, read (its errors wait until it is needed), or
  /// `--effect`.
  func warpDocument() throws -> WarpInput {
    if let kind = effectKind { return .effect(kind) }
    return .document(try DocumentFile.read(mesh!, accepting: DocumentKind.warps, role: "--mesh"))
  }

  /// The effect of `--effect` and its parameters: still, or with ranges
  /// A:B animated linearly over `length` seconds (`--duration` for a
  /// still input, the trimmed clip for a video).
  func effectAnimation(_ kind: MeshEffect.Kind, length: Double?) throws -> MeshAnimation {
    guard effect.animates else { return .effect(try effect.effect(kind, fraction: 0)) }
    guard let length, length > 0 else {
      throw CLIError.usage(
        "a range A:B animates over --duration S on a still: add --duration (e.g. --duration 1)")
    }
    typealias Keyframe = Timeline<MeshEffect>.Keyframe
    return .animatedEffect(
      try Timeline([
        Keyframe(time: 0, value: try effect.effect(kind, fraction: 0)),
        Keyframe(time: length, value: try effect.effect(kind, fraction: 1)),
      ]))
  }

  /// The seconds of video the output keeps: from `--start` to `--end`
  /// (or `--start` + `--duration`), else to the clip's end by ffprobe.
  func clipLength() throws -> Double {
    let (start, end) = try trim()
    if let end { return end - start }
    let tools = try VideoReader.tools(environment: ProcessInfo.processInfo.environment)
    let info = try VideoProbe.probe(path: input, ffprobePath: tools.ffprobe)
    guard let duration = info.duration else {
      throw CLIError.failure(
        "\(input): its length is not known, so a range A:B cannot span it; give --end T")
    }
    return duration - start
  }

  /// The still job's warp: the document as a `WarpSource`, or the effect.
  func imageWarp(_ input: WarpInput) throws -> ImageWarp.Warp {
    switch input {
    case .document(let file): .source(try warpSource(file))
    case .effect(let kind): .mesh(try effectAnimation(kind, length: frames.animation.duration))
    }
  }
}
