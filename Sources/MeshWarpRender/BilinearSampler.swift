import MeshWarpCore

/// Bilinear filtering of an ``RGBAImage`` on premultiplied colour.
///
/// The sample point is in source pixel space (pixel i covers [i, i+1], its
/// centre is i + 0.5). Taps outside the image clamp to the edge (a GPU
/// sampler's clamp-to-edge). Fractions are quantized to 1/256 of a pixel, as
/// GPU samplers do (8 bits of sub-texel precision, derived from the 8-bit
/// output: finer steps cannot change a rounded result by more than ½ level):
/// a point within 1/512 px of a pixel centre therefore returns that texel's
/// bytes unchanged, which makes identity warps bit-exact even where alpha is
/// zero and premultiplication would lose the colour.
@usableFromInline struct BilinearSampler: @unchecked Sendable {
  @usableFromInline let pixels: UnsafePointer<UInt8>
  @usableFromInline let width: Int
  @usableFromInline let height: Int
  /// Every pixel has alpha 255: premultiplication is the identity and the
  /// blend runs on 8-bit weights in 16-bit SIMD lanes (``blend(_:_:fx:fy:)``).
  @usableFromInline let opaque: Bool
  /// Runs of this ``opaque`` source go through the AVX2 kernel (where
  /// ``SpanKernel/isAvailable`` and the maker allowed it; 2 × 2 pixels or
  /// more).
  let vectorized: Bool

  @usableFromInline init(pixels: UnsafePointer<UInt8>, width: Int, height: Int) {
    self.init(pixels: pixels, width: width, height: height, opaque: nil)
  }

  /// A sampler whose source is already known to be opaque or not (renders
  /// of many small parts of one output scan the source once); `nil`: not
  /// known, the source's alpha is scanned. `spanKernel`: whether opaque
  /// runs may use the AVX2 kernel (``WarpOptions/usesSpanKernel``).
  init(
    pixels: UnsafePointer<UInt8>, width: Int, height: Int, opaque known: Bool?,
    spanKernel: Bool = true
  ) {
    let opaque = known ?? Self.allOpaque(pixels, count: width * height)
    self.pixels = pixels
    self.width = width
    self.height = height
    self.opaque = opaque
    vectorized = opaque && spanKernel && SpanKernel.isAvailable && width >= 2 && height >= 2
  }

  /// Whether all `count` pixels have alpha 255: the alpha bytes of 256
  /// pixels at a time are AND-ed in 8-byte words (two pixels each, a loop
  /// the compiler vectorizes) and tested once per block, so the scan costs
  /// about one instruction per four pixels and stops at the first
  /// translucent block.
  @usableFromInline static func allOpaque(_ pixels: UnsafePointer<UInt8>, count: Int) -> Bool {
    let raw = UnsafeRawPointer(pixels)
    let alphas: UInt64 = 0xFF00_0000_FF00_0000
    let pairs = count / 2
    var i = 0
    while i < pairs {
      let end = min(i &+ 128, pairs)
      var all = UInt64.max
      for j in i..<end { all &= raw.loadUnaligned(fromByteOffset: j &* 8, as: UInt64.self) }
      if all & alphas != alphas { return false }
      i = end
    }
    return count % 2 == 0 || pixels[(count &- 1) &* 4 &+ 3] == 255
  }

  /// The tap position of one axis in 24.8 fixed point: (s − ½)·256
  /// rounded to nearest, clamped first to [−2, size + 1] so that absurd
  /// coordinates cannot overflow.
  @inline(__always) @usableFromInline
  static func fixed(_ s: Double, _ size: Int) -> Int {
    roundToInt32(min(max(s - 0.5, -2), Double(size + 1)) * 256)
  }

  /// Both tap positions of `s` in 24.8 fixed point (see ``fixed(_:_:)``).
  @inline(__always) @usableFromInline
  func fixedPair(_ s: Vector2) -> (Int, Int) {
    // Scalar min/max: the generic SIMD pointwiseMin/Max are not inlined.
    let x = min(max(s.x - 0.5, -2), Double(width + 1))
    let y = min(max(s.y - 0.5, -2), Double(height + 1))
    return (Self.roundToInt32(x * 256), Self.roundToInt32(y * 256))
  }

  /// Rounds |v| < 2^31 to the nearest integer (ties to even) by adding
  /// 1.5·2^52, which leaves the integer in the low mantissa bits: one add
  /// and a move, where `Int(v.rounded())` costs a libm call and range checks
  /// on baseline x86-64.
  @inline(__always) @usableFromInline
  static func roundToInt32(_ v: Double) -> Int {
    Int(Int32(truncatingIfNeeded: (v + 6_755_399_441_055_744.0).bitPattern))
  }

