import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The genie's minification filter, checked numerically: a 1-px
/// black-and-white checkerboard squeezed 16× keeps its mean grey (127.5)
/// within 2/255 and shows no moiré stronger than 4/255 standard deviation
/// over the squeezed region, and the region does not shimmer from frame to
/// frame. Without the filter the same checks fail, so they can.
///
/// The squeezed region: pixels wholly inside the target rect, less the
/// outermost pixel ring (the silhouette's anti-aliasing) and less the pixel
/// row at the target's near edge, whose footprint straddles the funnel's
/// end, where the squeeze changes from 1× to 16× within the pixel; only
/// pixels the content covers fully (alpha 255) count. Values are the red
/// channel in 8-bit levels.
@Suite struct GenieFilterTests {
  struct Region {
    var mean: Double
    var std: Double
    var count: Int
  }

  /// Whether pixel (x, y) belongs to the squeezed region of `layout`
  /// (bottom edge: the near edge is the target's top).
  static func squeezed(_ x: Int, _ y: Int, _ t: CGRect) -> Bool {
    let x0 = Int(t.minX.rounded(.up)) + 1
    let x1 = Int(t.maxX.rounded(.down)) - 1
    let y0 = Int(t.minY.rounded(.up)) + 1
    let y1 = Int(t.maxY.rounded(.down)) - 1
    return x >= x0 && x < x1 && y >= y0 && y < y1
  }

  static func region(_ image: RGBAImage, _ t: CGRect) -> Region {
    var sum = 0.0
    var sum2 = 0.0
    var n = 0
    for y in 0..<image.height {
      for x in 0..<image.width where squeezed(x, y, t) && image[x, y].a == 255 {
        let v = Double(image[x, y].r)
        sum += v
        sum2 += v * v
        n += 1
      }
    }
    let mean = sum / Double(max(n, 1))
    return Region(
      mean: mean, std: max(0, sum2 / Double(max(n, 1)) - mean * mean).squareRoot(), count: n)
  }

  /// Mean absolute difference over pixels of the squeezed region that the
  /// content covers fully in both frames.
  static func shimmer(_ a: RGBAImage, _ b: RGBAImage, _ t: CGRect) -> (mad: Double, count: Int) {
    var sum = 0.0
    var n = 0
    for y in 0..<a.height {
      for x in 0..<a.width where squeezed(x, y, t) && a[x, y].a == 255 && b[x, y].a == 255 {
        sum += abs(Double(a[x, y].r) - Double(b[x, y].r))
        n += 1
      }
    }
    return (sum / Double(max(n, 1)), n)
  }

  /// 16× along the travel direction and 1.6× across, the target on
  /// fractional pixel positions.
  static let alongOnly = try! GenieLayout(
    canvasSize: CGSize(width: 128, height: 240),
    viewRect: CGRect(x: 40, y: 4, width: 48, height: 192),
    targetRect: CGRect(x: 44.3, y: 220.37, width: 30, height: 12))
  /// 16× both ways.
  static let bothWays = try! GenieLayout(
    canvasSize: CGSize(width: 200, height: 240),
    viewRect: CGRect(x: 4, y: 4, width: 192, height: 192),
    targetRect: CGRect(x: 90.4, y: 220.3, width: 12, height: 12))

  /// A squeeze that is no whole number: 13.3× along, 3.3× across.
  static let nonInteger = try! GenieLayout(
    canvasSize: CGSize(width: 170, height: 200),
    viewRect: CGRect(x: 5, y: 2, width: 160, height: 160),
    targetRect: CGRect(x: 60.25, y: 180.5, width: 48.5, height: 160 / 13.3))

  static func checker(_ layout: GenieLayout) -> RGBAImage {
    TestImages.checkerboard(
      width: Int(layout.viewRect.width), height: Int(layout.viewRect.height), cell: 1, .white,
      .black)
  }

  @Test(arguments: [
    ("16× along", alongOnly), ("16× both", bothWays), ("13.3× along, 3.3× across", nonInteger),
  ])
  func squeezedCheckerboardKeepsItsMeanWithoutMoire(name: String, layout: GenieLayout) throws {
    #expect(abs(layout.squeeze - 16) < 1e-12 || layout == Self.nonInteger)
    let generator = try GenieMeshGenerator(layout: layout)
    let content = Self.checker(layout)
    let t = layout.targetRect
    let filtered = try GenieRenderer(content: content, generator: generator).frame(progress: 1)
    let r = Self.region(filtered, t)
    print(name, "filtered: mean", r.mean, "std", r.std, "over", r.count, "px")
    #expect(r.count >= 60)
    #expect(abs(r.mean - 127.5) <= 2, "\(name): mean \(r.mean)")
    #expect(r.std <= 4, "\(name): std \(r.std)")
    // The unfiltered warp fails one or the other.
    let plain = try GenieRenderer(content: content, generator: generator, minification: .off)
      .frame(progress: 1)
    let p = Self.region(plain, t)
    print(name, "unfiltered: mean", p.mean, "std", p.std)
    #expect(abs(p.mean - 127.5) > 2 || p.std > 4)
  }

