import Foundation
import MeshWarpCore
import MeshWarpFiles

/// Loading keyframe files (the format of `KeyframeDocument`) into a
/// `Timeline`: file references are read relative to the keyframe file's
/// folder, and every error names a file, line and column —
/// `anim.json:7:15: keyframes[2].mesh: 25 point pairs instead of 16 …`.
public enum KeyframeFile {
  /// Reads the keyframe file at `path` (`"-"`: standard input, references
  /// then relative to the current directory) and builds its timeline.
  ///
  /// - Parameters:
  ///   - type: `WarpMesh.self` (key `"mesh"`) or `GradientMesh.self`
  ///     (key `"gradient"`).
  ///   - path: the keyframe file, or `"-"` for standard input.
  ///   - maxBytes: the largest file read, the keyframe file and each file
  ///     it refers to, in bytes.
  /// - Throws: `FileError.fileSystem`, `.jsonSyntax` or
  ///   `.jsonContent` (with line and column in the keyframe file; a
  ///   referenced file's own errors are quoted after the reference's place).
  public static func load<Value: KeyframeFileValue>(
    _ type: Value.Type, path: String, maxBytes: Int = JSONFile.defaultMaxBytes
  ) throws -> Timeline<Value> {
    let bytes = try FileInput.readBytes(path: path, maxBytes: maxBytes)
    let isStandardInput = path == FileInput.standardInputPath
    let folder = isStandardInput ? "" : (path as NSString).deletingLastPathComponent
    return try decode(
      type, from: bytes, source: isStandardInput ? "standard input" : path,
      referencesRelativeTo: folder, maxBytes: maxBytes)
  }

  /// Decodes keyframe JSON bytes; errors name `source`, references are
  /// read relative to `folder` ("" for the current directory).
  public static func decode<Value: KeyframeFileValue>(
    _ type: Value.Type, from bytes: [UInt8], source: String, referencesRelativeTo folder: String,
    maxBytes: Int = JSONFile.defaultMaxBytes
  ) throws -> Timeline<Value> {
    let document = try JSONFile.decode(KeyframeDocument<Value>.self, from: bytes, source: source)
    let valueKey = Value.keyframeFileKey
    do {
      return try document.timeline { index, reference in
        let resolved =
          reference.hasPrefix("/") || folder.isEmpty ? reference : folder + "/" + reference
        do {
          return try JSONFile.decode(Value.self, path: resolved, maxBytes: maxBytes)
        } catch {
          throw placed(
            bytes, source, ["keyframes", index, valueKey],
            "\(error)")
        }
      }
    } catch let error as TimelineError {
      var path: [Any] = []
      switch error {
      case .noKeyframes: path = ["keyframes"]
      case .badDuration: path = ["duration"]
      case .nonFiniteTime(let k), .negativeTime(let k, _), .timeNotIncreasing(let k, _, _):
        path = ["keyframes", k, "time"]
      case .badEasing(let k, _): path = ["keyframes", k, "easing"]
      case .shapeMismatch(let k, _): path = ["keyframes", k, valueKey]
      }
      throw placed(bytes, source, path, error.reason)
    }
  }

  /// A `.jsonContent` error at the value `path` leads to (strings are keys,
  /// integers array positions).
  static func placed(_ bytes: [UInt8], _ source: String, _ path: [Any], _ reason: String)
    -> FileError
  {
    let keys: [any CodingKey] = path.map { element in
      if let index = element as? Int { return IndexKey(index) }
      return IndexKey(stringValue: "\(element)")
    }
    // The bytes parsed once already; on failure place the error at 1:1.
    let offset = (try? JSONParser.parse(bytes))?.locate(keys).offset ?? 0
    let (line, column) = lineAndColumn(of: offset, in: bytes)
    return .jsonContent(
      source: source, line: line, column: column, codingPath: JSONFile.format(keys),
      reason: reason)
  }
}
