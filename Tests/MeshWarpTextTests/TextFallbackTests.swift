import Foundation
import MeshWarpText
import Testing
import _TestSupport

/// U+1D49C MATHEMATICAL SCRIPT CAPITAL A: DejaVu Sans lacks it; DejaVu Math
/// TeX Gyre (fonts-dejavu-extra) has it.
private let scriptA: Unicode.Scalar = "\u{1D49C}"
private let hasScriptAFont = !fontFamilies(with: scriptA).isEmpty
/// U+E000, a private-use character no Debian font package draws.
private let privateUse: Unicode.Scalar = "\u{E000}"
private let privateUseIsMissing =
  fontFamilies(with: privateUse).isEmpty && !fontFamilies(with: "A").isEmpty
/// U+4E2D 中, when a CJK font is installed (fonts-wqy-microhei, fonts-noto-cjk).
private let hasCJKFont = !fontFamilies(with: "\u{4E2D}").isEmpty

/// Characters the font lacks: set in another installed font, per run,
/// or named as missing.
@Suite struct TextFallbackTests {
  @Test(.enabled(if: hasScriptAFont, "needs a font with U+1D49C (fonts-dejavu-extra)"))
  func aCharacterTheFontLacksComesFromAnotherFont() throws {
    let font = try FontFixtures.bold()
    #expect(!font.hasCharacter(scriptA))
    let layout = try TextLayout("A\u{1D49C}\u{1D49C}B", font: font, options: .init(sizePixels: 40))
    #expect(layout.faces.count == 2)
    let fallback = layout.faces[1]
    #expect(fallback.hasCharacter(scriptA))
    #expect(fontFamilies(with: scriptA).contains { $0.contains(fallback.family) })
    #expect(layout.missingCharacters.isEmpty)
    // Runs: A (face 0), the two script letters (face 1), B (face 0);
    // clusters stay UTF-8 offsets in the line.
    #expect(layout.glyphs.map(\.face) == [0, 1, 1, 0])
    #expect(layout.glyphs.map(\.cluster) == [0, 1, 5, 9])
    for glyph in layout.glyphs {
      #expect(glyph.glyphID != 0)
      #expect(glyph.inkBox != nil)
    }
    // The pen walks through both fonts' advances.
    for i in 1..<4 {
      let expected = layout.glyphs[i - 1].origin.x + layout.glyphs[i - 1].advance.x
      #expect(abs(layout.glyphs[i].origin.x - expected) < 1e-9)
    }

    // Without fallback the requested font draws its missing-glyph box (glyph 0).
    let plain = try TextLayout(
      "A\u{1D49C}", font: font, options: .init(sizePixels: 40, fontFallback: false))
    #expect(plain.faces.count == 1)
    #expect(plain.glyphs.map(\.glyphID)[1] == 0)
  }

  @Test(.enabled(if: hasScriptAFont, "needs a font with U+1D49C (fonts-dejavu-extra)"))
  func fallbackFacesKeepTheRequestedStretch() throws {
    let wide = try FontFace(.file(path: FontFixtures.dejaVuSansBold), stretch: 1.5)
    let layout = try TextLayout("\u{1D49C}", font: wide, options: .init(sizePixels: 40))
    #expect(layout.faces.count == 2)
    #expect(layout.faces[1].widthTreatment == .stretched(horizontalScale: 1.5))
    let normal = try TextLayout(
      "\u{1D49C}", font: FontFixtures.bold(), options: .init(sizePixels: 40))
    #expect(abs(layout.glyphs[0].advance.x / normal.glyphs[0].advance.x - 1.5) < 0.02)
  }

  @Test(.enabled(if: privateUseIsMissing, "needs U+E000 to be in no installed font"))
  func aCharacterNoFontHasIsNamed() throws {
    let layout = try TextLayout(
      "a\u{E000}b\u{E000}", font: FontFixtures.bold(), options: .init(sizePixels: 40))
    #expect(layout.missingCharacters == [privateUse])
    #expect(layout.faces.count == 1)
    #expect(layout.glyphs.map(\.face) == [0, 0, 0, 0])
    #expect(layout.glyphs[1].glyphID == 0)
  }

  @Test func marksStayWithTheirBaseAndSpacesNeedNoFallback() throws {
    // e + combining acute: one cluster in one font; a tab and spaces are no
    // "missing" characters.
    let layout = try TextLayout(
      "e\u{301} \u{200D}x", font: FontFixtures.bold(), options: .init(sizePixels: 40))
    #expect(layout.faces.count == 1)
    #expect(layout.missingCharacters.isEmpty)
  }

  @Test(.enabled(if: hasCJKFont, "needs a CJK font (fonts-wqy-microhei or fonts-noto-cjk)"))
  func chineseComesFromACJKFont() throws {
    let layout = try TextLayout(
      "Mesh 中文", font: FontFixtures.bold(), options: .init(sizePixels: 40))
    #expect(layout.missingCharacters.isEmpty)
    #expect(layout.faces.count == 2)
    #expect(layout.glyphs.suffix(2).allSatisfy { $0.face == 1 && $0.glyphID != 0 })
    #expect(layout.glyphs.suffix(2).allSatisfy { $0.inkBox != nil })
  }
}
