import Foundation
import MeshWarpCore
import Testing
import _TestSupport

/// The genie mesh generator: identity at 0, the target at 1, monotone
/// travel, valid meshes, the model's formulas at hand-computed points.
@Suite struct GenieMeshTests {
  static let progressSteps = (0...40).map { Double($0) / 40 }

  /// Seeded random layouts for every edge.
  static func layouts(seed: UInt64, perEdge: Int) -> [GenieLayout] {
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    return GenieEdge.allCases.flatMap { edge in
      (0..<perEdge).map { _ in GenieLayouts.random(edge: edge, rng: &rng) }
    }
  }

  static func pixel(_ p: CGPoint, _ layout: GenieLayout) -> Vector2 {
    Vector2(p) * Vector2(layout.canvasSize.width, layout.canvasSize.height)
  }

  @Test func progressZeroIsTheIdentityExactly() throws {
    for layout in Self.layouts(seed: 0x6E1E, perEdge: 6) {
      let mesh = try GenieMeshGenerator(layout: layout).mesh(progress: 0)
      let v = layout.viewRect
      let c = layout.canvasSize
      for pair in mesh.pointPairs {
        let expected = CGPoint(
          x: (v.minX + pair.from.x * v.width) / c.width,
          y: (v.minY + pair.from.y * v.height) / c.height)
        #expect(
          pair.to == expected, "\(layout.edge): \(pair.from) → \(pair.to), expected \(expected)")
      }
    }
  }

  @Test func fromIsTheIdentityGridOverTheView() throws {
    for edge in GenieEdge.allCases {
      var rng = SeededRandom(seed: 11)
      let layout = GenieLayouts.random(edge: edge, rng: &rng)
      let generator = try GenieMeshGenerator(
        layout: layout, density: GenieDensity(alongTravel: 7, across: 3))
      let mesh = try generator.mesh(progress: 0.6)
      let shape = generator.gridShape
      #expect(mesh.grid == shape)
      #expect(
        edge == .bottom || edge == .top
          ? (shape.columns, shape.rows) == (3, 7) : (shape.columns, shape.rows) == (7, 3))
      let identity = WarpMesh.identity(columns: shape.columns, rows: shape.rows)
      #expect(mesh.pointPairs.map(\.from) == identity.pointPairs.map(\.from))
      #expect(mesh.faces == identity.faces)
    }
  }

  @Test func progressOneFillsTheTarget() throws {
    for layout in Self.layouts(seed: 0xD0C, perEdge: 6) {
      let mesh = try GenieMeshGenerator(layout: layout).mesh(progress: 1)
      let t = layout.targetRect
      let tolerance = 1e-9 * max(layout.canvasSize.width, layout.canvasSize.height)
      for pair in mesh.pointPairs {
        let p = Self.pixel(pair.to, layout)
        #expect(
          p.x >= t.minX - tolerance && p.x <= t.maxX + tolerance && p.y >= t.minY - tolerance
            && p.y <= t.maxY + tolerance, "\(layout.edge): \(p) outside \(t)")
        // The content fills the target: from (u, v) lands at the same
        // fraction of the target.
        let expected = Vector2(t.minX + pair.from.x * t.width, t.minY + pair.from.y * t.height)
        #expect(abs(p.x - expected.x) <= tolerance && abs(p.y - expected.y) <= tolerance)
      }
    }
  }

  /// Every vertex approaches its final place on both axes without ever
  /// moving back: its distance to that place, and its distance to the
  /// target rect, never grow from one progress step to the next (within
  /// 1e-9 px of rounding).
  @Test func travelIsMonotone() throws {
    for layout in Self.layouts(seed: 0xACE, perEdge: 5) {
      let generator = try GenieMeshGenerator(layout: layout)
      let final = try generator.mesh(progress: 1).pointPairs.map { Self.pixel($0.to, layout) }
      let t = layout.targetRect
      func rectDistance(_ p: Vector2) -> Double {
        let dx = max(t.minX - p.x, 0, p.x - t.maxX)
        let dy = max(t.minY - p.y, 0, p.y - t.maxY)
        return (dx * dx + dy * dy).squareRoot()
      }
      var previous: [Vector2]? = nil
      for p in Self.progressSteps {
        let points = try generator.mesh(progress: p).pointPairs.map { Self.pixel($0.to, layout) }
        if let previous {
          for i in points.indices {
            let d0 = previous[i] - final[i]
            let d1 = points[i] - final[i]
            let before = Vector2(abs(d0.x), abs(d0.y))
            let now = Vector2(abs(d1.x), abs(d1.y))
            #expect(
              now.x <= before.x + 1e-9 && now.y <= before.y + 1e-9,
              "\(layout.edge) vertex \(i) at progress \(p) moved away from its final place")
            #expect(rectDistance(points[i]) <= rectDistance(previous[i]) + 1e-9)
          }
        }
        previous = points
      }
    }
  }

  @Test func everyMeshValidatesWithoutIssues() throws {
    for layout in Self.layouts(seed: 0xFACE, perEdge: 5) {
      for density in [
        GenieDensity.standard, GenieDensity(alongTravel: 2, across: 2),
        GenieDensity(alongTravel: 13, across: 5),
      ] {
        let generator = try GenieMeshGenerator(layout: layout, density: density)
        for p in Self.progressSteps {
          let issues = try generator.mesh(progress: p).validate()
          #expect(issues.isEmpty, "\(layout.edge) at \(p): \(issues.prefix(3))")
        }
      }
    }
  }

  @Test func everyFrameStaysInsideTheTravelBounds() throws {
    for layout in Self.layouts(seed: 0xB0B, perEdge: 4) {
      let generator = try GenieMeshGenerator(layout: layout)
      let b = layout.travelBounds
      let tolerance = 1e-9 * max(layout.canvasSize.width, layout.canvasSize.height)
      for p in Self.progressSteps {
        for pair in try generator.mesh(progress: p).pointPairs {
          let q = Self.pixel(pair.to, layout)
          #expect(
            q.x >= b.minX - tolerance && q.x <= b.maxX + tolerance && q.y >= b.minY - tolerance
              && q.y <= b.maxY + tolerance)
        }
      }
    }
  }

  /// No frame moves a vertex further from its rest place, per axis, than
  /// ``GenieLayout/maximumDisplacement``, and the final frame reaches it.
  @Test func displacementStaysWithinTheMaximum() throws {
    for layout in Self.layouts(seed: 0xD15, perEdge: 4) {
      let generator = try GenieMeshGenerator(layout: layout)
      let rest = try generator.mesh(progress: 0).pointPairs.map { Self.pixel($0.to, layout) }
      let limit = layout.maximumDisplacement
      let tolerance = 1e-9 * max(layout.canvasSize.width, layout.canvasSize.height)
      var reached = Vector2.zero
      for p in Self.progressSteps {
        let points = try generator.mesh(progress: p).pointPairs.map { Self.pixel($0.to, layout) }
        for (a, b) in zip(points, rest) {
          let d = Vector2(abs(a.x - b.x), abs(a.y - b.y))
          #expect(d.x <= limit.width + tolerance && d.y <= limit.height + tolerance)
          reached = pointwiseMax(reached, d)
        }
      }
      #expect(
        abs(reached.x - limit.width) <= tolerance && abs(reached.y - limit.height) <= tolerance)
    }
  }

  /// The four edges are one model seen through a reflection or a
  /// transposition: the `.bottom` mesh of a layout, mirrored, is the `.top`
  /// mesh of the mirrored layout, and transposed, the `.right` one.
  @Test func edgesAreMirrorImages() throws {
    var rng = SeededRandom(seed: 77)
    let base = GenieLayouts.random(edge: .bottom, rng: &rng)
    let c = base.canvasSize
    func flipY(_ r: CGRect) -> CGRect {
      CGRect(x: r.minX, y: c.height - r.maxY, width: r.width, height: r.height)
    }
    func transpose(_ r: CGRect) -> CGRect {
      CGRect(x: r.minY, y: r.minX, width: r.height, height: r.width)
    }
    let top = try GenieLayout(
      canvasSize: c, viewRect: flipY(base.viewRect), targetRect: flipY(base.targetRect),
      edge: .top)
    let right = try GenieLayout(
      canvasSize: CGSize(width: c.height, height: c.width), viewRect: transpose(base.viewRect),
      targetRect: transpose(base.targetRect), edge: .right)
    let density = GenieDensity(alongTravel: 9, across: 4)
    for p in [0.2, 0.5, 0.8] {
      let b = try GenieMeshGenerator(layout: base, density: density).mesh(progress: p)
      let t = try GenieMeshGenerator(layout: top, density: density).mesh(progress: p)
      let r = try GenieMeshGenerator(layout: right, density: density).mesh(progress: p)
      for row in 0..<9 {
        for col in 0..<4 {
          let pb = b[column: col, row: row]
          // Content row `row` of the bottom mesh is content row 8 − row
          // of the mirrored view.
          let pt = t[column: col, row: 8 - row]
          #expect(abs(pt.x - pb.x) < 1e-12 && abs(pt.y - (1 - pb.y)) < 1e-12)
          let pr = r[column: row, row: col]
          #expect(abs(pr.x - pb.y) < 1e-12 && abs(pr.y - pb.x) < 1e-12)
        }
      }
    }
  }

  /// The model at hand-computed points (Documentation/Genie.md), bottom edge:
  /// view x 100…300, y 0…100; target x 380…400, y 300…320 on 400×400.
  /// Funnel from s = 0 to t₀ = 300; squeeze k = 20/100 = 0.2.
  @Test func modelAtHandComputedPoints() throws {
    let layout = try GenieLayout(
      canvasSize: CGSize(width: 400, height: 400),
      viewRect: CGRect(x: 100, y: 0, width: 200, height: 100),
      targetRect: CGRect(x: 380, y: 300, width: 20, height: 20))
    let density = GenieDensity(alongTravel: 5, across: 3)
    // Linear easing, curve done before the slide starts.
    let timing = GenieTiming(curve: 0...0.5, slide: 0.5...1, easing: .linear)
    let generator = try GenieMeshGenerator(layout: layout, timing: timing, density: density)
    func px(_ mesh: WarpMesh, _ col: Int, _ row: Int) -> Vector2 {
      Vector2(mesh[column: col, row: row]) * 400
    }
    // p = 0.5: funnel formed, no slide. Row 4 (content bottom, s = 100,
    // σ = 1/3): the left side moved profile(1/3) of the way from 100 to
    // 380, the right side the same fraction from 300 to 400.
    let formed = try generator.mesh(progress: 0.5)
    let f = genieFunnelProfile(1.0 / 3)
    #expect(abs(px(formed, 0, 4).x - (100 + 280 * f)) < 1e-9)
    #expect(abs(px(formed, 2, 4).x - (300 + 100 * f)) < 1e-9)
    #expect(abs(px(formed, 1, 4).x - (200 + 190 * f)) < 1e-9)
    #expect(abs(px(formed, 0, 4).y - 100) < 1e-9)
    // Row 0 (the far edge, σ = 0) has not moved.
    #expect(abs(px(formed, 0, 0).x - 100) < 1e-9 && abs(px(formed, 0, 0).y) < 1e-9)
    // p = 0.75: slide ½ → shift 150. Row 4 slides to 250 (< 300: in the
    // funnel, σ = 250/300); nothing is squeezed yet.
    let half = try generator.mesh(progress: 0.75)
    #expect(abs(px(half, 0, 4).y - 250) < 1e-9)
    #expect(abs(px(half, 0, 4).x - (100 + 280 * genieFunnelProfile(250.0 / 300))) < 1e-9)
    // p = 0.95: slide 0.9 → shift 270. Row 4 (slid to 370, 70 past the
    // near edge) sits at 300 + 70·0.2 = 314 across the target: x 380…400.
    // Row 1 (slid to 295) is still in the funnel.
    let late = try generator.mesh(progress: 0.95)
    #expect(abs(px(late, 0, 4).y - 314) < 1e-9)
    #expect(abs(px(late, 0, 4).x - 380) < 1e-9 && abs(px(late, 2, 4).x - 400) < 1e-9)
    #expect(abs(px(late, 0, 1).y - 295) < 1e-9)
    #expect(abs(px(late, 0, 1).x - (100 + 280 * genieFunnelProfile(295.0 / 300))) < 1e-9)
  }

  @Test func meshesOfOneGeneratorInterpolate() throws {
    let generator = try GenieMeshGenerator(layout: GenieLayouts.dock)
    let a = try generator.mesh(progress: 0.2)
    let b = try generator.mesh(progress: 0.9)
    #expect(a.pointPairs.count == b.pointPairs.count && a.faces == b.faces && a.grid == b.grid)
    #expect(a.pointPairs.count == 96 && a.faces.count == 47)
  }
}
