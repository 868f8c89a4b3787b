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

  @usableFromInline init(pixels: UnsafePointer<UInt8>, width: Int, height: Int) {
    self.pixels = pixels
    self.width = width
    self.height = height
  }

  /// Integer tap position and 1/256 fraction of one axis.
  @inline(__always) @usableFromInline
  static func axis(_ s: Double, _ size: Int) -> (Int, Int32) {
    // Clamp first so that absurd coordinates cannot overflow Int.
    let x = min(max(s - 0.5, -2), Double(size + 1))
    let f = x.rounded(.down)
    var i = Int(f)
    var q = Int32(((x - f) * 256).rounded(.toNearestOrAwayFromZero))
    if q == 256 {
      i += 1
      q = 0
    }
    return (i, q)
  }

  @inline(__always) @usableFromInline
  func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
    let cx = min(max(x, 0), width - 1)
    let cy = min(max(y, 0), height - 1)
    let p = pixels + (cy * width + cx) * 4
    let c = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    let a = c.w * (1 / 255)
    return SIMD4<Float>(c.x * a, c.y * a, c.z * a, c.w)
  }

  /// The premultiplied colour at `s` (channels 0…255, rgb scaled by alpha).
  @inline(__always) @usableFromInline
  func premultiplied(at s: Vector2) -> SIMD4<Float> {
    let (x0, fx) = Self.axis(s.x, width)
    let (y0, fy) = Self.axis(s.y, height)
    let wx = Float(fx) * (1 / 256)
    let wy = Float(fy) * (1 / 256)
    let top = texel(x0, y0) * (1 - wx) + texel(x0 + 1, y0) * wx
    let bottom = texel(x0, y0 + 1) * (1 - wx) + texel(x0 + 1, y0 + 1) * wx
    return top * (1 - wy) + bottom * wy
  }

  /// Writes the straight-alpha 8-bit colour at `s` to `out` (4 bytes).
  @inline(__always) @usableFromInline
  func write(at s: Vector2, to out: UnsafeMutablePointer<UInt8>) {
    let (x0, fx) = Self.axis(s.x, width)
    let (y0, fy) = Self.axis(s.y, height)
    if fx == 0 && fy == 0 {
      let cx = min(max(x0, 0), width - 1)
      let cy = min(max(y0, 0), height - 1)
      let p = pixels + (cy * width + cx) * 4
      out[0] = p[0]
      out[1] = p[1]
      out[2] = p[2]
      out[3] = p[3]
      return
    }
    let wx = Float(fx) * (1 / 256)
    let wy = Float(fy) * (1 / 256)
    let top = texel(x0, y0) * (1 - wx) + texel(x0 + 1, y0) * wx
    let bottom = texel(x0, y0 + 1) * (1 - wx) + texel(x0 + 1, y0 + 1) * wx
    storeStraight(top * (1 - wy) + bottom * wy, to: out)
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
  let rgb = SIMD4<Float>(c.x * scale, c.y * scale, c.z * scale, a)
  let clamped = rgb.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
  out[0] = UInt8(clamped.x + 0.5)
  out[1] = UInt8(clamped.y + 0.5)
  out[2] = UInt8(clamped.z + 0.5)
  out[3] = UInt8(clamped.w + 0.5)
}
