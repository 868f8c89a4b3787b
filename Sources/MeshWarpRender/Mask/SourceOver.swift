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
  sourceOverValues(r, g, b, alpha: sa, onto: destination)
}

/// `sourceOver` at either depth: colour in 0…`C.max` (255 or 65535).
@inline(__always)
func sourceOverValues<C: PixelChannel>(
  _ r: Float, _ g: Float, _ b: Float, alpha sa: Float, onto destination: UnsafeMutablePointer<C>
) {
  if sa <= 0 { return }
  let levels = Float(C.max)
  @inline(__always) func value(_ v: Float) -> C { C(Swift.min(Swift.max(v + 0.5, 0), levels)) }
  let da = Float(destination[3]) * (1 / levels)
  if sa >= 1 || da <= 0 {
    // Nothing shows through: the source itself (straight colour unchanged).
    destination[0] = value(r)
    destination[1] = value(g)
    destination[2] = value(b)
    destination[3] = value(levels * sa)
    return
  }
  let keep = da * (1 - sa)
  let oa = sa + keep
  let scale = 1 / oa
  destination[0] = value((r * sa + Float(destination[0]) * keep) * scale)
  destination[1] = value((g * sa + Float(destination[1]) * keep) * scale)
  destination[2] = value((b * sa + Float(destination[2]) * keep) * scale)
  destination[3] = value(levels * oa)
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
    drawOverAnyDepth(image, at: x, y)
  }
}

extension RGBA16Image {
  /// ``RGBAImage/drawOver(_:at:_:)`` at 16 bits a value.
  public mutating func drawOver(_ image: RGBA16Image, at x: Int, _ y: Int) {
    drawOverAnyDepth(image, at: x, y)
  }
}

extension RenderImage {
  /// `drawOver` at either depth.
  mutating func drawOverAnyDepth(_ image: Self, at x: Int, _ y: Int) {
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
            sourceOverValues(
              Float(s[si]), Float(s[si + 1]), Float(s[si + 2]),
              alpha: Float(s[si + 3]) * (1 / Float(Channel.max)),
              onto: d + (row * dstWidth + col) * 4)
          }
        }
      }
    }
  }
}

extension RGBAImage {
  /// Composites this straight-alpha image over a colour: the one routine
  /// that puts a picture on a background (a JPEG's, `--background`'s, a
  /// video's). It is `sourceOver` with a constant destination β·bg, in
  /// the stored (sRGB-encoded) values as viewers show transparency:
  /// Porter and Duff's "over" (1984), α = a + β(1 − a) and
  /// c = (c·a + bg·β(1 − a)) / α for image alpha a and background alpha β,
  /// which is c·a + bg·(1 − a) with an opaque background; computed exactly
  /// in integers (units of 1/255²) and rounded to nearest once. Writes
  /// `into` only when some pixel is not opaque.
  ///
  /// - Parameter threads: threads the opacity scan runs on (0: every
  ///   core).
  /// - Returns: whether any pixel was not opaque.
  package func composite(over background: RGBA8, threads: Int = 1, into result: inout RGBAImage)
    -> Bool
  {
    guard !isOpaque(threads: threads) else { return false }
    let bg = [Int(background.r), Int(background.g), Int(background.b)]
    let beta = Int(background.a)
    let out = pixels.withUnsafeBufferPointer { src in
      PixelBytes.make(count: src.count) { p in
        for i in stride(from: 0, to: p.count, by: 4) {
          let a = Int(src[i + 3])
          if beta == 255 {
            for c in 0..<3 {
              p[i + c] = UInt8((Int(src[i + c]) * a + bg[c] * (255 - a) + 127) / 255)
            }
            p[i + 3] = 255
            continue
          }
          // In units of 1/255²: the image's weight a·255, the background's
          // β·(255 − a); their sum is the result's alpha.
          let own = a * 255
          let under = beta * (255 - a)
          let total = own + under
          guard total > 0 else {
            p[i] = 0
            p[i + 1] = 0
            p[i + 2] = 0
            p[i + 3] = 0
            continue
          }
          for c in 0..<3 {
            p[i + c] = UInt8((Int(src[i + c]) * own + bg[c] * under + total / 2) / total)
          }
          p[i + 3] = UInt8((total + 127) / 255)
        }
      }
    }
    result = RGBAImage(width: width, height: height, pixels: out)
    return true
  }

  /// This image over `background` (with its alpha) when one is given and
  /// not transparent, else the image itself: how every still, animation
  /// and video frame gets `--background` (formats without alpha are
  /// composited by their encoder over their own background colour).
  ///
  /// - Parameter threads: threads the opacity scan runs on (0: every core).
  package func flattened(over background: RGBA8?, threads: Int = 1) -> RGBAImage {
    guard let background, background.a > 0 else { return self }
    var result = self
    _ = composite(over: background, threads: threads, into: &result)
    return result
  }
}