  @inline(__always) @usableFromInline
  func clampX(_ x: Int) -> Int { min(max(x, 0), width - 1) }

  @inline(__always) @usableFromInline
  func clampY(_ y: Int) -> Int { min(max(y, 0), height - 1) }

  @inline(__always) @usableFromInline
  func load(_ x: Int, _ y: Int) -> UInt32 {
    UnsafeRawPointer(pixels + (y * width + x) * 4).loadUnaligned(as: UInt32.self)
  }

  @inline(__always) @usableFromInline
  func premultipliedTexel(_ x: Int, _ y: Int) -> SIMD4<Float> {
    let p = pixels + (y * width + x) * 4
    let c = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    let a = c.w * (1 / 255)
    return SIMD4<Float>(c.x * a, c.y * a, c.z * a, c.w)
  }

  /// The unclamped texel at (x, y), premultiplied (clamped to the edge).
  @inline(__always) @usableFromInline
  func texel(_ x: Int, _ y: Int) -> SIMD4<Float> { premultipliedTexel(clampX(x), clampY(y)) }

  /// The premultiplied colour at `s` (channels 0…255, rgb scaled by alpha).
  @inline(__always) @usableFromInline
  func premultiplied(at s: Vector2) -> SIMD4<Float> {
    let (qx, qy) = fixedPair(s)
    let x0 = clampX(qx >> 8)
    let x1 = clampX((qx >> 8) + 1)
    let y0 = clampY(qy >> 8)
    let y1 = clampY((qy >> 8) + 1)
    let wx = Float(qx & 255) * (1 / 256)
    let wy = Float(qy & 255) * (1 / 256)
    let top = premultipliedTexel(x0, y0) * (1 - wx) + premultipliedTexel(x1, y0) * wx
    let bottom = premultipliedTexel(x0, y1) * (1 - wx) + premultipliedTexel(x1, y1) * wx
    return top * (1 - wy) + bottom * wy
  }

  /// Writes the straight-alpha 8-bit colour at `s` to `out` (4 bytes).
  @inline(__always) @usableFromInline
  func write(at s: Vector2, to out: UnsafeMutablePointer<UInt8>) {
    let (qx, qy) = fixedPair(s)
    write(fixedX: qx, fixedY: qy, to: out)
  }

