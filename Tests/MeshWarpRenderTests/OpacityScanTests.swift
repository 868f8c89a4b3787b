import MeshWarpRender
import Testing

/// `RGBAImage.isOpaque(threads:)`, the opacity scan in row bands: the
/// answer of the one-thread scan wherever the one translucent pixel lies.
@Suite struct OpacityScanTests {
  @Test(arguments: [2, 3, 4, 7])
  func bandsFindEveryTranslucentPixel(threads: Int) {
    // Just over 1 MP (below it the scan stays on one thread), odd sizes.
    let (w, h) = (1283, 821)
    var image = RGBAImage(width: w, height: h, fill: RGBA8(10, 20, 30))
    #expect(image.isOpaque(threads: threads))
    // The first and last pixels, band edges of every thread count tried,
    // and points between.
    let spots =
      [(0, 0), (w - 1, h - 1), (w - 1, 0), (0, h - 1), (640, 410), (5, 411), (17, 205)]
      + (1..<16).map { k in (k * 37 % w, h * k / 16) }
    for (x, y) in spots {
      image[x, y] = RGBA8(10, 20, 30, 254)
      #expect(!image.isOpaque, "(\(x), \(y))")
      #expect(!image.isOpaque(threads: threads), "(\(x), \(y)) on \(threads) threads")
      image[x, y] = RGBA8(10, 20, 30)
    }
    #expect(image.isOpaque(threads: threads))
  }
}
