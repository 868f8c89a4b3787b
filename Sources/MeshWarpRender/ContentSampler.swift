/// Reads the content for the renderer's non-default modes: any
/// ``Interpolation`` with any ``AddressMode``, on premultiplied colour.
///
/// The default (bilinear, clamp to edge) never comes here: it stays on
/// ``BilinearSampler``'s fixed-point loop. Sample points are in source
/// pixel space (pixel i covers [i, i+1]) and are quantized to 1/256 of a
/// pixel, as ``BilinearSampler`` does, so that a point within 1/512 px of a
/// pixel centre returns that texel's bytes unchanged (identity warps stay
/// bit-exact in every mode).
struct ContentSampler: @unchecked Sendable {
  let bilinear: BilinearSampler
  let interpolation: Interpolation
  let address: AddressMode

  /// Whether this is the default, which the fast path handles.
  var isDefault: Bool { interpolation == .bilinear && address == .clampToEdge }

  /// The tap position (s − ½) in 24.8 fixed point, or `nil` when not finite.
  /// Clamped to ±2²² px (so that the fixed-point value fits 32 bits).
  @inline(__always) func fixed(_ s: Double) -> Int? {
    guard s.isFinite else { return nil }
    let limit = 4_194_304.0
    return BilinearSampler.roundToInt32(min(max(s - 0.5, -limit), limit) * 256)
  }

  /// The premultiplied texel at tap (i, j) after the address mode (zero for
  /// a transparent tap).
  @inline(__always) func tap(_ i: Int, _ j: Int) -> SIMD4<Float> {
    guard let x = address.texelIndex(i, size: bilinear.width),
      let y = address.texelIndex(j, size: bilinear.height)
    else { return .zero }
    return bilinear.premultipliedTexel(x, y)
  }

  /// The straight-alpha bytes of tap (i, j) after the address mode.
  @inline(__always) func tapBytes(_ i: Int, _ j: Int) -> UInt32 {
    guard let x = address.texelIndex(i, size: bilinear.width),
      let y = address.texelIndex(j, size: bilinear.height)
    else { return 0 }
    return bilinear.load(x, y)
  }

  /// Keys' cubic convolution weights (a = −0.5) for the taps at offsets
  /// −1, 0, 1, 2 from the tap left of a point at fraction `t` ∈ [0, 1):
  /// W(d) = (a+2)|d|³ − (a+3)|d|² + 1 for |d| ≤ 1,
  /// a|d|³ − 5a|d|² + 8a|d| − 4a for 1 < |d| < 2.
  @inline(__always) static func keysWeights(_ t: Float) -> SIMD4<Float> {
    let a: Float = -0.5
    @inline(__always) func near(_ d: Float) -> Float { ((a + 2) * d - (a + 3)) * d * d + 1 }
    @inline(__always) func far(_ d: Float) -> Float { ((a * d - 5 * a) * d + 8 * a) * d - 4 * a }
    return SIMD4(far(1 + t), near(t), near(1 - t), far(2 - t))
  }

  /// The premultiplied colour at `s` (channels 0…255); transparent where
  /// `s` is not finite.
  @inline(__always) func premultiplied(at s: Vector2) -> SIMD4<Float> {
    if isDefault { return bilinear.premultiplied(at: s) }
    guard let qx = fixed(s.x), let qy = fixed(s.y) else { return .zero }
    return premultiplied(qx: qx, qy: qy)
  }

  @inline(__always) func premultiplied(qx: Int, qy: Int) -> SIMD4<Float> {
    switch interpolation {
    case .nearest:
      return tap((qx &+ 128) >> 8, (qy &+ 128) >> 8)
    case .bilinear:
      let (i, j) = (qx >> 8, qy >> 8)
      let wx = Float(qx & 255) * (1 / 256)
      let wy = Float(qy & 255) * (1 / 256)
      let top = tap(i, j) * (1 - wx) + tap(i + 1, j) * wx
      let bottom = tap(i, j + 1) * (1 - wx) + tap(i + 1, j + 1) * wx
      return top * (1 - wy) + bottom * wy
    case .bicubic:
      let (i, j) = (qx >> 8, qy >> 8)
      let wx = Self.keysWeights(Float(qx & 255) * (1 / 256))
      let wy = Self.keysWeights(Float(qy & 255) * (1 / 256))
      var sum = SIMD4<Float>.zero
      for r in 0..<4 {
        let y = j - 1 + r
        var row = tap(i - 1, y) * wx[0]
        row += tap(i, y) * wx[1]
        row += tap(i + 1, y) * wx[2]
        row += tap(i + 2, y) * wx[3]
        sum += row * wy[r]
      }
      let alpha = min(max(sum.w, 0), 255)
      let rgb = SIMD4<Float>(sum.x, sum.y, sum.z, alpha)
        .clamped(lowerBound: .zero, upperBound: SIMD4(repeating: alpha))
      return rgb
    }
  }

  /// Writes the straight-alpha 8-bit colour at `s` to `out` (4 bytes).
  @inline(__always) func write(at s: Vector2, to out: UnsafeMutablePointer<UInt8>) {
    if isDefault { return bilinear.write(at: s, to: out) }
    guard let qx = fixed(s.x), let qy = fixed(s.y) else {
      UnsafeMutableRawPointer(out).storeBytes(of: 0, as: UInt32.self)
      return
    }
    // On a texel (or nearest): its bytes, unchanged.
    if interpolation == .nearest || (qx & 255 == 0 && qy & 255 == 0) {
      let (i, j) =
        interpolation == .nearest ? ((qx &+ 128) >> 8, (qy &+ 128) >> 8) : (qx >> 8, qy >> 8)
      UnsafeMutableRawPointer(out).storeBytes(of: tapBytes(i, j), as: UInt32.self)
      return
    }
    storeStraight(premultiplied(qx: qx, qy: qy), to: out)
  }
}
