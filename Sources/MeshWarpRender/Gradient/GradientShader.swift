import MeshWarpCore

/// Per-pixel colour of a mesh gradient: evaluates a patch's colour at
/// (u, v), converts it from the working space to premultiplied sRGB-encoded
/// RGBA, and rounds it to 8-bit straight alpha with dithering.
///
/// Each patch's colour net is converted once to power-basis coefficients
/// (``BicubicNet/powerCoefficients()``) in Float, so a pixel costs two
/// Horner schemes: four cubics in v, then one in u (15 multiply-adds of
/// 4-lane vectors). Float's 24-bit mantissa keeps the result within 1e-5
/// of the Double value for coefficients of the size colour nets have
/// (derived: |coefficients| ≤ 8 per component, u, v ∈ [0, 1]).
///
/// Perceptual (Oklab) output: M⁻¹ of Ottosson's matrices from `Oklab`,
/// a cube, then linear → encoded sRGB through a 4096-step table with linear
/// interpolation (error ≤ 2e-5, derived from the curve's second derivative
/// at the table's smallest curved entry).
struct GradientShader {
  /// 16 coefficients per patch: `coefficients[16·k + 4·j + i]` multiplies
  /// uⁱ·vʲ of patch k.
  let coefficients: [SIMD4<Float>]
  /// Whether patch k's alpha is exactly 1 everywhere (its alpha net is all 1).
  let opaque: [Bool]
  let colorSpace: GradientColorSpace
  /// Columns of the Oklab → cube-rooted LMS matrix, and of LMS → linear sRGB.
  let labToLMS: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)
  let lmsToRGB: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)
  /// Encoded sRGB of linear values k/4096, k = 0…4096, plus one guard entry
  /// (perceptual); two unused zeros (device).
  let encodeTable: [Float]
  static let encodeSteps = 4096

  init(patches: [GradientPatch], colorSpace: GradientColorSpace) {
    var coefficients: [SIMD4<Float>] = []
    coefficients.reserveCapacity(16 * patches.count)
    var opaque: [Bool] = []
    for patch in patches {
      coefficients += patch.colors.powerCoefficients().map { SIMD4<Float>($0) }
      opaque.append(patch.colors.points.allSatisfy { $0.w == 1 })
    }
    self.coefficients = coefficients
    self.opaque = opaque
    self.colorSpace = colorSpace
    func columns(_ m: [SIMD3<Double>]) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
      (
        SIMD4(Float(m[0].x), Float(m[1].x), Float(m[2].x), 0),
        SIMD4(Float(m[0].y), Float(m[1].y), Float(m[2].y), 0),
        SIMD4(Float(m[0].z), Float(m[1].z), Float(m[2].z), 0)
      )
    }
    labToLMS = columns(Oklab.oklabToLMS)
    lmsToRGB = columns(Oklab.lmsToLinearSRGB)
    if colorSpace == .perceptual {
      encodeTable =
        (0...Self.encodeSteps).map { Float(Oklab.encode(Double($0) / Double(Self.encodeSteps))) }
        + [1]
    } else {
      encodeTable = [0, 0]
    }
  }

  /// The premultiplied output colour of patch `k` at (u, v) (not for hot
  /// loops: it reaches the arrays through their buffers each call).
  func outputColor(patch k: Int, uv: SIMD2<Double>) -> SIMD4<Float> {
    coefficients.withUnsafeBufferPointer { a in
      let c = Self.evaluate(a.baseAddress! + 16 * k, u: Float(uv.x), v: Float(uv.y))
      return encodeTable.withUnsafeBufferPointer { output(c, encodeTable: $0.baseAddress!) }
    }
  }

  /// The working-space colour at (u, v) from 16 power-basis coefficients.
  @inline(__always)
  static func evaluate(_ a: UnsafePointer<SIMD4<Float>>, u: Float, v: Float) -> SIMD4<Float> {
    let b0 = a[0] + v * (a[4] + v * (a[8] + v * a[12]))
    let b1 = a[1] + v * (a[5] + v * (a[9] + v * a[13]))
    let b2 = a[2] + v * (a[6] + v * (a[10] + v * a[14]))
    let b3 = a[3] + v * (a[7] + v * (a[11] + v * a[15]))
    return b0 + u * (b1 + u * (b2 + u * b3))
  }

  /// Premultiplied sRGB-encoded RGBA of a working-space colour, alpha
  /// clamped to 0…1.
  @inline(__always)
  func output(_ c: SIMD4<Float>, encodeTable table: UnsafePointer<Float>) -> SIMD4<Float> {
    let alpha = min(max(c.w, 0), 1)
    switch colorSpace {
    case .device:
      var result = c
      result.w = alpha
      return result
    case .perceptual:
      guard alpha > 0 else { return .zero }
      let lab = c / c.w
      let root = labToLMS.0 * lab.x + labToLMS.1 * lab.y + labToLMS.2 * lab.z
      let lms = root * root * root
      let linear = lmsToRGB.0 * lms.x + lmsToRGB.1 * lms.y + lmsToRGB.2 * lms.z
      let scaled = Self.clamp(linear, 0, 1) * Float(Self.encodeSteps)
      var encoded = SIMD4<Float>.zero
      for k in 0..<3 {
        let x = scaled[k]
        let i = Int(x)
        let f = x - Float(i)
        encoded[k] = table[i] + (table[i + 1] - table[i]) * f
      }
      return SIMD4(encoded.x * alpha, encoded.y * alpha, encoded.z * alpha, alpha)
    }
  }

  /// 8-bit straight-alpha RGBA (as the bytes of a UInt32 in memory order) of
  /// a premultiplied encoded colour; `noise` (steps, alpha lane 0) is added
  /// before rounding.
  @inline(__always)
  static func quantize(_ c: SIMD4<Float>, noise: SIMD4<Float>) -> UInt32 {
    let alpha = min(max(c.w, 0), 1)
    let scale: Float = alpha > 0 ? 255 / alpha : 0
    var v = c * scale
    v.w = alpha * 255
    return pack(v + noise)
  }

  /// ``quantize(_:noise:)`` for a colour whose alpha is exactly 1.
  @inline(__always)
  static func quantizeOpaque(_ c: SIMD4<Float>, noise: SIMD4<Float>) -> UInt32 {
    pack(c * 255 + noise)
  }

  /// Values in steps of 1/255 rounded to the nearest integer, clamped to
  /// 0…255, packed as RGBA bytes in memory order.
  ///
  /// Adding 1.5·2²³ to a Float in [0, 2²²) leaves its value rounded to an
  /// integer in the low mantissa bits (IEEE round to nearest, ties to even).
  /// The stdlib's generic SIMD float → integer conversion is far slower on
  /// this toolchain.
  @inline(__always)
  static func pack(_ v: SIMD4<Float>) -> UInt32 {
    let bits = unsafeBitCast(clamp(v, 0, 255) + 12_582_912, to: SIMD4<UInt32>.self)
    let bytes = SIMD4<UInt8>(truncatingIfNeeded: bits)
    return unsafeBitCast(bytes, to: UInt32.self)
  }

  /// `v` clamped lane-wise to `low…high`, written as the compare-and-select
  /// that compiles to `maxps`/`minps`; cheaper than the stdlib's IEEE
  /// `pointwiseMin`/`Max`. A NaN lane becomes `low` (every comparison with
  /// NaN is false), so that absurd colours, whose arithmetic overflows to
  /// inf − inf, still give valid table indices and bytes.
  @inline(__always)
  static func clamp<V: SIMD>(_ v: V, _ low: V.Scalar, _ high: V.Scalar) -> V
  where V.Scalar: FloatingPoint {
    let lowVector = V(repeating: low)
    let highVector = V(repeating: high)
    let raised = lowVector.replacing(with: v, where: v .> lowVector)
    return highVector.replacing(with: raised, where: raised .< highVector)
  }
}
