import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpEffect

/// `WarpMesh.requiredSampleOffset(viewSize:addressMode:)` and the render
/// plan the SwiftUI modifier draws with: the offset covers the mesh the
/// shader actually draws, smoothed meshes included.
@Suite struct SampleOffsetTests {
  /// A 4 × 4 grid whose columns move right by 0.1 · [0, 1, −1, 0]: the
  /// Catmull-Rom surface through it overshoots the largest vertex
  /// displacement (0.1) between the first two columns.
  static let overshootingGrid: WarpMesh = {
    var mesh = WarpMesh.identity(columns: 4, rows: 4)
    let push = [0.0, 1, -1, 0]
    for r in 0..<4 {
      for c in 0..<4 { mesh[column: c, row: r].x += 0.1 * push[c] }
    }
    return mesh
  }()

  /// The largest |displacement| along a row, from the Catmull-Rom
  /// formula written out here (boundary neighbours extrapolated linearly),
  /// sampled at 10⁴ parameters per segment.
  static func catmullRomPeak(_ d: [Double]) -> Double {
    let n = d.count
    func at(_ i: Int) -> Double {
      if i < 0 { return 2 * d[0] - d[1] }
      if i >= n { return 2 * d[n - 1] - d[n - 2] }
      return d[i]
    }
    var peak = 0.0
    for seg in 0..<(n - 1) {
      let (p0, p1, p2, p3) = (at(seg - 1), at(seg), at(seg + 1), at(seg + 2))
      for k in 0...10_000 {
        let t = Double(k) / 10_000
        let a = 2 * p1 + (p2 - p0) * t
        let b = (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t
        let c = (3 * p1 - p0 - 3 * p2 + p3) * t * t * t
        peak = max(peak, abs(0.5 * (a + b + c)))
      }
    }
    return peak
  }

  @Test func smoothMeshNeedsMoreThanItsControlPoints() throws {
    let view = CGSize(width: 300, height: 200)
    let control = Self.overshootingGrid.requiredSampleOffset(viewSize: view)
    #expect(abs(control.width - 30) < 1e-9 && control.height == 0)

    let peak = Self.catmullRomPeak([0, 0.1, -0.1, 0]) * 300
    #expect(peak > 30.5, "the surface overshoots: \(peak) pt")  // ≈ 30.75
    // The plan the modifier draws with, at 2 px per point.
    let plan = MeshWarpRenderPlan(
      mesh: Self.overshootingGrid, smooth: true, viewSize: view, displayScale: 2,
      maxSampleOffset: .zero, addressMode: .clampToEdge)
    #expect(plan.mesh.faces.count > Self.overshootingGrid.faces.count)
    // Covers the surface (within the smoothing tolerance, 0.1 px = 0.05 pt)
    // and never more than it.
    #expect(plan.maxSampleOffset.width >= peak - 0.05, "\(plan.maxSampleOffset) vs \(peak)")
    #expect(plan.maxSampleOffset.width <= peak + 1e-6)
    #expect(plan.maxSampleOffset.width > control.width + 0.5)

    // Piecewise: the control points' offset; the caller's value is a floor.
    let piecewise = MeshWarpRenderPlan(
      mesh: Self.overshootingGrid, smooth: false, viewSize: view, displayScale: 2,
      maxSampleOffset: CGSize(width: 5, height: 7), addressMode: .clampToEdge)
    #expect(piecewise.mesh == Self.overshootingGrid)
    #expect(abs(piecewise.maxSampleOffset.width - 30) < 1e-9)
    #expect(piecewise.maxSampleOffset.height == 7)
  }

  /// A mesh without grid structure asked to be smooth draws piecewise.
  @Test func smoothWithoutAGridDrawsPiecewise() {
    var mesh = Self.overshootingGrid
    mesh.grid = nil
    let plan = MeshWarpRenderPlan(
      mesh: mesh, smooth: true, viewSize: CGSize(width: 100, height: 100), displayScale: 1,
      maxSampleOffset: .zero, addressMode: .clampToEdge)
    #expect(plan.mesh == mesh)
  }

  /// At random covered pixels of random meshes (warped points beyond the
  /// unit square, original points too), the distance between the pixel and
  /// the position sampled for it (the core's mapping, then the address
  /// mode on the normalized position) never exceeds the bound.
  @Test(arguments: AddressMode.allCases)
  func boundCoversEveryCoveredPixel(mode: AddressMode) {
    var rng = SeededRandom(seed: 31)
    let view = CGSize(width: 320, height: 240)
    var checked = 0
    for trial in 0..<40 {
      var mesh = RandomMeshes.jitteredGrid(
        columns: 3 + trial % 4, rows: 3 + trial % 3, jitter: 0.2, scale: 1.3, moveBorder: true,
        rng: &rng)
      // Original points beyond 0…1 in every other mesh.
      if trial % 2 == 1 {
        for i in mesh.pointPairs.indices {
          let p = mesh.pointPairs[i].from
          mesh.pointPairs[i].from = CGPoint(x: p.x * 1.6 - 0.3, y: p.y * 1.4 - 0.2)
        }
      }
      let bound = mesh.requiredSampleOffset(viewSize: view, addressMode: mode)
      let mapping = MeshMapping(mesh: mesh)
      for _ in 0..<400 {
        let d = Vector2(rng.double(in: -0.3...1.3), rng.double(in: -0.3...1.3))
        guard var s = mapping.sourcePoint(forDestination: d) else { continue }
        if mode == .clampToZero {
          // Transparent beyond the content: nothing is sampled.
          if s.x < 0 || s.x > 1 || s.y < 0 || s.y > 1 { continue }
        } else {
          // clampToEdge clamps; the wrapping modes land somewhere in 0…1:
          // take the point of 0…1 farthest from the pixel.
          func address(_ v: Double, _ dest: Double) -> Double {
            guard v < 0 || v > 1 else { return v }
            return mode == .clampToEdge ? min(max(v, 0), 1) : (dest < 0.5 ? 1 : 0)
          }
          s = Vector2(address(s.x, d.x), address(s.y, d.y))
        }
        checked += 1
        let dx = abs(s.x - d.x) * view.width
        let dy = abs(s.y - d.y) * view.height
        #expect(dx <= bound.width + 1e-6, "trial \(trial) \(mode): \(dx) > \(bound.width)")
        #expect(dy <= bound.height + 1e-6, "trial \(trial) \(mode): \(dy) > \(bound.height)")
      }
    }
    #expect(checked > 4000)
  }
}
