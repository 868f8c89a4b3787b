#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A parsed JSON value that remembers where it starts in the text, so that
/// errors found while decoding can name the line and column.
package struct JSONValue {
  enum Kind {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in Int64.
    case integer(Int64)
    /// Any other number (finite).
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in file order; the parser refuses a key repeated in one object.
    case object([(key: String, value: JSONValue)])
    /// An array of arrays of numbers, all of one length (`[[x, y], …]`).
    case numberTable(NumberTable)
  }

  var kind: Kind
  /// Byte offset of the value's first character in the text.
  package var offset: Int

  /// What the value is, for messages ("a string", "an array", …).
  var typeDescription: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .double: return "a number"
    case .string: return "a string"
    case .array, .numberTable: return "an array"
    case .object: return "an object"
    }
  }

  /// The elements of an array (a table's rows made into arrays, each placed
  /// at the table's start); nil for any other value.
  var arrayElements: [JSONValue]? {
    switch kind {
    case .array(let elements): return elements
    case .numberTable(let table):
      return (0..<table.rows).map { r in
        JSONValue(
          kind: .array((0..<table.columns).map { table.value(r * table.columns + $0, at: offset) }),
          offset: offset)
      }
    default: return nil
    }
  }
}

/// The rows of a mesh file's points (`[[x, y], …]`) and faces
/// (`[[a, b, c, d], …]`) parsed straight into one flat array: 8 bytes a
/// number and a bit, where a `JSONValue` per number and per row took about
/// 13 times the text (a million points: 16 MB instead of some 300 MB).
package struct NumberTable {
  /// Numbers in each row (≥ 1).
  package var columns: Int
  /// Row after row.
  package var values: [Double]
  /// Bit i set when number i was written as an integer (no fraction or
  /// exponent), as `JSONValue.Kind.integer` records it; such numbers are at
  /// most 2⁵³ in magnitude, so the Double holds them exactly.
  var integerBits: [UInt64]

  package var rows: Int { values.count / columns }

  func isInteger(_ i: Int) -> Bool { integerBits[i >> 6] & (1 << UInt64(i & 63)) != 0 }

  /// Number `i` as the parser would have given it alone.
  func value(_ i: Int, at offset: Int) -> JSONValue {
    isInteger(i)
      ? JSONValue(kind: .integer(Int64(values[i])), offset: offset)
      : JSONValue(kind: .double(values[i]), offset: offset)
  }
}

/// A JSON syntax error at a byte offset.
package struct JSONSyntaxError: Error {
  package var offset: Int
  var reason: String
}

