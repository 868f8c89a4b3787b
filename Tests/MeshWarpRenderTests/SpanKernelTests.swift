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

  /// The kernel is each render's choice (`WarpOptions.usesSpanKernel`), not
  /// a process-wide switch: a sampler made without it runs the Swift loop,
  /// and a render on either loop writes the same bytes.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func theKernelIsChosenPerRender() {
    let image = TestImages.random(width: 90, height: 70, seed: 0x5EED, alpha: false)
    image.pixels.withUnsafeBufferPointer { src in
      let p = src.baseAddress!
      #expect(BilinearSampler(pixels: p, width: 90, height: 70, opaque: true).vectorized)
      #expect(
        !BilinearSampler(pixels: p, width: 90, height: 70, opaque: true, spanKernel: false)
          .vectorized)
    }
    var portable = WarpOptions(threads: 2)
    portable.usesSpanKernel = false
    let mesh = MeshPresets.sinusoidal(columns: 5, rows: 5)
    let kernel = WarpRenderer.render(image, mesh: mesh, options: WarpOptions(threads: 2))
    #expect(kernel.pixels == WarpRenderer.render(image, mesh: mesh, options: portable).pixels)
    // Bicubic: kernel stretches and Swift pixels at the source's edges.
    var bicubic = WarpOptions(interpolation: .bicubic, threads: 2)
    let withKernel = WarpRenderer.render(image, mesh: mesh, options: bicubic)
    bicubic.usesSpanKernel = false
    #expect(withKernel.pixels == WarpRenderer.render(image, mesh: mesh, options: bicubic).pixels)
  }

  /// The bicubic kernel writes the bytes of the Swift pixel loop
  /// (`ContentSampler.write(qx:qy:to:)`) on random quadratic runs whose
  /// taps keep their 4 × 4 texels inside random opaque images, on texels
  /// and between them.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func bicubicKernelWritesWhatTheSwiftLoopWrites() {
    let seed: UInt64 = 0xB1C0
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    var compared = 0
    for trial in 0..<200 {
      let width = 6 + Int(rng.next() % 60)
      let height = 6 + Int(rng.next() % 46)
      let image = TestImages.random(width: width, height: height, seed: rng.next(), alpha: false)
      image.pixels.withUnsafeBufferPointer { src in
        let sampler = ContentSampler(
          bilinear: BilinearSampler(
            pixels: src.baseAddress!, width: width, height: height, opaque: true),
          interpolation: .bicubic, address: .clampToEdge)
        for _ in 0..<20 {
          // Every fifth run steps whole pixels from a texel centre.
          let onTexels = trial % 5 == 0
          let start =
            onTexels
            ? Vector2(Double(2 + rng.next() % 3) + 0.5, Double(2 + rng.next() % 3) + 0.5)
            : Vector2(rng.double(in: 2...Double(width - 3)), rng.double(in: 2...Double(height - 3)))
          let b =
            onTexels
            ? Vector2(1, 0) : Vector2(rng.double(in: -2...2), rng.double(in: -2...2))
          let c =
            onTexels
            ? Vector2(0, 0) : Vector2(rng.double(in: -0.02...0.02), rng.double(in: -0.02...0.02))
          let count = Int(rng.next() % 30)
          var q = QuadraticSteps(start: start, b: b, c: c)
          var inside = true
          for _ in 0..<count {
            let (x, y) = (q.tapX >> 8, q.tapY >> 8)
            inside = inside && x >= 1 && y >= 1 && x + 2 < width && y + 2 < height
            q.advance()
          }
          guard inside else { continue }
          let steps = QuadraticSteps(start: start, b: b, c: c)
          var swift = [UInt8](repeating: 1, count: count * 4 + 8)
          var kernel = [UInt8](repeating: 1, count: count * 4 + 8)
          swift.withUnsafeMutableBufferPointer { out in
            var q = steps
            for i in 0..<count {
              sampler.write(qx: q.tapX, qy: q.tapY, to: out.baseAddress! + i * 4)
              q.advance()
            }
          }
          kernel.withUnsafeMutableBufferPointer {
            var q = steps
            let written = sampler.writeBicubicRun(
              &q, count: count, checked: trial % 2 == 0, to: $0.baseAddress!)
            #expect(written == count)
          }
          #expect(swift == kernel, "\(width)x\(height) start \(start) b \(b) c \(c) count \(count)")
          compared += count
        }
      }
    }
    print("pixels compared: \(compared)")
    #expect(compared > 10_000)
  }

  /// Whole bicubic runs as the warp hands them over
  /// (`ContentSampler.writeQuadratic`: one kernel call when the run's range
  /// keeps every tap's 4 × 4 texels inside, else kernel stretches and Swift
  /// pixels) write the bytes of the Swift pixel loop, on random runs that
  /// lie inside, graze the source's edges within a few texels, or cross
  /// them.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func bicubicRunsWriteWhatTheSwiftLoopWrites() {
    let seed: UInt64 = 0xB1C1
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    var compared = (runs: 0, pixels: 0, edge: 0)
    for trial in 0..<150 {
      // From 2 × 2 (no tap has its 4 × 4 texels inside) up.
      let width = trial < 10 ? 2 + trial % 3 : 2 + Int(rng.next() % 64)
      let height = trial < 10 ? 2 + trial / 3 % 4 : 2 + Int(rng.next() % 50)
      let image = TestImages.random(width: width, height: height, seed: rng.next(), alpha: false)
      image.pixels.withUnsafeBufferPointer { src in
        let sampler = ContentSampler(
          bilinear: BilinearSampler(
            pixels: src.baseAddress!, width: width, height: height, opaque: true),
          interpolation: .bicubic, address: .clampToEdge)
        for _ in 0..<20 {
          // Starts from 3 texels outside to 3 past the far edge; runs
          // along an axis near an edge half of the time.
          let margin = 3.0
          var start = Vector2(
            rng.double(in: -margin...(Double(width) + margin)),
            rng.double(in: -margin...(Double(height) + margin)))
          var b = Vector2(rng.double(in: -1.5...1.5), rng.double(in: -1.5...1.5))
          var c = Vector2(rng.double(in: -0.01...0.01), rng.double(in: -0.01...0.01))
          if rng.next() % 2 == 0 {
            // Along x at a y that sits on the interior's bounds ± 1/256.
            let edges = [1.5, Double(height) - 2.5]
            start.y = edges[Int(rng.next() % 2)] + Double(Int(rng.next() % 5) - 2) / 256
            b = Vector2(rng.double(in: 0.5...1.5), 0)
            c = .zero
          }
          let count = Int(rng.next() % 40)
          let span = Double(max(count - 1, 0))
          let end = start + (b + c * span) * span
          var swift = [UInt8](repeating: 1, count: count * 4 + 8)
          var kernel = [UInt8](repeating: 1, count: count * 4 + 8)
          swift.withUnsafeMutableBufferPointer { out in
            var q = QuadraticSteps(start: start, b: b, c: c)
            for i in 0..<count {
              sampler.write(qx: q.tapX, qy: q.tapY, to: out.baseAddress! + i * 4)
              q.advance()
            }
          }
          kernel.withUnsafeMutableBufferPointer {
            sampler.writeQuadratic(
              count: count, start: start, end: end, b: b, c: c, span: span,
              out: $0.baseAddress!)
          }
          #expect(swift == kernel, "\(width)x\(height) start \(start) b \(b) c \(c) count \(count)")
          let (lo, hi) = QuadraticSteps.range(start: start, end: end, b: b, c: c, span: span)
          if !sampler.bicubicTapsInside(lo: lo, hi: hi) { compared.edge += 1 }
          compared.runs += 1
          compared.pixels += count
        }
      }
    }
    print("runs compared: \(compared.runs), \(compared.edge) not wholly inside")
    #expect(compared.pixels > 20_000 && compared.edge > 500 && compared.runs - compared.edge > 500)
  }

  /// Bicubic renders of random jittered meshes (some spilling past the
  /// output, some shrunk inside it) write the same bytes with the kernel
  /// as with the Swift loop alone, filtered and not.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func bicubicRendersOfRandomMeshesMatchTheSwiftLoop() {
    let seed: UInt64 = 0xB1C2
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    for trial in 0..<12 {
      let image = TestImages.random(
        width: 40 + Int(rng.next() % 60), height: 30 + Int(rng.next() % 50), seed: rng.next(),
        alpha: false)
      let mesh = RandomMeshes.jitteredGrid(
        columns: 3 + Int(rng.next() % 5), rows: 3 + Int(rng.next() % 5), jitter: 0.24,
        scale: rng.double(in: 0.7...1.3), moveBorder: true, rng: &rng)
      var options = WarpOptions(
        width: 50 + Int(rng.next() % 80), height: 40 + Int(rng.next() % 60),
        interpolation: .bicubic, threads: 2)
      if trial % 3 == 0 { options.minification = .off }
      let kernel = WarpRenderer.render(image, mesh: mesh, options: options)
      options.usesSpanKernel = false
      let swift = WarpRenderer.render(image, mesh: mesh, options: options)
      let differing = zip(kernel.pixels, swift.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "trial \(trial): \(differing) bytes differ")
    }
  }
}