  /// While the content slides in (consecutive 60 fps frames of a 0.6 s
  /// animation, near its end), the squeezed region's pixels change by at
  /// most 1/255 on average from frame to frame and its moiré stays under
  /// 4/255 in every frame; unfiltered, they jump by far more.
  @Test(arguments: [("16× along", alongOnly), ("13.3× along, 3.3× across", nonInteger)])
  func slidingInDoesNotShimmer(name: String, layout: GenieLayout) throws {
    let generator = try GenieMeshGenerator(layout: layout)
    let content = Self.checker(layout)
    let t = layout.targetRect
    let animation = try GenieAnimation(duration: 0.6, fps: 60)
    let frames = (animation.frameCount - 6)..<(animation.frameCount - 1)
    for quality in [MinificationQuality.standard, .off] {
      let renderer = try GenieRenderer(
        content: content, generator: generator, minification: quality)
      var previous: RGBAImage? = nil
      var worstShimmer = 0.0
      var worstStd = 0.0
      for i in frames {
        let frame = try renderer.frame(progress: animation.progress(ofFrame: i))
        let r = Self.region(frame, t)
        if r.count >= 30 { worstStd = max(worstStd, r.std) }
        if let previous {
          let s = Self.shimmer(previous, frame, t)
          if s.count >= 30 { worstShimmer = max(worstShimmer, s.mad) }
        }
        previous = frame
      }
      print(
        name, quality.samplesPerTexel, "worst frame-to-frame change", worstShimmer, "worst std",
        worstStd)
      if quality == .standard {
        #expect(worstShimmer <= 1, "shimmer \(worstShimmer)")
        #expect(worstStd <= 4, "std \(worstStd)")
      } else {
        #expect(worstShimmer > 10 && worstStd > 10)
      }
    }
  }

  /// Minification per axis from a face's Jacobian: a quad squeezed 4× in y
  /// and 2× in x shows (2, 4); a rotation by 90° swaps the axes; a shear
  /// counts; a collapsed quad is infinite. Then the sample counts.
  @Test func minificationOfAFace() {
    let original = Quad(Vector2(0, 0), Vector2(8, 0), Vector2(8, 8), Vector2(0, 8))
    let squeezed = Quad(Vector2(0, 0), Vector2(4, 0), Vector2(4, 2), Vector2(0, 2))
    let m = MinificationFilter.minification(warped: squeezed, original: original, u: 0.3, v: 0.8)
    #expect(abs(m.x - 2) < 1e-12 && abs(m.y - 4) < 1e-12)
    let rotated = Quad(Vector2(2, 0), Vector2(2, 4), Vector2(0, 4), Vector2(0, 0))
    let r = MinificationFilter.minification(warped: rotated, original: original, u: 1, v: 0)
    #expect(abs(r.x - 4) < 1e-12 && abs(r.y - 2) < 1e-12)
    // A shear keeps the area but one output pixel down crosses a content
    // pixel sideways too: √2 source pixels per output pixel along y.
    let sheared = Quad(Vector2(0, 0), Vector2(8, 0), Vector2(16, 8), Vector2(8, 8))
    let h = MinificationFilter.minification(warped: sheared, original: original, u: 0.5, v: 0.5)
    #expect(abs(h.x - 1) < 1e-12 && abs(h.y - 2.0.squareRoot()) < 1e-12)
    let collapsed = Quad(Vector2(0, 0), Vector2(4, 0), Vector2(4, 0), Vector2(0, 0))
    #expect(
      MinificationFilter.minification(
        warped: collapsed, original: original, u: 0.5, v: 0.5
      ).x == .infinity)
    // n = ceil(1 + α·(m − 1)): 1 up to the bilinear limit (1.25), about
    // α·m when m is large.
    let q = MinificationQuality(samplesPerTexel: 2, maxSamplesPerAxis: 32)
    #expect(MinificationFilter.samples(1, q) == 1)
    #expect(MinificationFilter.samples(0.3, q) == 1)
    #expect(MinificationFilter.samples(1.05, q) == 1)
    #expect(MinificationFilter.samples(1.25, q) == 1)
    #expect(MinificationFilter.samples(1.26, q) == 2)
    #expect(MinificationFilter.samples(4, q) == 7)
    #expect(MinificationFilter.samples(16, q) == 31)
    #expect(MinificationFilter.samples(100, q) == 32)
    #expect(MinificationFilter.samples(.infinity, q) == 32)
  }
}
