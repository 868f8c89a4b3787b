import MeshWarpArguments
import MeshWarpCore

/// How a mesh gradient is rendered into frames: dithering, and a warp of
/// every frame (animated by a keyframe file or `--warp-to`).
struct GradientFillOptions: ParsableArguments {
  @Option(placeholder: "MESH.json", help: "Warp every frame through a mesh (or keyframe file).")
  var warp: String?
  @Option(
    placeholder: "MESH.json",
    help: "Animate the --warp mesh to this one over --duration (default 1 s), easing in and out.")
  var warpTo: String?
  @Flag(help: "Turn off the ±1/255 dithering against banding.") var noDither: Bool

  /// The warp of every frame: `--warp`, animated to `--warp-to` over
  /// `duration` (like `warp --mesh … --to-mesh …`); nil without `--warp`.
  ///
  /// - Throws: `CLIError.usage` for `--warp-to` without `--warp`.
  func warpAnimation(duration: Double?, console: Console) throws -> MeshAnimation? {
    guard let warp else {
      if warpTo != nil { throw CLIError.usage("--warp-to needs --warp (the mesh to start from)") }
      return nil
    }
    return try MeshAnimation.load(
      warp, to: warpTo, duration: duration, role: "--warp", console: console)
  }
}
