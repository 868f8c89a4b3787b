import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// `RGBAImage.drawLine`: visiting only each row's band around the line
/// draws what visiting the whole bounding box does.
@Suite struct LineDrawingTests {
  /// The segment's coverage at every pixel of its bounding box (the
  /// definition: distance of the pixel centre to the segment, a one-pixel
  /// ramp), blended one pixel at a time.
  static func reference(
    _ image: inout RGBAImage, from a: Vector2, to b: Vector2, thickness: Double, color: RGBA8
  ) {
    let r = thickness / 2
    let lo = pointwiseMin(a, b) - Vector2(r + 1, r + 1)
    let hi = pointwiseMax(a, b) + Vector2(r + 1, r + 1)
    let d = b - a
    let len2 = (d * d).sum()
    for y in 0..<image.height where Double(y) >= lo.y.rounded(.down) && Double(y) <= hi.y {
      for x in 0..<image.width where Double(x) >= lo.x.rounded(.down) && Double(x) <= hi.x {
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
        let t = len2 > 0 ? min(max(((p - a) * d).sum() / len2, 0), 1) : 0
        let q = a + d * t - p
        image.blend(
          x: x, y: y, color, coverage: min(max(r + 0.5 - (q * q).sum().squareRoot(), 0), 1))
      }
    }
  }

  /// Random segments (steep, shallow, horizontal, vertical, a point, some
  /// reaching outside the image or lying wholly outside it) give the same
  /// bytes both ways; so do circles partly and wholly outside.
  @Test func bandDrawsWhatTheBoxDraws() {
    var random = SeededRandom(seed: 17)
    func coordinate(_ extent: Double) -> Double {
      Double(random.next() % 10_000) / 10_000 * (extent + 40) - 20
    }
    var fixed: [(Vector2, Vector2)] = [
      (Vector2(5, 10.3), Vector2(70, 10.3)), (Vector2(30.5, 2), Vector2(30.5, 45)),
      (Vector2(12, 12), Vector2(12, 12)), (Vector2(3, 40), Vector2(75, 39.9)),
      (Vector2(40, 1), Vector2(41, 47)),
    ]
    for _ in 0..<60 {
      fixed.append(
        (Vector2(coordinate(80), coordinate(48)), Vector2(coordinate(80), coordinate(48))))
    }
    for (k, (a, b)) in fixed.enumerated() {
      let thickness = [1.0, 1.5, 3.0, 6.0][k % 4]
      let color = RGBA8(0, 122, 255, 210)
      var drawn = RGBAImage(width: 80, height: 48, fill: RGBA8(20, 30, 40, 255))
      var expected = drawn
      drawn.drawLine(from: a, to: b, thickness: thickness, color: color)
      Self.reference(&expected, from: a, to: b, thickness: thickness, color: color)
      #expect(drawn.pixels == expected.pixels, "\(a) → \(b), thickness \(thickness)")
    }
    for centre in [Vector2(-3, 10), Vector2(79, 47.5), Vector2(200, 20), Vector2(40, -30)] {
      var image = RGBAImage(width: 80, height: 48, fill: .black)
      image.fillCircle(centre: centre, radius: 6, color: .white, outline: .black)
      let touched = image.pixels.contains { $0 != 0 && $0 != 255 }
      #expect(touched == (centre.x < 90 && centre.y > -10), "\(centre)")
    }
  }
}
