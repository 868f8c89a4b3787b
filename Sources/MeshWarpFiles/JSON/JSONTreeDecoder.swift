/// A `Decoder` over a parsed `JSONValue` tree. Unlike Foundation's
/// JSONDecoder on Linux (which reports a fractional or out-of-range number
/// only as "not valid JSON", with no path), every error here is a
/// `DecodingError` whose coding path leads to the offending value, and whose
/// message says what was found: the caller turns the path into a line and
/// column with `JSONValue.locate(_:)`.
///
/// Numbers: an integer type accepts any number that is exactly a whole value
/// in its range (`4`, `4.0`, `4e0`); floating-point types accept any number
/// whose value is finite in that type.
struct JSONTreeDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  /// The caller's context (such as a mesh's content size), seen by the
  /// top-level value's `init(from:)`; nested decoders get none.
  var userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value.kind else {
      throw mismatch([String: Any].self, "expected an object, found \(value.typeDescription)")
    }
    return KeyedDecodingContainer(
      KeyedContainer<Key>(members: members, codingPath: codingPath, offset: value.offset))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard let elements = value.arrayElements else {
      throw mismatch([Any].self, "expected an array, found \(value.typeDescription)")
    }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValue(value: value, codingPath: codingPath)
  }

  private func mismatch(_ type: Any.Type, _ message: String) -> DecodingError {
    .typeMismatch(type, .init(codingPath: codingPath, debugDescription: message))
  }
}

/// A coding key made here: an array position, or the "super" key.
package struct IndexKey: CodingKey {
  package let intValue: Int?
  private let name: String?
  package var stringValue: String { name ?? "\(intValue ?? 0)" }
  package init(_ index: Int) {
    intValue = index
    name = nil
  }
  package init(stringValue: String) {
    intValue = nil
    name = stringValue
  }
  package init?(intValue: Int) { self.init(intValue) }
}

/// Decoding of one value to each primitive type, shared by the containers.
private struct Primitive {
  let value: JSONValue
  /// The path to the value's parent, and the value's own key (kept apart
  /// so that the full path is built only when needed).
  let parentPath: [any CodingKey]
  let key: (any CodingKey)?

  init(value: JSONValue, codingPath: [any CodingKey]) {
    self.value = value
    self.parentPath = codingPath
    self.key = nil
  }

  init(value: JSONValue, parentPath: [any CodingKey], key: any CodingKey) {
    self.value = value
    self.parentPath = parentPath
    self.key = key
  }

