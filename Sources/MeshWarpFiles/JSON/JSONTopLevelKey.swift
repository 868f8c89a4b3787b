extension JSONParser {
  /// The keys of a JSON object's top level, and of the first element of
  /// its array under `nestedKey` when that element is an object, found by
  /// one pass that skips nested values without building them: O(bytes),
  /// with no memory per value, so that telling a file's kind costs
  /// nothing beside decoding it. Nil when `bytes` do not start as an
  /// object; syntax is not checked (the decoder that follows reports it),
  /// and keys spelled with escapes are kept as written.
  package static func objectKeys(_ bytes: [UInt8], nestedIn nestedKey: String? = nil)
    -> (top: Set<String>, nested: Set<String>)?
  {
    var i = 0
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    while i < bytes.count, isSpace(bytes[i]) { i += 1 }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
    i += 1
    var top = Set<String>()
    var nested = Set<String>()
    var depth = 1
    var currentTopKey: [UInt8] = []
    // 0: not yet in the nested array; 1: in it, before its first element;
    // 2: in its first element (an object); 3: past it.
    var nestedState = 0
    let wanted = nestedKey.map { Array($0.utf8) }
    while i < bytes.count, depth > 0 {
      let b = bytes[i]
      switch b {
      case UInt8(ascii: "\""):
        let start = i + 1
        i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
          i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard i < bytes.count else { return (top, nested) }
        let end = i
        i += 1
        var j = i
        while j < bytes.count, isSpace(bytes[j]) { j += 1 }
        let isKey = j < bytes.count && bytes[j] == UInt8(ascii: ":")
        if isKey && depth == 1 {
          currentTopKey = Array(bytes[start..<end])
          top.insert(String(decoding: currentTopKey, as: UTF8.self))
        } else if isKey && depth == 3 && nestedState == 2 {
          nested.insert(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        if nestedState == 1 && depth == 2 { nestedState = 3 }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if depth == 1, b == UInt8(ascii: "["), nestedState == 0, currentTopKey == wanted {
          nestedState = 1
        } else if depth == 2, nestedState == 1 {
          nestedState = b == UInt8(ascii: "{") ? 2 : 3
        }
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if nestedState == 2 && depth == 2 { nestedState = 3 }
        if nestedState == 1 && depth == 1 { nestedState = 3 }
      default:
        if nestedState == 1 && depth == 2 && !isSpace(b) { nestedState = 3 }
      }
      i += 1
    }
    return (top, nested)
  }
}
