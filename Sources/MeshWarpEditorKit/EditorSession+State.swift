import MeshWarpCore
import MeshWarpRender

/// The states' values as the executable, the benchmark and the tests read
/// them.
extension EditorSession {
  /// The control grid the user drags.
  package internal(set) var mesh: WarpMesh {
    get { warp.mesh }
    set { warp.mesh = newValue }
  }
  /// Control points per row (2…9; the grid's columns).
  package var density: Int { warp.density }
  /// The effect the mesh was last generated from (W), or `nil`.
  package var effect: MeshEffect? { warp.effect }
  /// What uncovered pixels show.
  package var edges: EdgePolicy { warp.edges }
  /// The colour the `color` edge policy shows.
  package static var edgeColor: RGBA8 { WarpEditor.edgeColor }
  /// The warp as the smooth surface through the grid (K).
  package var smooth: Bool { warp.smooth }
  /// Silhouette anti-aliasing (4×4 samples) or hard edges.
  package var antialias: Bool { warp.antialias }
  /// The minification filter (Q).
  package var minificationFilter: Bool { warp.minificationFilter }
  /// The selected control point, which the arrow keys nudge.
  package internal(set) var selectedPoint: Int? {
    get { warp.selectedPoint }
    set { warp.selectedPoint = newValue }
  }
  /// The point lookup for the current mesh.
  package var mapping: MeshMapping { warp.mapping }

  /// The mesh gradient edited in gradient mode.
  package var gradient: GradientMesh { gradientEditor.gradient }
  /// The selected gradient vertex.
  package var selectedGradientPoint: Int? { gradientEditor.selectedPoint }
  /// Whether gradient mode shows the bezier handles (B).
  package var showHandles: Bool { gradientEditor.showHandles }
  /// The hex colour being typed, or `nil`.
  package var hexEntry: String? { gradientEditor.hexEntry }

  /// The morph's points, once a morph is opened.
  package var morphDocument: MorphDocument? { morphEditor?.document }
  /// Where morph mode draws, once a morph is opened.
  package var morphLayout: MorphLayout? { morphEditor?.layout }
  /// The morph pane's progress, once a morph is opened.
  package var morphProgress: Double? { morphEditor?.t }
  /// The morph file opened (`--points`) or created by the first save.
  package var morphPath: String? { document.morphPath }

  /// Whether the content's animation (and the genie) is paused.
  package var paused: Bool { playback.paused }
  /// Animation time in seconds.
  package var time: Double { playback.time }
  /// The genie playback, while one runs.
  package var genie: GeniePlayback? { playback.genie }

  /// The picture or video file shown, if any (names new files).
  package var contentPath: String? {
    get { document.contentPath }
    set { document.contentPath = newValue }
  }
  /// The mesh file opened or created.
  package var meshPath: String? { document.meshPath }
  /// The gradient file opened or created.
  package var gradientPath: String? { document.gradientPath }
  /// Where numbered frames and new files are saved.
  package var saveDirectory: String { document.saveDirectory }

  /// Advances the animation clock by `seconds` (unless paused).
  package func advance(by seconds: Double) {
    playback.advance(by: seconds, log: log)
  }

  /// Hands over the frames to save (the executable writes them after the
  /// frame it renders next) and clears the list.
  package func takePendingSaves() -> [String] {
    defer { document.pendingSaves = [] }
    return document.pendingSaves
  }

  /// Hands over the clean frames to save and clears the list.
  package func takePendingCleanSaves() -> [String] {
    defer { document.pendingCleanSaves = [] }
    return document.pendingCleanSaves
  }

  /// Hands over the text for the clipboard, once.
  package func takeClipboard() -> String? {
    defer { document.pendingClipboard = nil }
    return document.pendingClipboard
  }
}
