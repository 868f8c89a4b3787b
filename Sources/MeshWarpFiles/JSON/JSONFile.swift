/// Loading `Decodable` values from JSON files, with errors a user can act
/// on: the file, line and column, the coding path and what was wrong —
/// `mesh.json:3:14: JSON syntax error: trailing comma before ']'`,
/// `mesh.json:5:9: faces[3][1]: expected a whole number, found 1.5`.
///
/// Parsing is strict RFC 8259 (see `JSONParser`); decoding runs on the parsed
/// tree (`JSONTreeDecoder`), so every error knows where its value is.
public enum JSONFile {
  /// The default size limit for JSON files, checked before reading them:
  /// 512 MiB, `WarpMesh.maximumFileBytes` (2²¹ points at 256 bytes each; a
  /// mesh of a million faces is about 60 MB of JSON).
  public static let defaultMaxBytes = 512 << 20

  /// Reads and decodes the JSON file at `path` (`"-"`: standard input).
  ///
  /// - Parameters:
  ///   - type: the type to decode, e.g. `WarpMesh.self`.
  ///   - path: the file; every error names it.
  ///   - maxBytes: refuse larger files (> 0).
  ///   - userInfo: the decoder's context (such as a mesh's content size).
  /// - Throws: `FileError.fileSystem` (missing, a directory,
  ///   unreadable, too large), `.jsonSyntax` (with line and column), or
  ///   `.jsonContent` (with line, column and coding path).
  /// - Complexity: O(file size) plus the type's own decoding work.
  public static func decode<T: Decodable>(
    _ type: T.Type, path: String, maxBytes: Int = defaultMaxBytes,
    userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> T {
    let bytes = try FileInput.readBytes(path: path, maxBytes: maxBytes)
    let source = path == FileInput.standardInputPath ? "standard input" : path
    return try decode(type, from: bytes, source: source, userInfo: userInfo)
  }

  /// Decodes JSON bytes; errors name `source`; `userInfo` is the decoder's
  /// context.
  public static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], source: String,
    userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> T {
    let tree: JSONValue
    do {
      tree = try JSONParser.parse(bytes)
    } catch {
      let (line, column) = lineAndColumn(of: error.offset, in: bytes)
      throw FileError.jsonSyntax(
        source: source, line: line, column: column, reason: error.reason)
    }
    do {
      return try T(from: JSONTreeDecoder(value: tree, codingPath: [], userInfo: userInfo))
    } catch let error as DecodingError {
      let (path, reason) = describe(error)
      let (line, column) = lineAndColumn(of: tree.offset(of: path, in: bytes), in: bytes)
      throw FileError.jsonContent(
        source: source, line: line, column: column, codingPath: format(path), reason: reason)
    } catch let error as FileError {
      throw error
    } catch {
      // A type's own validation error: no path to place it.
      throw FileError.jsonContent(
        source: source, line: 1, column: 1, codingPath: "", reason: "\(error)")
    }
  }

  /// The coding path and a one-line reason of a decoding error.
  static func describe(_ error: DecodingError) -> ([any CodingKey], String) {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return (context.codingPath, context.debugDescription)
    case .keyNotFound(let key, let context):
      return (context.codingPath, "missing key \"\(key.stringValue)\"")
    @unknown default:
      return ([], "\(error)")
    }
  }

  /// `faces[3]`, `bezierPoints[2].leading`: keys joined with dots, array
  /// positions in brackets.
  package static func format(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue, key is IndexKey || key.stringValue == "\(index)" {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }
}
