/// The width of face to ask for.
public enum FontWidth: Hashable, Sendable {
  /// The family's normal width (fontconfig width 100).
  case standard
  /// SwiftUI's `.fontWidth(.expanded)`, as the blog uses: fontconfig's
  /// `FC_WIDTH_EXPANDED` (125, the OS/2 `usWidthClass` 7, "125 % of
  /// normal"). See ``WidthTreatment`` for what happens when the family has
  /// no face that wide.
  case expanded

  /// fontconfig's `FC_WIDTH_EXPANDED`: the width, in percent of normal, an
  /// expanded request asks for (derived from the OpenType OS/2 table's
  /// width classes).
  public static let expandedPercent = 125.0
}

/// How the loaded face reached the requested width; the CLI reports it.
public enum WidthTreatment: Hashable, Sendable, CustomStringConvertible {
  /// The normal width was asked for; the face is used as designed.
  case asDesigned
  /// `.expanded` was asked for and the matched face is itself that wide.
  /// - Parameter widthPercent: The face's width, percent of normal (≥ 125).
  case wideFace(widthPercent: Double)
  /// `.expanded` was asked for but the best face is narrower, so glyphs are
  /// stretched horizontally: outlines through `FT_Set_Transform` and
  /// HarfBuzz advances and positions through its x scale, by
  /// `horizontalScale` = 125 / the face's width percent (1.25 for a
  /// normal-width face). Stems thicken by the same factor, unlike a
  /// designed wide face.
  case synthesized(faceWidthPercent: Double, horizontalScale: Double)
  /// A horizontal stretch was asked for explicitly (whatever the face's
  /// width), applied as ``synthesized(faceWidthPercent:horizontalScale:)``
  /// is.
  case stretched(horizontalScale: Double)

  /// The horizontal stretch applied to outlines and advances (1 unless
  /// synthesized or stretched).
  public var horizontalScale: Double {
    switch self {
    case .synthesized(_, let scale), .stretched(let scale): return scale
    case .asDesigned, .wideFace: return 1
    }
  }

  public var description: String {
    switch self {
    case .asDesigned: return "normal width"
    case .wideFace(let width):
      return "expanded: the matched face is wide (width \(formatPercent(width)) %)"
    case .synthesized(let width, let scale):
      return
        "expanded: no wide face (matched width \(formatPercent(width)) %), synthesized by a horizontal scale of \(formatPercent(scale))"
    case .stretched(let scale):
      return "stretched by a horizontal scale of \(formatPercent(scale))"
    }
  }
}

private func formatPercent(_ v: Double) -> String {
  v == v.rounded() ? String(Int(v)) : String(format: "%.3g", v)
}
