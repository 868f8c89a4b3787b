import CFontconfig
import CFreeType

/// Characters a font lacks, set in other installed fonts.
///
/// A line is split into runs of characters, each run set in the first font
/// that has all of it: the requested font when it has the character,
/// otherwise the first font of fontconfig's fallback list
/// (`FcFontSort` on the requested font's family, weight and slant — the
/// order fontconfig's own clients such as Pango use) whose character set
/// (`FC_CHARSET`) holds it. Marks, joiners and variation selectors stay in
/// the run of the character before them, so a cluster is never split
/// between fonts. A character no installed font has stays with the
/// requested font (it draws that font's missing-glyph box) and is listed
/// in ``TextLayout/missingCharacters``.
struct FontFallback {
  /// The requested font first, then the fallback faces in the order they
  /// were first needed.
  private(set) var faces: [FontFace]
  /// Characters no installed font has, in order of first appearance.
  private(set) var missing: [Unicode.Scalar] = []
  /// Fallback font files found so far (path, face index) → index in `faces`.
  private var loaded: [String: Int] = [:]
  /// Each character looked up so far → its face index (nil: none has it).
  private var chosen: [Unicode.Scalar: Int?] = [:]
  /// fontconfig's fallback list, fetched on first need.
  private var candidates: [(path: String, index: Int, charset: FontCharacterSet)]?

  init(primary: FontFace) { faces = [primary] }

  /// One run of a line: its UTF-8 byte range and the face (index into
  /// ``faces``) that sets it.
  struct Run: Equatable {
    var utf8: Range<Int>
    var face: Int
  }

  /// Splits `line` into runs by the font that has each character.
  mutating func runs(of line: String) -> [Run] {
    var runs: [Run] = []
    var offset = 0
    for scalar in line.unicodeScalars {
      let length = String(scalar).utf8.count
      defer { offset += length }
      let face: Int
      if let last = runs.last, Self.followsPrevious(scalar) {
        face = last.face
      } else {
        face = self.face(for: scalar)
      }
      if let last = runs.last, last.face == face {
        runs[runs.count - 1].utf8 = last.utf8.lowerBound..<(offset + length)
      } else {
        runs.append(Run(utf8: offset..<(offset + length), face: face))
      }
    }
    return runs
  }

  /// Combining marks, joiners, variation selectors and other format
  /// characters belong with the character before them.
  static func followsPrevious(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
    default: return scalar.properties.isVariationSelector
    }
  }

  /// Characters that draw nothing and need no font (controls, spaces are
  /// drawn by any font; a missing one is not worth a warning).
  static func needsNoGlyph(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return scalar.properties.isVariationSelector
    }
  }

  private mutating func face(for scalar: Unicode.Scalar) -> Int {
    if faces[0].hasCharacter(scalar) || Self.needsNoGlyph(scalar) { return 0 }
    if let known = chosen[scalar] { return known ?? 0 }
    let found = fallbackFace(for: scalar)
    chosen[scalar] = found
    if found == nil { missing.append(scalar) }
    return found ?? 0
  }

  private mutating func fallbackFace(for scalar: Unicode.Scalar) -> Int? {
    if candidates == nil { candidates = Self.fallbackList(for: faces[0]) }
    for candidate in candidates ?? [] where candidate.charset.contains(scalar) {
      let key = "\(candidate.path)#\(candidate.index)"
      if let index = loaded[key] { return index }
      if candidate.path == faces[0].path && candidate.index == faces[0].faceIndex { continue }
      guard
        let face = try? FontFace(
          fallbackFile: candidate.path, faceIndex: candidate.index, like: faces[0]),
        face.hasCharacter(scalar)
      else { continue }
      faces.append(face)
      loaded[key] = faces.count - 1
      return faces.count - 1
    }
    return nil
  }

  /// fontconfig's fonts in fallback order for a face like `primary`.
  private static func fallbackList(for primary: FontFace)
    -> [(path: String, index: Int, charset: FontCharacterSet)]
  {
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, primary.family)
    FcPatternAddInteger(pattern, FC_WEIGHT, primary.isBold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
    FcPatternAddInteger(pattern, FC_SLANT, primary.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let set = FcFontSort(nil, pattern, FcFalse, nil, &result) else { return [] }
    defer { FcFontSetDestroy(set) }
    var list: [(path: String, index: Int, charset: FontCharacterSet)] = []
    for i in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[i] else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      var charset: OpaquePointer?
      guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
        FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
      else { continue }
      var index: Int32 = 0
      if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
      list.append((String(cString: file), Int(index), FontCharacterSet(copying: charset)))
    }
    return list
  }
}

/// A copy of a fontconfig character set, owned (freed when released).
final class FontCharacterSet {
  private let set: OpaquePointer

  init(copying set: OpaquePointer) { self.set = FcCharSetCopy(set) }
  deinit { FcCharSetDestroy(set) }

  func contains(_ scalar: Unicode.Scalar) -> Bool { FcCharSetHasChar(set, scalar.value) != 0 }
}
