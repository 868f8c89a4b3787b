/// SplitMix64 (Steele, Lea & Flood, 2014): a small, fast, seeded generator,
/// so that every random test can print its seed and be replayed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform Double in [0, 1) with 53 random bits.
  public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// A uniform Double in `range`.
  public mutating func double(in range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }
}
