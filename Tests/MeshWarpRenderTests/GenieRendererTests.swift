import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

/// Rendering genie frames: the identity at 0, the target at 1, reversed
/// animations, input checks.
@Suite struct GenieRendererTests {
  /// The content copied onto a transparent canvas at the view's origin.
  static func placed(_ content: RGBAImage, on layout: GenieLayout) -> RGBAImage {
    var canvas = RGBAImage(
      width: Int(layout.canvasSize.width), height: Int(layout.canvasSize.height))
    let x0 = Int(layout.viewRect.minX)
    let y0 = Int(layout.viewRect.minY)
    for y in 0..<content.height {
      for x in 0..<content.width { canvas[x0 + x, y0 + y] = content[x, y] }
    }
    return canvas
  }

  @Test func progressZeroIsTheContentOnTheCanvasBitExact() throws {
    let seed: UInt64 = 0x1D
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    for edge in GenieEdge.allCases {
      let layout = GenieLayouts.random(edge: edge, rng: &rng, integral: true)
      let content = TestImages.random(
        width: Int(layout.viewRect.width), height: Int(layout.viewRect.height),
        seed: rng.next())
      let expected = Self.placed(content, on: layout)
      for threads in [1, 2] {
        let renderer = try GenieRenderer(
          content: content, generator: GenieMeshGenerator(layout: layout), threads: threads)
        let frame = try renderer.frame(progress: 0)
        #expect(frame == expected, "\(edge), \(threads) threads: \(ImageDiff(frame, expected))")
      }
    }
  }

  @Test func framesDoNotDependOnTheThreadCount() throws {
    let generator = try GenieMeshGenerator(layout: GenieLayouts.dock)
    let content = TestImages.checkerboard(width: 60, height: 40, cell: 1)
    let frames = try [1, 2, 3].map {
      try GenieRenderer(content: content, generator: generator, threads: $0).frame(progress: 0.6)
    }
    #expect(frames[0] == frames[1] && frames[0] == frames[2])
  }

  @Test func progressOneDrawsOnlyInsideTheTarget() throws {
    var rng = SeededRandom(seed: 0x2E)
    for edge in GenieEdge.allCases {
      let layout = GenieLayouts.random(edge: edge, rng: &rng)
      let content = TestImages.smooth(width: 40, height: 30)
      let frame = try GenieRenderer(content: content, generator: GenieMeshGenerator(layout: layout))
        .frame(progress: 1)
      let t = layout.targetRect
      var outside = 0
      var inside = 0
      for y in 0..<frame.height {
        for x in 0..<frame.width where frame[x, y].a > 0 {
          let hull =
            Double(x + 1) > t.minX.rounded(.down) && Double(x) < t.maxX.rounded(.up)
            && Double(y + 1) > t.minY.rounded(.down) && Double(y) < t.maxY.rounded(.up)
          if hull { inside += 1 } else { outside += 1 }
        }
      }
      #expect(outside == 0, "\(edge): \(outside) pixels drawn outside \(t)")
      #expect(Double(inside) >= t.width * t.height * 0.5, "\(edge): the target is nearly empty")
    }
  }

  @Test func genieOutIsGenieInReversed() throws {
    let layout = try GenieLayout(
      canvasSize: CGSize(width: 90, height: 80),
      viewRect: CGRect(x: 10, y: 2, width: 40, height: 30),
      targetRect: CGRect(x: 60.5, y: 66, width: 12, height: 9))
    let renderer = try GenieRenderer(
      content: TestImages.checkerboard(width: 40, height: 30, cell: 3),
      generator: GenieMeshGenerator(layout: layout))
    var forward: [GenieFrame] = []
    var backward: [GenieFrame] = []
    try renderer.animate(GenieAnimation(duration: 0.1, fps: 50)) { forward.append($0) }
    try renderer.animate(GenieAnimation(duration: 0.1, fps: 50, reverse: true)) {
      backward.append($0)
    }
    #expect(forward.count == 5 && backward.count == 5)
    for i in 0..<5 {
      #expect(forward[i].index == i && forward[i].count == 5)
      #expect(forward[i].time == Double(i) / 50)
      #expect(backward[i].progress == forward[4 - i].progress)
      #expect(backward[i].image == forward[4 - i].image, "frame \(i)")
    }
    #expect(forward[0].image == (try renderer.frame(progress: 0)))
    #expect(forward[4].image == (try renderer.frame(progress: 1)))
  }

  struct Stop: Error {}

  @Test func animationStopsAtTheFirstError() throws {
    let renderer = try GenieRenderer(
      content: TestImages.smooth(width: 8, height: 8),
      generator: GenieMeshGenerator(layout: GenieLayouts.dock), minification: .off)
    var seen = 0
    #expect(throws: Stop.self) {
      try renderer.animate(GenieAnimation(duration: 1, fps: 10)) { (frame) throws(Stop) in
        seen += 1
        if frame.index == 2 { throw Stop() }
      }
    }
    #expect(seen == 3)
  }

  @Test func filterOffIsThePlainWarp() throws {
    let generator = try GenieMeshGenerator(layout: GenieLayouts.dock)
    let content = TestImages.checkerboard(width: 60, height: 40, cell: 1)
    let frame = try GenieRenderer(content: content, generator: generator, minification: .off)
      .frame(progress: 0.8)
    let plain = WarpRenderer.render(
      content, mesh: try generator.mesh(progress: 0.8),
      options: WarpOptions(width: 640, height: 480, minification: .off))
    #expect(frame == plain)
  }

  @Test func rejectsUnusableInput() throws {
    let generator = try GenieMeshGenerator(layout: GenieLayouts.dock)
    let content = TestImages.smooth(width: 8, height: 8)
    #expect(throws: GenieError.self) {
      _ = try GenieRenderer(content: RGBAImage(width: 0, height: 5), generator: generator)
    }
    let fractional = try GenieMeshGenerator(
      layout: GenieLayout(
        canvasSize: CGSize(width: 640.5, height: 480), viewRect: GenieLayouts.dock.viewRect,
        targetRect: GenieLayouts.dock.targetRect))
    #expect(throws: GenieError.self) {
      _ = try GenieRenderer(content: content, generator: fractional)
    }
    for quality in [
      MinificationQuality(samplesPerTexel: 0.5), MinificationQuality(samplesPerTexel: .nan),
      MinificationQuality(maxSamplesPerAxis: 0),
    ] {
      #expect(throws: GenieError.self, "\(quality)") {
        _ = try GenieRenderer(content: content, generator: generator, minification: quality)
      }
    }
    let renderer = try GenieRenderer(content: content, generator: generator)
    #expect(throws: GenieError.self) { _ = try renderer.frame(progress: 1.5) }
  }
}
