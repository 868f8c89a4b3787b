import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The renderer's unrolled inverse bilinear must be the core's QuadInverter.
@Suite struct WarpSpanShaderTests {
  @Test func exactSourcePointsMatchTheCoreInverse() {
    let seed: UInt64 = 0x5BA1
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    var worst = 0.0
    for trial in 0..<300 {
      // Random quads, including concave and folded ones (trial % 3 == 0).
      let spread = trial % 3 == 0 ? 60.0 : 15.0
      let base = [Vector2(10, 10), Vector2(60, 12), Vector2(58, 55), Vector2(8, 50)]
      let corners = base.map {
        $0 + Vector2(rng.double(in: -spread...spread), rng.double(in: -spread...spread))
      }
      let warped = Quad(corners[0], corners[1], corners[2], corners[3])
      let original = Quad(Vector2(0, 0), Vector2(40, 0), Vector2(40, 30), Vector2(0, 30))
      let shader = WarpSpanShader(warped: warped, original: original)
      for _ in 0..<20 {
        let (x, y) = (Int.random(in: 0..<80, using: &rng), Int.random(in: 0..<80, using: &rng))
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
        guard let uv = QuadInverter(warped).parameters(of: p) else { continue }
        let c = pointwiseMin(pointwiseMax(uv, .zero), Vector2(1, 1))
        let expected = original.point(u: c.x, v: c.y)
        let got = shader.sourcePoint(x: x, y: y, upper: true)
        worst = max(worst, abs(got.x - expected.x), abs(got.y - expected.y))
      }
    }
    print("worst difference", worst)
    #expect(worst < 1e-9)
  }

  @Test func chunkInterpolationStaysWithinTolerance() {
    // Shade long runs of a strongly non-affine face and compare each pixel
    // with the exact per-pixel source point rendered through the same sampler.
    let src = TestImages.smooth(width: 64, height: 64)
    let warped = Quad(Vector2(3, 2), Vector2(250, 30), Vector2(200, 240), Vector2(10, 180))
    let original = Quad(Vector2(0, 0), Vector2(64, 0), Vector2(64, 64), Vector2(0, 64))
    let shader = WarpSpanShader(warped: warped, original: original)
    src.pixels.withUnsafeBufferPointer { buffer in
      let sampler = BilinearSampler(pixels: buffer.baseAddress!, width: 64, height: 64)
      var fast = [UInt8](repeating: 0, count: 256 * 4)
      var exact = [UInt8](repeating: 0, count: 256 * 4)
      var maxDiff = 0
      for y in stride(from: 40, to: 160, by: 7) {
        let xs = 40..<200
        fast.withUnsafeMutableBufferPointer { out in
          shader.shade(
            row: y, xs: xs, upper: true, sampler: sampler, out: out.baseAddress! + 40 * 4)
        }
        exact.withUnsafeMutableBufferPointer { out in
          for x in xs {
            sampler.write(
              at: shader.sourcePoint(x: x, y: y, upper: true), to: out.baseAddress! + x * 4)
          }
        }
        for i in (40 * 4)..<(200 * 4) { maxDiff = max(maxDiff, abs(Int(fast[i]) - Int(exact[i]))) }
      }
      // Tolerance 1/1024 px moves a tap by at most one 1/256 step: ≤ 1 level.
      #expect(maxDiff <= 1)
    }
  }
}

@Suite struct BilinearSamplerTests {
  @Test func opacityScanSeesEveryPixel() {
    // Small sizes, and sizes around the scan's 256-pixel blocks.
    for (w, h) in [(1, 1), (3, 3), (4, 2), (5, 1), (257, 1), (128, 4), (301, 3)] {
      for last in [false, true] {
        for alphaAt in 0..<(w * h) {
          var image = RGBAImage(width: w, height: h, fill: RGBA8(10, 20, 30))
          if last || alphaAt == 0 {
            let i = last ? w * h - 1 : alphaAt
            image.pixels[4 * i + 3] = 254
          } else {
            image.pixels[4 * alphaAt + 3] = 0
          }
          let opaque = image.pixels.withUnsafeBufferPointer {
            BilinearSampler(pixels: $0.baseAddress!, width: w, height: h).opaque
          }
          #expect(!opaque, "\(w)x\(h), translucent pixel at \(last ? w * h - 1 : alphaAt)")
        }
      }
      let solid = RGBAImage(width: w, height: h, fill: .white)
      #expect(
        solid.pixels.withUnsafeBufferPointer {
          BilinearSampler(pixels: $0.baseAddress!, width: w, height: h).opaque
        })
    }
  }
}
