import MeshWarpRender

/// Where each line of a multi-line text sits across the text's width.
///
/// Lines run left to right (an LTR layout direction): `leading` is left.
public enum LineAlignment: Hashable, Sendable, CaseIterable {
  case leading
  case center
  case trailing
}

/// Which rectangle of a text a fill is stretched to.
public enum TextFrame: Hashable, Sendable, CaseIterable {
  /// The tight box of all glyph coverage (the letters' ink).
  case ink
  /// The typographic box: the widest line's advance by the lines' ascent,
  /// descent and spacing, rounded out to whole pixels — the frame SwiftUI
  /// gives a `Text`, which the blog's gradient fills.
  case typographic
}

/// How ``TextLayout`` sets a text.
public struct TextLayoutOptions: Hashable, Sendable {
  /// Em size in pixels, `> 0` (the blog's 150 pt at 1× is 150).
  public var sizePixels: Double
  /// Placement of each line across the widest line.
  public var alignment: LineAlignment
  /// Pixels added to the font's line height between baselines (may be
  /// negative to tighten).
  public var extraLineSpacing: Double
  /// How coverage of overlapping glyphs merges in the mask.
  public var combineRule: CoverageCombineRule
  /// Whether characters the font lacks are set in another installed font
  /// that has them (fontconfig's fallback order), or left to the font's
  /// missing-glyph box.
  public var fontFallback: Bool

  /// - Parameters:
  ///   - sizePixels: Em size in pixels, `> 0`; default 150.
  ///   - alignment: Default `.leading`.
  ///   - extraLineSpacing: Default 0.
  ///   - combineRule: Default `.union` (each glyph drawn over the others
  ///     with source-over).
  ///   - fontFallback: Default `true`.
  public init(
    sizePixels: Double = 150, alignment: LineAlignment = .leading, extraLineSpacing: Double = 0,
    combineRule: CoverageCombineRule = .union, fontFallback: Bool = true
  ) {
    precondition(sizePixels > 0 && sizePixels.isFinite, "text size \(sizePixels) px must be > 0")
    self.sizePixels = sizePixels
    self.alignment = alignment
    self.extraLineSpacing = extraLineSpacing
    self.combineRule = combineRule
    self.fontFallback = fontFallback
  }
}
