internal import CSpanKernel
import MeshWarpCore

/// Reads a deep (16-bit) source for the renderers: every ``Interpolation``
/// with every ``AddressMode``, on premultiplied colour, as
/// ``ContentSampler`` reads an 8-bit one, written back at 16 bits.
///
/// Sample points are quantized to 1/4096 px (the 8-bit samplers' 1/256 px
/// would move a steep 16-bit edge by up to 128 levels; at 1/4096 the
/// steepest edge moves by at most 8 of 65 535), so that a point within
/// 1/8192 px of a texel centre returns that texel's values unchanged: an
/// identity warp of a deep picture is bit-exact in every mode. Colour is
/// blended in `Float` in 0…65535 units (24-bit significands: the blend's
/// rounding stays under 0.01 of a 16-bit level) and rounded once, to
/// nearest, when stored.
struct DeepSampler: @unchecked Sendable {
  let pixels: UnsafePointer<UInt16>
  let width: Int
  let height: Int
  /// Every pixel has alpha 65535: premultiplication is the identity.
  let opaque: Bool
  let interpolation: Interpolation
  let address: AddressMode
  /// Opaque bilinear runs inside the source go through the AVX2 kernel
  /// (`mw_span_deep_opaque_avx2`, the same values as the Swift loop).
  let vectorized: Bool

  /// Sub-pixel steps per pixel of the tap positions (12 bits).
  static let fractionBits = 12
  static let one = 1 << fractionBits
  static let fractionMask = one - 1

  /// The tap position (s − ½) in 52.12 fixed point, or `nil` when not
  /// finite; clamped to ±2²² px.
  @inline(__always) func fixed(_ s: Double) -> Int? {
    guard s.isFinite else { return nil }
    let limit = 4_194_304.0
    // Rounded to nearest by hand: `rounded()` is a libm call here.
    let t = min(max(s - 0.5, -limit), limit) * Double(Self.one)
    let i = Int(t)
    let f = t - Double(i)
    return f >= 0.5 ? i + 1 : (f < -0.5 ? i - 1 : i)
  }

  /// Four 16-bit values as floats.
  @inline(__always) static func load(_ p: UnsafePointer<UInt16>) -> SIMD4<Float> {
    SIMD4<Float>(
      SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt16>.self)))
  }

  /// ``write(qx:qy:to:)`` for the bilinear blend of an opaque source whose
  /// 2 × 2 taps lie inside it: no address mode, no premultiplication, and
  /// the rounding of values under 2²² by adding 1.5·2²³ (the integer lands
  /// in the low significand bits; the generic SIMD conversions are not
  /// inlined).
  @inline(__always) func writeInteriorOpaque(
    qx: Int, qy: Int, to out: UnsafeMutablePointer<UInt16>
  ) {
    let p0 = pixels + ((qy >> Self.fractionBits) &* width &+ (qx >> Self.fractionBits)) &* 4
    let (fx, fy) = (qx & Self.fractionMask, qy & Self.fractionMask)
    if fx | fy == 0 {
      out.update(from: p0, count: 4)
      return
    }
    let p1 = p0 + width &* 4
    let wx = Float(fx) * (1 / Float(Self.one))
    let wy = Float(fy) * (1 / Float(Self.one))
    let top = Self.load(p0) + (Self.load(p0 + 4) - Self.load(p0)) * wx
    let bottom = Self.load(p1) + (Self.load(p1 + 4) - Self.load(p1)) * wx
    let v = top + (bottom - top) * wy
    let bits = unsafeBitCast(v + 12_582_912, to: SIMD4<UInt32>.self)
    UnsafeMutableRawPointer(out).storeBytes(
      of: SIMD4<UInt16>(truncatingIfNeeded: bits), as: SIMD4<UInt16>.self)
  }

  /// The texel index of tap (i, j) after the address mode, or nil for a
  /// transparent tap.
  @inline(__always) func texel(_ i: Int, _ j: Int) -> Int? {
    if i >= 0 && j >= 0 && i < width && j < height { return j &* width &+ i }
    guard let x = address.texelIndex(i, size: width), let y = address.texelIndex(j, size: height)
    else { return nil }
    return y &* width &+ x
  }

  /// The premultiplied texel at tap (i, j), 0…65535 units (zero for a
  /// transparent tap).
  @inline(__always) func tap(_ i: Int, _ j: Int) -> SIMD4<Float> {
    guard let k = texel(i, j) else { return .zero }
    let p = pixels + k &* 4
    let c = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    if opaque { return c }
    let a = c.w * (1 / 65535)
    return SIMD4(c.x * a, c.y * a, c.z * a, c.w)
  }

  /// The premultiplied colour at tap position (qx, qy), 0…65535 units.
  @inline(__always) func premultiplied65535(qx: Int, qy: Int) -> SIMD4<Float> {
    let shift = Self.fractionBits
    let scale = 1 / Float(Self.one)
    switch interpolation {
    case .nearest:
      return tap((qx &+ Self.one / 2) >> shift, (qy &+ Self.one / 2) >> shift)
    case .bilinear:
      // (Lerps in ``writeInteriorOpaque(qx:qy:to:)``'s order.)
      let (i, j) = (qx >> shift, qy >> shift)
      let wx = Float(qx & Self.fractionMask) * scale
      let wy = Float(qy & Self.fractionMask) * scale
      let (t00, t10) = (tap(i, j), tap(i, j + 1))
      let top = t00 + (tap(i + 1, j) - t00) * wx
      let bottom = t10 + (tap(i + 1, j + 1) - t10) * wx
      return top + (bottom - top) * wy
    case .bicubic:
      let (i, j) = (qx >> shift, qy >> shift)
      let wx = ContentSampler.keysWeights(Float(qx & Self.fractionMask) * scale)
      let wy = ContentSampler.keysWeights(Float(qy & Self.fractionMask) * scale)
      var sum = SIMD4<Float>.zero
      for r in 0..<4 {
        let y = j - 1 + r
        var row = tap(i - 1, y) * wx[0]
        row += tap(i, y) * wx[1]
        row += tap(i + 1, y) * wx[2]
        row += tap(i + 2, y) * wx[3]
        sum += row * wy[r]
      }
      let alpha = min(max(sum.w, 0), 65535)
      return SIMD4<Float>(sum.x, sum.y, sum.z, alpha)
        .clamped(lowerBound: .zero, upperBound: SIMD4(repeating: alpha))
    }
  }

  /// Writes the pixel at tap position (qx, qy): on a texel (or nearest),
  /// its values unchanged; else the blend, straight, rounded to nearest.
  @inline(__always) func write(qx: Int, qy: Int, to out: UnsafeMutablePointer<UInt16>) {
    let shift = Self.fractionBits
    if opaque && interpolation == .bilinear {
      let (i, j) = (qx >> shift, qy >> shift)
      if i >= 0 && j >= 0 && i &+ 1 < width && j &+ 1 < height {
        return writeInteriorOpaque(qx: qx, qy: qy, to: out)
      }
    }
    if interpolation == .nearest || (qx & Self.fractionMask == 0 && qy & Self.fractionMask == 0) {
      let (i, j) =
        interpolation == .nearest
        ? ((qx &+ Self.one / 2) >> shift, (qy &+ Self.one / 2) >> shift)
        : (qx >> shift, qy >> shift)
      guard let k = texel(i, j) else {
        out.update(repeating: 0, count: 4)
        return
      }
      out.update(from: pixels + k &* 4, count: 4)
      return
    }
    Self.store65535(premultiplied65535(qx: qx, qy: qy), to: out)
  }

  /// Stores premultiplied colour `c` (0…65535 units) as straight 16-bit
  /// values, rounded to nearest; transparent black under half a level of
  /// alpha.
  @inline(__always) static func store65535(_ c: SIMD4<Float>, to out: UnsafeMutablePointer<UInt16>)
  {
    let a = c.w
    guard a >= 0.5 else {
      out.update(repeating: 0, count: 4)
      return
    }
    let scale = a >= 65534.5 ? 1 : 65535 / a
    @inline(__always) func value(_ v: Float) -> UInt16 { UInt16(min(max(v, 0), 65535) + 0.5) }
    out[0] = value(c.x * scale)
    out[1] = value(c.y * scale)
    out[2] = value(c.z * scale)
    out[3] = value(a)
  }
}

