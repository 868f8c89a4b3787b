import CFreeType
import CHarfBuzz
import Foundation

/// A font face loaded for shaping (HarfBuzz) and rasterizing (FreeType).
///
/// Each face owns its resources and frees them in `deinit`: its own
/// `FT_Library` and `FT_Face` (FreeType objects are not thread-safe, so
/// every FreeType call runs under the face's lock), and a HarfBuzz
/// `hb_face_t` read from the same file and face index (immutable, safe to
/// share). fontconfig is used only during lookup; nothing global is kept.
/// The face is therefore `Sendable`; concurrent layouts with one face
/// serialize on its rasterizer.
public final class FontFace: @unchecked Sendable, CustomStringConvertible {
  /// The font file.
  public let path: String
  /// The face index in the file (upper 16 bits: named instance, 1-based).
  public let faceIndex: Int
  /// The face's primary family name, e.g. "DejaVu Sans".
  public let family: String
  /// The face's style name, e.g. "Bold".
  public let style: String
  /// How the requested width was reached (wide face or synthesized).
  public let widthTreatment: WidthTreatment
  /// Design units per em (`head.unitsPerEm`).
  public let unitsPerEm: Int
  /// Whether the face declares itself bold (FreeType's style flags).
  public let isBold: Bool
  /// Whether the face declares itself italic or oblique.
  public let isItalic: Bool

  private let lock = NSLock()
  private let library: FT_Library
  private let face: FT_Face
  /// The 26.6 char size FreeType is set to; guarded by `lock`.
  private var freeTypeCharSize: Int = -1
  let harfBuzzFace: OpaquePointer

  /// Finds and loads a face.
  ///
  /// - Parameters:
  ///   - specifier: A fontconfig pattern or a file path; by default the
  ///     bold sans ``FontSpecifier/defaultBoldSans`` (DejaVu Sans Bold),
  ///     falling back to fontconfig's `"sans-serif:bold"` when DejaVu Sans
  ///     is not installed.
  ///   - width: `.expanded` asks fontconfig for `FC_WIDTH_EXPANDED`; when
  ///     the face found is narrower, the expansion is synthesized (see
  ///     ``WidthTreatment``). For a file, the face's OS/2 width class
  ///     decides.
  ///   - stretch: A horizontal scale to apply whatever the face's width
  ///     (``WidthTreatment/stretched(horizontalScale:)``), e.g. 1.25 for
  ///     the MeshGradient blog post's expanded look on any font; finite and
  ///     `> 0`. When given, `width` must be `.standard`.
  /// - Throws: ``FontError``: the family is not installed, the file is
  ///   missing or not a readable scalable font (the error names the path).
  public convenience init(
    _ specifier: FontSpecifier = .defaultBoldSans, width: FontWidth = .standard,
    stretch: Double? = nil
  )
    throws
  {
    precondition(
      stretch.map { $0 > 0 && $0.isFinite && width == .standard } ?? true,
      "stretch must be finite and > 0, with width .standard")
    switch specifier {
    case .pattern(let pattern):
      let match: FontconfigMatch
      do {
        match = try FontconfigMatch.find(pattern: pattern, width: width)
      } catch FontError.familyNotFound where specifier == .defaultBoldSans {
        match = try FontconfigMatch.find(pattern: "sans-serif:bold", width: width)
      }
      try self.init(
        path: match.path, faceIndex: match.faceIndex, width: width,
        fontconfigWidthPercent: match.widthPercent, family: match.families.first,
        style: match.style,
        stretch: stretch)
    case .file(let path, let faceIndex):
      try self.init(
        path: path, faceIndex: faceIndex, width: width, fontconfigWidthPercent: nil, family: nil,
        style: nil, stretch: stretch)
    }
  }

  /// A fallback face (``FontFallback``) for characters `primary` lacks,
  /// stretched as `primary` is so that the text keeps one width.
  convenience init(fallbackFile path: String, faceIndex: Int, like primary: FontFace) throws {
    let scale = primary.widthTreatment.horizontalScale
    try self.init(
      path: path, faceIndex: faceIndex, width: .standard, fontconfigWidthPercent: nil,
      family: nil, style: nil, stretch: scale == 1 ? nil : scale)
  }

