import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The AVX2 span kernel must write the bytes the portable Swift loop
/// writes, on every kind of run the renderer hands it.
@Suite struct SpanKernelTests {
  /// Random quadratic runs over random opaque images (2 × 2 up to 61 × 47):
  /// lengths 0 to 40 (every tail of 1 to 3 pixels), steps from −3 to 3
  /// pixels with curvature; inside the image for the unclamped loop,
  /// anywhere within 200 pixels of it for the clamped one.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func kernelWritesWhatTheSwiftLoopWrites() {
    let seed: UInt64 = 0xA7C2
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    var runs = (inside: 0, clamped: 0)
    for trial in 0..<400 {
      let width = trial < 20 ? 2 + trial % 3 : 2 + Int(rng.next() % 60)
      let height = trial < 20 ? 2 + trial / 3 % 3 : 2 + Int(rng.next() % 46)
      let image = TestImages.random(width: width, height: height, seed: rng.next(), alpha: false)
      image.pixels.withUnsafeBufferPointer { src in
        let sampler = BilinearSampler(
          pixels: src.baseAddress!, width: width, height: height, opaque: true)
        for _ in 0..<20 {
          let clamped = rng.next() % 2 == 0
          let margin = clamped ? 200.0 : 0
          let start = Vector2(
            rng.double(in: -margin...(Double(width) + margin)),
            rng.double(in: -margin...(Double(height) + margin)))
          let b = Vector2(rng.double(in: -3...3), rng.double(in: -3...3))
          let c = Vector2(rng.double(in: -0.05...0.05), rng.double(in: -0.05...0.05))
          let count = Int(rng.next() % 41)
          let steps = QuadraticSteps(start: start, b: b, c: c)
          if !clamped {
            // Keep only runs whose every tap has its 2 × 2 texels inside.
            var q = steps
            var inside = true
            for _ in 0..<count {
              let (x, y) = (q.tapX >> 8, q.tapY >> 8)
              inside = inside && x >= 0 && y >= 0 && x + 1 < width && y + 1 < height
              q.advance()
            }
            guard inside else { continue }
          }
          var swift = [UInt8](repeating: 1, count: count * 4 + 8)
          var kernel = [UInt8](repeating: 1, count: count * 4 + 8)
          swift.withUnsafeMutableBufferPointer {
            sampler.writeOpaqueRun(
              steps, count: count, inside: !clamped, to: $0.baseAddress!, vectorized: false)
          }
          kernel.withUnsafeMutableBufferPointer {
            sampler.writeOpaqueRun(
              steps, count: count, inside: !clamped, to: $0.baseAddress!, vectorized: true)
          }
          let differing = zip(swift, kernel).filter { $0 != $1 }.count
          #expect(
            differing == 0,
            "\(width)x\(height) start \(start) b \(b) c \(c) count \(count) clamped \(clamped)")
          if clamped { runs.clamped += 1 } else { runs.inside += 1 }
        }
      }
    }
    print("runs compared: \(runs.inside) inside, \(runs.clamped) clamped")
    #expect(runs.inside > 500 && runs.clamped > 2000)
  }
}
