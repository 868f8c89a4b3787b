import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness
import _TestSupport

/// The layer effect's address modes and its `.color` edge policy: the
/// shader's position math against Core's `AddressMode.texelIndex`, and what
/// `meshWarpLayer` returns where no face covers a pixel.
@Suite struct ShaderAddressModeTests {
  /// The shader's address mode along one axis; `nil` for a transparent tap.
  static func shaderAxis(_ p: Float, extent: Float, pixel: Float, mode: AddressMode) -> Float? {
    let r = meshwarp_shader_address_axis(p, extent, pixel, Int32(ShaderMeshData.code(for: mode)))
    return r <= -1e29 ? nil : r
  }

  /// `meshWarpLayer` at (x, y) in a 400 × 400 view on the harness layer
  /// ((p.x, p.y, 1, 1) when it was sampled at p, else the colour returned),
  /// with the given arguments; by default one sample per pixel (no
  /// minification filter), so the result names the sampled position.
  static func layerColor(
    _ data: [Float], x: Float, y: Float, address: AddressMode = .clampToEdge, pixel: Float = 1,
    maxSamples: Float = 1, edge: SIMD4<Float> = .zero
  ) -> SIMD4<Float> {
    var rgba = [Float](repeating: -1, count: 4)
    let edgeRGBA = [edge.x, edge.y, edge.z, edge.w]
    meshwarp_shader_layer_call_with(
      data, Int32(data.count), 400, 400, x, y, Float(ShaderMeshData.code(for: address)), pixel,
      maxSamples, edgeRGBA, &rgba)
    return SIMD4(rgba[0], rgba[1], rgba[2], rgba[3])
  }

  /// With 1-point pixels and a whole number of them, the pixel the shader
  /// samples (the floor of its position) is the texel Core's address mode
  /// reads, at random positions inside, just outside and far outside
  /// (up to ±100 periods), negative ones included. Positions stay 0.05 px
  /// off pixel boundaries, where float rounding could pick either side.
  @Test(arguments: AddressMode.allCases)
  func samplesTheTexelCoreReads(mode: AddressMode) {
    var generator = SeededRandom(seed: 15)
    for size in [1, 2, 7, 37, 400] {
      for trial in 0..<2000 {
        let reach = trial % 3 == 0 ? 2.0 : (trial % 3 == 1 ? 10.0 : 100.0)
        let index = Int(
          (generator.double(in: -reach...reach) * Double(size)).rounded(.down))
        let fraction = generator.double(in: 0.05...0.95)
        let p = Float(Double(index) + fraction)
        let expected = mode.texelIndex(index, size: size)
        let got = Self.shaderAxis(p, extent: Float(size), pixel: 1, mode: mode)
        guard let expected else {
          #expect(got == nil, "\(mode) size \(size) p \(p): \(String(describing: got))")
          continue
        }
        guard let got else {
          Issue.record("\(mode) size \(size) p \(p): transparent, expected texel \(expected)")
          continue
        }
        #expect(Int(got.rounded(.down)) == expected, "\(mode) size \(size) p \(p) → \(got)")
        if mode != .clampToZero {
          // Never closer to an edge than the edge pixel's centre: the
          // layer's filter blends in nothing from beyond the layer.
          #expect(got >= 0.5 && got <= Float(size) - 0.5, "\(mode) size \(size) p \(p) → \(got)")
        }
      }
    }
  }

  /// Inside the content and away from its edge pixels, every mode samples
  /// the position itself (the warp is untouched).
  @Test(arguments: AddressMode.allCases)
  func leavesInteriorPositionsAlone(mode: AddressMode) {
    var generator = SeededRandom(seed: 16)
    for _ in 0..<1000 {
      let p = Float(generator.double(in: 0.5...399.5))
      #expect(Self.shaderAxis(p, extent: 400, pixel: 1, mode: mode) == p)
    }
    // Retina pixels: the clamp stops at the edge pixels' centres, 1/4 pt in.
    #expect(Self.shaderAxis(-3, extent: 400, pixel: 0.5, mode: .clampToEdge) == 0.25)
    #expect(Self.shaderAxis(401, extent: 400, pixel: 0.5, mode: .clampToEdge) == 399.75)
  }

  /// A quad whose original corners lie outside 0…1 (content beyond its
  /// edges, -1…2 on both axes) over the whole view: the layer is sampled at
  /// the addressed position of the mapping's result, or nothing.
  @Test(arguments: AddressMode.allCases)
  func layerEffectAddressesTheMappedPosition(mode: AddressMode) {
    let from = [(-1.0, -1.0), (2.0, -1.0), (2.0, 2.0), (-1.0, 2.0)]
    let to = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    let pairs = zip(from, to).map {
      MeshPointPair(from: CGPoint(x: $0.0, y: $0.1), to: CGPoint(x: $1.0, y: $1.1))
    }
    let mesh = WarpMesh(pointPairs: pairs, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    let data = ShaderMeshData.pack(mesh)
    var generator = SeededRandom(seed: 17)
    var transparent = 0
    for _ in 0..<500 {
      let x = Float(generator.double(in: 0.5...399.5))
      let y = Float(generator.double(in: 0.5...399.5))
      let mapped = ShaderCall.run(data, size: 400, x: x, y: y)
      #expect(mapped.kept)
      let color = Self.layerColor(data, x: x, y: y, address: mode)
      let ax = Self.shaderAxis(mapped.source.x, extent: 400, pixel: 1, mode: mode)
      let ay = Self.shaderAxis(mapped.source.y, extent: 400, pixel: 1, mode: mode)
      if let ax, let ay {
        #expect(color == SIMD4(ax, ay, 1, 1), "\(mode) (\(x), \(y))")
        #expect(ax >= 0 && ax <= 400 && ay >= 0 && ay <= 400)
      } else {
        transparent += 1
        #expect(color == .zero, "\(mode) (\(x), \(y))")
      }
    }
    // Two thirds of each axis map outside the content: clampToZero leaves
    // most pixels transparent, every other mode none.
    if mode == .clampToZero { #expect(transparent > 300) } else { #expect(transparent == 0) }
  }

  /// `.color`: the edge colour where no face covers a pixel inside the view,
  /// nothing beyond the view's bounds, the warped content where a face
  /// covers it; other policies never return the colour.
  @Test func colorPolicyReturnsTheEdgeColorWhereNoFaceCovers() {
    let edge = SIMD4<Float>(0.5, 0.25, 0, 0.5)
    let data = ShaderMeshData.pack(ShaderEdgeAndValidationTests.centreQuad, edges: .color)
    #expect(Self.layerColor(data, x: 20, y: 300, edge: edge) == edge)
    #expect(Self.layerColor(data, x: 399.5, y: 0.5, edge: edge) == edge)
    #expect(Self.layerColor(data, x: -20, y: 300, edge: edge) == .zero)
    #expect(Self.layerColor(data, x: 200, y: 420, edge: edge) == .zero)
    let inside = Self.layerColor(data, x: 200, y: 150, edge: edge)
    #expect(abs(inside.x - 200) < 1e-3 && abs(inside.y - 100) < 1e-3 && inside.w == 1)
    for policy in EdgePolicy.allCases where policy != .color {
      let other = ShaderMeshData.pack(ShaderEdgeAndValidationTests.centreQuad, edges: policy)
      #expect(Self.layerColor(other, x: 20, y: 300, edge: edge) != edge, "\(policy)")
    }
  }
}
