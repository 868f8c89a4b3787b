/// Dithering against banding (Apple dithers ±1/255): a 64 × 64
/// tile of triangular-distributed noise in (−1, 1) quantization steps, added
/// to red, green and blue before rounding, never to alpha.
///
/// Triangular noise (the sum of two uniform values) decorrelates the
/// rounding error from the signal; its amplitude below one step means a
/// dithered value differs from the undithered rounding by at most one level.
/// The tile comes from the seed by SplitMix64 (Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", OOPSLA 2014) and is
/// indexed by pixel position only, so the output does not depend on how rows
/// are split among threads. The 64-pixel period (empirical) is invisible at
/// this amplitude.
struct GradientDither {
  /// Tile side in pixels (a power of two).
  static let side = 64
  /// `side²` noise values in steps of 1/255, row-major, as (n, n, n, 0) so
  /// that a pixel adds one vector; all zero when off.
  let tile: [SIMD4<Float>]

  init(enabled: Bool, seed: UInt64) {
    guard enabled else {
      tile = [SIMD4<Float>](repeating: .zero, count: Self.side * Self.side)
      return
    }
    var state = seed
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    tile = (0..<(Self.side * Self.side)).map { _ in
      let bits = next()
      // Two uniform values in [0, 1) with 24 bits each; their sum minus 1 is
      // triangular on (−1, 1).
      let a = Float(bits & 0xFF_FFFF) / 16_777_216
      let b = Float((bits >> 24) & 0xFF_FFFF) / 16_777_216
      let n = a + b - 1
      return SIMD4(n, n, n, 0)
    }
  }
}
