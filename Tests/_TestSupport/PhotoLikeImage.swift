import Foundation
import MeshWarpRender

extension TestImages {
  /// An opaque, photo-like picture: smooth shading, textures a few pixels
  /// across and soft-edged shapes (edges about 1.5 px wide), so that a
  /// position error of a quarter pixel shows in its PSNR.
  public static func photoLike(width: Int, height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    let w = Double(width)
    let h = Double(height)
    func edge(_ d: Double) -> Double { 1 / (1 + exp(-d / 0.6)) }
    for y in 0..<height {
      for x in 0..<width {
        let px = Double(x) + 0.5
        let py = Double(y) + 0.5
        var r = 90 + 80 * px / w + 25 * sin(px / 7 + py / 11)
        var g = 110 + 60 * py / h + 20 * sin(hypot(px - 0.3 * w, py - 0.7 * h) / 4)
        var b = 150 - 50 * py / h + 18 * sin(px / 3.5) * sin(py / 5)
        // A disc and a bar with soft edges, like objects in a scene.
        let disc = edge(0.22 * min(w, h) - hypot(px - 0.62 * w, py - 0.38 * h))
        r = r * (1 - disc) + 235 * disc
        g = g * (1 - disc) + (190 + 30 * sin(px / 2.5)) * disc
        b = b * (1 - disc) + 60 * disc
        let bar = edge(4 - abs(py - 0.75 * h - 0.2 * (px - 0.5 * w)))
        r = r * (1 - bar) + 30 * bar
        g = g * (1 - bar) + 40 * bar
        b = b * (1 - bar) + 70 * bar
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }
        image[x, y] = RGBA8(byte(r), byte(g), byte(b), 255)
      }
    }
    return image
  }

  /// The peak signal-to-noise ratio in dB of `a` against `b` over the
  /// colour channels (alpha too with `alpha`) of the pixels where
  /// `include(x, y)` holds; infinity for identical pixels.
  public static func psnr(
    _ a: RGBAImage, _ b: RGBAImage, alpha: Bool = false,
    where include: (Int, Int) -> Bool = { _, _ in true }
  ) -> Double {
    precondition(a.width == b.width && a.height == b.height, "image sizes differ")
    var sum = 0.0
    var n = 0
    let channels = alpha ? 4 : 3
    for y in 0..<a.height {
      for x in 0..<a.width where include(x, y) {
        let i = (y * a.width + x) * 4
        for k in 0..<channels {
          let d = Double(a.pixels[i + k]) - Double(b.pixels[i + k])
          sum += d * d
        }
        n += channels
      }
    }
    guard n > 0, sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (sum / Double(n)))
  }
}
