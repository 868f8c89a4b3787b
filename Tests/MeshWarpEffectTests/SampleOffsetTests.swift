import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import MeshWarpEffect

/// `WarpMesh.requiredSampleOffset(viewSize:addressMode:edges:displayScale:filterMinification:)` and the render
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
    let control = Self.overshootingGrid.requiredSampleOffset(
      viewSize: view, filterMinification: false)
    // 30 pt of travel, plus half a pixel (1 pt pixels) for the clamp to
    // the edge pixels' centres.
    #expect(abs(control.width - 30.5) < 1e-9 && control.height == 0.5)

    let peak = Self.catmullRomPeak([0, 0.1, -0.1, 0]) * 300
    #expect(peak > 30.5, "the surface overshoots: \(peak) pt")  // ≈ 30.75
    // The plan the modifier draws with, at 2 px per point.
    let plan = MeshWarpRenderPlan(
      mesh: Self.overshootingGrid, smooth: true, viewSize: view, displayScale: 2,
      maxSampleOffset: .zero, addressMode: .clampToEdge, filterMinification: false)
    #expect(plan.mesh.faces.count > Self.overshootingGrid.faces.count)
    // Covers the surface (within the smoothing tolerance, 0.1 px = 0.05 pt)
    // and never more than it.
    // At 2 px per point, half a pixel is 0.25 pt.
    let travel = plan.maxSampleOffset.width - 0.25
    #expect(travel >= peak - 0.05, "\(plan.maxSampleOffset) vs \(peak)")
    #expect(travel <= peak + 1e-6)
    #expect(travel > 30.5)

    // Piecewise: the control points' offset; the caller's value is a floor.
    let piecewise = MeshWarpRenderPlan(
      mesh: Self.overshootingGrid, smooth: false, viewSize: view, displayScale: 2,
      maxSampleOffset: CGSize(width: 5, height: 7), addressMode: .clampToEdge,
      filterMinification: false)
    #expect(piecewise.mesh == Self.overshootingGrid)
    #expect(abs(piecewise.maxSampleOffset.width - 30.25) < 1e-9)
    #expect(piecewise.maxSampleOffset.height == 7)
  }

  /// A mesh without grid structure asked to be smooth draws piecewise.
  @Test func smoothWithoutAGridDrawsPiecewise() {
    var mesh = Self.overshootingGrid
    mesh.grid = nil
    mesh.faces.reverse()  // not a grid's cells in order (in order, the grid is inferred)
    let plan = MeshWarpRenderPlan(
      mesh: mesh, smooth: true, viewSize: CGSize(width: 100, height: 100), displayScale: 1,
      maxSampleOffset: .zero, addressMode: .clampToEdge)
    #expect(plan.mesh == mesh)
  }

  /// At random covered pixels of random meshes (warped points beyond the
  /// unit square, original points too), the distance between the pixel and
  /// the position sampled for it (the core's mapping, then the address
  /// mode and the clamp to the edge pixels' centres, as the shader does)
  /// never exceeds the bound.
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
      let bound = mesh.requiredSampleOffset(
        viewSize: view, addressMode: mode, filterMinification: false)
      let mapping = MeshMapping(mesh: mesh)
      for _ in 0..<400 {
        let d = Vector2(rng.double(in: -0.3...1.3), rng.double(in: -0.3...1.3))
        guard let s = mapping.sourcePoint(forDestination: d) else { continue }
        // The shader's address mode in points (one-point pixels).
        func address(_ v: Double, _ extent: Double) -> Double? {
          var p = v * extent
          switch mode {
          case .clampToZero: return p >= 0 && p <= extent ? p : nil
          case .repeat: p -= extent * (p / extent).rounded(.down)
          case .mirrorRepeat:
            let m = p - 2 * extent * (p / (2 * extent)).rounded(.down)
            p = m < extent ? m : 2 * extent - m
          case .clampToEdge: break
          }
          return min(max(p, 0.5), extent - 0.5)
        }
        guard let tx = address(s.x, view.width), let ty = address(s.y, view.height) else {
          continue
        }
        checked += 1
        let dx = abs(tx - d.x * view.width)
        let dy = abs(ty - d.y * view.height)
        #expect(dx <= bound.width + 1e-6, "trial \(trial) \(mode): \(dx) > \(bound.width)")
        #expect(dy <= bound.height + 1e-6, "trial \(trial) \(mode): \(dy) > \(bound.height)")
      }
    }
    #expect(checked > 4000)
  }
}