  /// Writes the colour at tap position (qx, qy) in 24.8 fixed point (see
  /// ``fixed(_:_:)``); any value is clamped to the image's edge. Hot loop:
  /// wrapping arithmetic, since every index is clamped into the image first.
  @inline(__always) @usableFromInline
  func write(fixedX qx: Int, fixedY qy: Int, to out: UnsafeMutablePointer<UInt8>) {
    let fx = qx & 255
    let fy = qy & 255
    let x0 = clampX(qx &>> 8)
    let y0 = clampY(qy &>> 8)
    let raw = UnsafeRawPointer(pixels)
    let stride = width &* 4
    let row0 = raw + y0 &* stride
    if fx == 0 && fy == 0 {
      UnsafeMutableRawPointer(out).storeBytes(
        of: (row0 + x0 &* 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
      return
    }
    let x1 = clampX((qx &>> 8) &+ 1)
    let y1 = clampY((qy &>> 8) &+ 1)
    let row1 = raw + y1 &* stride
    if opaque {
      @inline(__always) func pair(_ row: UnsafeRawPointer) -> SIMD8<UInt8> {
        let a = UInt64((row + x0 &* 4).loadUnaligned(as: UInt32.self))
        let b = UInt64((row + x1 &* 4).loadUnaligned(as: UInt32.self))
        return unsafeBitCast(a | b << 32, to: SIMD8<UInt8>.self)  // little-endian: a first
      }
      UnsafeMutableRawPointer(out).storeBytes(
        of: Self.blend(pair(row0), pair(row1), fx: fx, fy: fy), as: SIMD4<UInt8>.self)
      return
    }
    let wx = Float(fx) * (1 / 256)
    let wy = Float(fy) * (1 / 256)
    let top = premultipliedTexel(x0, y0) * (1 - wx) + premultipliedTexel(x1, y0) * wx
    let bottom = premultipliedTexel(x0, y1) * (1 - wx) + premultipliedTexel(x1, y1) * wx
    storeStraight(top * (1 - wy) + bottom * wy, to: out)
  }

  /// Whether every tap of positions whose 24.8 values lie in
  /// [`lo`, `hi`] (per axis) falls inside the image, so that
  /// ``writeInterior(fixedX:fixedY:to:)`` may skip clamping.
  @inline(__always) @usableFromInline
  func tapsInside(lo: (Int, Int), hi: (Int, Int)) -> Bool {
    lo.0 >= 0 && lo.1 >= 0 && (hi.0 >> 8) + 1 < width && (hi.1 >> 8) + 1 < height
  }

  /// ``write(fixedX:fixedY:to:)`` for taps known to lie inside the image
  /// (see ``tapsInside(lo:hi:)``): no clamping.
  @inline(__always) @usableFromInline
  func writeInterior(fixedX qx: Int, fixedY qy: Int, to out: UnsafeMutablePointer<UInt8>) {
    let fx = qx & 255
    let fy = qy & 255
    let stride = width &* 4
    let p0 = UnsafeRawPointer(pixels) + (qy &>> 8) &* stride + (qx &>> 8) &* 4
    if fx == 0 && fy == 0 {
      UnsafeMutableRawPointer(out).storeBytes(
        of: p0.loadUnaligned(as: UInt32.self), as: UInt32.self)
      return
    }
    guard opaque else {
      write(fixedX: qx, fixedY: qy, to: out)
      return
    }
    let p1 = p0 + stride
    // Both taps of a row in one 8-byte load.
    UnsafeMutableRawPointer(out).storeBytes(
      of: Self.blend(
        p0.loadUnaligned(as: SIMD8<UInt8>.self), p1.loadUnaligned(as: SIMD8<UInt8>.self),
        fx: fx, fy: fy), as: SIMD4<UInt8>.self)
  }

  /// ``writeInterior(fixedX:fixedY:to:)`` for an ``opaque`` image: no
  /// branch at all. A tap exactly on a texel (both fractions 0) needs no
  /// special case here, since ``blend(_:_:fx:fy:)`` then returns that texel's
  /// bytes exactly.
  @inline(__always) @usableFromInline
  func writeInteriorOpaque(fixedX qx: Int, fixedY qy: Int, to out: UnsafeMutablePointer<UInt8>) {
    let stride = width &* 4
    let p0 = UnsafeRawPointer(pixels) + (qy &>> 8) &* stride + (qx &>> 8) &* 4
    UnsafeMutableRawPointer(out).storeBytes(
      of: Self.blend(
        p0.loadUnaligned(as: SIMD8<UInt8>.self), (p0 + stride).loadUnaligned(as: SIMD8<UInt8>.self),
        fx: qx & 255, fy: qy & 255), as: SIMD4<UInt8>.self)
  }

  /// Bilinear blend of two rows of two RGBA texels each (`top` = texels
  /// (x0, y0), (x1, y0); `bottom` = (x0, y1), (x1, y1)) with 8-bit weights
  /// `fx`, `fy` ∈ 0…255, in 16-bit lanes (SSE2 `pmullw`): first down both
  /// columns at once, rounded to 8 bits, then across, rounded. Each stage is
  /// `lerp(p, q, w) = (256·p + (q − p)·w + 128) >> 8` in wrapping 16-bit
  /// arithmetic: the true value 256·p + (q − p)·w = (256 − w)·p + w·q lies in
  /// 0…65280, so the wrapped sum is exact, and one multiply per stage
  /// suffices. Each stage's error is ≤ ½ level; with both weights 0 the
  /// result is `top`'s first texel exactly.
  @inline(__always) @usableFromInline
  static func blend(_ top: SIMD8<UInt8>, _ bottom: SIMD8<UInt8>, fx: Int, fy: Int) -> SIMD4<UInt8> {
    let t = SIMD8<UInt16>(truncatingIfNeeded: top)
    let b = SIMD8<UInt16>(truncatingIfNeeded: bottom)
    let wy = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: fy))
    let columns = ((t &<< 8) &+ (b &- t) &* wy &+ 128) &>> 8
    let left = columns.lowHalf
    let right = columns.highHalf
    let wx = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: fx))
    return SIMD4<UInt8>(truncatingIfNeeded: ((left &<< 8) &+ (right &- left) &* wx &+ 128) &>> 8)
  }
}

/// Writes a premultiplied colour (channels 0…255) as straight-alpha bytes,
/// rounding to nearest. Zero alpha writes (0, 0, 0, 0).
@inline(__always) @usableFromInline
func storeStraight(_ c: SIMD4<Float>, to out: UnsafeMutablePointer<UInt8>) {
  let a = c.w
  guard a >= 0.5 else {
    out[0] = 0
    out[1] = 0
    out[2] = 0
    out[3] = 0
    return
  }
  let scale = 255 / a
  // Lane by lane: SIMD4's `clamped` went through unspecialized generic
  // pointwiseMin/Max calls (13 % of a filtered warp's instructions).
  @inline(__always) func byte(_ v: Float) -> UInt8 { UInt8(min(max(v, 0), 255) + 0.5) }
  out[0] = byte(c.x * scale)
  out[1] = byte(c.y * scale)
  out[2] = byte(c.z * scale)
  out[3] = byte(a)
}
