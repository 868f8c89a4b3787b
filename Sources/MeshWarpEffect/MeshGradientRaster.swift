import Foundation
import MeshWarpCore
import MeshWarpRender

/// The pixels of a mesh gradient where SwiftUI's `MeshGradient` is missing
/// (before iOS 18 / macOS 15 / tvOS 18 / visionOS 2): the package's CPU
/// renderer (``GradientRenderer`` in MeshWarpRender), the same one the
/// gradient tests compare with an independent reference. Portable, so the
/// pixels that ``MeshGradientView`` shows on iOS 17 are tested on Linux.
package enum MeshGradientRaster {
  /// Largest side rendered, in pixels (a 4096² gradient is 64 MiB); larger
  /// views get a scaled-up rendering, which a smooth gradient hides.
  package static let maximumSide = 4096
  /// Pixel count above which rendering leaves the main thread: 512² px,
  /// about 1 ms at the README's measured 7.9 ms for a 1920 × 1080 3×3
  /// gradient on one core (README "Performance").
  package static let asynchronousPixelCount = 512 * 512

  /// The bitmap size for a view of `size` points at `scale` pixels per
  /// point: rounded up, at least 1 × 1, each side capped at ``maximumSide``.
  package static func pixelSize(for size: CGSize, scale: Double) -> (width: Int, height: Int) {
    func side(_ points: CGFloat) -> Int {
      let pixels = (Double(points) * scale).rounded(.up)
      guard pixels.isFinite, pixels >= 1 else { return 1 }
      return Int(min(pixels, Double(maximumSide)))
    }
    return (side(size.width), side(size.height))
  }

  /// Whether a bitmap of this size is rendered off the main thread.
  package static func rendersAsynchronously(width: Int, height: Int) -> Bool {
    width * height > asynchronousPixelCount
  }

  /// `mesh` rendered at `width × height` pixels by ``GradientRenderer`` with
  /// its default options: sRGB-encoded, straight alpha.
  package static func render(_ mesh: GradientMesh, width: Int, height: Int) -> RGBAImage {
    GradientRenderer().render(mesh, width: width, height: height)
  }

  /// The bytes of `image` with premultiplied alpha (R·A/255 rounded to
  /// nearest), the layout a Core Graphics bitmap context takes
  /// (`CGImageAlphaInfo.premultipliedLast`).
  package static func premultipliedBytes(_ image: RGBAImage) -> [UInt8] {
    var bytes = image.pixels
    var i = 0
    while i < bytes.count {
      let a = UInt32(bytes[i + 3])
      if a != 255 {
        for c in 0..<3 {
          bytes[i + c] = UInt8((UInt32(bytes[i + c]) * a + 127) / 255)
        }
      }
      i += 4
    }
    return bytes
  }
}

extension GradientMesh {
  /// The numbers SwiftUI animates: each location's position (and, for
  /// Bézier points, its four handles) as x, y pairs, then each colour's red,
  /// green, blue and alpha, then the background's. Setting a vector of
  /// another length (a change of grid shape) is ignored, so such a change
  /// jumps instead of animating.
  package var animatableValues: [Double] {
    get {
      var values: [Double] = []
      switch locations {
      case .points(let points):
        for p in points { values += [p.x, p.y] }
      case .bezierPoints(let points):
        for b in points {
          for p in [
            b.position, b.leadingControlPoint, b.topControlPoint, b.trailingControlPoint,
            b.bottomControlPoint,
          ] {
            values += [p.x, p.y]
          }
        }
      }
      for color in colors + [background] {
        values += [color.red, color.green, color.blue, color.alpha]
      }
      return values
    }
    set {
      guard newValue.count == animatableValues.count else { return }
      var i = 0
      func next() -> Vector2 {
        defer { i += 2 }
        return Vector2(newValue[i], newValue[i + 1])
      }
      switch locations {
      case .points(let points):
        locations = .points(points.map { _ in next() })
      case .bezierPoints(let points):
        locations = .bezierPoints(
          points.map { _ in
            let position = next()
            let leading = next()
            let top = next()
            let trailing = next()
            let bottom = next()
            return BezierPoint(
              position: position, leadingControlPoint: leading, topControlPoint: top,
              trailingControlPoint: trailing, bottomControlPoint: bottom)
          })
      }
      func nextColor() -> GradientColor {
        defer { i += 4 }
        return GradientColor(
          red: newValue[i], green: newValue[i + 1], blue: newValue[i + 2], alpha: newValue[i + 3])
      }
      colors = colors.map { _ in nextColor() }
      background = nextColor()
    }
  }
}
