import MeshWarpCore
import MeshWarpDocuments

/// The `--warp` of a gradient fill: one mesh, or a mesh that changes over
/// time (a keyframe file, or `--warp A --warp-to B`), read and checked by
/// the library's `WarpSource`; its warnings are printed.
extension MeshAnimation {
  /// Loads `path` (a mesh or a mesh keyframe file; `role` names the option
  /// in messages) and, when given, `toPath` as the end of an animation of
  /// `duration` seconds.
  static func load(
    _ path: String, to toPath: String?, duration: Double?, role: String, console: Console
  ) throws -> MeshAnimation {
    let source = WarpSource(
      mesh: try DocumentFile.read(path, accepting: [.mesh, .meshKeyframes], role: role),
      endMesh: try toPath.map { try DocumentFile.read($0, accepting: [.mesh], role: role + "-to") },
      duration: duration)
    return try CLIError.reporting {
      try source.animation(contentSize: nil, outputSize: nil, note: { console.error($0) })
    }
  }
}
