import MeshWarpCore

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
    write(qx: qx, qy: qy, to: out)
  }

  /// Writes the colour at tap position (qx, qy) (24.8 fixed point, as
  /// ``fixed(_:)`` makes it).
  @inline(__always) func write(qx: Int, qy: Int, to out: UnsafeMutablePointer<UInt8>) {
    if interpolation == .bicubic && bilinear.opaque && qx & 255 | qy & 255 != 0 {
      let (i, j) = (qx >> 8, qy >> 8)
      if i >= 1 && j >= 1 && i + 2 < bilinear.width && j + 2 < bilinear.height {
        return writeInteriorOpaqueBicubic(qx: qx, qy: qy, to: out)
      }
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

  /// ``write(qx:qy:to:)`` for bicubic interpolation of an opaque source
  /// whose 4 × 4 taps all lie inside it: no address mode and no
  /// premultiplication (alpha is 255 everywhere). The four rows of four
  /// texels are weighted down the columns, then the four columns across;
  /// the weights are Keys' (``keysWeights(_:)``), looked up by the
  /// 1/256-pixel fraction. The same sum as ``premultiplied(qx:qy:)``
  /// (`WarpModesTests.bicubicMatchesNumpy` holds both, on an opaque and a
  /// translucent source, within 2 levels of numpy's Keys convolution).
  @inline(__always) func writeInteriorOpaqueBicubic(
    qx: Int, qy: Int, to out: UnsafeMutablePointer<UInt8>
  ) {
    let wx = Self.keysTable[qx & 255]
    let wy = Self.keysTable[qy & 255]
    let stride = bilinear.width &* 4
    var p = UnsafeRawPointer(bilinear.pixels) + ((qy >> 8) &- 1) &* stride + ((qx >> 8) &- 1) &* 4
    // (SIMD4 conversions: SIMD16's are not inlined.)
    @inline(__always) func texel(_ q: UnsafeRawPointer) -> SIMD4<Float> {
      SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: q.loadUnaligned(as: SIMD4<UInt8>.self)))
    }
    // Unrolled, with constant lanes (a loop indexed the weights through
    // memory).
    var c0 = texel(p) * wy.x
    var c1 = texel(p + 4) * wy.x
    var c2 = texel(p + 8) * wy.x
    var c3 = texel(p + 12) * wy.x
    p += stride
    c0 += texel(p) * wy.y
    c1 += texel(p + 4) * wy.y
    c2 += texel(p + 8) * wy.y
    c3 += texel(p + 12) * wy.y
    p += stride
    c0 += texel(p) * wy.z
    c1 += texel(p + 4) * wy.z
    c2 += texel(p + 8) * wy.z
    c3 += texel(p + 12) * wy.z
    p += stride
    c0 += texel(p) * wy.w
    c1 += texel(p + 4) * wy.w
    c2 += texel(p + 8) * wy.w
    c3 += texel(p + 12) * wy.w
    let sum = (c0 * wx.x + c1 * wx.y) + (c2 * wx.z + c3 * wx.w)
    // rgb clamped to 0…255, then rounded to nearest by adding 1.5·2²³
    // (the integer lands in the low mantissa bits; the generic SIMD
    // Float → Int conversions are not inlined). Alpha is 255.
    var v = sum.replacing(with: 0, where: sum .< 0)
    v = v.replacing(with: 255, where: v .> 255)
    let bytes = unsafeBitCast(v + 12_582_912, to: SIMD4<UInt32>.self)
    var rgba = SIMD4<UInt8>(truncatingIfNeeded: bytes)
    rgba.w = 255
    UnsafeMutableRawPointer(out).storeBytes(of: rgba, as: SIMD4<UInt8>.self)
  }

  /// Keys' weights for each 1/256-pixel fraction (``keysWeights(_:)``),
  /// made once.
  nonisolated(unsafe) static let keysTable: UnsafePointer<SIMD4<Float>> = {
    let table = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 256)
    for f in 0..<256 { table[f] = keysWeights(Float(f) * (1 / 256)) }
    return UnsafePointer(table)
  }()

  /// ``keysTable`` as the AVX2 kernel reads it: per fraction, each of the
  /// 4 weights repeated 4 times (one per channel), so that the kernel
  /// multiplies two columns by their weights straight from memory.
  nonisolated(unsafe) static let keysKernelTable: UnsafePointer<Float> = {
    let table = UnsafeMutablePointer<Float>.allocate(capacity: 256 * 16)
    for f in 0..<256 {
      for k in 0..<16 { table[f * 16 + k] = keysTable[f][k / 4] }
    }
    return UnsafePointer(table)
  }()
}

