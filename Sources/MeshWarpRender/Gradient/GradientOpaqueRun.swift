internal import CSpanKernel

extension GradientSpanPolynomial {
  /// Writes `count` pixels from `out`: the colours of the polynomial of
  /// coefficients `a` from `uv` by `step` per pixel
  /// (``init(_:uv:step:)``), opaque and in device space, quantized with the
  /// noise of `noiseRow` (the dither tile's row) at columns `x`, `x + 1`, ….
  ///
  /// Through the AVX2 kernel in `CSpanKernel` when `vectorized` (it needs
  /// ``SpanKernel/isAvailable``): the same Float operations in the same
  /// order as the Swift loop, the setup on three-operand instructions, the
  /// forward differences one pixel at a time, the quantization on two
  /// pixels per 8-lane operation, eight pixels packed and stored at once:
  /// 20 instructions a pixel, setup included, against the Swift loop's 37
  /// (callgrind, `meshwarp bench --case gradient-3x3`, spans of 42 pixels
  /// on average). Both write the same bytes; `GradientSpanKernelTests`
  /// checks that.
  @inline(__always)
  static func writeOpaqueRun(
    _ a: UnsafePointer<SIMD4<Float>>, uv: SIMD2<Float>, step: SIMD2<Float>, count: Int,
    noiseRow: UnsafePointer<SIMD4<Float>>, x: Int, to out: UnsafeMutablePointer<UInt32>,
    vectorized: Bool
  ) {
    if vectorized {
      // The kernel wraps noise columns at 64 (`& 63`).
      precondition(GradientDither.side == 64, "the AVX2 kernel's dither tile is 64 wide")
      withUnsafePointer(to: SIMD4(uv.x, uv.y, step.x, step.y)) { uvStep in
        mw_gradient_span_opaque_avx2(
          UnsafeRawPointer(a).assumingMemoryBound(to: Float.self),
          UnsafeRawPointer(uvStep).assumingMemoryBound(to: Float.self),
          UnsafeRawPointer(noiseRow).assumingMemoryBound(to: Float.self), Int64(x), Int64(count),
          out)
      }
      return
    }
    var color = GradientSpanPolynomial(a, uv: uv, step: step)
    let mask = GradientDither.side - 1
    for i in 0..<count {
      out[i] = GradientShader.quantizeOpaque(color.next(), noise: noiseRow[(x &+ i) & mask])
    }
  }
}

extension GradientSpanPolynomial {
  /// d0…d6 as the AVX2 kernel sets them up from the same arguments as
  /// ``init(_:uv:step:)`` (for tests: the two must agree bit for bit).
  /// Needs ``SpanKernel/isAvailable``.
  static func kernelDifferences(
    _ a: UnsafePointer<SIMD4<Float>>, uv: SIMD2<Float>, step: SIMD2<Float>
  ) -> [SIMD4<Float>] {
    var differences = [SIMD4<Float>](repeating: .zero, count: 7)
    withUnsafePointer(to: SIMD4(uv.x, uv.y, step.x, step.y)) { uvStep in
      differences.withUnsafeMutableBytes {
        mw_gradient_span_setup_avx2(
          UnsafeRawPointer(a).assumingMemoryBound(to: Float.self),
          UnsafeRawPointer(uvStep).assumingMemoryBound(to: Float.self),
          $0.baseAddress!.assumingMemoryBound(to: Float.self))
      }
    }
    return differences
  }
}
