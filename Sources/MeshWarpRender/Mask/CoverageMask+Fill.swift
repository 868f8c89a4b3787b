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
  public func filled(with image: RGBAImage) -> RGBAImage { filledAnyDepth(with: image) }

  /// `filled(with:)` for a deep fill: the same rounding of alpha, at 16
  /// bits.
  public func filled(with image: RGBA16Image) -> RGBA16Image { filledAnyDepth(with: image) }

  func filledAnyDepth<Image: RenderImage>(with image: Image) -> Image {
    precondition(
      image.width == width && image.height == height,
      "fill image \(image.width)×\(image.height) for a \(width)×\(height) mask")
    var out = Image(uninitializedWidth: width, height: height)
    out.fill(.transparent)
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
            dst[4 * i + 3] = Image.Channel(a)
          }
        }
      }
    }
    return out
  }

  /// The image seen through this mask, composited over a solid background:
  /// `filled(with:)` then source-over onto `background` (formula at
  /// `sourceOver`), in one pass.
  ///
  /// With an opaque background the result is opaque:
  /// `out.rgb = image.rgb·α + background.rgb·(1 − α)`, α = image.a/255 ·
  /// coverage/255. With `.transparent` it equals `filled(with:)`.
  ///
  /// - Parameters:
  ///   - image: The fill, straight alpha, the same size as the mask.
  ///   - background: Straight-alpha colour under the fill.
  /// - Returns: A straight-alpha image of the mask's size.
  /// - Precondition: `image` is `width × height`.
  /// - Complexity: O(width · height); one allocation (the result).
  public func composited(fill image: RGBAImage, over background: RGBA8) -> RGBAImage {
    compositedAnyDepth(fill: image, over: background)
  }

  /// ``composited(fill:over:)`` for a deep fill, over `background` widened
  /// to 16 bits (× 257): the result is deep.
  public func composited(fill image: RGBA16Image, over background: RGBA8) -> RGBA16Image {
    compositedAnyDepth(fill: image, over: background)
  }

  func compositedAnyDepth<Image: RenderImage>(fill image: Image, over background: RGBA8) -> Image {
    precondition(
      image.width == width && image.height == height,
      "fill image \(image.width)×\(image.height) for a \(width)×\(height) mask")
    if background.a == 0 { return filledAnyDepth(with: image) }
    var out = Image(uninitializedWidth: width, height: height)
    out.fill(background)
    let scale = 1 / (Float(Image.Channel.max) * 255)
    values.withUnsafeBufferPointer { cov in
      image.pixels.withUnsafeBufferPointer { src in
        out.pixels.withUnsafeMutableBufferPointer { dst in
          guard let d = dst.baseAddress else { return }
          for i in 0..<cov.count where cov[i] != 0 {
            let alpha = Float(UInt32(src[4 * i + 3]) * UInt32(cov[i])) * scale
            sourceOverValues(
              Float(src[4 * i]), Float(src[4 * i + 1]), Float(src[4 * i + 2]), alpha: alpha,
              onto: d + 4 * i)
          }
        }
      }
    }
    return out
  }
}
