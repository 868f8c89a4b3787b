/// Which font to load: a fontconfig pattern or a font file.
public enum FontSpecifier: Hashable, Sendable, CustomStringConvertible {
  /// A fontconfig pattern, `"Family:style"` or any form `fc-match` accepts
  /// (`"DejaVu Sans:bold"`, `"sans-serif:weight=200"`).
  case pattern(String)
  /// A font file (TrueType, OpenType, a collection) and the face index in
  /// it (0 for a single-face file; fontconfig's upper 16 bits select a
  /// variable font's named instance, 1-based).
  case file(path: String, faceIndex: Int = 0)

  /// The package's default: a bold sans-serif on a fresh Debian machine
  /// (fonts-dejavu-core ships DejaVu Sans Bold). Where DejaVu Sans is not
  /// installed, `FontFace/init(_:width:)` falls back to fontconfig's
  /// `"sans-serif:bold"`.
  public static let defaultBoldSans = FontSpecifier.pattern("DejaVu Sans:bold")

  /// Reads a command-line argument: a path when it contains `/` or ends in a
  /// font file extension (`.ttf`, `.otf`, `.ttc`, `.otc`, case-insensitive),
  /// otherwise a fontconfig pattern.
  public init(argument: String) {
    let lower = argument.lowercased()
    if argument.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains(where: lower.hasSuffix) {
      self = .file(path: argument)
    } else {
      self = .pattern(argument)
    }
  }

  public var description: String {
    switch self {
    case .pattern(let pattern): return "font \"\(pattern)\""
    case .file(let path, let index):
      return index == 0 ? "font file \(path)" : "font file \(path) #\(index)"
    }
  }
}