  private init(
    path: String, faceIndex: Int, width: FontWidth, fontconfigWidthPercent: Double?,
    family: String?, style: String?, stretch: Double?
  ) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw FontError.fileNotFound(path: path)
    }
    guard !isDirectory.boolValue else {
      throw FontError.unreadableFont(path: path, reason: "it is a directory")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw FontError.unreadableFont(path: path, reason: "permission denied")
    }

    var library: FT_Library?
    let initError = FT_Init_FreeType(&library)
    guard initError == 0, let library else {
      throw FontError.freeTypeFailure(operation: "initialize", path: path, code: initError)
    }
    var face: FT_Face?
    let openError = FT_New_Face(library, path, faceIndex, &face)
    guard openError == 0, let face else {
      FT_Done_FreeType(library)
      throw FontError.unreadableFont(path: path, reason: freeTypeErrorText(openError))
    }
    guard face.pointee.face_flags & FT_FACE_FLAG_SCALABLE != 0 else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw FontError.unreadableFont(path: path, reason: "not a scalable (outline) font")
    }
    let harfBuzzFace: OpaquePointer? = hb_blob_create_from_file_or_fail(path).flatMap { blob in
      defer { hb_blob_destroy(blob) }
      let hbFace = hb_face_create(blob, UInt32(faceIndex & 0xFFFF))
      if hb_face_get_glyph_count(hbFace) == 0 {
        hb_face_destroy(hbFace)
        return nil
      }
      hb_face_make_immutable(hbFace)
      return hbFace
    }
    guard let harfBuzzFace else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw FontError.unreadableFont(path: path, reason: "HarfBuzz finds no glyphs in it")
    }

    self.library = library
    self.face = face
    self.harfBuzzFace = harfBuzzFace
    self.path = path
    self.faceIndex = faceIndex
    self.family = family ?? face.pointee.family_name.map { String(cString: $0) } ?? "(unnamed)"
    self.style = style ?? face.pointee.style_name.map { String(cString: $0) } ?? "Regular"
    self.unitsPerEm = Int(face.pointee.units_per_EM)
    let faceWidth = fontconfigWidthPercent ?? Self.os2WidthPercent(face) ?? 100
    self.isBold = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
    self.isItalic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
    switch width {
    case _ where stretch != nil:
      widthTreatment = .stretched(horizontalScale: stretch!)
    case .standard:
      widthTreatment = .asDesigned
    case .expanded where faceWidth >= FontWidth.expandedPercent:
      widthTreatment = .wideFace(widthPercent: faceWidth)
    case .expanded:
      widthTreatment = .synthesized(
        faceWidthPercent: faceWidth, horizontalScale: FontWidth.expandedPercent / faceWidth)
    }
  }

  deinit {
    hb_face_destroy(harfBuzzFace)
    FT_Done_Face(face)
    FT_Done_FreeType(library)
  }

  public var description: String {
    let index = faceIndex == 0 ? "" : " #\(faceIndex)"
    return "\(family) \(style) (\(path)\(index)), \(widthTreatment)"
  }

  /// The OS/2 table's width class as percent of normal, or nil without one.
  ///
  /// Classes 1…9 are 50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200 %
  /// (OpenType spec, OS/2 `usWidthClass`).
  private static func os2WidthPercent(_ face: FT_Face) -> Double? {
    guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return nil }
    let widthClass = Int(table.assumingMemoryBound(to: TT_OS2.self).pointee.usWidthClass)
    let percents: [Double] = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]
    return (1...9).contains(widthClass) ? percents[widthClass - 1] : nil
  }

  /// Whether the face maps `scalar` to a glyph (its cmap has it).
  public func hasCharacter(_ scalar: Unicode.Scalar) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
  }

  /// Runs `body` with the FreeType face set to `sizePixels` per em, under
  /// the face's lock. FreeType objects must not escape `body`.
  func withFreeTypeFace<T>(sizePixels: Double, _ body: (FT_Face) throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    let charSize = Int((sizePixels * 64).rounded())
    if charSize != freeTypeCharSize {
      // 72 dpi makes one point one pixel: the em is `sizePixels` pixels.
      let error = FT_Set_Char_Size(face, 0, charSize, 72, 72)
      guard error == 0 else {
        throw FontError.freeTypeFailure(
          operation: "set the size \(sizePixels) px", path: path, code: error)
      }
      freeTypeCharSize = charSize
    }
    return try body(face)
  }
}
