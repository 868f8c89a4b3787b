import MeshWarpText
import Testing
import _TestSupport

/// The blog's "expanded" width: a wide face when there is one, else a
/// synthesized horizontal scale.
@Suite struct FontWidthTests {
  @Test func dejaVuHasNoWideFaceSoExpansionIsSynthesized() throws {
    let face = try FontFace(.pattern("DejaVu Sans:bold"), width: .expanded)
    print("fontconfig matched \"DejaVu Sans:bold\" expanded:", face)
    #expect(face.path == FontFixtures.dejaVuSansBold)
    #expect(face.widthTreatment == .synthesized(faceWidthPercent: 100, horizontalScale: 1.25))
    #expect(face.widthTreatment.horizontalScale == 1.25)
  }

  @Test func synthesisScalesAdvancesAndInkByTheFactor() throws {
    let size = 150.0
    let normal = try TextLayout(
      "Meshing", font: FontFixtures.bold(), options: .init(sizePixels: size))
    let wide = try TextLayout(
      "Meshing", font: FontFixtures.bold(.expanded), options: .init(sizePixels: size))
    #expect(wide.widthTreatment.horizontalScale == 1.25)
    for (n, w) in zip(normal.glyphs, wide.glyphs) {
      #expect(n.glyphID == w.glyphID)
      // Each advance is rounded to 1/64 px by HarfBuzz at both scales.
      #expect(abs(w.advance.x - 1.25 * n.advance.x) <= 1.25 / 64 + 1.0 / 64)
      // Ink widths scale too (±2 px: each edge rounds out to a pixel).
      #expect(abs(Double(w.inkBox!.width) - 1.25 * Double(n.inkBox!.width)) <= 2)
      #expect(w.inkBox!.height == n.inkBox!.height)
    }
    #expect(abs(wide.typographicSize.x - 1.25 * normal.typographicSize.x) <= 7 * 2.25 / 64)
    #expect(wide.metrics == normal.metrics)
  }

  @Test func narrowerFaceIsScaledTo125Percent() throws {
    // The condensed face says width 87 (fontconfig) / 87.5 (OS/2 class 4):
    // the factor is 125 / that width.
    let viaFontconfig = try FontFace(.pattern("DejaVu Sans Condensed:bold"), width: .expanded)
    let viaFile = try FontFace(.file(path: FontFixtures.dejaVuSansCondensedBold), width: .expanded)
    print("condensed expanded:", viaFontconfig.widthTreatment, "|", viaFile.widthTreatment)
    #expect(viaFontconfig.path == FontFixtures.dejaVuSansCondensedBold)
    #expect(
      viaFontconfig.widthTreatment
        == .synthesized(faceWidthPercent: 87, horizontalScale: 125.0 / 87))
    #expect(
      viaFile.widthTreatment == .synthesized(faceWidthPercent: 87.5, horizontalScale: 125.0 / 87.5))
  }

  @Test func standardWidthIsAsDesigned() throws {
    #expect(try FontFixtures.bold().widthTreatment == .asDesigned)
    #expect(try FontFixtures.bold().widthTreatment.horizontalScale == 1)
  }
}
