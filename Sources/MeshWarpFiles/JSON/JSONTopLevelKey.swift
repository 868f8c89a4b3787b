extension JSONParser {
  /// Whether `bytes` hold a JSON object with `key` among its top-level
  /// keys, found by one pass that skips nested values without building
  /// them: O(bytes), with no memory per value, so that sniffing a file's
  /// kind costs nothing beside decoding it. Anything that does not start
  /// as an object gives false; syntax is not checked (the decoder that
  /// follows reports it), and a key spelled with escapes is not matched.
  package static func topLevelObject(_ bytes: [UInt8], hasKey key: String) -> Bool {
    let wanted = Array(key.utf8)
    var i = 0
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    while i < bytes.count, isSpace(bytes[i]) { i += 1 }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
    i += 1
    var depth = 1
    while i < bytes.count, depth > 0 {
      let b = bytes[i]
      switch b {
      case UInt8(ascii: "\""):
        let start = i + 1
        i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
          i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard i < bytes.count else { return false }
        let end = i
        i += 1
        if depth == 1 {
          var j = i
          while j < bytes.count, isSpace(bytes[j]) { j += 1 }
          if j < bytes.count, bytes[j] == UInt8(ascii: ":"), end - start == wanted.count,
            bytes[start..<end].elementsEqual(wanted)
          {
            return true
          }
        }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
      i += 1
    }
    return false
  }
}
