import Foundation

/// The `--mesh` of a command: one mesh, or a mesh that changes over time
/// (a keyframe file, or `--mesh A --to-mesh B`).
struct MeshAnimation: Sendable {
  /// Where it came from, for messages.
  var describe: String
  /// The timeline of an animated mesh; nil for a still one.
  var timeline: Timeline<WarpMesh>?
  private var still: WarpMesh?

  /// A mesh that does not change.
  init(still mesh: WarpMesh, describe: String) {
    self.describe = describe
    still = mesh
  }

  /// A mesh that changes along `timeline`.
  init(timeline: Timeline<WarpMesh>, describe: String) {
    self.describe = describe
    self.timeline = timeline
  }

  /// Whether the mesh changes over time.
  var isAnimated: Bool { timeline != nil }

  /// The mesh at `time` seconds.
  func mesh(at time: Double) -> WarpMesh { timeline?.mesh(at: time) ?? still! }

  /// The easing of `--to-mesh`: SwiftUI's default `.easeInOut`.
  static let defaultEasing = TimingCurve.easeInOut

  /// Loads `path` (a mesh, or a keyframe file: JSON with `"keyframes"`) and,
  /// when given, `toPath` as the end of an animation of `duration` seconds.
  /// Every mesh is validated as `InputFiles.loadMesh` does; `loadMesh`
  /// reads a plain mesh file (the default: `InputFiles.loadMesh`).
  static func load(
    _ path: String, to toPath: String?, duration: Double?, console: Console,
    loadMesh: ((String) throws -> WarpMesh)? = nil
  ) throws -> MeshAnimation {
    let loadMesh = loadMesh ?? { try InputFiles.loadMesh($0, console: console) }
    if isKeyframeFile(path) {
      guard toPath == nil else {
        throw CLIError.usage(
          "\(path) is a keyframe file: it animates by itself; --to-mesh goes with a plain mesh")
      }
      let timeline = try KeyframeFile.load(WarpMesh.self, path: path)
      for (i, keyframe) in timeline.keyframes.enumerated() {
        try InputFiles.check(keyframe.value, source: "\(path): keyframes[\(i)]", console: console)
      }
      return MeshAnimation(timeline: timeline, describe: path)
    }
    let from = try loadMesh(path)
    guard let toPath else { return MeshAnimation(still: from, describe: path) }
    let to = try loadMesh(toPath)
    let length = duration ?? 1
    typealias Keyframe = Timeline<WarpMesh>.Keyframe
    let made = Result { () throws(TimelineError) -> Timeline<WarpMesh> in
      try Timeline<WarpMesh>([
        Keyframe(time: 0, value: from, easing: defaultEasing), Keyframe(time: length, value: to),
      ])
    }
    switch made {
    case .success(let timeline):
      return MeshAnimation(timeline: timeline, describe: "\(path) → \(toPath)")
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
      let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return false }
    return object["keyframes"] != nil
  }
}
