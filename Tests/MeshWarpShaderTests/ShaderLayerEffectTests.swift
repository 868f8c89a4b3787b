import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness
import _TestSupport

/// The layer-effect function `meshWarpLayer`: it samples the layer where the
/// mapping says and returns transparent where the mapping draws nothing.
@Suite struct ShaderLayerEffectTests {
  /// meshWarpLayer at (x, y) in a 400 × 400 view, on the harness layer
  /// (opaque white, recording where it is sampled): (p.x, p.y, 1, 1) when
  /// it was sampled at p, else the colour returned.
  static func layerColor(_ data: [Float], x: Float, y: Float) -> SIMD4<Float> {
    var rgba = [Float](repeating: -1, count: 4)
    meshwarp_shader_layer_call(data, Int32(data.count), 400, 400, x, y, &rgba)
    return SIMD4(rgba[0], rgba[1], rgba[2], rgba[3])
  }

  @Test(arguments: EdgePolicy.allCases)
  func samplesTheLayerAtTheMappedPositionOrReturnsClear(edges: EdgePolicy) {
    let data = ShaderMeshData.pack(ShaderEdgeAndValidationTests.centreQuad, edges: edges)
    var generator = SeededRandom(seed: 13)
    for _ in 0..<500 {
      let x = Float(generator.unit() * 600 - 100)
      let y = Float(generator.unit() * 600 - 100)
      let mapped = ShaderCall.run(data, size: 400, x: x, y: y)
      let color = Self.layerColor(data, x: x, y: y)
      if mapped.kept {
        // Default address mode (clampToEdge, 1-point pixels): the edge
        // pixels' centres at the most.
        let s = SIMD2(min(max(mapped.source.x, 0.5), 399.5), min(max(mapped.source.y, 0.5), 399.5))
        #expect(color == SIMD4(s.x, s.y, 1, 1), "\(edges) (\(x), \(y))")
      } else {
        #expect(color == SIMD4(0, 0, 0, 0), "\(edges) (\(x), \(y))")
      }
    }
  }

  @Test func transparentOutsideTheMeshAndInsideItTheWarpedContent() {
    let data = ShaderMeshData.pack(ShaderEdgeAndValidationTests.centreQuad, edges: .transparent)
    #expect(Self.layerColor(data, x: 20, y: 300) == SIMD4(0, 0, 0, 0))
    let inside = Self.layerColor(data, x: 200, y: 150)
    #expect(abs(inside.x - 200) < 1e-3 && abs(inside.y - 100) < 1e-3 && inside.w == 1)
  }

  /// Colours pass through Metal's 16-bit half, in the harness as on the
  /// GPU: an edge colour of 0.1 comes back as the nearest binary16 value,
  /// 0.0999755859375 (1638 / 16384), not as the float 0.1.
  @Test func colorsRoundToHalfAsOnTheGPU() {
    let data = ShaderMeshData.pack(ShaderEdgeAndValidationTests.centreQuad, edges: .color)
    var rgba = [Float](repeating: -1, count: 4)
    let edge: [Float] = [0.1, 0.2, 0.3, 1]
    meshwarp_shader_layer_call_with(
      data, Int32(data.count), 400, 400, 20, 300, 0, 1, 1, edge, &rgba)
    let nearestHalves: [Float] = [1638 / 16384, 1638 / 8192, 1229 / 4096, 1]
    #expect(rgba == nearestHalves)
    #expect(rgba[0] != 0.1)
  }

  /// The shipped shader must not discard fragments: the shim's
  /// `discard_fragment()` is a compile error, and the source is checked too.
  @Test func shaderSourceHasNoFragmentDiscard() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/MeshWarpEffect/Shaders/MeshWarp.metal")
    let source = try String(contentsOf: url, encoding: .utf8)
    #expect(!source.contains("discard_fragment"))
    #expect(source.contains("[[ stitchable ]] half4 meshWarpLayer("))
    #expect(source.contains("SwiftUI::Layer layer"))
  }
}
