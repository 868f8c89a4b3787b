import Foundation

/// A value of a calibration file, with the line it starts on.
indirect enum CalibrationNode {
  /// A scalar as written, quotes removed (an empty one is YAML's null).
  case scalar(String, line: Int)
  case sequence([CalibrationNode], line: Int)
  /// Entries in file order.
  case mapping([(key: String, value: CalibrationNode)], line: Int)

  var line: Int {
    switch self {
    case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): line
    }
  }

  /// The value of `key` in a mapping (its last entry of that name).
  subscript(key: String) -> CalibrationNode? {
    guard case .mapping(let entries, _) = self else { return nil }
    return entries.last { $0.key == key }?.value
  }
}

/// Why a calibration file could not be parsed: the line and the reason.
struct CalibrationSyntaxError: Error {
  var line: Int
  var reason: String
}

/// A reader of the YAML that OpenCV's `cv2.FileStorage` writes, which
/// also takes JSON (JSON is YAML's flow style): the `%YAML:1.0` directive
/// and `---` are skipped; block mappings and sequences nest by
/// indentation (spaces); flow sequences `[…]` and mappings `{…}` may span
/// lines; scalars are plain, 'single-' or "double-quoted" (JSON's
/// escapes); tags (`!!opencv-matrix`) and comments (`#`) are skipped.
/// Anchors, aliases, block scalars (`|`, `>`) and multi-line plain scalars
/// are not YAML that FileStorage writes, and are refused or read as text.
struct CalibrationYAML {
  private let text: [UInt8]
  /// Lines holding content: indentation, content start and end offsets
  /// (a trailing comment and spaces left out), 1-based line number.
  private var lines: [(indent: Int, start: Int, end: Int, number: Int)] = []
  private var index = 0

  /// The document in `bytes`.
  ///
  /// - Throws: ``CalibrationSyntaxError``.
  static func parse(_ bytes: [UInt8]) throws(CalibrationSyntaxError) -> CalibrationNode {
    var parser = CalibrationYAML(text: bytes)
    try parser.splitLines()
    guard parser.index < parser.lines.count else {
      throw CalibrationSyntaxError(line: 1, reason: "the file is empty")
    }
    let node = try parser.node()
    if parser.index < parser.lines.count {
      throw CalibrationSyntaxError(
        line: parser.lines[parser.index].number, reason: "unexpected text after the document")
    }
    return node
  }

  private init(text: [UInt8]) {
    self.text = text
  }

  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")
  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")
  private static let hash = UInt8(ascii: "#")

  private func isBlank(_ c: UInt8) -> Bool {
    c == Self.space || c == Self.tab || c == Self.newline || c == Self.carriageReturn
  }

  /// The line number of byte `offset`.
  private func lineNumber(_ offset: Int) -> Int {
    var line = 1
    for c in text[..<min(offset, text.count)] where c == Self.newline { line += 1 }
    return line
  }

