import MeshWarpRender

/// Deterministic test images.
public enum TestImages {
  /// Random bytes; with `alpha`, random alpha too (including zero alpha with
  /// non-zero colour, which a careless premultiply would lose).
  public static func random(width: Int, height: Int, seed: UInt64, alpha: Bool = true)
    -> RGBAImage
  {
    var rng = SeededRandom(seed: seed)
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<bytes.count {
      bytes[i] = UInt8.random(in: 0...255, using: &rng)
      if !alpha && i % 4 == 3 { bytes[i] = 255 }
    }
    return RGBAImage(width: width, height: height, pixels: bytes)
  }

  /// A smooth opaque image (bilinear filtering changes it only slightly), so
  /// that comparisons are not dominated by sub-pixel position differences.
  public static func smooth(width: Int, height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let u = Double(x) / Double(max(width - 1, 1))
        let v = Double(y) / Double(max(height - 1, 1))
        image[x, y] = RGBA8(
          UInt8(255 * u), UInt8(255 * v),
          UInt8(127 + 120 * ((u * 7).truncatingRemainder(dividingBy: 1) - 0.5)), 255)
      }
    }
    return image
  }

  /// A checkerboard of `cell`-pixel squares in two colours.
  public static func checkerboard(
    width: Int, height: Int, cell: Int, _ a: RGBA8 = .white, _ b: RGBA8 = RGBA8(40, 40, 40)
  ) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x, y] = ((x / cell) + (y / cell)) % 2 == 0 ? a : b
      }
    }
    return image
  }
}
