/// Why a font could not be found, loaded or used.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// fontconfig could not parse the pattern.
  case invalidPattern(String)
  /// No installed font has the requested family; `nearestMatch` is the
  /// family fontconfig would have substituted (it always returns a font).
  case familyNotFound(requested: String, nearestMatch: String?)
  /// fontconfig returned no font at all (no fonts installed).
  case noFontInstalled(pattern: String)
  /// The font file does not exist.
  case fileNotFound(path: String)
  /// The file exists but FreeType or HarfBuzz cannot read it as a font.
  case unreadableFont(path: String, reason: String)
  /// FreeType failed while setting the size or rendering a glyph.
  case freeTypeFailure(operation: String, path: String, code: Int32)

  public var description: String {
    switch self {
    case .invalidPattern(let pattern):
      return "fontconfig cannot parse the font pattern \"\(pattern)\""
    case .familyNotFound(let requested, let nearest):
      let hint = nearest.map { " (fontconfig's nearest match is \"\($0)\")" } ?? ""
      return
        "font family \"\(requested)\" is not installed\(hint); `fc-list : family` lists the installed families, or pass a font file path"
    case .noFontInstalled(let pattern):
      return
        "fontconfig found no font at all for \"\(pattern)\"; install one (e.g. fonts-dejavu-core)"
    case .fileNotFound(let path):
      return "font file not found: \(path)"
    case .unreadableFont(let path, let reason):
      return "cannot read font file \(path): \(reason)"
    case .freeTypeFailure(let operation, let path, let code):
      return "FreeType failed to \(operation) for \(path): \(freeTypeErrorText(code))"
    }
  }
}

/// A short text for common FreeType error codes (fterrdef.h); FreeType's
/// own `FT_Error_String` is compiled out of some distribution builds.
func freeTypeErrorText(_ code: Int32) -> String {
  let known: [Int32: String] = [
    0x01: "cannot open resource", 0x02: "unknown file format", 0x03: "broken file",
    0x06: "invalid argument", 0x07: "unimplemented feature", 0x08: "broken table",
    0x10: "invalid glyph index", 0x12: "unsupported glyph image format",
    0x13: "cannot render glyph", 0x17: "invalid pixel size", 0x40: "out of memory",
    0x51: "cannot open stream", 0x55: "invalid stream operation", 0x58: "invalid frame read",
    0x8E: "table missing", 0x97: "invalid ppem",
  ]
  let digits = String(code, radix: 16, uppercase: true)
  let hex = "0x" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits
  return known[code].map { "\($0) (FreeType error \(hex))" } ?? "FreeType error \(hex)"
}