/// A strict RFC 8259 parser: no comments, trailing commas, NaN or
/// Infinity; strings must be valid UTF-8 without raw control characters;
/// numbers must be finite as Double; a key appears once per object (RFC
/// 8259 leaves repeats to the reader). Nesting is limited to `maxDepth` so that
/// hostile input cannot exhaust the stack.
///
/// Complexity: O(bytes); recursion depth ≤ `maxDepth`.
package struct JSONParser {
  /// Deepest nesting of arrays and objects accepted (empirical: far beyond
  /// any mesh or gradient file, far below the stack limit).
  static let maxDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  /// Parses one JSON text (a UTF-8 byte-order mark is skipped).
  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    guard parser.index < bytes.count else {
      throw JSONSyntaxError(offset: parser.index, reason: "the file is empty (no JSON value)")
    }
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw JSONSyntaxError(
        offset: parser.index,
        reason: "unexpected \(parser.describeCurrent()) after the end of the JSON value")
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// The character at `index`, quoted, for messages.
  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  private func error(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, reason: reason)
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(kind: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(kind: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(kind: .null, offset: start)
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw error("NaN and Infinity are not JSON numbers (JSON numbers must be finite)")
    case UInt8(ascii: "'"):
      throw error("strings must use double quotes (\"), not single quotes")
    case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
      throw error("unexpected \(describeCurrent()), expected a value")
    default:
      throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        throw error("unexpected \(describeCurrent()) (did you mean \(word)?)")
      }
      index += 1
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maxDepth {
      throw error("nesting deeper than \(Self.maxDepth) arrays/objects")
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if let table = parseNumberTable() { return table }
    index = start
    try enter()
    defer { depth -= 1 }
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return JSONValue(kind: .array(elements), offset: start)
    }
    while true {
      skipWhitespace()
      if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
        throw error("trailing comma before ']'")
      }
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of file in an array (missing ']')")
      }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return JSONValue(kind: .array(elements), offset: start)
      default:
        throw error("unexpected \(describeCurrent()) in an array, expected ',' or ']'")
      }
    }
  }

  /// `[[n, …], …]` with rows of one length, read into a ``NumberTable``;
  /// nil (the index left anywhere) for anything else, which the general
  /// parser then reads, or refuses with its own message.
  private mutating func parseNumberTable() -> JSONValue? {
    let start = index
    guard depth + 2 <= Self.maxDepth else { return nil }
    index += 1  // [
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
    var values: [Double] = []
    var bits: [UInt64] = []
    var columns = 0
    while true {
      // One row: [n, n, …]
      guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
      index += 1
      var count = 0
      while true {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        let c = bytes[index]
        guard c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")),
          let number = try? parseNumber()
        else { return nil }
        let i = values.count
        if i >> 6 == bits.count { bits.append(0) }
        switch number.kind {
        case .integer(let v):
          guard v.magnitude <= 1 << 53 else { return nil }
          values.append(Double(v))
          bits[i >> 6] |= 1 << UInt64(i & 63)
        case .double(let v): values.append(v)
        default: return nil
        }
        count += 1
        skipWhitespace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "]") else { return nil }
        index += 1
        break
      }
      if columns == 0 { columns = count }
      guard count == columns else { return nil }
      skipWhitespace()
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return JSONValue(
          kind: .numberTable(NumberTable(columns: columns, values: values, integerBits: bits)),
          offset: start)
      }
      guard bytes[index] == UInt8(ascii: ",") else { return nil }
      index += 1
      skipWhitespace()
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    try enter()
    defer { depth -= 1 }
    index += 1  // {
    var members: [(key: String, value: JSONValue)] = []
    var keys: Set<String> = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONValue(kind: .object(members), offset: start)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of file in an object (missing '}')")
      }
      if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeCurrent()), expected a key in double quotes")
      }
      let keyStart = index
      let key = try parseString()
      // Other readers keep the first or the last of two values silently;
      // a document that says two things is refused.
      guard keys.insert(key).inserted else {
        throw JSONSyntaxError(
          offset: keyStart,
          reason: "duplicate key \"\(key)\": this object already has one; keep one of them")
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()) after key \"\(key)\", expected ':'")
      }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of file in an object (missing '}')")
      }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return JSONValue(kind: .object(members), offset: start)
      default:
        throw error("unexpected \(describeCurrent()) in an object, expected ',' or '}'")
      }
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1  // "
    var text: [UInt8] = []
    var runStart = index
    while true {
      guard index < bytes.count else {
        throw JSONSyntaxError(offset: start, reason: "unterminated string")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        text.append(contentsOf: bytes[runStart..<index])
        index += 1
        break
      }
      if byte < 0x20 {
        throw error("raw control character 0x\(String(byte, radix: 16)) in a string (escape it)")
      }
      if byte == UInt8(ascii: "\\") {
        text.append(contentsOf: bytes[runStart..<index])
        try parseEscape(into: &text)
        runStart = index
        continue
      }
      index += 1
    }
    guard let string = String(validating: text, as: UTF8.self) else {
      throw JSONSyntaxError(offset: start, reason: "invalid UTF-8 in a string")
    }
    return string
  }

  private mutating func parseEscape(into text: inout [UInt8]) throws(JSONSyntaxError) {
    index += 1  // backslash
    guard index < bytes.count else { throw error("unterminated string") }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let byte = simple[bytes[index]] {
      text.append(byte)
      index += 1
      return
    }
    guard bytes[index] == UInt8(ascii: "u") else {
      throw error("invalid escape '\\\(describeCurrent())' in a string")
    }
    index += 1
    var scalar = try parseHex4()
    if (0xD800..<0xDC00).contains(scalar) {
      // A high surrogate must be followed by \u and a low surrogate.
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw error("unpaired surrogate \\u\(String(scalar, radix: 16)) in a string") }
      index += 2
      let low = try parseHex4()
      guard (0xDC00..<0xE000).contains(low) else {
        throw error("unpaired surrogate \\u\(String(scalar, radix: 16)) in a string")
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(scalar) {
      throw error("unpaired surrogate \\u\(String(scalar, radix: 16)) in a string")
    }
    text.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
        throw error("\\u must be followed by 4 hexadecimal digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    func isDigit(_ i: Int) -> Bool {
      i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
    }
    if bytes[index] == UInt8(ascii: "-") {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "I") || bytes[index] == UInt8(ascii: "N"))
      {
        throw error("NaN and Infinity are not JSON numbers (JSON numbers must be finite)")
      }
    }
    guard isDigit(index) else { throw error("expected a digit in a number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(index) { throw error("numbers must not have leading zeros") }
    } else {
      while isDigit(index) { index += 1 }
    }
    var isInteger = true
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard isDigit(index) else { throw error("expected a digit after the decimal point") }
      while isDigit(index) { index += 1 }
    }
    if index < bytes.count
      && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
    {
      isInteger = false
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard isDigit(index) else { throw error("expected a digit in the exponent") }
      while isDigit(index) { index += 1 }
    }
    if isInteger, let value = integerValue(start..<index) {
      return JSONValue(kind: .integer(value), offset: start)
    }
    // strtod reads the text in place (no String per number); it stops at
    // the byte after the number, which exists and is not part of one.
    let value =
      index < bytes.count
      ? bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          strtod($0 + start, nil)
        }
      }
      : Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .infinity
    guard value.isFinite else {
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      throw JSONSyntaxError(offset: start, reason: "number \(text) is out of range")
    }
    return JSONValue(kind: .double(value), offset: start)
  }

  /// The integer written in `range` (already checked: -?digits), or nil if
  /// it does not fit in Int64. Faster than going through a String.
  private func integerValue(_ range: Range<Int>) -> Int64? {
    var i = range.lowerBound
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    var magnitude: UInt64 = 0
    while i < range.upperBound {
      let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[i] - UInt8(ascii: "0")))
      if o1 || o2 { return nil }
      magnitude = sum
      i += 1
    }
    if negative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }
}

/// 1-based line and column of byte `offset` in UTF-8 `bytes`; the column
/// counts characters (Unicode scalars), a tab as one.
package func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
  var line = 1
  var column = 1
  for byte in bytes[..<min(offset, bytes.count)] {
    if byte == 0x0A {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
      column += 1
    }
  }
  return (line, column)
}
