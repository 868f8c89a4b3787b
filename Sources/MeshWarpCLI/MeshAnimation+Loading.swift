import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpVideo

/// A `--mesh` file read once: its bytes, and whether it is a keyframe
/// file (a JSON object with a `"keyframes"` key), decided from them.
struct MeshFile {
  var path: String
  var bytes: [UInt8]
  var isKeyframes: Bool

  /// Reads `path` (`"-"`: standard input, never taken for a keyframe file).
  static func read(_ path: String) throws -> MeshFile {
    let bytes = try FileInput.readBytes(path: path, maxBytes: JSONFile.defaultMaxBytes)
    let isKeyframes =
      path != FileInput.standardInputPath
      && MeshAnimation.hasKeyframes(bytes)
    return MeshFile(path: path, bytes: bytes, isKeyframes: isKeyframes)
  }

  /// The name errors give: the path, or "standard input".
  var source: String { path == FileInput.standardInputPath ? "standard input" : path }
}

/// The `--mesh` of a command: one mesh, or a mesh that changes over time
/// (a keyframe file, or `--mesh A --to-mesh B`).
extension MeshAnimation {
  /// Loads `path` (a mesh, or a keyframe file: JSON with `"keyframes"`) and,
  /// when given, `toPath` as the end of an animation of `duration` seconds.
  /// Every mesh is validated as `InputFiles.loadMesh` does.
  static func load(_ path: String, to toPath: String?, duration: Double?, console: Console)
    throws -> MeshAnimation
  {
    try load(
      try MeshFile.read(path), to: toPath, duration: duration, console: console,
      loadMesh: { file in
        let mesh = try JSONFile.decode(WarpMesh.self, from: file.bytes, source: file.source)
        try InputFiles.check(mesh, source: file.path, console: console)
        return mesh
      })
  }

  /// `load(_:to:duration:console:)` of a file already read: `loadMesh`
  /// decodes and checks a plain mesh (`--mesh`'s, then `toPath`'s) from
  /// its bytes.
  static func load(
    _ file: MeshFile, to toPath: String?, duration: Double?, console: Console,
    loadMesh: (MeshFile) throws -> WarpMesh
  ) throws -> MeshAnimation {
    let path = file.path
    if file.isKeyframes {
      guard toPath == nil else {
        throw CLIError.usage(
          "\(path) is a keyframe file: it animates by itself; --to-mesh goes with a plain mesh")
      }
      let timeline = try KeyframeFile.decode(
        WarpMesh.self, from: file.bytes, source: file.source,
        referencesRelativeTo: (path as NSString).deletingLastPathComponent)
      for (i, keyframe) in timeline.keyframes.enumerated() {
        try InputFiles.check(keyframe.value, source: "\(path): keyframes[\(i)]", console: console)
      }
      return .animated(timeline)
    }
    let from = try loadMesh(file)
    guard let toPath else { return .still(from) }
    let to = try loadMesh(try MeshFile.read(toPath))
    switch Result(catching: { () throws(TimelineError) in
      try MeshAnimation.between(from, to, duration: duration ?? 1)
    }) {
    case .success(let animation): return animation
    case .failure(.shapeMismatch(_, let detail)):
      throw CLIError.failure("\(toPath): does not fit \(path): \(detail)")
    case .failure(let error):
      throw CLIError.usage("--to-mesh: \(error.reason)")
    }
  }

  /// Whether the JSON file at `path` is a keyframe file (an object with a
  /// `"keyframes"` key). Unreadable files answer false: loading them as a
  /// mesh then reports the problem.
  static func isKeyframeFile(_ path: String) -> Bool {
    guard path != FileInput.standardInputPath,
      let data = FileManager.default.contents(atPath: path)
    else { return false }
    return hasKeyframes([UInt8](data))
  }

  /// Whether JSON `bytes` are an object with a `"keyframes"` key, by a
  /// scan of its top level (a dense mesh is not parsed twice).
  static func hasKeyframes(_ bytes: [UInt8]) -> Bool {
    JSONParser.topLevelObject(bytes, hasKey: "keyframes")
  }
}
