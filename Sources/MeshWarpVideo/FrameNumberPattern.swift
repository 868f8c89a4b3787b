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
}
