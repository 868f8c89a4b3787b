import MeshWarpText
import Testing
import _TestSupport

/// HarfBuzz shaping through `TextLayout`: glyphs, advances, kerning.
@Suite struct TextShapingTests {
  @Test func meshingHasSevenGlyphsInOrderWithPositiveAdvances() throws {
    let size = 150.0
    let layout = try TextLayout(
      "Meshing", font: FontFixtures.bold(), options: .init(sizePixels: size))
    #expect(layout.glyphs.count == 7)
    #expect(layout.lines.count == 1)
    // Glyph ids match FreeType's own cmap lookup, in reading order.
    for (glyph, scalar) in zip(layout.glyphs, "Meshing".unicodeScalars) {
      let reference = FontFixtures.freeTypeAdvance(
        scalar, path: FontFixtures.dejaVuSansBold, sizePixels: size)
      #expect(glyph.glyphID == reference.glyph, "glyph for \(scalar)")
      #expect(glyph.advance.x > 0 && glyph.advance.y == 0)
    }
    #expect(layout.glyphs.map(\.cluster) == Array(0..<7))
    // Pen walks the advances: each origin is the previous origin + advance.
    for i in 1..<7 {
      let expected = layout.glyphs[i - 1].origin.x + layout.glyphs[i - 1].advance.x
      #expect(abs(layout.glyphs[i].origin.x - expected) < 1e-9)
    }
    let sum = layout.glyphs.reduce(0) { $0 + $1.advance.x }
    #expect(abs(layout.lines[0].advanceWidth - sum) < 1e-9)
    #expect(abs(layout.typographicSize.x - sum) < 1e-9)
  }

  @Test func advancesAgreeWithFreeTypesLinearAdvance() throws {
    // HarfBuzz advances are rounded to 1/64 px; FreeType's linear advance
    // is 16.16. Agreement within 1/64 px checks size, units and scale.
    for size in [12.0, 50, 150, 333.5] {
      let font = try FontFixtures.bold()
      for character in ["I", "H", "o", "W"] {
        let layout = try TextLayout(character, font: font, options: .init(sizePixels: size))
        let reference = FontFixtures.freeTypeAdvance(
          character.unicodeScalars.first!, path: FontFixtures.dejaVuSansBold, sizePixels: size)
        #expect(layout.glyphs.count == 1)
        #expect(
          abs(layout.glyphs[0].advance.x - reference.advance) <= 1.0 / 64 + 1e-9,
          "\(character) at \(size) px: \(layout.glyphs[0].advance.x) vs \(reference.advance)")
      }
    }
  }

  @Test func kerningPairsSurviveShapingAndLineSplitting() throws {
    let font = try FontFixtures.bold()
    let alone = try TextLayout("A", font: font).glyphs[0].advance.x
    let pair = try TextLayout("AV", font: font)
    let kerned = pair.glyphs[0].advance.x
    print("A alone \(alone) px, A before V \(kerned) px")
    #expect(kerned < alone - 1, "DejaVu Sans Bold kerns A-V")
    // Each line is shaped whole: the same kerning on every line.
    let twoLines = try TextLayout("AV\r\nAV", font: font)
    #expect(twoLines.lines.count == 2)
    #expect(twoLines.lines.map(\.text) == ["AV", "AV"])
    #expect(
      twoLines.glyphs.map(\.advance) == pair.glyphs.map(\.advance) + pair.glyphs.map(\.advance))
  }
}