extension DeepSampler: SpanWriter {
  @inline(__always) func write(at s: Vector2, to out: UnsafeMutablePointer<UInt16>) {
    guard let qx = fixed(s.x), let qy = fixed(s.y) else {
      out.update(repeating: 0, count: 4)
      return
    }
    write(qx: qx, qy: qy, to: out)
  }

  /// The run's taps by forward differences (``QuadraticSteps``, 52.12
  /// here); an opaque bilinear run whose taps all lie inside the source
  /// takes ``writeInteriorOpaque(qx:qy:to:)``; runs whose taps could leave
  /// ±2²² px, or that are not finite, are written point by point.
  @inline(__always) func writeQuadratic(
    count n: Int, start: Vector2, end: Vector2, b: Vector2, c: Vector2, span l: Double,
    out: UnsafeMutablePointer<UInt16>
  ) {
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
    // Taps from the texel centre ½ px in to 1½ px before the far edge
    // (with a 1/1024 px margin for the differences' rounding) keep their
    // right and lower neighbours inside.
    let margin = 1.0 / 1024
    if opaque && interpolation == .bilinear && lo.x >= 0.5 + margin && lo.y >= 0.5 + margin
      && hi.x <= Double(width) - 0.5 - margin && hi.y <= Double(height) - 0.5 - margin
    {
      if vectorized {
        mw_span_deep_opaque_avx2(
          pixels, Int64(width), Int64(q.px), Int64(q.py), Int64(q.dx), Int64(q.dy), Int64(q.ddx),
          Int64(q.ddy), Int64(n), out)
        return
      }
      for i in 0..<n {
        writeInteriorOpaque(qx: q.deepTapX, qy: q.deepTapY, to: out + i &* 4)
        q.advance()
      }
      return
    }
    for i in 0..<n {
      write(qx: q.deepTapX, qy: q.deepTapY, to: out + i &* 4)
      q.advance()
    }
  }
}

extension DeepSampler: ContentReader {
  /// 0…255 units: the 0…65535 blend ÷ 257.
  @inline(__always) func premultiplied(at s: Vector2) -> SIMD4<Float> {
    guard let qx = fixed(s.x), let qy = fixed(s.y) else { return .zero }
    return premultiplied65535(qx: qx, qy: qy) * (1 / 257)
  }

  @inline(__always) func storeStraight(_ c: SIMD4<Float>, to out: UnsafeMutablePointer<UInt16>) {
    Self.store65535(c * 257, to: out)
  }
}

extension QuadraticSteps {
  /// The current tap in 52.12 fixed point, rounded (``DeepSampler``'s
  /// positions).
  @inline(__always) var deepTapX: Int { (px &+ (1 << 19)) &>> 20 }
  @inline(__always) var deepTapY: Int { (py &+ (1 << 19)) &>> 20 }
}
