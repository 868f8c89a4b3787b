import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness

/// What the shader does outside the mesh (each edge policy) and with data
/// that is not a valid packed mesh.
@Suite struct ShaderEdgeAndValidationTests {
  /// One quad covering the middle of the view: (0.25…0.75)² → the whole content.
  static let centreQuad: WarpMesh = {
    let to = [(0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75)]
    let from = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    let pairs = zip(from, to).map {
      MeshPointPair(from: CGPoint(x: $0.0, y: $0.1), to: CGPoint(x: $1.0, y: $1.1))
    }
    return WarpMesh(pointPairs: pairs, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
  }()

  @Test func insideMapsThroughTheQuad() {
    let data = ShaderMeshData.pack(Self.centreQuad)
    let (kept, source) = ShaderCall.run(data, size: 400, x: 200, y: 150)
    #expect(kept)
    // (200, 150) is (0.5, 0.375) → u = 0.5, v = 0.25 → (200, 100) in the content.
    #expect(abs(source.x - 200) < 1e-3 && abs(source.y - 100) < 1e-3, "\(source)")
  }

  @Test func transparentDrawsNothingOutside() {
    let data = ShaderMeshData.pack(Self.centreQuad, edges: .transparent)
    #expect(!ShaderCall.run(data, size: 400, x: 20, y: 300).kept)
    #expect(!ShaderCall.run(data, size: 400, x: 399.5, y: 399.5).kept)
  }

  @Test func clampShowsTheContentUnwarpedOutside() {
    let data = ShaderMeshData.pack(Self.centreQuad, edges: .unwarped)
    let (kept, source) = ShaderCall.run(data, size: 400, x: 20, y: 300)
    #expect(kept)
    #expect(source == SIMD2(20, 300))
    // On the view's own edges: still the content.
    #expect(ShaderCall.run(data, size: 400, x: 0, y: 400) == (true, SIMD2(0, 400)))
    // Beyond the view (the maxSampleOffset margin): nothing, not a smear of
    // the edge pixels.
    for (x, y): (Float, Float) in [(-30, 450), (-0.5, 200), (200, 400.5), (1000, -1000)] {
      #expect(!ShaderCall.run(data, size: 400, x: x, y: y).kept, "(\(x), \(y))")
    }
  }

  @Test func originSamplesTheTopLeftCornerOutside() {
    let data = ShaderMeshData.pack(Self.centreQuad, edges: .origin)
    let (kept, source) = ShaderCall.run(data, size: 400, x: 20, y: 300)
    #expect(kept)
    #expect(source == SIMD2(0, 0))
    // On the view's own edges: still the origin pixel.
    #expect(ShaderCall.run(data, size: 400, x: 400, y: 0) == (true, SIMD2(0, 0)))
  }

  /// Positions beyond the 400 × 400 view's own bounds, in the margin that
  /// `maxSampleOffset` lets a layer effect draw into (none is covered by
  /// the centre quad).
  static let marginPoints: [(Float, Float)] = [
    (-30, 450), (-0.5, 200), (200, 400.5), (400.5, 0), (-0.01, -0.01), (1000, -1000),
    (-400, 200), (200, 800),
  ]

  /// Outside the view's own bounds every policy leaves uncovered pixels
  /// transparent: the mapping draws nothing, and the layer effect returns
  /// clear (not the origin pixel, the unwarped content clamped to its edge,
  /// or the edge colour), with and without the minification filter.
  @Test(arguments: EdgePolicy.allCases)
  func nothingBeyondTheViewForEveryPolicy(edges: EdgePolicy) {
    let data = ShaderMeshData.pack(Self.centreQuad, edges: edges)
    let edgeColor: [Float] = [0.25, 0.5, 0.75, 1]
    for (x, y) in Self.marginPoints {
      #expect(!ShaderCall.run(data, size: 400, x: x, y: y).kept, "\(edges) (\(x), \(y))")
      for maxSamples: Float in [1, 16] {
        var rgba = [Float](repeating: -1, count: 4)
        meshwarp_shader_layer_call_with(
          data, Int32(data.count), 400, 400, x, y, 0, 1, maxSamples, edgeColor, &rgba)
        #expect(rgba == [0, 0, 0, 0], "\(edges) (\(x), \(y)) maxSamples \(maxSamples)")
      }
    }
    // Inside the view the policy still decides (the colour for .color).
    var inside = [Float](repeating: -1, count: 4)
    meshwarp_shader_layer_call_with(
      data, Int32(data.count), 400, 400, 20, 300, 0, 1, 1, edgeColor, &inside)
    switch edges {
    case .transparent: #expect(inside == [0, 0, 0, 0])
    case .unwarped: #expect(inside == [20.5, 300.5, 1, 1] || inside == [20, 300, 1, 1])
    case .origin: #expect(inside == [0.5, 0.5, 1, 1])
    case .color: #expect(inside == edgeColor)
    }
  }

  /// The margin is for warped content: a face warped beyond the view's
  /// bounds still draws there.
  @Test func warpedFacesStillDrawInTheMargin() {
    let to = [(-0.25, -0.25), (1.25, -0.25), (1.25, 1.25), (-0.25, 1.25)]
    let from = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    let pairs = zip(from, to).map {
      MeshPointPair(from: CGPoint(x: $0.0, y: $0.1), to: CGPoint(x: $1.0, y: $1.1))
    }
    let mesh = WarpMesh(pointPairs: pairs, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    for edges in EdgePolicy.allCases {
      let data = ShaderMeshData.pack(mesh, edges: edges)
      // (-50, 200): u = (−50 + 100) / 600 → content x = 400/6 ≈ 33.3.
      let (kept, source) = ShaderCall.run(data, size: 400, x: -50, y: 200)
      #expect(kept, "\(edges)")
      #expect(abs(source.x - 100 / 3) < 1e-2 && abs(source.y - 200) < 1e-2, "\(edges) \(source)")
      // Beyond the warped face: nothing.
      #expect(!ShaderCall.run(data, size: 400, x: -150, y: 200).kept, "\(edges)")
    }
  }

  @Test func emptyAndUnrenderableMeshesAreOutsideEverywhere() {
    var broken = Self.centreQuad
    broken.faces = [MeshFace(i0: 0, i1: 1, i2: 2, i3: 9)]
    for mesh in [WarpMesh(pointPairs: [], faces: []), broken] {
      let data = ShaderMeshData.pack(mesh, edges: .origin)
      let (kept, source) = ShaderCall.run(data, size: 400, x: 200, y: 200)
      #expect(kept && source == SIMD2(0, 0))
    }
  }

  /// Data that is not a valid version-1 mesh: inside the view the content
  /// unwarped (the position itself), beyond it nothing; never a read past
  /// `count`.
  @Test func invalidDataReturnsThePositionUnchanged() {
    let good = ShaderMeshData.pack(Self.centreQuad, edges: .origin)
    var cases: [(String, [Float], Int)] = [
      ("empty", [], 0),
      ("short header", Array(good.prefix(10)), 10),
      ("count below the total", good, good.count - 1),
    ]
    var badMagic = good
    badMagic[0] = 1
    cases.append(("magic", badMagic, good.count))
    var badVersion = good
    badVersion[1] = 2
    cases.append(("version", badVersion, good.count))
    var hugeFaces = good
    hugeFaces[3] = 1e9
    cases.append(("face count", hugeFaces, good.count))
    var nanColumns = good
    nanColumns[6] = .nan
    cases.append(("NaN columns", nanColumns, good.count))
    var badCell = good
    for i in Int(good[13])..<Int(good[14]) { badCell[i] = 1000 }  // ranges past the index array
    cases.append(("cell range", badCell, good.count))
    var badTriangle = good
    for i in Int(good[14])..<good.count { badTriangle[i] = 7 }  // a face that does not exist
    cases.append(("triangle index", badTriangle, good.count))
    for (name, data, count) in cases {
      let (kept, source) = ShaderCall.run(
        data, count: count, width: 400, height: 400, x: 200, y: 150)
      #expect(kept, "\(name)")
      #expect(source == SIMD2(200, 150), "\(name): \(source)")
      for (x, y) in Self.marginPoints {
        let margin = ShaderCall.run(data, count: count, width: 400, height: 400, x: x, y: y)
        #expect(!margin.kept, "\(name) (\(x), \(y))")
      }
    }
    // A view with no area has no inside: nothing anywhere.
    for (width, height): (Float, Float) in [(0, 400), (400, -1), (.nan, 400)] {
      let (kept, _) = ShaderCall.run(
        good, count: good.count, width: width, height: height, x: 0, y: 0)
      #expect(!kept, "\(width) × \(height)")
    }
  }

  @Test func firstFaceWinsWhereFacesOverlap() {
    // Two copies of the centre quad over different content: the first wins.
    var mesh = Self.centreQuad
    let shifted = mesh.pointPairs.map {
      MeshPointPair(from: CGPoint(x: $0.from.x * 0.5, y: $0.from.y * 0.5), to: $0.to)
    }
    mesh.pointPairs += shifted
    mesh.faces.append(MeshFace(i0: 4, i1: 5, i2: 6, i3: 7))
    let (_, first) = ShaderCall.run(ShaderMeshData.pack(mesh), size: 400, x: 200, y: 150)
    #expect(abs(first.x - 200) < 1e-3 && abs(first.y - 100) < 1e-3)
    mesh.faces.reverse()
    let (_, second) = ShaderCall.run(ShaderMeshData.pack(mesh), size: 400, x: 200, y: 150)
    #expect(abs(second.x - 100) < 1e-3 && abs(second.y - 50) < 1e-3)
  }
}
