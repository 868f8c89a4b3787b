import MeshWarpCore

/// Built-in content: images made from a few parameters, for demos, tests
/// and benchmarks.
public enum ImageGenerators {
  /// A linear gradient through evenly spaced colour stops from `start` to
  /// `end` (normalized UV), interpolated on premultiplied sRGB-encoded values
  /// like SwiftUI's `LinearGradient` on `.topLeading`/`.bottomTrailing`.
  public static func linearGradient(
    width: Int, height: Int, colors: [RGBA8], start: Vector2 = Vector2(0, 0),
    end: Vector2 = Vector2(1, 1)
  ) -> RGBAImage {
    precondition(!colors.isEmpty, "a gradient needs at least one colour")
    var image = RGBAImage(width: width, height: height)
    let d = (end - start) * Vector2(Double(width), Double(height))
    let len2 = max((d * d).sum(), 1e-12)
    let s = start * Vector2(Double(width), Double(height))
    for y in 0..<height {
      for x in 0..<width {
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
        let t = min(max(((p - s) * d).sum() / len2, 0), 1) * Double(colors.count - 1)
        let i = min(Int(t), colors.count - 2 < 0 ? 0 : colors.count - 2)
        let f = colors.count == 1 ? 0 : t - Double(i)
        let a = colors[i]
        let b = colors[min(i + 1, colors.count - 1)]
        func channel(_ ca: UInt8, _ cb: UInt8) -> UInt8 {
          UInt8((Double(ca) * (1 - f) + Double(cb) * f).rounded())
        }
        image[x, y] = RGBA8(
          channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b), channel(a.a, b.a))
      }
    }
    return image
  }

  /// A checkerboard of `cell`-pixel squares, optionally with a 1-px grid
  /// line colour at every `cell` boundary.
  public static func checkerboard(
    width: Int, height: Int, cell: Int, light: RGBA8 = RGBA8(236, 236, 236),
    dark: RGBA8 = RGBA8(52, 52, 60)
  ) -> RGBAImage {
    precondition(cell > 0, "cell size must be positive")
    var image = RGBAImage(width: width, height: height)
    image.pixels.withUnsafeMutableBufferPointer { p in
      for y in 0..<height {
        for x in 0..<width {
          let c = ((x / cell) + (y / cell)) % 2 == 0 ? light : dark
          let i = (y * width + x) * 4
          p[i] = c.r
          p[i + 1] = c.g
          p[i + 2] = c.b
          p[i + 3] = c.a
        }
      }
    }
    return image
  }

  /// The benchmark picture: a colour ramp, a 60-px checkerboard, 1-px guide
  /// lines and diagonals — detail at every scale, opaque.
  public static func benchmarkPicture(width: Int, height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    image.pixels.withUnsafeMutableBufferPointer { p in
      for y in 0..<height {
        let v = Double(y) / Double(max(height - 1, 1))
        for x in 0..<width {
          let u = Double(x) / Double(max(width - 1, 1))
          var rgb = SIMD3<Double>(40 + 200 * u, 40 + 200 * v, 230 - 95 * (u + v))
          if (x / 60 + y / 60) % 2 == 1 { rgb *= 0.62 }
          if x % 240 == 0 || y % 135 == 0 { rgb = SIMD3(repeating: 255) }
          if (x - y + 1080) % 320 == 0 { rgb = SIMD3(repeating: 20) }
          let i = (y * width + x) * 4
          p[i] = UInt8(rgb.x + 0.5)
          p[i + 1] = UInt8(rgb.y + 0.5)
          p[i + 2] = UInt8(rgb.z + 0.5)
          p[i + 3] = 255
        }
      }
    }
    return image
  }
}
