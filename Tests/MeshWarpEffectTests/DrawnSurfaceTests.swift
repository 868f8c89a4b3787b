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
    let plan = MeshWarpRenderPlan(
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

  /// Each view keeps its last plan: ten still warped views, each drawn
  /// every frame, make one plan each (a shared list of eight, which ten
  /// views cycle through, made one per view per frame), and a view whose
  /// size changes makes one more without disturbing the others. Each plan
  /// packs its mesh once.
  @Test func eachViewKeepsItsOwnPlan() {
    let views = (0..<10).map { i in
      (
        store: LastPlanStore<MeshWarpRenderPlan.Key, MeshWarpRenderPlan>(),
        mesh: MeshPresets.sinusoidal(columns: 3 + i % 4, rows: 3, amplitude: 0.02 * Double(i))
      )
    }
    func draw(_ view: Int, width: CGFloat = 200) -> MeshWarpRenderPlan {
      MeshWarpRenderPlan.cached(
        mesh: views[view].mesh, smooth: true, viewSize: CGSize(width: width, height: 100),
        displayScale: 2, maxSampleOffset: .zero, addressMode: .clampToEdge,
        in: views[view].store)
    }
    var packed = 0
    let work = EffectWorkLog.record {
      for _ in 0..<5 {
        for view in views.indices { packed += draw(view).data.count > 0 ? 1 : 0 }
      }
    }
    #expect(packed == 50)
    #expect(views.map(\.store.misses) == Array(repeating: 1, count: 10))
    #expect(work.meshPlans == 10, "\(work)")
    let floats = views.indices.reduce(0) { $0 + draw($1).data.count }
    #expect(work.meshFloats == floats, "each plan packs once: \(work.meshFloats) of \(floats)")
    _ = draw(3, width: 300)
    _ = draw(3, width: 300)
    #expect(views[3].store.misses == 2)
    for view in views.indices where view != 3 { _ = draw(view) }
    #expect(views.map(\.store.misses).reduce(0, +) == 11)
  }
}
