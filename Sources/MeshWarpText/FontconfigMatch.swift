import CFontconfig

/// The font fontconfig chose for a pattern, and what it is.
///
/// Lookup follows fontconfig's documented sequence (fontconfig-devel,
/// "FcFontMatch"): `FcNameParse` → `FcConfigSubstitute(…, FcMatchPattern)`
/// → `FcDefaultSubstitute` → `FcFontMatch`, on the current (default)
/// configuration, which fontconfig initializes once, thread-safely, on
/// first use. The package keeps no fontconfig state of its own.
struct FontconfigMatch: Hashable, Sendable {
  /// The font file.
  var path: String
  /// `FC_INDEX`: face index, with a variable font's named instance
  /// (1-based) in the upper 16 bits.
  var faceIndex: Int
  /// Every family name the face declares (`FC_FAMILY`), primary first.
  var families: [String]
  /// `FC_STYLE`, e.g. "Bold".
  var style: String?
  /// `FC_WIDTH` in percent of normal (100 = normal, 125 = expanded), when
  /// the face states a single value.
  var widthPercent: Double?

  /// Generic family names that fontconfig resolves by substitution
  /// (fonts.conf aliases); asking for them accepts any family.
  static let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy",
    "emoji", "math",
  ]

  /// Finds the best installed font for `pattern`.
  ///
  /// fontconfig always returns its nearest font, so a family that is not
  /// installed would silently become another one. Here it is an error
  /// instead: when the pattern names families, none of them generic, the
  /// matched face must declare one of them (compared ignoring case and
  /// blanks, as fontconfig compares families).
  ///
  /// - Parameters:
  ///   - pattern: A fontconfig pattern such as `"DejaVu Sans:bold"`.
  ///   - width: With `.expanded`, `FC_WIDTH = FC_WIDTH_EXPANDED` is added
  ///     unless the pattern sets a width itself.
  /// - Throws: ``FontError/invalidPattern(_:)``,
  ///   ``FontError/familyNotFound(requested:nearestMatch:)``,
  ///   ``FontError/noFontInstalled(pattern:)``.
  static func find(pattern: String, width: FontWidth) throws -> FontconfigMatch {
    guard let query = FcNameParse(pattern) else { throw FontError.invalidPattern(pattern) }
    defer { FcPatternDestroy(query) }
    let requested = strings(query, FC_FAMILY)
    if width == .expanded && double(query, FC_WIDTH) == nil {
      FcPatternAddInteger(query, FC_WIDTH, FC_WIDTH_EXPANDED)
    }
    FcConfigSubstitute(nil, query, FcMatchPattern)
    FcDefaultSubstitute(query)
    var result = FcResultNoMatch
    guard let font = FcFontMatch(nil, query, &result) else {
      throw FontError.noFontInstalled(pattern: pattern)
    }
    defer { FcPatternDestroy(font) }
    guard let path = strings(font, FC_FILE).first else {
      throw FontError.noFontInstalled(pattern: pattern)
    }
    var index: Int32 = 0
    if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
    let match = FontconfigMatch(
      path: path, faceIndex: Int(index), families: strings(font, FC_FAMILY),
      style: strings(font, FC_STYLE).first, widthPercent: double(font, FC_WIDTH))

    let wanted = requested.map(normalizedFamily)
    if !wanted.isEmpty && !wanted.contains(where: genericFamilies.contains) {
      let offered = Set(match.families.map(normalizedFamily))
      if !wanted.contains(where: offered.contains) {
        throw FontError.familyNotFound(requested: requested[0], nearestMatch: match.families.first)
      }
    }
    return match
  }

  /// A family name lower-cased without blanks (fontconfig's
  /// `FcStrCmpIgnoreBlanksAndCase` rule).
  static func normalizedFamily(_ name: String) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "\t" })
  }

  /// All string values of `object` in `pattern`, in order.
  private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
    var values: [String] = []
    var n: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
      values.append(String(cString: value))
      n += 1
    }
    return values
  }

  /// The first value of a numeric `object` (integer or double), or nil.
  private static func double(_ pattern: OpaquePointer, _ object: String) -> Double? {
    var value = 0.0
    return FcPatternGetDouble(pattern, object, 0, &value) == FcResultMatch ? value : nil
  }
}
