import MeshWarpText
import Testing
import _TestSupport

/// Several lines: baselines from the font's metrics, alignment.
@Suite struct TextLineLayoutTests {
  @Test func baselinesFollowTheFontsLineHeight() throws {
    let font = try FontFixtures.bold()
    let size = 80.0
    let metrics = font.metrics(sizePixels: size)
    // DejaVu Sans hhea: ascender 1901, descender −483, lineGap 0 (2048 units/em).
    #expect(abs(metrics.ascender - 1901.0 / 2048 * size) <= 1.0 / 64)
    #expect(abs(metrics.descender - 483.0 / 2048 * size) <= 1.0 / 64)
    #expect(metrics.lineGap == 0)

    let extra = 7.5
    let layout = try TextLayout(
      "Mesh\n\ning", font: font, options: .init(sizePixels: size, extraLineSpacing: extra))
    #expect(layout.lines.map(\.text) == ["Mesh", "", "ing"])
    for (i, line) in layout.lines.enumerated() {
      #expect(
        abs(line.baselineY - (metrics.ascender + Double(i) * (metrics.lineHeight + extra))) < 1e-9)
    }
    #expect(
      abs(layout.typographicSize.y - (2 * (metrics.lineHeight + extra) + metrics.lineHeight)) < 1e-9
    )
    // Every glyph sits on its line's baseline (no vertical offsets in Latin).
    for glyph in layout.glyphs { #expect(glyph.origin.y == layout.lines[glyph.line].baselineY) }
  }

  @Test func alignmentPlacesLinesAcrossTheWidestLine() throws {
    let font = try FontFixtures.bold()
    let text = "Meshing\nis\nfun"
    let widest = try TextLayout("Meshing", font: font).lines[0].advanceWidth
    for alignment in LineAlignment.allCases {
      let layout = try TextLayout(text, font: font, options: .init(alignment: alignment))
      #expect(abs(layout.typographicSize.x - widest) < 1e-9)
      for line in layout.lines {
        let left = line.originX
        let right = line.originX + line.advanceWidth
        switch alignment {
        case .leading: #expect(left == 0)
        case .trailing: #expect(abs(right - widest) < 1e-9)
        case .center: #expect(abs((left + right) / 2 - widest / 2) < 1e-9)
        }
      }
    }
  }

  @Test func centredSymmetricLinesHaveEqualInkCentres() throws {
    // "I", "III" and "IIIII" are symmetric about their advance centre, so
    // centred lines' ink centres must agree within 1 px (rounding of edges).
    let layout = try TextLayout(
      "I\nIIIII\nIII", font: FontFixtures.bold(), options: .init(sizePixels: 61, alignment: .center)
    )
    var centres: [Double] = []
    for line in layout.lines {
      let boxes = layout.glyphs[line.glyphRange].compactMap(\.inkBox)
      let ink = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
      centres.append(ink.center.x)
    }
    print("centred ink centres:", centres)
    #expect(centres.max()! - centres.min()! <= 1)
  }
}
