import Foundation
import MeshWarpCore

/// What the mouse and keys edit.
package enum EditorMode: String, Hashable, Sendable {
  /// The warp mesh over the content.
  case warp
  /// A mesh gradient (``GradientMesh``).
  case gradient
  /// A morph: the points of a ``MorphDocument`` over pictures A and B.
  case morph
}

/// Everything an edit can change, for undo and redo.
struct EditorSnapshot: Hashable {
  var mesh: WarpMesh
  var gradient: GradientMesh
  /// The morph's points, in a session with a morph.
  var morph: MorphDocument?
}

/// A point being dragged (a control point, a gradient vertex or one of its
/// bezier handles): which, and the offset from the pointer to the point at
/// the press (so the point does not jump to the pointer).
struct EditorDrag {
  var index: Int
  var grab: Vector2
  var moved: Bool
  /// The state before the drag, recorded for undo once it moves.
  var before: EditorSnapshot
  /// In gradient mode, the bezier handle dragged instead of the vertex.
  var handle: GradientHandle? = nil
}

/// What an editing state (``WarpEditor``, ``GradientEditor``,
/// ``EditorDocument``) asks of the session that routes events to it: the
/// log, undo, and where the warp shows in the window.
protocol EditorHost: AnyObject {
  /// Reports one visible change.
  func log(_ line: String)
  /// The state undo would go back to now.
  var snapshot: EditorSnapshot { get }
  /// Records `before` as the state before an edit named `label`.
  func record(_ label: String, before: EditorSnapshot)
  /// The window's size in pixels.
  var frameSize: Vector2 { get }
  /// Where the warp appears in the window.
  var viewport: EditorViewport { get }
  /// Logs where the content's toggle shows after the mesh changed.
  func logToggleLocation()
}

extension EditorHost {
  /// Records the current state before an edit named `label`.
  func record(_ label: String) { record(label, before: snapshot) }
}

/// `value` with `digits` decimals (C locale), for log lines.
func logNumber(_ value: Double, _ digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}
