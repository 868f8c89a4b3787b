/// Porter–Duff source-over of one straight-alpha pixel onto another, the
/// one place the package blends colours for masks and text.
///
/// With straight-alpha 8-bit sRGB-encoded inputs S (source) and D
/// (destination), source alpha `sa` and destination alpha `da` in 0…1,
/// on premultiplied values (Porter & Duff 1984, "Compositing Digital
/// Images"):
///
/// ```
/// oa    = sa + da·(1 − sa)
/// o.rgb = (S.rgb·sa + D.rgb·da·(1 − sa)) / oa      (0 when oa = 0)
/// ```
///
/// Channels blend in the encoded (not linear) values, the convention of
/// the package. Results round to nearest; error ≤ ½/255
/// per channel plus Float rounding (< 10⁻⁴ of a level).
///
/// - Parameters:
///   - r, g, b: Source colour, encoded, 0…255 (straight).
///   - alpha: Source alpha after any coverage, 0…1.
///   - destination: Four bytes R, G, B, A (straight), read and overwritten.
@inline(__always)
@usableFromInline
func sourceOver(
  _ r: Float, _ g: Float, _ b: Float, alpha sa: Float, onto destination: UnsafeMutablePointer<UInt8>
) {
  if sa <= 0 { return }
  let da = Float(destination[3]) * (1 / 255)
  if sa >= 1 || da <= 0 {
    // Nothing shows through: the source itself (straight colour unchanged).
    destination[0] = roundToByte(r)
    destination[1] = roundToByte(g)
    destination[2] = roundToByte(b)
    destination[3] = roundToByte(255 * sa)
    return
  }
  let keep = da * (1 - sa)
  let oa = sa + keep
  let scale = 1 / oa
  destination[0] = roundToByte((r * sa + Float(destination[0]) * keep) * scale)
  destination[1] = roundToByte((g * sa + Float(destination[1]) * keep) * scale)
  destination[2] = roundToByte((b * sa + Float(destination[2]) * keep) * scale)
  destination[3] = roundToByte(255 * oa)
}

/// `v` rounded to the nearest byte, clamped to 0…255.
@inline(__always)
@usableFromInline
func roundToByte(_ v: Float) -> UInt8 {
  UInt8(Swift.min(Swift.max(v + 0.5, 0), 255))
}

extension RGBAImage {
  /// Draws `image` over this one with source-over (see `sourceOver`), its
  /// top-left at (`x`, `y`); the parts outside this image are clipped.
  ///
  /// - Parameters:
  ///   - image: The straight-alpha image to draw.
  ///   - x: This image's column for `image`'s column 0 (may be negative).
  ///   - y: This image's row for `image`'s row 0 (may be negative).
  /// - Complexity: O(overlap area); no allocation.
  public mutating func drawOver(_ image: RGBAImage, at x: Int, _ y: Int) {
    let mine = PixelRect(x: 0, y: 0, width: width, height: height)
    guard
      let overlap = mine.intersection(
        PixelRect(x: x, y: y, width: image.width, height: image.height))
    else { return }
    let dstWidth = width
    image.pixels.withUnsafeBufferPointer { src in
      pixels.withUnsafeMutableBufferPointer { dst in
        guard let s = src.baseAddress, let d = dst.baseAddress else { return }
        for row in overlap.y..<overlap.maxY {
          for col in overlap.x..<overlap.maxX {
            let si = ((row - y) * image.width + (col - x)) * 4
            sourceOver(
              Float(s[si]), Float(s[si + 1]), Float(s[si + 2]), alpha: Float(s[si + 3]) * (1 / 255),
              onto: d + (row * dstWidth + col) * 4)
          }
        }
      }
    }
  }
}
