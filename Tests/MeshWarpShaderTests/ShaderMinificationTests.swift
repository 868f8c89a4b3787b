import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness
import _TestSupport

@testable import MeshWarpRender

/// The layer effect's minification filter, run through the C++ harness on
/// a layer holding a 1-point black-and-white checkerboard (1-point pixels).
@Suite struct ShaderMinificationTests {
  static let side = 256

  /// The shader's picture of the checkerboard through `mesh`, grey 0…255.
  static func render(_ mesh: WarpMesh, maxSamples: Float) -> [Double] {
    let data = ShaderMeshData.pack(mesh)
    var gray = [Float](repeating: -1, count: side * side)
    meshwarp_shader_checker_image(data, Int32(data.count), Int32(side), maxSamples, &gray)
    return gray.map { Double($0) * 255 }
  }

  /// The squeeze of the renderer's squeezed-checkerboard test: 7.7 × 8.3,
  /// a sub-pixel offset and a 2.5° turn.
  static let squeezed = squeezedCheckerboardMesh

  /// Mean and standard deviation over the pixels whose centre maps at
  /// least 20 source pixels inside the content (away from the silhouette).
  static func interiorStats(_ image: [Double], mesh: WarpMesh) -> (mean: Double, std: Double) {
    let mapping = MeshMapping(mesh: mesh)
    var values: [Double] = []
    for y in 0..<side {
      for x in 0..<side {
        let d = Vector2((Double(x) + 0.5) / Double(side), (Double(y) + 0.5) / Double(side))
        guard let s = mapping.sourcePoint(forDestination: d) else { continue }
        let margin = 20 / Double(side)
        if min(s.x, s.y) >= margin && max(s.x, s.y) <= 1 - margin {
          values.append(image[y * side + x])
        }
      }
    }
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
    return (mean, variance.squareRoot())
  }

  /// Squeezed about 8×: flat grey with the filter (mean within 1 level of
  /// 127.5, standard deviation ≤ 2 levels), moiré without it.
  @Test func squeezedCheckerboardIsFlatGray() {
    let filtered = Self.interiorStats(
      Self.render(Self.squeezed, maxSamples: 16), mesh: Self.squeezed)
    let plain = Self.interiorStats(Self.render(Self.squeezed, maxSamples: 1), mesh: Self.squeezed)
    #expect(abs(filtered.mean - 127.5) <= 1, "filtered \(filtered)")
    #expect(filtered.std <= 2, "filtered \(filtered)")
    #expect(plain.std > 20, "unfiltered must show moiré: \(plain)")
    print("shader squeezed checkerboard: filtered \(filtered), unfiltered \(plain)")
  }

  /// Where the warp does not shrink the content, the filter takes one
  /// sample: the identity stays exact and an enlarging warp is unchanged.
  @Test func unminifiedPixelsTakeOneSample() {
    let identity = Self.render(.identity(columns: 3, rows: 3), maxSamples: 16)
    for y in 0..<Self.side {
      for x in 0..<Self.side where identity[y * Self.side + x] != ((x + y) % 2 == 0 ? 255 : 0) {
        Issue.record("identity pixel (\(x), \(y)) = \(identity[y * Self.side + x])")
        return
      }
    }
    var enlarge = WarpMesh.identity(columns: 2, rows: 2)
    for i in enlarge.pointPairs.indices {
      let p = Vector2(enlarge.pointPairs[i].from)
      enlarge.pointPairs[i].from = ((p - Vector2(0.5, 0.5)) * 0.4 + Vector2(0.5, 0.5)).cgPoint
    }
    #expect(Self.render(enlarge, maxSamples: 16) == Self.render(enlarge, maxSamples: 1))
  }

  /// The shader's sample count per axis is the CPU filter's
  /// (`MinificationFilter.samples` at α = 2 and the same cap), one up to the
  /// 1.25× bilinear limit; m = k/64 is exact in Float and Double alike.
  @Test func sampleCountMatchesTheCPUFilter() {
    for cap in [1, 4, 16] {
      let quality = MinificationQuality(samplesPerTexel: 2, maxSamplesPerAxis: cap)
      for k in 0...2560 {
        let m = Double(k) / 64
        let cpu = MinificationFilter.samples(m, quality)
        let shader = Int(meshwarp_shader_sample_count(Float(m), Int32(cap)))
        if cpu != shader {
          Issue.record("m = \(m), cap \(cap): shader \(shader) samples, CPU \(cpu)")
          return
        }
      }
    }
    #expect(meshwarp_shader_sample_count(1.25, 16) == 1)
    #expect(meshwarp_shader_sample_count(1.27, 16) == 2)
  }
}
