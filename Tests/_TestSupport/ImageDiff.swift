import Foundation
import MeshWarpRender

/// Per-channel differences between two images of the same size.
public struct ImageDiff: CustomStringConvertible, Sendable {
  /// Largest absolute channel difference (0…255).
  public var max: Int
  /// Mean absolute channel difference over the compared pixels.
  public var mean: Double
  /// Pixels compared.
  public var count: Int
  /// The first pixel with the largest difference.
  public var worst: (x: Int, y: Int)

  /// Compares `a` and `b` over the pixels where `include(x, y)` holds.
  public init(_ a: RGBAImage, _ b: RGBAImage, where include: (Int, Int) -> Bool = { _, _ in true })
  {
    precondition(a.width == b.width && a.height == b.height, "image sizes differ")
    var maxDiff = 0
    var sum = 0
    var n = 0
    var worst = (x: 0, y: 0)
    for y in 0..<a.height {
      for x in 0..<a.width where include(x, y) {
        let i = (y * a.width + x) * 4
        for k in 0..<4 {
          let d = abs(Int(a.pixels[i + k]) - Int(b.pixels[i + k]))
          sum += d
          if d > maxDiff {
            maxDiff = d
            worst = (x, y)
          }
        }
        n += 1
      }
    }
    max = maxDiff
    mean = n == 0 ? 0 : Double(sum) / Double(n * 4)
    count = n
    self.worst = worst
  }

  public var description: String {
    "max \(max), mean \(String(format: "%.4f", mean)) over \(count) px (worst at \(worst.x),\(worst.y))"
  }
}

extension RGBAImage {
  /// The image with colour multiplied by alpha (rounded), for comparing
  /// images where low alpha would amplify straight-colour rounding.
  public var premultipliedForComparison: RGBAImage {
    var copy = self
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let a = Double(pixels[i + 3]) / 255
      for k in 0..<3 { copy.pixels[i + k] = UInt8((Double(pixels[i + k]) * a).rounded()) }
    }
    return copy
  }
}
