import CHarfBuzz

/// A face's vertical line metrics at one size, in pixels.
///
/// From HarfBuzz's `hb_font_get_h_extents`, which reads the OS/2 typo
/// metrics when the font sets `USE_TYPO_METRICS` and the `hhea` table
/// otherwise — the values a platform text system uses for line spacing.
public struct FontMetrics: Hashable, Sendable {
  /// Distance from the baseline up to the top of the line box, `≥ 0` for
  /// ordinary fonts.
  public var ascender: Double
  /// Distance from the baseline down to the bottom of the line box
  /// (positive; the font tables store it negated).
  public var descender: Double
  /// Extra space the font asks for between lines, `≥ 0`.
  public var lineGap: Double

  /// Baseline-to-baseline distance: `ascender + descender + lineGap`.
  public var lineHeight: Double { ascender + descender + lineGap }
}

extension FontFace {
  /// The line metrics at `sizePixels` pixels per em.
  ///
  /// - Parameter sizePixels: Em size in pixels, `> 0`.
  public func metrics(sizePixels: Double) -> FontMetrics {
    let font = makeHarfBuzzFont(sizePixels: sizePixels)
    defer { hb_font_destroy(font) }
    var extents = hb_font_extents_t()
    hb_font_get_h_extents(font, &extents)
    return FontMetrics(
      ascender: Double(extents.ascender) / 64, descender: Double(-extents.descender) / 64,
      lineGap: Double(extents.line_gap) / 64)
  }

  /// A new HarfBuzz font on this face at `sizePixels` per em, positions in
  /// 26.6 pixels (scale = size·64), with the synthesized horizontal scale
  /// (``WidthTreatment/horizontalScale``) applied to x, so that advances,
  /// offsets and kerning all widen by it. The caller destroys it.
  func makeHarfBuzzFont(sizePixels: Double) -> OpaquePointer {
    let font = hb_font_create(harfBuzzFace)!
    let yScale = (sizePixels * 64).rounded()
    let xScale = (sizePixels * 64 * widthTreatment.horizontalScale).rounded()
    hb_font_set_scale(font, Int32(xScale), Int32(yScale))
    let namedInstance = faceIndex >> 16
    if namedInstance > 0 { hb_font_set_var_named_instance(font, UInt32(namedInstance - 1)) }
    hb_font_make_immutable(font)
    return font
  }
}
