import MeshWarpCore
import MeshWarpRender

/// The key help: printed on stdout and drawn as a panel over the frame.
package enum EditorHelp {
  /// One line per key: the key and what it does, with G and T marked while
  /// their hooks (``EditorHooks``) are empty.
  package static var lines: [(key: String, action: String)] {
    [
      ("DRAG", "MOVE A CONTROL POINT (SELECTS IT)"),
      ("CLICK", "PRESS THE TOGGLE WHERE IT APPEARS"),
      ("ARROWS", "NUDGE THE SELECTED POINT 1 PX (SHIFT: 10)"),
      ("2-9", "GRID DENSITY N×N (KEEPS THE WARP)"),
      ("R", "RESET THE MESH (GRADIENT MODE: THE GRADIENT)"),
      ("W", "EFFECT MESH: TWIRL, BULGE, RIPPLE, WAVE, LENS"),
      (", .", "EFFECT STRENGTH DOWN/UP (REMAKES THE MESH)"),
      ("E", "EDGE POLICY: TRANSPARENT, UNWARPED, ORIGIN, COLOR"),
      ("K", "SMOOTH WARP (CATMULL-ROM) ON/OFF"),
      ("A", "ANTI-ALIASING ON/OFF"),
      ("Q", "MINIFICATION FILTER ON/OFF (OFF: FASTER)"),
      ("G", "GENIE" + (EditorHooks.genieAvailable ? "" : " (NOT AVAILABLE YET)")),
      ("T", "GRADIENT TEXT" + (EditorHooks.gradientTextAvailable ? "" : " (NOT AVAILABLE YET)")),
      ("SPACE", "PAUSE THE ANIMATION"),
      ("CTRL+Z", "UNDO"),
      ("CTRL+Y", "REDO (ALSO CTRL+SHIFT+Z)"),
      ("J", "SAVE THE MESH (OR GRADIENT) JSON"),
      ("X", "EXPORT SWIFTUI CODE: FILE + CLIPBOARD"),
      ("S", "SAVE THE FRAME AS PNG"),
      ("P", "SAVE THE FRAME WITHOUT OVERLAY"),
      ("O", "HIDE/SHOW THE OVERLAY"),
      ("F", "FULL SCREEN ON THE DISPLAY (--DISPLAY N)"),
      ("TAB", "WARP / GRADIENT / MORPH MODE (--MORPH)"),
      ("GRADIENT MODE:", ""),
      ("1-9", "PALETTE COLOUR FOR THE SELECTED POINT"),
      ("RETURN", "TYPE A HEX COLOUR, RETURN APPLIES"),
      ("[ ]", "FEWER/MORE COLUMNS (SHAPE KEPT)"),
      ("- =", "FEWER/MORE ROWS (SHAPE KEPT)"),
      ("M", "SMOOTHSCOLORS ON/OFF"),
      ("C", "COLOUR SPACE: DEVICE, PERCEPTUAL"),
      ("B", "BEZIER HANDLES SHOWN (DRAG THEM)/HIDDEN"),
      ("MORPH MODE:", ""),
      ("DRAG", "MOVE A POINT IN A OR B, THE BAR SCRUBS T"),
      ("[ ]", "T DOWN/UP BY 0.05"),
      ("2-9 R", "IDENTITY GRID N×N / AT THIS DENSITY"),
      ("K", "SMOOTH MORPH ON/OFF"),
      ("J X", "SAVE THE POINTS / EXPORT THE ANIMATION"),
      ("DROP", "OPEN A PICTURE, VIDEO, MESH OR GRADIENT"),
      ("H", "THIS HELP"),
      ("ESC", "QUIT"),
    ]
  }

  /// The help as plain text lines for stdout.
  package static var text: [String] {
    lines.map { "  " + $0.key.padding(toLength: 7, withPad: " ", startingAt: 0) + $0.action }
  }

  /// The help panel: dark translucent rounded card with the lines in
  /// ``StrokeFont``, sized to fit `maxWidth` pixels (drawn once, cached by
  /// the session), and to `maxHeight` when given.
  package static func panel(maxWidth: Int, maxHeight: Int? = nil) -> RGBAImage {
    let entries = lines
    let longest = entries.map { $0.action.count }.max() ?? 0
    let columns = 7.0 + Double(longest)
    // Cap height from the width: each character advances 1 cap height
    // (StrokeFont's 6-unit advance on a 6-unit cap), plus margins; from the
    // height: lines of 1.9 caps, a title and 3.2 caps of margins.
    var cap = min(13, (Double(maxWidth) - 40) / (columns + 1))
    if let maxHeight {
      cap = min(cap, Double(maxHeight) / (Double(entries.count) * 1.9 + 1 + 3.2))
    }
    let lineHeight = cap * 1.9
    let margin = cap * 1.6
    let width = Int((columns * cap + 2 * margin).rounded(.up))
    let height = Int((Double(entries.count) * lineHeight + cap + 2 * margin).rounded(.up))
    var image = RGBAImage(width: width, height: height)
    image.fillRoundedRect(
      origin: .zero, size: image.size, radius: 14, color: RGBA8(20, 20, 24, 215),
      outline: RGBA8(255, 255, 255, 90))
    image.drawText(
      "MESHWARP EDITOR - KEYS", at: Vector2(margin, margin), capHeight: cap,
      color: RGBA8(255, 214, 10))
    for (i, entry) in entries.enumerated() {
      let y = margin + Double(i + 1) * lineHeight
      image.drawText(entry.key, at: Vector2(margin, y), capHeight: cap, color: .white)
      image.drawText(
        entry.action, at: Vector2(margin + 7 * cap, y), capHeight: cap,
        color: RGBA8(220, 220, 225))
    }
    return image
  }
}