  var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }

  func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
    .typeMismatch(
      type,
      .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(found)"))
  }

  var found: String {
    switch value.kind {
    case .integer(let v): return "\(v)"
    case .double(let v): return "\(v)"
    case .string(let s): return s.count <= 40 ? "the string \"\(s)\"" : "a string"
    default: return value.typeDescription
    }
  }

  var isNull: Bool {
    if case .null = value.kind { return true }
    return false
  }

  func bool() throws -> Bool {
    guard case .bool(let b) = value.kind else { throw mismatch(Bool.self, "true or false") }
    return b
  }

  func string() throws -> String {
    guard case .string(let s) = value.kind else { throw mismatch(String.self, "a string") }
    return s
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    switch value.kind {
    case .integer(let v):
      if let result = T(exactly: v) { return result }
      throw mismatch(T.self, "a whole number in \(T.min)…\(T.max)")
    case .double(let v):
      if let result = T(exactly: v) { return result }
      throw mismatch(
        T.self, v.rounded() == v ? "a whole number in \(T.min)…\(T.max)" : "a whole number")
    default:
      throw mismatch(T.self, "a whole number")
    }
  }

  func floating<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
    let d: Double
    switch value.kind {
    case .integer(let v): d = Double(v)
    case .double(let v): d = v
    default: throw mismatch(T.self, "a number")
    }
    let result = T(d)
    guard result.isFinite else { throw mismatch(T.self, "a number within the range of \(T.self)") }
    return result
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    // Fast paths for the number arrays of mesh and gradient files: the
    // generic route costs a container and metadata lookups per element
    // (measured: most of the time of a million-face mesh). Same results and
    // errors as the generic route.
    if case .numberTable(let table) = value.kind, let rows = try rows(of: table, as: T.self) {
      return rows
    }
    if T.self == [SIMD2<Double>].self {
      return try array { row in
        let xy = try row.array { try $0.floating(Double.self) }
        guard xy.count == 2 else { throw row.mismatch(SIMD2<Double>.self, "[x, y]") }
        return SIMD2(xy[0], xy[1])
      } as! T
    }
    if T.self == [SIMD4<Int>].self {
      return try array { row in
        let v = try row.array { try $0.integer(Int.self) }
        guard v.count == 4 else { throw row.mismatch(SIMD4<Int>.self, "four whole numbers") }
        return SIMD4(v[0], v[1], v[2], v[3])
      } as! T
    }
    if T.self == [Double].self { return try array { try $0.floating(Double.self) } as! T }
    if T.self == [Int].self { return try array { try $0.integer(Int.self) } as! T }
    if T.self == [[Double]].self {
      return try array { try $0.array { try $0.floating(Double.self) } } as! T
    }
    if T.self == [[Int]].self {
      return try array { try $0.array { try $0.integer(Int.self) } } as! T
    }
    return try T(from: JSONTreeDecoder(value: value, codingPath: codingPath))
  }

  /// A table's rows as `[SIMD2<Double>]` (two columns), `[SIMD4<Int>]`
  /// (four whole numbers), `[[Double]]` or `[[Int]]`, straight from its
  /// numbers; nil for other types and shapes (the general route then
  /// decodes, and reports, element by element).
  func rows<T>(of table: NumberTable, as type: T.Type) throws -> T? {
    let n = table.columns
    let v = table.values
    if T.self == [SIMD2<Double>].self && n == 2 {
      return (0..<table.rows).map { SIMD2(v[2 * $0], v[2 * $0 + 1]) } as? T
    }
    if T.self == [[Double]].self {
      return (0..<table.rows).map { Array(v[$0 * n..<($0 + 1) * n]) } as? T
    }
    guard (T.self == [SIMD4<Int>].self && n == 4) || T.self == [[Int]].self,
      // Whole numbers only when every one is (else element by element,
      // for the message naming the first that is not).
      v.allSatisfy({ Int(exactly: $0) != nil })
    else { return nil }
    if T.self == [SIMD4<Int>].self {
      return (0..<table.rows).map { (r: Int) -> SIMD4<Int> in
        SIMD4(Int(v[4 * r]), Int(v[4 * r + 1]), Int(v[4 * r + 2]), Int(v[4 * r + 3]))
      } as? T
    }
    if T.self == [[Int]].self {
      return (0..<table.rows).map { r in (r * n..<(r + 1) * n).map { Int(v[$0]) } } as? T
    }
    return nil
  }

  /// The elements of an array value, each decoded by `element`.
  func array<E>(_ element: (Primitive) throws -> E) throws -> [E] {
    guard let elements = value.arrayElements else {
      throw mismatch([E].self, "an array")
    }
    let path = codingPath
    var result: [E] = []
    result.reserveCapacity(elements.count)
    for (i, item) in elements.enumerated() {
      result.append(try element(Primitive(value: item, parentPath: path, key: IndexKey(i))))
    }
    return result
  }
}

