internal import CSpanKernel

/// Which loop writes the warp's runs of an opaque source: the portable
/// Swift loop (one pixel per 8-lane SSE2 or NEON operation, about 45
/// instructions a pixel on x86-64), or, where the CPU has AVX2, the C
/// kernel in `CSpanKernel` (four pixels an iteration: taps stepped in
/// 64-bit lanes, each blend stage on two pixels per 16-lane operation).
/// Both write the same bytes; `SpanKernelTests` checks that on random runs.
package enum SpanKernel {
  /// Whether this CPU can run the AVX2 kernel. A render uses it where
  /// ``WarpOptions/usesSpanKernel`` allows (the default).
  package static let isAvailable = mw_span_kernel_available() != 0
}

extension BilinearSampler {
  /// Writes `count` pixels from `out` at the taps that `steps` passes
  /// through, from this ``opaque`` source. `inside`: every tap and its
  /// right and lower neighbours lie inside the image (see
  /// ``tapsInside(lo:hi:)``); otherwise texels outside clamp to the edge,
  /// as ``write(fixedX:fixedY:to:)`` reads them. Through the AVX2 kernel
  /// when `vectorized` (it needs ``SpanKernel/isAvailable`` and a source of
  /// at least 2 × 2), else through the Swift loop.
  @inline(__always)
  func writeOpaqueRun(
    _ steps: QuadraticSteps, count: Int, inside: Bool, to out: UnsafeMutablePointer<UInt8>,
    vectorized: Bool
  ) {
    if vectorized {
      mw_span_opaque_avx2(
        pixels, Int64(width), Int64(height), Int64(width &* 4), Int64(steps.px), Int64(steps.py),
        Int64(steps.dx), Int64(steps.dy), Int64(steps.ddx), Int64(steps.ddy), Int64(count),
        inside ? 0 : 1, out)
      return
    }
    guard inside else {
      writeClampedRun(steps, count: count, to: out)
      return
    }
    forEachTap(steps, count: count, to: out) { writeInteriorOpaque(fixedX: $0, fixedY: $1, to: $2) }
  }

  /// Writes `count` pixels from `out` at the taps that `steps` passes
  /// through, anywhere: texels outside clamp to the edge
  /// (``write(fixedX:fixedY:to:)``). Any source, opaque or not.
  @inline(__always)
  func writeClampedRun(_ steps: QuadraticSteps, count: Int, to out: UnsafeMutablePointer<UInt8>) {
    forEachTap(steps, count: count, to: out) { write(fixedX: $0, fixedY: $1, to: $2) }
  }
}

/// Calls `write` with each of the `count` taps that `steps` passes through
/// and the pixel it fills, from `out` on: the one loop of the Swift run
/// writers.
@inline(__always)
private func forEachTap(
  _ steps: QuadraticSteps, count: Int, to out: UnsafeMutablePointer<UInt8>,
  _ write: (_ fixedX: Int, _ fixedY: Int, _ pixel: UnsafeMutablePointer<UInt8>) -> Void
) {
  var q = steps
  var o = out
  let stop = out + count &* 4
  while o < stop {
    write(q.tapX, q.tapY, o)
    q.advance()
    o += 4
  }
}

extension ContentSampler {
  /// Writes bicubic pixels from `out` at the taps that `steps` passes
  /// through, through the AVX2 kernel: the bytes of
  /// ``writeInteriorOpaqueBicubic(qx:qy:to:)`` (on a texel too: its Keys
  /// weights are 0, 1, 0, 0). Needs `bilinear.vectorized`. `checked`
  /// false: every one of the `count` taps keeps its 4 × 4 texels inside the
  /// source, and all are written. `checked` true: the kernel stops before
  /// the first tap that does not. Returns the pixels written; `steps` moves
  /// on past them.
  @inline(__always) @discardableResult
  func writeBicubicRun(
    _ steps: inout QuadraticSteps, count: Int, checked: Bool, to out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var taps = (
      Int64(steps.px), Int64(steps.py), Int64(steps.dx), Int64(steps.dy), Int64(steps.ddx),
      Int64(steps.ddy)
    )
    let written = withUnsafeMutablePointer(to: &taps) {
      $0.withMemoryRebound(to: Int64.self, capacity: 6) {
        mw_span_bicubic_opaque_avx2(
          bilinear.pixels, Int64(bilinear.width), Int64(bilinear.height),
          Int64(bilinear.width &* 4), $0, Int64(count), checked ? 1 : 0, Self.keysKernelTable,
          out)
      }
    }
    steps.px = Int(taps.0)
    steps.py = Int(taps.1)
    steps.dx = Int(taps.2)
    steps.dy = Int(taps.3)
    return Int(written)
  }
}
