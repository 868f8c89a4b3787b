import CHarfBuzz
import MeshWarpCore
import MeshWarpRender

/// A text shaped with HarfBuzz, placed in lines and rasterized with
/// FreeType: its glyphs, their advances and ink boxes, and its bounds.
///
/// **Layout space**: pixels, y down, origin at the top-left of the
/// typographic box — x = 0 where the widest line starts, y = 0 at the
/// first line's ascender. Line `i`'s baseline is at
/// `ascender + i·(lineHeight + extraLineSpacing)` (``FontMetrics``).
///
/// **Shaping**: each line (the text split at `\n`; a `\r` before it is
/// dropped) is split into runs by the font that has each character (the
/// requested font, else an installed fallback: ``faces``,
/// ``missingCharacters``); each run is shaped by `hb_shape` with the line
/// as context, the script, language and direction HarfBuzz guesses, and
/// default features (kerning, ligatures).
/// HarfBuzz returns advances and offsets in 26.6 pixels (its scale is
/// size·64), divided by 64 here. Glyphs are in visual order; a pen walks
/// them left to right. No bidi reordering of mixed-direction lines.
///
/// **Rasterizing**: see `FontFace.rasterize`: unhinted outlines at their
/// exact sub-pixel origins, 8-bit anti-aliased coverage.
public struct TextLayout: Sendable {
  /// One shaped glyph.
  public struct Glyph: Hashable, Sendable {
    /// The font's glyph index (not a character code).
    public var glyphID: UInt32
    /// The face it comes from: an index into ``TextLayout/faces`` (0: the
    /// requested font).
    public var face: Int
    /// Index of the line it belongs to.
    public var line: Int
    /// HarfBuzz cluster: UTF-8 offset, in its line's text, of the first
    /// character it renders.
    public var cluster: Int
    /// Where the glyph's origin sits: pen position plus HarfBuzz offset, on
    /// the baseline, layout pixels.
    public var origin: Vector2
    /// HarfBuzz's advance in pixels (x right, y down; y is 0 for
    /// horizontal text), kerning included.
    public var advance: Vector2
    /// The tight box of the glyph's coverage in layout pixels; nil for a
    /// glyph without ink (a space).
    public var inkBox: PixelRect?
    /// The coverage inside ``inkBox`` (0×0 when it is nil).
    public var coverage: CoverageMask
  }

  /// One line of the text.
  public struct Line: Hashable, Sendable {
    /// The line's characters (without the line break).
    public var text: String
    /// Its glyphs, as indices into ``TextLayout/glyphs``.
    public var glyphRange: Range<Int>
    /// The pen's start after alignment, layout pixels.
    public var originX: Double
    /// The baseline's y, layout pixels.
    public var baselineY: Double
    /// The sum of its glyphs' advances, pixels.
    public var advanceWidth: Double
  }

  public let text: String
  public let options: TextLayoutOptions
  /// The font's line metrics at ``TextLayoutOptions/sizePixels``.
  public let metrics: FontMetrics
  /// What the font did to reach its requested width.
  public let widthTreatment: WidthTreatment
  /// The requested font first, then the installed fonts that set the
  /// characters it lacks (``TextLayoutOptions/fontFallback``).
  public let faces: [FontFace]
  /// Characters no installed font has, in order of first appearance; they
  /// show the requested font's missing-glyph box.
  public let missingCharacters: [Unicode.Scalar]
  public let lines: [Line]
  public let glyphs: [Glyph]
  /// Width (the widest line's advance) and height (first ascender to last
  /// descender) of the typographic box, pixels.
  public let typographicSize: Vector2
  /// The tight box of every glyph's coverage; nil when nothing has ink.
  public let inkBounds: PixelRect?

  /// Shapes, places and rasterizes `text`.
  ///
  /// - Parameters:
  ///   - text: Any Unicode text; `\n` separates lines.
  ///   - font: The face to set it in.
  ///   - options: Size, alignment, line spacing, coverage rule.
  /// - Throws: ``FontError`` when FreeType fails on a glyph.
  /// - Complexity: O(characters + total glyph bitmap area).
  public init(_ text: String, font: FontFace, options: TextLayoutOptions = TextLayoutOptions())
    throws
  {
    self.text = text
    self.options = options
    metrics = font.metrics(sizePixels: options.sizePixels)
    widthTreatment = font.widthTreatment

    let lineTexts = Self.splitLines(text)
    var fallback = FontFallback(primary: font)
    let lineRuns = lineTexts.map { line in
      options.fontFallback
        ? fallback.runs(of: line)
        : [FontFallback.Run(utf8: 0..<line.utf8.count, face: 0)]
    }
    faces = fallback.faces
    missingCharacters = fallback.missing
    let shaped = Self.shape(
      lineTexts, runs: lineRuns, faces: fallback.faces, sizePixels: options.sizePixels)
    let widest = shaped.map(\.width).max() ?? 0
    let pitch = metrics.lineHeight + options.extraLineSpacing

    var lines: [Line] = []
    var placed: [[(index: Int, id: UInt32, origin: Vector2)]] = Array(
      repeating: [], count: faces.count)
    var glyphs: [Glyph] = []
    for (index, line) in shaped.enumerated() {
      let originX: Double
      switch options.alignment {
      case .leading: originX = 0
      case .center: originX = (widest - line.width) / 2
      case .trailing: originX = widest - line.width
      }
      let baselineY = metrics.ascender + Double(index) * pitch
      let start = glyphs.count
      for g in line.glyphs {
        let origin = Vector2(originX + g.origin.x, baselineY + g.origin.y)
        placed[g.face].append((glyphs.count, g.id, origin))
        glyphs.append(
          Glyph(
            glyphID: g.id, face: g.face, line: index, cluster: g.cluster, origin: origin,
            advance: g.advance, inkBox: nil, coverage: CoverageMask(width: 0, height: 0)))
      }
      lines.append(
        Line(
          text: lineTexts[index], glyphRange: start..<glyphs.count, originX: originX,
          baselineY: baselineY, advanceWidth: line.width))
    }

    for (face, list) in zip(faces, placed) where !list.isEmpty {
      let rasters = try face.rasterize(
        list.map { ($0.id, $0.origin) }, sizePixels: options.sizePixels)
      for (glyph, raster) in zip(list, rasters) {
        glyphs[glyph.index].coverage = raster.coverage
        glyphs[glyph.index].inkBox = raster.box
      }
    }
    var ink: PixelRect?
    for glyph in glyphs {
      if let box = glyph.inkBox { ink = ink.map { $0.union(box) } ?? box }
    }
    self.lines = lines
    self.glyphs = glyphs
    inkBounds = ink
    typographicSize = Vector2(
      widest, Double(max(lines.count - 1, 0)) * pitch + metrics.ascender + metrics.descender)
  }

