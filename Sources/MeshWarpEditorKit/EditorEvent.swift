import MeshWarpCore

/// An input to the demo session, already stripped of its window-system form.
///
/// Mouse positions are window points in pixels: the centre of pixel (i, j)
/// is (i + 0.5, j + 0.5), y down.
package enum EditorEvent: Hashable, Sendable {
  /// The primary button went down at a window point.
  case mouseDown(Vector2)
  /// The pointer moved to a window point (button up or down).
  case mouseMove(Vector2)
  /// The primary button went up at a window point.
  case mouseUp(Vector2)
  /// A key the demo knows was pressed.
  case key(EditorKey)
  /// Save the next frame to a PNG file: at `path`, or under the session's
  /// save folder with a numbered name when `path` is `nil`.
  case save(path: String?)
  /// Save the next frame without the overlay (mesh, toggle, help, palette):
  /// the warp alone, as `meshwarp warp` renders it; at `path`, or numbered.
  case saveClean(path: String?)
  /// Text typed into the window (SDL text input): hex colour digits.
  case text(String)
  /// Open a file (dropped on the window): a picture, a mesh or gradient JSON.
  case open(path: String)
}

/// The editor's keys (``EditorHelp`` lists them all).
package enum EditorKey: Hashable, Sendable {
  /// 2–9: an N×N control grid that keeps the current warp; in gradient
  /// mode 1–9 give the selected point palette colour N.
  case density(Int)
  /// R: back to the identity grid at the current density.
  case reset
  /// E: transparent → unwarped → origin → color → transparent.
  case cycleEdges
  /// K: the smooth (Catmull-Rom) warp on or off.
  case toggleSmooth
  /// A: silhouette anti-aliasing on or off.
  case toggleAntialias
  /// Q: the minification filter on or off.
  case toggleMinification
  /// G: the genie into a dock-like target and back (see ``EditorHooks``).
  case genie
  /// T: the animated "Meshing" gradient text as content (see ``EditorHooks``).
  case gradientText
  /// Space: pause or resume the content's animation.
  case pause
  /// S: save the current frame as PNG.
  case save
  /// H: show or hide the key help.
  case help
  /// Escape: quit (or cancel the hex entry).
  case quit
  /// Arrow keys: move the selected point by (dx, dy) pixels (Shift: ×10).
  case nudge(dx: Int, dy: Int)
  /// Ctrl+Z: undo the last edit.
  case undo
  /// Ctrl+Shift+Z or Ctrl+Y: redo.
  case redo
  /// Tab: switch between warp and gradient editing.
  case switchMode
  /// J: save the mesh (or gradient) JSON.
  case saveJSON
  /// X: export SwiftUI code to a file and the clipboard.
  case exportSwift
  /// P: save the frame without the overlay.
  case saveClean
  /// O: hide or show the overlay (mesh, points, toggle, palette).
  case toggleOverlay
  /// F: full screen on the chosen display, or back to a window.
  case fullscreen
  /// Return: start typing a hex colour for the selected gradient point
  /// (Return again applies it).
  case hexEntry
  /// Backspace: delete the last typed hex digit.
  case backspace
  /// [ and ]: one gradient column fewer or more (shape kept).
  case gradientColumns(Int)
  /// - and =: one gradient row fewer or more (shape kept).
  case gradientRows(Int)
  /// M: the gradient's smoothsColors on or off.
  case smoothsColors
  /// C: the gradient's colour space, device ↔ perceptual.
  case colorSpace
  /// B: show (and let the mouse drag) the gradient's bezier handles.
  case bezierHandles
  /// W: the next effect as the starting mesh (twirl, bulge, ripple, wave,
  /// lens correction).
  case nextEffect
  /// , and .: the effect's main parameter one step down or up.
  case effectParameter(Int)

  /// The key for a typed character or an SDL key name (case-insensitive)
  /// with its modifiers: "1"…"9", "r", "e", "a", "g", "t", "space" (or
  /// " "), "s", "h", "escape", the arrows "left" "right" "up" "down", "tab",
  /// "j", "x", "p", "o", "f", "return", "backspace", "[", "]", "-", "=",
  /// "m", "c", "b", "q", "w", ",", ".", Ctrl+"z", Ctrl+"y"; `nil` for any other.
  package init?(name: String, shift: Bool = false, control: Bool = false) {
    let step = shift ? 10 : 1
    switch name.lowercased() {
    case "z" where control: self = shift ? .redo : .undo
    case "y" where control: self = .redo
    case _ where control: return nil
    case let d where d.count == 1 && ("1"..."9").contains(d): self = .density(Int(d)!)
    case "left": self = .nudge(dx: -step, dy: 0)
    case "right": self = .nudge(dx: step, dy: 0)
    case "up": self = .nudge(dx: 0, dy: -step)
    case "down": self = .nudge(dx: 0, dy: step)
    case "tab": self = .switchMode
    case "j": self = .saveJSON
    case "x": self = .exportSwift
    case "p": self = .saveClean
    case "o": self = .toggleOverlay
    case "f": self = .fullscreen
    case "return", "enter", "keypad enter": self = .hexEntry
    case "backspace": self = .backspace
    case "[": self = .gradientColumns(-1)
    case "]": self = .gradientColumns(1)
    case "-": self = .gradientRows(-1)
    case "=": self = .gradientRows(1)
    case "m": self = .smoothsColors
    case "c": self = .colorSpace
    case "b": self = .bezierHandles
    case "w": self = .nextEffect
    case ",": self = .effectParameter(-1)
    case ".": self = .effectParameter(1)
    case "r": self = .reset
    case "e": self = .cycleEdges
    case "k": self = .toggleSmooth
    case "a": self = .toggleAntialias
    case "q": self = .toggleMinification
    case "g": self = .genie
    case "t": self = .gradientText
    case " ", "space": self = .pause
    case "s": self = .save
    case "h": self = .help
    case "escape", "esc": self = .quit
    default: return nil
    }
  }
}
