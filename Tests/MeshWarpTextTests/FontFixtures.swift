import CFreeType
import Foundation
import MeshWarpText
import _TestSupport

/// Font files of fonts-dejavu-core, present on the Debian machines the
/// tests run on.
enum FontFixtures {
  static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"
  static let dejaVuSansBold = dejaVuDirectory + "/DejaVuSans-Bold.ttf"
  static let dejaVuSansCondensedBold = dejaVuDirectory + "/DejaVuSansCondensed-Bold.ttf"

  static func bold(_ width: FontWidth = .standard) throws -> FontFace {
    try FontFace(.file(path: dejaVuSansBold), width: width)
  }

  /// An independent FreeType reference: the glyph index of `scalar` and its
  /// unhinted advance in pixels (`linearHoriAdvance`, 16.16) at
  /// `sizePixels` per em, read with a FreeType library of the test's own.
  static func freeTypeAdvance(_ scalar: Unicode.Scalar, path: String, sizePixels: Double) -> (
    glyph: UInt32, advance: Double
  ) {
    var library: FT_Library?
    precondition(FT_Init_FreeType(&library) == 0)
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    precondition(FT_New_Face(library, path, 0, &face) == 0)
    defer { FT_Done_Face(face) }
    precondition(FT_Set_Char_Size(face, 0, Int((sizePixels * 64).rounded()), 72, 72) == 0)
    let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
    precondition(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING)) == 0)
    return (glyph, Double(face!.pointee.glyph.pointee.linearHoriAdvance) / 65536)
  }
}
