import CLittleCMS
import MeshWarpRender

/// Pixels from their embedded RGB ICC profile to sRGB, through LittleCMS:
/// the file's profile to LittleCMS's built-in sRGB profile, relative
/// colorimetric intent with black-point compensation (colours inside
/// sRGB's gamut keep their measured values; those outside are clipped to
/// its edge, and the darkest black maps to sRGB's), at 8 or 16 bits a
/// value, alpha copied. The result is described by an `sRGB` chunk (PNG)
/// or by no profile at all (JPEG, WebP, TIFF: viewers assume sRGB).
public enum SRGBConversion {
  /// The rendering intent, ICC's relative colorimetric (1).
  static let intent: Int32 = 1

  /// `picture` converted from `color`'s ICC profile to sRGB, and the
  /// description to write with it; nil when `color` has no RGB ICC
  /// profile LittleCMS can read (nothing to convert from).
  ///
  /// - Parameters:
  ///   - picture: straight-alpha RGBA, values as encoded in `color`.
  ///   - color: the picture's colour description.
  ///   - threads: threads the rows are converted on (0: every core).
  public static func convert(_ picture: PixelImage, from color: ColorDescription, threads: Int = 0)
    -> (picture: PixelImage, color: ColorDescription)?
  {
    guard let icc = color.iccProfile, ICCProfileSpace(icc) == .rgb else { return nil }
    let deep = picture.isDeep
    guard
      let transform = icc.withUnsafeBytes({
        meshwarp_cms_rgb_to_srgb($0.baseAddress, cmsUInt32Number($0.count), deep ? 1 : 0, intent)
      })
    else { return nil }
    defer { cmsDeleteTransform(transform) }
    let handle = SharedTransform(raw: transform)
    let described = ColorDescription(sRGBIntent: UInt8(intent))
    switch picture {
    case .rgba8(var image):
      run(handle, on: &image.pixels, width: image.width, height: image.height, threads: threads)
      return (.rgba8(image), described)
    case .rgba16(var image):
      let (width, height) = (image.width, image.height)
      run(handle, on: &image.pixels, width: width, height: height, threads: threads)
      return (.rgba16(image), described)
    }
  }

  /// Runs `transform` over every row of `pixels` (four values a pixel), in
  /// place, in row bands on `threads` threads.
  private static func run<Value>(
    _ transform: SharedTransform, on pixels: inout [Value], width: Int, height: Int, threads: Int
  ) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let start = buffer.baseAddress else { return }
      let base = SharedPointer(start)
      forEachRowBand(rows: height, threads: threads, minimumRowsPerBand: 64) { rows in
        let first = base.base + rows.lowerBound * width * 4
        cmsDoTransform(transform.raw, first, first, cmsUInt32Number(rows.count * width))
      }
    }
  }
}
