import Foundation
import MeshWarpCore
import MeshWarpFiles

/// A MeshWarp JSON document read once: its bytes and its kind, and the
/// decoders of each kind, whose errors give line, column and key.
///
/// ```swift
/// let file = try DocumentFile.read("mesh.json", accepting: DocumentKind.warps, role: "--mesh")
/// switch try file.warp() {
/// case .mesh(let mesh): print(mesh.faces.count, "faces")
/// case .pointSet(let points): print(points.pairs.count, "point pairs")
/// case .keyframes(let timeline): print(timeline.keyframes.count, "keyframes")
/// }
/// ```
public struct DocumentFile: Sendable {
  /// The path as given; `"-"` is standard input.
  public let path: String
  /// The file's bytes.
  public let bytes: [UInt8]
  /// What the document holds, by its keys; nil when it does not start as
  /// a JSON object.
  public let kind: DocumentKind?

  /// The name errors give: the path, or "standard input".
  public var source: String { path == FileInput.standardInputPath ? "standard input" : path }

  /// Reads `path` (`"-"`: standard input) and tells its kind.
  ///
  /// - Parameters:
  ///   - path: the document, or `"-"`.
  ///   - accepting: the kinds the caller takes; another kind, or a file
  ///     that is no JSON document (a picture, a video), is refused here.
  ///     Nil (default): any.
  ///   - role: what takes the document, for messages (`"--mesh"`); nil:
  ///     none named.
  ///   - maxBytes: the largest file read, in bytes.
  /// - Throws: `FileError.fileSystem`, or ``DocumentError``.
  public static func read(
    _ path: String, accepting: Set<DocumentKind>? = nil, role: String? = nil,
    maxBytes: Int = JSONFile.defaultMaxBytes
  ) throws -> DocumentFile {
    let bytes = try FileInput.readBytes(path: path, maxBytes: maxBytes)
    let file = DocumentFile(path: path, bytes: bytes, kind: DocumentKind.identify(bytes))
    if let accepting { try file.check(accepting: accepting, role: role) }
    return file
  }

  /// A document already in memory (a test, a network body, a fuzzer).
  ///
  /// - Parameters:
  ///   - bytes: the JSON text.
  ///   - path: where it came from, for messages and keyframe references.
  public init(bytes: [UInt8], path: String) {
    self.init(path: path, bytes: bytes, kind: DocumentKind.identify(bytes))
  }

  private init(path: String, bytes: [UInt8], kind: DocumentKind?) {
    self.path = path
    self.bytes = bytes
    self.kind = kind
  }

  /// Refuses a document that is not of `kinds`, or no JSON document at
  /// all (recognised by its first bytes), naming what it is and what
  /// `role` takes.
  ///
  /// - Throws: ``DocumentError``.
  public func check(accepting kinds: Set<DocumentKind>, role: String? = nil) throws {
    let list = DocumentError.list(kinds)
    let takes = role.map { "\($0) takes \(list)" } ?? "expected \(list)"
    if kind == nil, let found = DocumentKind.foreignFile(bytes) {
      let wanted =
        kinds.isSubset(of: DocumentKind.gradients)
        ? "a gradient file" : kinds.isSubset(of: DocumentKind.warps) ? "a mesh file" : "a JSON file"
      throw DocumentError.notADocument(
        source: source, found: found, expected: "\(wanted) (\(takes))")
    }
    if let kind, !kinds.contains(kind) {
      throw DocumentError.wrongKind(source: source, found: kind, expected: takes)
    }
  }

  /// Parses the whole document, for its syntax alone.
  ///
  /// - Throws: `FileError.jsonSyntax` with line and column.
  public func checkSyntax() throws {
    _ = try JSONFile.decode(AnyJSON.self, from: bytes, source: source)
  }

  /// Any JSON value, its content not kept.
  private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// The document as a mesh.
  ///
  /// - Parameters:
  ///   - contentSize: the picture's size in pixels, for a mesh in
  ///     `"units": "pixels"` without its own `"width"` and `"height"`.
  ///   - units: filled with the sizes a pixel mesh was read against.
  public func mesh(contentSize: Vector2? = nil, units: MeshUnitsReport? = nil) throws -> WarpMesh {
    try JSONFile.decode(
      WarpMesh.self, from: bytes, source: source, userInfo: userInfo(contentSize, units))
  }

  /// The document as a point set (see ``mesh(contentSize:units:)``).
  public func pointSet(contentSize: Vector2? = nil, units: MeshUnitsReport? = nil) throws
    -> WarpPointSet
  {
    try JSONFile.decode(
      WarpPointSet.self, from: bytes, source: source, userInfo: userInfo(contentSize, units))
  }

  /// The document as a gradient (not yet validated: `GradientMesh.validate()`).
  public func gradient() throws -> GradientMesh {
    try JSONFile.decode(GradientMesh.self, from: bytes, source: source)
  }

  /// The document as one effect: `{"effect": {"kind": …}}` (its
  /// parameters not yet checked: `MeshEffect/validate(width:height:)`).
  public func effect() throws -> MeshEffect {
    try JSONFile.decode(EffectDocument.self, from: bytes, source: source).effect
  }

  /// The document as a morph (not yet validated: `MorphDocument.validate()`).
  public func morph() throws -> MorphDocument {
    try JSONFile.decode(MorphDocument.self, from: bytes, source: source)
  }

  /// `{"effect": …}`.
  private struct EffectDocument: Decodable {
    var effect: MeshEffect
  }

  /// The document as keyframes of `type` (`WarpMesh`, `MeshEffect` or `GradientMesh`),
  /// its file references read relative to its folder (standard input:
  /// the current directory).
  public func timeline<Value: KeyframeFileValue>(_ type: Value.Type) throws -> Timeline<Value> {
    let isStandardInput = path == FileInput.standardInputPath
    return try KeyframeFile.decode(
      type, from: bytes, source: source,
      referencesRelativeTo: isStandardInput ? "" : (path as NSString).deletingLastPathComponent)
  }

  /// The document as a warp: a mesh, a point set, an effect or keyframes, by
  /// its kind (see ``mesh(contentSize:units:)`` for the parameters).
  public func warp(contentSize: Vector2? = nil, units: MeshUnitsReport? = nil) throws
    -> WarpDocument
  {
    switch kind {
    case .meshKeyframes: .keyframes(try timeline(WarpMesh.self))
    case .effect: .effect(try effect())
    case .effectKeyframes: .effectKeyframes(try timeline(MeshEffect.self))
    case .pointSet: .pointSet(try pointSet(contentSize: contentSize, units: units))
    default: .mesh(try mesh(contentSize: contentSize, units: units))
    }
  }

  private func userInfo(_ contentSize: Vector2?, _ units: MeshUnitsReport?)
    -> [CodingUserInfoKey: Any]
  {
    var userInfo: [CodingUserInfoKey: Any] = [:]
    if let contentSize { userInfo[.meshContentSize] = contentSize }
    if let units { userInfo[.meshUnitsReport] = units }
    return userInfo
  }
}

/// What a warp document holds (``DocumentFile/warp(contentSize:units:)``).
public enum WarpDocument: Sendable {
  /// One mesh.
  case mesh(WarpMesh)
  /// Point pairs for the thin-plate spline, made into a mesh at the
  /// output's size (`WarpPointSet.mesh(outputSize:contentSize:)`).
  case pointSet(WarpPointSet)
  /// Meshes over time.
  case keyframes(Timeline<WarpMesh>)
  /// One effect, drawn at the picture's size.
  case effect(MeshEffect)
  /// Effects over time.
  case effectKeyframes(Timeline<MeshEffect>)
}