  /// The end of the content of the line from `start` to `end`: before a
  /// comment (`#` first or after a blank, outside quotes) and trailing
  /// blanks.
  private func contentEnd(_ start: Int, _ end: Int) -> Int {
    var i = start
    var quote: UInt8? = nil
    var stop = end
    while i < end {
      let c = text[i]
      if let q = quote {
        if c == UInt8(ascii: "\\") && q == UInt8(ascii: "\"") {
          i += 1
        } else if c == q {
          quote = nil
        }
      } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        if i == start || !isIdentifier(text[i - 1]) { quote = c }
      } else if c == Self.hash && (i == start || isBlank(text[i - 1])) {
        stop = i
        break
      }
      i += 1
    }
    while stop > start && isBlank(text[stop - 1]) { stop -= 1 }
    return stop
  }

  private func isIdentifier(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
      || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
      || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
  }

  /// The lines with content, directives (`%YAML:1.0`) and document
  /// markers (`---`, `...`) left out.
  private mutating func splitLines() throws(CalibrationSyntaxError) {
    var start = 0
    var number = 1
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // a UTF-8 byte order mark
    while start <= text.count {
      var end = start
      while end < text.count && text[end] != Self.newline { end += 1 }
      var first = start
      while first < end && text[first] == Self.space { first += 1 }
      if first < end && text[first] == Self.tab {
        throw CalibrationSyntaxError(line: number, reason: "a tab in the indentation")
      }
      let stop = contentEnd(first, end)
      if stop > first {
        let content = Array(text[first..<stop])
        let marker =
          first == start
          && (content.first == UInt8(ascii: "%") || content == Array("---".utf8)
            || content == Array("...".utf8))
        if !marker { lines.append((first - start, first, stop, number)) }
      }
      start = end + 1
      number += 1
    }
  }

  /// Whether content at `offset` (up to `end`) starts a block sequence item.
  private func isItem(_ offset: Int, _ end: Int) -> Bool {
    text[offset] == UInt8(ascii: "-") && (offset + 1 == end || text[offset + 1] == Self.space)
  }

  /// The offset of the `:` that ends a block mapping key on the content
  /// from `start` to `end`, or nil when it is none (flow collections and
  /// scalars).
  private func keyColon(_ start: Int, _ end: Int) -> Int? {
    guard text[start] != UInt8(ascii: "["), text[start] != UInt8(ascii: "{") else { return nil }
    var i = start
    if text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") {
      guard let close = try? quotedEnd(i, limit: end) else { return nil }
      i = close
      while i < end && text[i] == Self.space { i += 1 }
      return i < end && text[i] == UInt8(ascii: ":") ? i : nil
    }
    while i < end {
      if text[i] == UInt8(ascii: ":") && (i + 1 == end || isBlank(text[i + 1])) { return i }
      i += 1
    }
    return nil
  }

  /// The node that starts at the current line.
  private mutating func node() throws(CalibrationSyntaxError) -> CalibrationNode {
    let line = lines[index]
    if isItem(line.start, line.end) { return try sequence(indent: line.indent) }
    if keyColon(line.start, line.end) != nil { return try mapping(indent: line.indent) }
    return try inlineValue(at: line.start)
  }

  /// A block mapping whose keys are indented by `indent`.
  private mutating func mapping(indent: Int) throws(CalibrationSyntaxError) -> CalibrationNode {
    var entries: [(key: String, value: CalibrationNode)] = []
    let first = lines[index].number
    while index < lines.count, lines[index].indent == indent,
      !isItem(lines[index].start, lines[index].end)
    {
      let line = lines[index]
      guard let colon = keyColon(line.start, line.end) else {
        throw CalibrationSyntaxError(line: line.number, reason: "expected 'key: value'")
      }
      let key = try keyText(line.start, colon, line: line.number)
      var rest = skipTag(colon + 1, line.end)
      if rest == line.end {
        index += 1
        if index < lines.count,
          lines[index].indent > indent
            || (lines[index].indent == indent && isItem(lines[index].start, lines[index].end))
        {
          entries.append((key, try node()))
        } else {
          entries.append((key, .scalar("", line: line.number)))
        }
      } else {
        while rest < line.end && text[rest] == Self.space { rest += 1 }
        entries.append((key, try inlineValue(at: rest)))
      }
    }
    if index < lines.count && lines[index].indent > indent {
      throw CalibrationSyntaxError(line: lines[index].number, reason: "unexpected indentation")
    }
    return .mapping(entries, line: first)
  }

  /// A block sequence whose `-` are indented by `indent`.
  private mutating func sequence(indent: Int) throws(CalibrationSyntaxError) -> CalibrationNode {
    var items: [CalibrationNode] = []
    let first = lines[index].number
    while index < lines.count, lines[index].indent == indent,
      isItem(lines[index].start, lines[index].end)
    {
      let line = lines[index]
      var rest = line.start + 1
      while rest < line.end && text[rest] == Self.space { rest += 1 }
      if rest == line.end {
        index += 1
        if index < lines.count && lines[index].indent > indent {
          items.append(try node())
        } else {
          items.append(.scalar("", line: line.number))
        }
      } else if isItem(rest, line.end) || keyColon(rest, line.end) != nil {
        // `- key: value` or `- - x`: a nested block starting on this line.
        lines[index] = (rest - line.start + indent, rest, line.end, line.number)
        items.append(try node())
      } else {
        items.append(try inlineValue(at: rest))
      }
    }
    if index < lines.count && lines[index].indent > indent {
      throw CalibrationSyntaxError(line: lines[index].number, reason: "unexpected indentation")
    }
    return .sequence(items, line: first)
  }

  /// The offset after a tag (`!!opencv-matrix`, `!foo`) and the blanks
  /// around it, from `start`.
  private func skipTag(_ start: Int, _ end: Int) -> Int {
    var i = start
    while i < end && isBlank(text[i]) { i += 1 }
    guard i < end, text[i] == UInt8(ascii: "!") else { return i }
    while i < end && !isBlank(text[i]) { i += 1 }
    while i < end && isBlank(text[i]) { i += 1 }
    return i
  }

  /// A mapping key from `start` to the colon at `colon`: quoted or plain.
  private func keyText(_ start: Int, _ colon: Int, line: Int) throws(CalibrationSyntaxError)
    -> String
  {
    if text[start] == UInt8(ascii: "\"") || text[start] == UInt8(ascii: "'") {
      return try quoted(start).value
    }
    var end = colon
    while end > start && isBlank(text[end - 1]) { end -= 1 }
    return String(decoding: text[start..<end], as: UTF8.self)
  }

  /// A value that starts at `offset` on the current line: a flow
  /// collection (maybe over several lines) or a scalar. Moves past it.
  private mutating func inlineValue(at offset: Int) throws(CalibrationSyntaxError)
    -> CalibrationNode
  {
    let line = lines[index]
    let start = skipTag(offset, line.end)
    guard start < line.end else {
      index += 1
      return .scalar("", line: line.number)
    }
    let c = text[start]
    if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
      var position = start
      let value = try flowValue(&position)
      // The rest of the line where the collection ends must be empty.
      while index < lines.count && lines[index].start < position { index += 1 }
      let last = index > 0 ? lines[index - 1] : line
      if position < last.end {
        throw CalibrationSyntaxError(
          line: lineNumber(position), reason: "unexpected text after a closing bracket")
      }
      return value
    }
    index += 1
    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
      let (value, end) = try quoted(start)
      if end < line.end {
        throw CalibrationSyntaxError(line: line.number, reason: "unexpected text after a string")
      }
      return .scalar(value, line: line.number)
    }
    if c == UInt8(ascii: "|") || c == UInt8(ascii: ">") || c == UInt8(ascii: "&")
      || c == UInt8(ascii: "*")
    {
      throw CalibrationSyntaxError(
        line: line.number,
        reason: "block scalars, anchors and aliases are not read here (FileStorage writes none)")
    }
    return .scalar(String(decoding: text[start..<line.end], as: UTF8.self), line: line.number)
  }

  /// Skips blanks, line breaks and comments inside a flow collection.
  private func skipFlowSpace(_ position: inout Int) {
    while position < text.count {
      let c = text[position]
      if isBlank(c) {
        position += 1
      } else if c == Self.hash && (position == 0 || isBlank(text[position - 1])) {
        while position < text.count && text[position] != Self.newline { position += 1 }
      } else {
        return
      }
    }
  }

  /// A flow value from `position` (a collection, a quoted or plain
  /// scalar), `position` moved past it.
  private func flowValue(_ position: inout Int) throws(CalibrationSyntaxError) -> CalibrationNode {
    skipFlowSpace(&position)
    if position < text.count, text[position] == UInt8(ascii: "!") {
      while position < text.count && !isBlank(text[position]) { position += 1 }
      skipFlowSpace(&position)
    }
    guard position < text.count else {
      throw CalibrationSyntaxError(line: lineNumber(position), reason: "unexpected end of file")
    }
    let line = lineNumber(position)
    let c = text[position]
    if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
      let isMapping = c == UInt8(ascii: "{")
      let close = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
      position += 1
      var items: [CalibrationNode] = []
      var entries: [(key: String, value: CalibrationNode)] = []
      while true {
        skipFlowSpace(&position)
        guard position < text.count else {
          throw CalibrationSyntaxError(
            line: line, reason: "'\(Character(Unicode.Scalar(c)))' is never closed")
        }
        if text[position] == close {
          position += 1
          break
        }
        if isMapping {
          let key = try flowScalar(&position, isKey: true)
          skipFlowSpace(&position)
          guard position < text.count, text[position] == UInt8(ascii: ":") else {
            throw CalibrationSyntaxError(
              line: lineNumber(position), reason: "expected ':' after the key \"\(key)\"")
          }
          position += 1
          entries.append((key, try flowValue(&position)))
        } else {
          items.append(try flowValue(&position))
        }
        skipFlowSpace(&position)
        guard position < text.count else { continue }
        if text[position] == UInt8(ascii: ",") {
          position += 1
        } else if text[position] != close {
          throw CalibrationSyntaxError(
            line: lineNumber(position),
            reason: "expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
      }
      return isMapping ? .mapping(entries, line: line) : .sequence(items, line: line)
    }
    return .scalar(try flowScalar(&position, isKey: false), line: line)
  }

  /// A quoted or plain scalar inside a flow collection; a plain one ends
  /// at `,`, a closing bracket, a line break, and for a key at `:`.
  private func flowScalar(_ position: inout Int, isKey: Bool) throws(CalibrationSyntaxError)
    -> String
  {
    let c = text[position]
    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
      let (value, end) = try quoted(position)
      position = end
      return value
    }
    let start = position
    while position < text.count {
      let d = text[position]
      if d == UInt8(ascii: ",") || d == UInt8(ascii: "]") || d == UInt8(ascii: "}")
        || d == Self.newline || d == Self.carriageReturn
      {
        break
      }
      if d == Self.hash && position > start && isBlank(text[position - 1]) { break }
      if d == UInt8(ascii: ":")
        && (isKey || position + 1 == text.count || isBlank(text[position + 1]))
      {
        break
      }
      position += 1
    }
    var end = position
    while end > start && isBlank(text[end - 1]) { end -= 1 }
    guard end > start else {
      throw CalibrationSyntaxError(line: lineNumber(start), reason: "expected a value")
    }
    return String(decoding: text[start..<end], as: UTF8.self)
  }

  /// The offset after the quoted scalar that opens at `start`, searched
  /// up to `limit`.
  private func quotedEnd(_ start: Int, limit: Int) throws(CalibrationSyntaxError) -> Int {
    let q = text[start]
    var i = start + 1
    while i < limit {
      if q == UInt8(ascii: "\"") && text[i] == UInt8(ascii: "\\") {
        i += 2
        continue
      }
      if text[i] == q {
        if q == UInt8(ascii: "'") && i + 1 < limit && text[i + 1] == q {
          i += 2
          continue
        }
        return i + 1
      }
      i += 1
    }
    throw CalibrationSyntaxError(line: lineNumber(start), reason: "a string is never closed")
  }

  /// The quoted scalar that opens at `start` (JSON's escapes in double
  /// quotes, `''` in single ones) and the offset after it.
  private func quoted(_ start: Int) throws(CalibrationSyntaxError) -> (value: String, end: Int) {
    let end = try quotedEnd(start, limit: text.count)
    let body = text[(start + 1)..<(end - 1)]
    guard text[start] == UInt8(ascii: "\"") else {
      return (String(decoding: body, as: UTF8.self).replacingAll("''", with: "'"), end)
    }
    var out: [UInt8] = []
    var i = body.startIndex
    while i < body.endIndex {
      guard body[i] == UInt8(ascii: "\\"), i + 1 < body.endIndex else {
        out.append(body[i])
        i += 1
        continue
      }
      let e = body[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "n"): out.append(Self.newline)
      case UInt8(ascii: "t"): out.append(Self.tab)
      case UInt8(ascii: "r"): out.append(Self.carriageReturn)
      case UInt8(ascii: "b"): out.append(8)
      case UInt8(ascii: "f"): out.append(12)
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
      case UInt8(ascii: "u"):
        guard i + 4 <= body.endIndex,
          let code = UInt32(String(decoding: body[i..<(i + 4)], as: UTF8.self), radix: 16),
          let scalar = Unicode.Scalar(code)
        else {
          throw CalibrationSyntaxError(line: lineNumber(start), reason: "a bad \\u escape")
        }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
        i += 4
      default:
        throw CalibrationSyntaxError(
          line: lineNumber(start), reason: "an unknown escape \\\(Character(Unicode.Scalar(e)))")
      }
    }
    return (String(decoding: out, as: UTF8.self), end)
  }
}

extension String {
  /// The string with every `target` replaced by `replacement`.
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    components(separatedBy: target).joined(separator: replacement)
  }
}
