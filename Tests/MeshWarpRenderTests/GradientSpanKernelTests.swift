import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The mesh gradient's AVX2 span kernel must write the bytes the portable
/// Swift loop writes.
@Suite struct GradientSpanKernelTests {
  /// Random colour polynomials (power coefficients of ±0.3 about a constant
  /// in 0…1, of up to ±8, and of up to ±1e30 so that lanes overflow to
  /// infinity and NaN), random (u, v) and
  /// steps, runs of 0 to 300 pixels (every tail length after the kernel's
  /// blocks of eight) from every column of the noise tile, with dithering
  /// on and off.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func kernelWritesWhatTheSwiftLoopWrites() {
    let seed: UInt64 = 0x6AD1
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    var compared = 0
    var setups = 0
    for trial in 0..<600 {
      let dither = GradientDither(enabled: trial % 5 != 0, seed: rng.next())
      // Mostly colours within 0…1 (every rounding case), some far outside
      // (clamped), a few absurd.
      let size = [0.3, 0.3, 8, 1e30][trial % 4]
      let coefficients = (0..<16).map { k in
        SIMD4<Float>(
          (0..<4).map { _ in
            Float(k == 0 && size < 1 ? rng.double(in: 0...1) : rng.double(in: -size...size))
          })
      }
      let uv = SIMD2<Float>(Float(rng.double(in: -0.1...1.1)), Float(rng.double(in: -0.1...1.1)))
      let scale = [1e-4, 1e-3, 1e-2][Int(rng.next() % 3)]
      let step = SIMD2<Float>(
        Float(rng.double(in: -scale...scale)), Float(rng.double(in: -scale...scale)))
      let count = trial < 64 ? trial : Int(rng.next() % 301)
      let x = trial < 64 ? Int(rng.next() % 64) : Int(rng.next() % 2000)
      var swift = [UInt32](repeating: 1, count: count + 9)
      var kernel = [UInt32](repeating: 1, count: count + 9)
      coefficients.withUnsafeBufferPointer { a in
        dither.tile.withUnsafeBufferPointer { noise in
          let row = noise.baseAddress! + Int(rng.next() % 64) * GradientDither.side
          func write(_ pixels: inout [UInt32], vectorized: Bool) {
            pixels.withUnsafeMutableBufferPointer {
              GradientSpanPolynomial.writeOpaqueRun(
                a.baseAddress!, uv: uv, step: step, count: count, noiseRow: row, x: x,
                to: $0.baseAddress! + 1, vectorized: vectorized)
            }
          }
          write(&swift, vectorized: false)
          write(&kernel, vectorized: true)
          // The setup bit for bit (a difference of one rounding there
          // seldom moves a byte), except that any NaN matches any NaN.
          let p = GradientSpanPolynomial(a.baseAddress!, uv: uv, step: step)
          let expected = [p.d0, p.d1, p.d2, p.d3, p.d4, p.d5, p.d6]
          let setup = GradientSpanPolynomial.kernelDifferences(a.baseAddress!, uv: uv, step: step)
          let sameSetup = zip(expected, setup).allSatisfy { e, k in
            (0..<4).allSatisfy {
              e[$0].bitPattern == k[$0].bitPattern || e[$0].isNaN && k[$0].isNaN
            }
          }
          #expect(sameSetup, "trial \(trial): uv \(uv) step \(step)")
          setups += sameSetup ? 1 : 0
        }
      }
      let differing = zip(swift, kernel).filter { $0 != $1 }.count
      #expect(differing == 0, "trial \(trial): count \(count) x \(x) uv \(uv) step \(step)")
      compared += count
    }
    print("pixels compared:", compared)
    #expect(compared > 50_000 && setups == 600)
  }

  /// Whole renders of opaque device-space meshes (the blog's mesh at three
  /// times, smooth and bilinear colours, dithered and not) are the same
  /// bytes through the kernel and through the Swift loop. Coarse
  /// tessellations (2² and 2³ cells a patch side), so that most spans are
  /// long enough for the kernel at this small size.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func rendersAreTheSameThroughEitherLoop() {
    for (t, smooth, level) in [(0.0, true, 2), (1.3, true, 3), (2.9, false, 2)] {
      var mesh = GradientPresets.meshing(at: t)
      mesh.smoothsColors = smooth
      for dithering in [true, false] {
        var options = GradientRenderOptions(dithering: dithering, threads: 1, maximumLevel: level)
        let viaKernel = GradientRenderer(options: options).render(mesh, width: 199, height: 131)
        options.usesSpanKernel = false
        let viaSwift = GradientRenderer(options: options).render(mesh, width: 199, height: 131)
        let differing = zip(viaKernel.pixels, viaSwift.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "t \(t) smooth \(smooth) dithering \(dithering)")
      }
    }
  }
}
