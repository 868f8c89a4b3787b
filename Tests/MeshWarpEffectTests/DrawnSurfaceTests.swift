import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness
import _TestSupport

@_spi(Benchmarks) @testable import MeshWarpEffect

/// Taps map through what is drawn, and the genie draws what its progress
/// needs.
@Suite struct DrawnSurfaceTests {
  /// With `smooth`, a tap lands where the shader (the shipped one, through
  /// the harness) samples for that pixel: the smoothed surface the modifier
  /// packs, not the control mesh. Checked at 2,000 random points of a grid
  /// whose surface departs from its control mesh by up to 0.75 pt.
  @Test func smoothTapsMapThroughTheDrawnSurface() throws {
    let mesh = SampleOffsetTests.overshootingGrid
    let view = CGSize(width: 300, height: 200)
    let plan = MeshWarpRenderPlan.cached(
      mesh: mesh, smooth: true, viewSize: view, displayScale: 2, maxSampleOffset: .zero,
      addressMode: .clampToEdge)
    let tester = MeshWarpHitTester(mesh: mesh, smooth: true, viewSize: view, displayScale: 2)
    let raw = MeshWarpHitTester(mesh: mesh)
    var rng = SeededRandom(seed: 6)
    var compared = 0
    var rawDeparts = 0.0
    for _ in 0..<2000 {
      let p = CGPoint(x: rng.unit() * 300, y: rng.unit() * 200)
      var sx: Float = 0
      var sy: Float = 0
      let drawn = plan.data.withUnsafeBufferPointer {
        meshwarp_shader_call(
          $0.baseAddress, Int32($0.count), 300, 200, Float(p.x), Float(p.y), &sx, &sy)
      }
      guard drawn == 1, let hit = tester.contentLocation(for: p, in: view) else { continue }
      compared += 1
      #expect(
        abs(hit.x - Double(sx)) < 0.01 && abs(hit.y - Double(sy)) < 0.01,
        "at \(p): tap maps to \(hit), the shader samples (\(sx), \(sy))")
      if let r = raw.contentLocation(for: p, in: view) {
        rawDeparts = max(rawDeparts, abs(r.x - Double(sx)))
      }
    }
    #expect(compared > 1900)
    // The control mesh would be off by more than a tap's tolerance.
    #expect(rawDeparts > 0.5, "\(rawDeparts)")
  }

  /// The genie's layer effect is off at progress 0 (a view shown through
  /// the transition sits there), and its offset is the current mesh's.
  @Test func genieIsOffAtRestAndUsesTheCurrentOffset() {
    let view = CGSize(width: 300, height: 400)
    let target = CGRect(x: 120, y: 700, width: 60, height: 40)
    let rest = GenieEffectPlan(
      viewSize: view, target: target, edge: .bottom, progress: 0, displayScale: 2)
    #expect(!rest.isEnabled)
    let early = GenieEffectPlan(
      viewSize: view, target: target, edge: .bottom, progress: 0.1, displayScale: 2)
    let end = GenieEffectPlan(
      viewSize: view, target: target, edge: .bottom, progress: 1, displayScale: 2)
    #expect(early.isEnabled && end.isEnabled)
    let required = early.plan.mesh.requiredSampleOffset(viewSize: view, displayScale: 2)
    #expect(early.plan.maxSampleOffset == required)
    #expect(
      early.plan.maxSampleOffset.height < end.plan.maxSampleOffset.height / 2,
      "\(early.plan.maxSampleOffset) vs \(end.plan.maxSampleOffset)")
    #expect(end.plan.maxSampleOffset.height >= 700 + 40 - 400)
  }

  /// The plan cache: the same arguments make one plan, a new size another.
  @Test func plansAreMadeOncePerMeshSizeAndOptions() {
    let cache = MeshWarpPlanCache(capacity: 2)
    let mesh = WarpMesh.identity(columns: 3, rows: 3)
    func key(_ width: Double) -> MeshWarpRenderPlan.Key {
      MeshWarpRenderPlan.Key(
        mesh: mesh, smooth: true, width: width, height: 100, displayScale: 2, offsetWidth: 0,
        offsetHeight: 0, addressMode: .clampToEdge, edges: .transparent, filterMinification: true)
    }
    func make(_ width: Double) -> MeshWarpRenderPlan {
      MeshWarpRenderPlan(
        mesh: mesh, smooth: true, viewSize: CGSize(width: width, height: 100), displayScale: 2,
        maxSampleOffset: .zero, addressMode: .clampToEdge)
    }
    for _ in 0..<5 { _ = cache.plan(for: key(100)) { make(100) } }
    #expect(cache.misses == 1)
    _ = cache.plan(for: key(200)) { make(200) }
    _ = cache.plan(for: key(100)) { make(100) }
    #expect(cache.misses == 2)
    _ = cache.plan(for: key(300)) { make(300) }  // evicts 200, the least recently used
    _ = cache.plan(for: key(200)) { make(200) }
    #expect(cache.misses == 4)
  }
}
