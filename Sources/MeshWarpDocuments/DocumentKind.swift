import MeshWarpFiles

/// What a MeshWarp JSON document holds, told by its keys: the one rule
/// that every reader (the command line, the editor, the library) applies.
///
/// | keys at the top level | kind |
/// | --- | --- |
/// | `"keyframes"` (first keyframe has `"gradient"`) | ``gradientKeyframes`` |
/// | `"keyframes"` (first keyframe has `"effect"`) | ``effectKeyframes`` |
/// | `"keyframes"` | ``meshKeyframes`` |
/// | `"effect"` | ``effect`` |
/// | `"colors"`, `"points"` or `"bezierPoints"` | ``gradient`` |
/// | `"a"`, `"b"`, `"warpEasing"` or `"dissolveEasing"` | ``morph`` |
/// | `"faces"`, `"columns"` or `"rows"` | ``mesh`` |
/// | anything else (`"from"`, `"to"`) | ``pointSet`` |
public enum DocumentKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A warp mesh: faces over point pairs, or a grid shorthand.
  case mesh
  /// Point pairs without faces, warped along a thin-plate spline.
  case pointSet
  /// A mesh gradient (`MeshGradient`'s parameters).
  case gradient
  /// Meshes over time: `{"keyframes": [{"time": 0, "mesh": …}, …]}`.
  case meshKeyframes
  /// Gradients over time: `{"keyframes": [{"time": 0, "gradient": …}, …]}`.
  case gradientKeyframes
  /// One effect, drawn at any picture's size: `{"effect": {"kind": "twirl", …}}`.
  case effect
  /// Effects over time: `{"keyframes": [{"time": 0, "effect": …}, …]}`.
  case effectKeyframes
  /// A morph between two pictures: the same features' points in each,
  /// `{"columns": 5, "rows": 5, "a": […], "b": […]}` (`MorphDocument`).
  case morph

  /// The kinds a warp takes: a mesh, a point set, an effect or keyframes
  /// of meshes or effects.
  public static let warps: Set<DocumentKind> = [
    .mesh, .pointSet, .meshKeyframes, .effect, .effectKeyframes,
  ]
  /// The kinds a gradient fill takes: a gradient or gradient keyframes.
  public static let gradients: Set<DocumentKind> = [.gradient, .gradientKeyframes]

  /// The kind in words, as messages name it ("mesh keyframe file").
  public var description: String {
    switch self {
    case .mesh: "mesh"
    case .pointSet: "point set"
    case .gradient: "gradient"
    case .meshKeyframes: "mesh keyframe file"
    case .gradientKeyframes: "gradient keyframe file"
    case .effect: "effect"
    case .effectKeyframes: "effect keyframe file"
    case .morph: "morph"
    }
  }

  /// Whether the document changes over time.
  public var isKeyframes: Bool {
    self == .meshKeyframes || self == .gradientKeyframes || self == .effectKeyframes
  }

  /// The kind of the JSON document in `bytes`, by its keys; nil when they
  /// do not start a JSON object (the decoder of the kind a reader expects
  /// then says what is wrong).
  public static func identify(_ bytes: [UInt8]) -> DocumentKind? {
    guard let keys = JSONParser.objectKeys(bytes, nestedIn: "keyframes") else { return nil }
    if keys.top.contains("keyframes") {
      if keys.nested.contains("gradient") { return .gradientKeyframes }
      return keys.nested.contains("effect") ? .effectKeyframes : .meshKeyframes
    }
    if keys.top.contains("effect") { return .effect }
    if !keys.top.isDisjoint(with: ["colors", "points", "bezierPoints"]) { return .gradient }
    if !keys.top.isDisjoint(with: ["a", "b", "warpEasing", "dissolveEasing"]) { return .morph }
    if !keys.top.isDisjoint(with: ["faces", "columns", "rows"]) { return .mesh }
    return .pointSet
  }

  /// What a file that is no JSON document is, from its first bytes ("a
  /// PNG image", "an MP4 or QuickTime video"), for messages; nil when
  /// nothing is recognised. Only names: MeshWarpImageIO's
  /// `ImageFormat.detect`, above this module, decides what it decodes.
  public static func foreignFile(_ bytes: [UInt8]) -> String? {
    func starts(_ text: String, at offset: Int = 0) -> Bool {
      let pattern = Array(text.utf8)
      return bytes.count >= offset + pattern.count
        && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }
    func startsWith(_ pattern: [UInt8]) -> Bool {
      bytes.count >= pattern.count && bytes[..<pattern.count].elementsEqual(pattern)
    }
    if startsWith([0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
    if startsWith([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
    if starts("GIF8") { return "a GIF image" }
    if starts("RIFF") && starts("WEBP", at: 8) { return "a WebP image" }
    if starts("II*\u{0}") || starts("MM\u{0}*") { return "a TIFF image" }
    if starts("ftyp", at: 4) {
      if starts("heic", at: 8) || starts("heix", at: 8) || starts("mif1", at: 8) {
        return "a HEIC image"
      }
      if starts("avif", at: 8) { return "an AVIF image" }
      return "an MP4 or QuickTime video"
    }
    if startsWith([0x1A, 0x45, 0xDF, 0xA3]) { return "a Matroska or WebM video" }
    if starts("%PDF") { return "a PDF document" }
    if bytes.prefix(512).contains(0) { return "binary data" }
    return nil
  }
}
