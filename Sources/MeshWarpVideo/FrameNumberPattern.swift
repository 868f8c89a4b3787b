import Foundation
import MeshWarpFiles

/// A file name pattern with one frame number in it, printf style:
/// `frame_%04d.png` → `frame_0000.png`, `frame_0001.png`, …
///
/// Grammar: exactly one `%d`, `%Nd` or `%0Nd` (N = 1…9: minimum width,
/// padded with spaces, or zeros with the 0 flag); `%%` is a literal percent
/// sign. Anything else after `%` is an error.
public struct FrameNumberPattern: Sendable, Equatable {
  /// The pattern as given.
  public let pattern: String
  private let prefix: String
  private let suffix: String
  private let width: Int
  private let zeroPadded: Bool

  /// Parses `pattern`.
  ///
  /// - Throws: `VideoError.unsupportedOutput` when the pattern has no
  ///   number conversion, more than one, or an unsupported one.
  public init(_ pattern: String) throws {
    self.pattern = pattern
    func bad(_ reason: String) -> VideoError {
      .unsupportedOutput(
        path: pattern,
        reason:
          "\(reason); a frame pattern needs exactly one %d, %4d or %04d (%% for a percent sign)")
    }
    var prefix = ""
    var suffix = ""
    var width = 0
    var zeroPadded = false
    var found = false
    var characters = Array(pattern)[...]
    while let c = characters.popFirst() {
      guard c == "%" else {
        if found { suffix.append(c) } else { prefix.append(c) }
        continue
      }
      if characters.first == "%" {
        characters.removeFirst()
        if found { suffix.append("%") } else { prefix.append("%") }
        continue
      }
      guard !found else { throw bad("more than one number conversion") }
      if characters.first == "0" {
        zeroPadded = true
        characters.removeFirst()
      }
      var digits = ""
      while let d = characters.first, d.isASCII, d.isNumber {
        digits.append(d)
        characters.removeFirst()
      }
      guard characters.popFirst() == "d" else { throw bad("unsupported conversion after %") }
      guard digits.count <= 1 else { throw bad("width \(digits) is too large") }
      width = Int(digits) ?? 0
      found = true
    }
    guard found else { throw bad("no %d in the pattern") }
    self.prefix = prefix
    self.suffix = suffix
    self.width = width
    self.zeroPadded = zeroPadded
  }

  /// The path of frame `number` (≥ 0).
  public func path(for number: Int) -> String {
    let digits = String(number)
    let padding = String(
      repeating: zeroPadded ? "0" : " ", count: max(0, width - digits.count))
    return prefix + padding + digits + suffix
  }

  /// The frame number `path` holds when it is exactly a name of this
  /// pattern: the same prefix and suffix and the number written as
  /// ``path(for:)`` writes it (`f_0042.png` for `f_%04d.png`, not
  /// `f_42.png` nor `f_00042.png`; `f_12345.png` too, wider than four).
  ///
  /// - Parameter path: a path spelled as the pattern's prefix spells its
  ///   folder.
  /// - Returns: nil for any other path.
  public func number(inPath path: String) -> Int? {
    guard path.count > prefix.count + suffix.count, path.hasPrefix(prefix),
      path.hasSuffix(suffix)
    else { return nil }
    let middle = path.dropFirst(prefix.count).dropLast(suffix.count)
    let digits = middle.drop(while: { $0 == " " })
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), self.path(for: number) == path
    else { return nil }
    return number
  }

  /// The files already in the pattern's folder that are frames of it
  /// (``number(inPath:)``, folders left out), by number; none when the
  /// folder is missing or the number is in a folder name (`%04d/f.png`).
  public func existingFrames() -> [(number: Int, path: String)] {
    guard !suffix.contains("/") else { return [] }
    let slash = prefix.lastIndex(of: "/")
    let folder = slash.map { String(prefix[...$0]) } ?? ""
    guard
      let names = try? FileManager.default.contentsOfDirectory(
        atPath: folder.isEmpty ? "." : folder)
    else { return [] }
    return names.compactMap { name in
      let path = folder + name
      var isDirectory: ObjCBool = false
      guard let number = number(inPath: path),
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { return nil }
      return (number, path)
    }.sorted { $0.number < $1.number }
  }
}
