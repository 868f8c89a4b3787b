extension CoverageMask {
  /// The image seen through this mask: each pixel keeps its colour and its
  /// alpha is multiplied by the coverage — the blog's `.mask(…)`.
  ///
  /// On premultiplied values this is `out = image · c` with `c` =
  /// coverage/255; in straight alpha the colour is unchanged and
  /// `out.a = round(image.a · coverage / 255)` (exact integer rounding).
  /// A pixel whose alpha becomes 0 is written as (0, 0, 0, 0).
  ///
  /// - Parameter image: The fill (e.g. a rendered mesh gradient), straight
  ///   alpha, the same size as the mask.
  /// - Returns: A straight-alpha image of the mask's size.
  /// - Precondition: `image` is `width × height`.
  /// - Complexity: O(width · height); one allocation (the result).
  public func filled(with image: RGBAImage) -> RGBAImage {
    precondition(
      image.width == width && image.height == height,
      "fill image \(image.width)×\(image.height) for a \(width)×\(height) mask")
    var out = RGBAImage(width: width, height: height)
    values.withUnsafeBufferPointer { cov in
      image.pixels.withUnsafeBufferPointer { src in
        out.pixels.withUnsafeMutableBufferPointer { dst in
          for i in 0..<cov.count {
            let c = UInt32(cov[i])
            let a = (UInt32(src[4 * i + 3]) * c + 127) / 255
            guard a > 0 else { continue }  // already (0, 0, 0, 0)
            dst[4 * i] = src[4 * i]
            dst[4 * i + 1] = src[4 * i + 1]
            dst[4 * i + 2] = src[4 * i + 2]
            dst[4 * i + 3] = UInt8(a)
          }
        }
      }
    }
    return out
  }

  /// The image seen through this mask, composited over a solid background:
  /// ``filled(with:)`` then source-over onto `background` (formula at
  /// `sourceOver`), in one pass.
  ///
  /// With an opaque background the result is opaque:
  /// `out.rgb = image.rgb·α + background.rgb·(1 − α)`, α = image.a/255 ·
  /// coverage/255. With `.transparent` it equals ``filled(with:)``.
  ///
  /// - Parameters:
  ///   - image: The fill, straight alpha, the same size as the mask.
  ///   - background: Straight-alpha colour under the fill.
  /// - Returns: A straight-alpha image of the mask's size.
  /// - Precondition: `image` is `width × height`.
  /// - Complexity: O(width · height); one allocation (the result).
  public func composited(fill image: RGBAImage, over background: RGBA8) -> RGBAImage {
    precondition(
      image.width == width && image.height == height,
      "fill image \(image.width)×\(image.height) for a \(width)×\(height) mask")
    if background.a == 0 { return filled(with: image) }
    var out = RGBAImage(width: width, height: height, fill: background)
    values.withUnsafeBufferPointer { cov in
      image.pixels.withUnsafeBufferPointer { src in
        out.pixels.withUnsafeMutableBufferPointer { dst in
          guard let d = dst.baseAddress else { return }
          for i in 0..<cov.count where cov[i] != 0 {
            let alpha = Float(UInt32(src[4 * i + 3]) * UInt32(cov[i])) * (1 / 65025)
            sourceOver(
              Float(src[4 * i]), Float(src[4 * i + 1]), Float(src[4 * i + 2]), alpha: alpha,
              onto: d + 4 * i)
          }
        }
      }
    }
    return out
  }
}
