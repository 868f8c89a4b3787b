/// An input to the demo session, already stripped of its window-system form.
///
/// Mouse positions are window points in pixels: the centre of pixel (i, j)
/// is (i + 0.5, j + 0.5), y down.
public enum DemoEvent: Hashable, Sendable {
  /// The primary button went down at a window point.
  case mouseDown(Vector2)
  /// The pointer moved to a window point (button up or down).
  case mouseMove(Vector2)
  /// The primary button went up at a window point.
  case mouseUp(Vector2)
  /// A key the demo knows was pressed.
  case key(DemoKey)
  /// Save the next frame to a PNG file: at `path`, or under the session's
  /// save folder with a numbered name when `path` is `nil`.
  case save(path: String?)
}

/// The demo's keys, as the issue lists them (plus Escape to quit).
public enum DemoKey: Hashable, Sendable {
  /// 2–9: an N×N control grid that keeps the current warp.
  case density(Int)
  /// R: back to the identity grid at the current density.
  case reset
  /// E: transparent → clamp → origin → transparent.
  case cycleEdges
  /// A: silhouette anti-aliasing on or off.
  case toggleAntialias
  /// G: the genie into a dock-like target and back (see ``DemoHooks``).
  case genie
  /// T: the animated "Meshing" gradient text as content (see ``DemoHooks``).
  case gradientText
  /// Space: pause or resume the content's animation.
  case pause
  /// S: save the current frame as PNG.
  case save
  /// H: show or hide the key help.
  case help
  /// Escape: quit.
  case quit

  /// The key for a typed character or a key name (case-insensitive):
  /// "2"…"9", "r", "e", "a", "g", "t", "space" (or " "), "s", "h",
  /// "escape"; `nil` for any other.
  public init?(name: String) {
    switch name.lowercased() {
    case let d where d.count == 1 && ("2"..."9").contains(d): self = .density(Int(d)!)
    case "r": self = .reset
    case "e": self = .cycleEdges
    case "a": self = .toggleAntialias
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
