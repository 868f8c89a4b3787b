import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness
import _TestSupport

@testable import MeshWarpEffect

/// `WarpMesh.requiredSampleOffset(viewSize:addressMode:edges:displayScale:filterMinification:)`
/// against the taps the shipped shader really makes: the harness runs
/// `meshWarpLayer` at every pixel of the view plus a margin (the bound, or
/// farther where the warped mesh reaches farther) over a layer that records
/// where it is sampled, for random meshes, every edge policy, every address
/// mode and the minification filter on and off. Per axis, the farthest tap
/// from its pixel must lie within the bound (plus one pixel), and the bound
/// must not exceed 1.5 times that farthest tap (plus one pixel): SwiftUI
/// shades the view grown by the bound on each side.
@Suite struct SampleOffsetTightness {
  static let view = CGSize(width: 40, height: 30)

  /// Warps of several kinds: jittered grids shrunk or grown (some faces
  /// beyond the view), original points tiling the content up to four
  /// times or shifted beyond it, and one quad whose content repeats four
  /// times across the view.
  static func meshes() -> [(name: String, mesh: WarpMesh)] {
    var rng = SeededRandom(seed: 29)
    var result: [(String, WarpMesh)] = []
    for trial in 0..<6 {
      var mesh = RandomMeshes.jitteredGrid(
        columns: 3 + trial % 3, rows: 3 + trial % 2, jitter: 0.2,
        scale: [0.7, 1.2, 0.9, 1.3, 0.8, 1.0][trial], moveBorder: true, rng: &rng)
      let tiles = [1.0, 1.0, 2.0, 4.0, 1.5, 3.0][trial]
      let shift = [0.0, 0.25, -0.3, 0.0, 0.6, -1.2][trial]
      for i in mesh.pointPairs.indices {
        let p = mesh.pointPairs[i].from
        mesh.pointPairs[i].from = CGPoint(x: p.x * tiles + shift, y: p.y * tiles - shift / 2)
      }
      result.append(("grid \(trial) (tiles \(tiles), shift \(shift))", mesh))
    }
    let corners = [
      CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1),
    ]
    result.append(("fine grid with a face left out", holedGrid))
    result.append(
      (
        "one quad, content ×4",
        WarpMesh(
          pointPairs: corners.map {
            MeshPointPair(from: CGPoint(x: $0.x * 4, y: $0.y * 4), to: $0)
          }, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
      ))
    return result
  }

  /// A fine identity grid (100 × 75 faces of 0.4 pt over the 40 × 30 pt
  /// view) with one face not drawn (an index out of range): the hole at
  /// x 37.2…37.6, y 26.4…26.8 pt holds pixel centres at 1 and 2 px per
  /// point but lies between the coverage probes (every 0.625 pt across,
  /// at 37.1875 and 37.8125), so only a bound that knows a face is missing
  /// covers the `.origin` taps there.
  static let holedGrid: WarpMesh = {
    var mesh = WarpMesh.identity(columns: 101, rows: 76)
    let hole = 66 * 100 + 93
    mesh.faces[hole] = MeshFace(
      i0: mesh.pointPairs.count, i1: mesh.faces[hole].i1, i2: mesh.faces[hole].i2,
      i3: mesh.faces[hole].i3)
    return mesh
  }()

  /// How far the warped mesh reaches beyond the view, in points per axis.
  static func reach(_ mesh: WarpMesh) -> CGSize {
    var x = 0.0
    var y = 0.0
    for pair in mesh.pointPairs {
      x = max(x, -pair.to.x * view.width, (pair.to.x - 1) * view.width)
      y = max(y, -pair.to.y * view.height, (pair.to.y - 1) * view.height)
    }
    return CGSize(width: x, height: y)
  }

  @Test(arguments: [1.0, 2.0])
  func boundIsTightAroundTheShadersTaps(displayScale: Double) {
    let pixel = 1 / displayScale
    var checked = 0
    for (name, mesh) in Self.meshes() {
      for edges in EdgePolicy.allCases {
        let data = ShaderMeshData.pack(mesh, edges: edges)
        for mode in AddressMode.allCases {
          for filter in [false, true] {
            let bound = mesh.requiredSampleOffset(
              viewSize: Self.view, addressMode: mode, edges: edges,
              displayScale: CGFloat(displayScale), filterMinification: filter)
            let reach = Self.reach(mesh)
            let margin = (
              x: max(bound.width, reach.width) + 2, y: max(bound.height, reach.height) + 2
            )
            var farthest: [Float] = [0, 0]
            let taps = data.withUnsafeBufferPointer { buffer in
              meshwarp_shader_farthest_taps(
                buffer.baseAddress, Int32(buffer.count), Float(Self.view.width),
                Float(Self.view.height), Float(pixel), Float(margin.x), Float(margin.y),
                Float(ShaderMeshData.code(for: mode)), filter ? 16 : 1, &farthest)
            }
            let label = "\(name), \(edges), \(mode), filter \(filter), scale \(displayScale)"
            for (axis, far, b) in [
              ("x", Double(farthest[0]), Double(bound.width)),
              ("y", Double(farthest[1]), Double(bound.height)),
            ] {
              #expect(far <= b + pixel, "\(label): \(axis) tap \(far) pt beyond bound \(b) pt")
              #expect(
                b <= 1.5 * far + pixel, "\(label): \(axis) bound \(b) pt, farthest tap \(far) pt")
            }
            if taps > 0 { checked += 1 }
          }
        }
      }
    }
    #expect(checked > 150)
  }

  /// The repeated card of the measurement: a 390 × 844 pt view
  /// whose content tiles four times needs an offset of the view's size, not
  /// three times it (which made SwiftUI shade 49 times the view).
  @Test func tiledContentNeedsTheViewNotThreeViews() {
    let mesh = Self.meshes().last!.mesh
    let bound = mesh.requiredSampleOffset(
      viewSize: CGSize(width: 390, height: 844), addressMode: .repeat, displayScale: 3,
      filterMinification: true)
    #expect(bound.width <= 390 + 1 && bound.height <= 844 + 1, "\(bound)")
  }
}
