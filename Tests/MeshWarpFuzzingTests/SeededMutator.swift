import _TestSupport

/// A small seeded mutator for the corpus replay: libFuzzer's commonest
/// moves (byte flips, inserts, erases, copies) plus JSON-minded ones that
/// swap a number for an extreme, so that every `swift test` explores a
/// little beyond the committed corpus, reproducibly.
struct SeededMutator {
  var random: SeededRandom

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// Tokens that break numeric assumptions: huge, tiny, negative, Int
  /// limits, fractions where integers are expected.
  static let extremes = [
    "1e308", "-1e308", "1e-320", "0", "-1", "9223372036854775807", "-9223372036854775808",
    "4611686018427387904", "0.5", "65536", "[]", "null",
  ]

  /// A mutant of `input` made by 1 to 4 random edits.
  mutating func mutate(_ input: [UInt8]) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let choice = Int.random(in: 0..<6, using: &random)
      if bytes.isEmpty {
        bytes.append(UInt8.random(in: 0...255, using: &random))
        continue
      }
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch choice {
      case 0:
        bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
      case 1:
        bytes[at] = UInt8.random(in: 0...255, using: &random)
      case 2:
        bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
      case 3:
        let end = min(bytes.count, at + Int.random(in: 1...16, using: &random))
        bytes.removeSubrange(at..<end)
      case 4:
        let end = min(bytes.count, at + Int.random(in: 1...32, using: &random))
        let to = Int.random(in: 0...bytes.count, using: &random)
        bytes.insert(contentsOf: Array(bytes[at..<end]), at: to)
      default:
        // Replace the number (digits, sign, dot, exponent) at or after `at`.
        guard let start = bytes[at...].firstIndex(where: { (0x30...0x39).contains($0) }) else {
          continue
        }
        var end = start
        while end < bytes.count, "0123456789.eE+-".utf8.contains(bytes[end]) { end += 1 }
        let token = Self.extremes.randomElement(using: &random)!
        bytes.replaceSubrange(start..<end, with: Array(token.utf8))
      }
    }
    return bytes
  }
}
