import MeshWarpRender
import MeshWarpText
import Testing
import _TestSupport

/// FreeType coverage through `TextLayout`: boxes, bounds, anti-aliasing.
@Suite struct TextCoverageTests {
  @Test func glyphBoxesInsideInkBoundsInsideMask() throws {
    let layout = try TextLayout(
      "Meshing", font: FontFixtures.bold(), options: .init(sizePixels: 150))
    let ink = try #require(layout.inkBounds)
    var union: PixelRect?
    for glyph in layout.glyphs {
      let box = try #require(glyph.inkBox)
      #expect(ink.contains(box))
      #expect(glyph.coverage.width == box.width && glyph.coverage.height == box.height)
      // Tight: the glyph's own coverage reaches every side of its box.
      #expect(
        glyph.coverage.inkBounds == PixelRect(x: 0, y: 0, width: box.width, height: box.height))
      union = union.map { $0.union(box) } ?? box
    }
    #expect(union == ink)
    // Ink lies inside the typographic box for this text (no overhangs).
    #expect(layout.frame(.typographic).contains(ink))

    let padding = 5
    let frame = layout.frame(.ink, padding: padding)
    let mask = layout.coverageMask(in: frame)
    #expect(mask.width == ink.width + 2 * padding && mask.height == ink.height + 2 * padding)
    #expect(
      mask.inkBounds == PixelRect(x: padding, y: padding, width: ink.width, height: ink.height))
  }

  @Test func filledLetterIsSolidInsideZeroOutsideAntiAliasedAtEdges() throws {
    // "I" of DejaVu Sans Bold is a plain rectangle; "■" (U+25A0) a square.
    for text in ["I", "\u{25A0}"] {
      let layout = try TextLayout(
        text, font: FontFixtures.bold(), options: .init(sizePixels: 100.3))
      let frame = layout.frame(.ink, padding: 3)
      let mask = layout.coverageMask(in: frame)
      let ink = try #require(mask.inkBounds)
      #expect(ink.width > 10 && ink.height > 40, "\(text): ink \(ink)")
      // Interior (2 px in from the ink box): fully covered.
      var interiorMin: UInt8 = 255
      for y in (ink.y + 2)..<(ink.maxY - 2) {
        for x in (ink.x + 2)..<(ink.maxX - 2) { interiorMin = min(interiorMin, mask[x, y]) }
      }
      #expect(interiorMin == 255, "\(text): interior minimum \(interiorMin)")
      // Outside the ink box: nothing.
      for y in 0..<mask.height {
        for x in 0..<mask.width where !ink.contains(PixelRect(x: x, y: y, width: 1, height: 1)) {
          #expect(mask[x, y] == 0)
        }
      }
      // At 100.3 px the edges fall between pixels: partial coverage exists,
      // and only on the box's border rows/columns.
      var partial = 0
      for y in ink.y..<ink.maxY {
        for x in ink.x..<ink.maxX where mask[x, y] > 0 && mask[x, y] < 255 {
          partial += 1
          #expect(x <= ink.x + 1 || x >= ink.maxX - 2 || y <= ink.y + 1 || y >= ink.maxY - 2)
        }
      }
      #expect(partial > 0, "\(text): no anti-aliased edge")
    }
  }

  @Test func subpixelOriginMovesTheCoverageCentroid() throws {
    // The stem of "I" after a space sits at a fractional origin. With exact
    // area coverage, a row through the stem has its coverage-weighted
    // centroid at origin + (stem centre), whatever the fraction, so the
    // centroid relative to the origin must agree between the two layouts.
    let font = try FontFixtures.bold()
    func stemCentroid(_ glyph: TextLayout.Glyph) -> Double {
      let box = glyph.inkBox!
      let y = box.height / 2
      var weight = 0.0
      var moment = 0.0
      for x in 0..<box.width {
        let c = Double(glyph.coverage[x, y]) / 255
        weight += c
        moment += (Double(x) + 0.5) * c
      }
      return Double(box.x) + moment / weight - glyph.origin.x
    }
    for size in [100.0, 90.0] {
      let a = try TextLayout("I", font: font, options: .init(sizePixels: size)).glyphs[0]
      let b = try TextLayout(" I", font: font, options: .init(sizePixels: size)).glyphs[1]
      let fraction = b.origin.x - b.origin.x.rounded(.down)
      print(
        "size \(size): origin fraction \(fraction), centroids \(stemCentroid(a)) \(stemCentroid(b))"
      )
      #expect(fraction > 0.1 && fraction < 0.9, "the test needs a fractional origin")
      #expect(abs(stemCentroid(a) - stemCentroid(b)) < 0.02)
    }
  }

  @Test func blankTextHasNoInk() throws {
    let layout = try TextLayout("  \n ", font: FontFixtures.bold())
    #expect(layout.inkBounds == nil)
    #expect(layout.glyphs.allSatisfy { $0.inkBox == nil })
    #expect(layout.frame(.ink, padding: 2) == PixelRect(x: -2, y: -2, width: 4, height: 4))
    #expect(layout.coverageMask(in: layout.frame(.ink, padding: 2)).inkBounds == nil)
  }
}