extension ContentSampler {
  /// Whether every tap of a run whose source points lie within `lo`…`hi`
  /// (source pixels) keeps its 4 × 4 texels inside the source: the taps'
  /// 24.8 positions from one texel in to three texels before the far edge,
  /// with a margin of 1/256 px for the forward differences' rounding
  /// (``QuadraticSteps``: under 10⁻⁶ px from the exact quadratic, which can
  /// still round a tap to its neighbour).
  @inline(__always)
  func bicubicTapsInside(lo: Vector2, hi: Vector2) -> Bool {
    guard let x0 = fixed(lo.x), let y0 = fixed(lo.y), let x1 = fixed(hi.x), let y1 = fixed(hi.y)
    else { return false }
    return x0 > 256 && y0 > 256 && ((x1 &+ 1) >> 8) &+ 2 < bilinear.width
      && ((y1 &+ 1) >> 8) &+ 2 < bilinear.height
  }

  /// Bicubic pixels of an opaque source along `steps`: the stretches whose
  /// taps keep their 4 × 4 texels inside the source through the AVX2 kernel
  /// (``writeBicubicRun(_:count:checked:to:)``, which finds where they
  /// end), the pixels between them through ``write(qx:qy:to:)``, which
  /// takes the same interior test.
  @inline(__always)
  func writeBicubicStretches(
    _ steps: QuadraticSteps, count n: Int, to out: UnsafeMutablePointer<UInt8>
  ) {
    var q = steps
    var i = 0
    while i < n {
      i += writeBicubicRun(&q, count: n - i, checked: true, to: out + i &* 4)
      guard i < n else { return }
      // The first tap outside: the Swift pixel.
      write(qx: q.tapX, qy: q.tapY, to: out + i &* 4)
      q.advance()
      i += 1
    }
  }
}

extension ContentSampler: SpanWriter {
  /// The default loop's forward differences (``QuadraticSteps``), each
  /// pixel through ``write(qx:qy:to:)``; runs whose taps could leave
  /// ±2²² px, or that are not finite, are written point by point.
  @inline(__always)
  func writeQuadratic(
    count n: Int, start: Vector2, end: Vector2, b: Vector2, c: Vector2, span l: Double,
    out: UnsafeMutablePointer<UInt8>
  ) {
    if isDefault {
      return bilinear.writeQuadratic(
        count: n, start: start, end: end, b: b, c: c, span: l, out: out)
    }
    // Tap positions in 24.8 fixed point stay within ±2²² px (see fixed(_:)).
    let limit = 4_000_000.0
    let (lo, hi) = QuadraticSteps.range(start: start, end: end, b: b, c: c, span: l)
    guard lo.x > -limit, lo.y > -limit, hi.x < limit, hi.y < limit,
      QuadraticSteps.fits(start: start, b: b, c: c, limit: limit)
    else {
      for i in 0..<n {
        let t = Double(i)
        write(at: start + (b + c * t) * t, to: out + i &* 4)
      }
      return
    }
    var q = QuadraticSteps(start: start, b: b, c: c)
    if interpolation == .bicubic && bilinear.vectorized {
      // Most runs lie wholly inside: one kernel call, no per-pixel test.
      if bicubicTapsInside(lo: lo, hi: hi) {
        writeBicubicRun(&q, count: n, checked: false, to: out)
        return
      }
      return writeBicubicStretches(q, count: n, to: out)
    }
    for i in 0..<n {
      write(qx: q.tapX, qy: q.tapY, to: out + i &* 4)
      q.advance()
    }
  }
}