private struct SingleValue: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  private var p: Primitive { Primitive(value: value, codingPath: codingPath) }

  func decodeNil() -> Bool { p.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try p.bool() }
  func decode(_ type: String.Type) throws -> String { try p.string() }
  // One generic witness serves every fixed-width integer requirement, one
  // every floating-point requirement (Swift accepts a generic method as the
  // witness of each concrete overload).
  func decode<T: BinaryFloatingPoint & Decodable>(_ type: T.Type) throws -> T {
    try p.floating(type)
  }
  func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T { try p.integer(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try p.decode(type) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [(key: String, value: JSONValue)]
  let codingPath: [any CodingKey]
  let offset: Int
  /// Last index of each key (a repeated key: the last one wins).
  private let index: [String: Int]

  init(members: [(key: String, value: JSONValue)], codingPath: [any CodingKey], offset: Int) {
    self.members = members
    self.codingPath = codingPath
    self.offset = offset
    var index: [String: Int] = [:]
    index.reserveCapacity(members.count)
    for (i, member) in members.enumerated() { index[member.key] = i }
    self.index = index
  }

  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }
  func contains(_ key: Key) -> Bool { index[key.stringValue] != nil }

  private func primitive(_ key: Key) throws -> Primitive {
    guard let i = index[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "missing key \"\(key.stringValue)\""))
    }
    return Primitive(value: members[i].value, parentPath: codingPath, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try primitive(key).isNull }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try primitive(key).bool() }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try primitive(key).string() }
  // One generic witness serves every fixed-width integer requirement, one
  // every floating-point requirement (Swift accepts a generic method as the
  // witness of each concrete overload).
  func decode<T: BinaryFloatingPoint & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try primitive(key).floating(type)
  }
  func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try primitive(key).integer(type)
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try primitive(key).decode(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let p = try primitive(key)
    return try JSONTreeDecoder(value: p.value, codingPath: p.codingPath).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let p = try primitive(key)
    return try JSONTreeDecoder(value: p.value, codingPath: p.codingPath).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let value = index["super"].map { members[$0].value } ?? JSONValue(kind: .null, offset: offset)
    return JSONTreeDecoder(value: value, codingPath: codingPath + [IndexKey(stringValue: "super")])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    let value =
      index[key.stringValue].map { members[$0].value } ?? JSONValue(kind: .null, offset: offset)
    return JSONTreeDecoder(value: value, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next(_ type: Any.Type) throws -> Primitive {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: codingPath + [IndexKey(currentIndex)],
          debugDescription: "the array has only \(elements.count) elements"))
    }
    defer { currentIndex += 1 }
    return Primitive(
      value: elements[currentIndex], parentPath: codingPath, key: IndexKey(currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { return false }
    if case .null = elements[currentIndex].kind {
      currentIndex += 1
      return true
    }
    return false
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).bool() }
  mutating func decode(_ type: String.Type) throws -> String { try next(type).string() }
  // One generic witness serves every fixed-width integer requirement, one
  // every floating-point requirement (Swift accepts a generic method as the
  // witness of each concrete overload).
  mutating func decode<T: BinaryFloatingPoint & Decodable>(_ type: T.Type) throws -> T {
    try next(type).floating(type)
  }
  mutating func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
    try next(type).integer(type)
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let p = try next([String: Any].self)
    return try JSONTreeDecoder(value: p.value, codingPath: p.codingPath).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let p = try next([Any].self)
    return try JSONTreeDecoder(value: p.value, codingPath: p.codingPath).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let p = try next(Any.self)
    return JSONTreeDecoder(value: p.value, codingPath: p.codingPath)
  }
}

extension JSONValue {
  /// The value a coding path leads to, or the deepest value on the way
  /// (a missing key leads to its object). Used to place an error.
  package func locate(_ path: [any CodingKey]) -> JSONValue {
    var current = self
    for key in path {
      switch current.kind {
      case .object(let members):
        guard let member = members.last(where: { $0.key == key.stringValue }) else {
          return current
        }
        current = member.value
      case .array(let elements):
        guard let i = key.intValue, elements.indices.contains(i) else { return current }
        current = elements[i]
      default:
        return current
      }
    }
    return current
  }

  /// The byte offset of the value `path` leads to, as ``locate(_:)`` finds
  /// it, and inside a number table by reading `bytes` (the text this tree
  /// was parsed from) from the table's start: row r begins at the (r+1)-th
  /// `[` after the table's own, number c after c commas in its row.
  package func offset(of path: [any CodingKey], in bytes: [UInt8]) -> Int {
    var current = self
    for (depth, key) in path.enumerated() {
      switch current.kind {
      case .object(let members):
        guard let member = members.last(where: { $0.key == key.stringValue }) else {
          return current.offset
        }
        current = member.value
      case .array(let elements):
        guard let i = key.intValue, elements.indices.contains(i) else { return current.offset }
        current = elements[i]
      case .numberTable(let table):
        guard let row = key.intValue, row < table.rows else { return current.offset }
        var i = current.offset + 1
        var opened = 0
        while i < bytes.count {
          if bytes[i] == UInt8(ascii: "[") {
            if opened == row { break }
            opened += 1
          }
          i += 1
        }
        guard depth + 1 < path.count, let column = path[depth + 1].intValue,
          column < table.columns
        else { return i }
        i += 1
        var commas = 0
        while i < bytes.count && commas < column {
          if bytes[i] == UInt8(ascii: ",") { commas += 1 }
          i += 1
        }
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i
      default:
        return current.offset
      }
    }
    return current.offset
  }
}