  /// The rectangle a fill is stretched to, in layout pixels, grown by
  /// `padding` on every side.
  ///
  /// - Parameters:
  ///   - kind: `.ink` (tight, the default) or `.typographic` (rounded out
  ///     to whole pixels).
  ///   - padding: Pixels added on each side, `≥ 0`.
  /// - Returns: For `.ink` with no ink, a `2·padding` square at the origin.
  public func frame(_ kind: TextFrame = .ink, padding: Int = 0) -> PixelRect {
    switch kind {
    case .ink:
      return (inkBounds ?? PixelRect(x: 0, y: 0, width: 0, height: 0)).padded(by: padding)
    case .typographic:
      let box = PixelRect(
        x: 0, y: 0, width: Int(typographicSize.x.rounded(.up)),
        height: Int(typographicSize.y.rounded(.up)))
      return box.padded(by: padding)
    }
  }

  /// The text's coverage over `rect` (layout pixels): the glyph bitmaps
  /// merged by ``TextLayoutOptions/combineRule``; 0 where no glyph is.
  ///
  /// - Parameter rect: Any rectangle of layout space, e.g. ``frame(_:padding:)``.
  /// - Returns: A mask of `rect`'s size whose (0, 0) is `rect`'s top-left.
  /// - Complexity: O(rect area + total glyph area).
  public func coverageMask(in rect: PixelRect) -> CoverageMask {
    var mask = CoverageMask(width: rect.width, height: rect.height)
    for glyph in glyphs {
      guard let box = glyph.inkBox else { continue }
      mask.combine(glyph.coverage, at: box.x - rect.x, box.y - rect.y, rule: options.combineRule)
    }
    return mask
  }

  // MARK: Shaping

  private struct ShapedGlyph {
    var id: UInt32
    var face: Int
    var cluster: Int
    /// Relative to the line's pen start on the baseline, y down.
    var origin: Vector2
    var advance: Vector2
  }

  private struct ShapedLine {
    var glyphs: [ShapedGlyph]
    var width: Double
  }

  /// The text's lines: split at U+000A, a trailing U+000D dropped.
  static func splitLines(_ text: String) -> [String] {
    text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { bytes in
      let line = bytes.last == 13 ? bytes.dropLast() : bytes[...]
      return String(decoding: line, as: UTF8.self)
    }
  }

  private static func shape(
    _ lines: [String], runs: [[FontFallback.Run]], faces: [FontFace], sizePixels: Double
  ) -> [ShapedLine] {
    let hbFonts = faces.map { $0.makeHarfBuzzFont(sizePixels: sizePixels) }
    defer { for font in hbFonts { hb_font_destroy(font) } }
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    return zip(lines, runs).map { line, runs in
      var pen = Vector2(0, 0)
      var glyphs: [ShapedGlyph] = []
      let length = Int32(line.utf8.count)
      for run in runs {
        hb_buffer_clear_contents(buffer)
        // The whole line is context; clusters stay UTF-8 offsets in the line.
        hb_buffer_add_utf8(
          buffer, line, length, UInt32(run.utf8.lowerBound), Int32(run.utf8.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFonts[run.face], buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
          let positions = hb_buffer_get_glyph_positions(buffer, &count), count > 0
        else { continue }
        glyphs.reserveCapacity(glyphs.count + Int(count))
        for i in 0..<Int(count) {
          let p = positions[i]
          // HarfBuzz's y points up; layout space's y points down.
          let offset = Vector2(Double(p.x_offset), Double(-p.y_offset)) / 64
          let advance = Vector2(Double(p.x_advance), Double(-p.y_advance)) / 64
          glyphs.append(
            ShapedGlyph(
              id: infos[i].codepoint, face: run.face, cluster: Int(infos[i].cluster),
              origin: pen + offset, advance: advance))
          pen += advance
        }
      }
      return ShapedLine(glyphs: glyphs, width: pen.x)
    }
  }
}
