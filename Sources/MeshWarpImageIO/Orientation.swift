import MeshWarpRender

/// The pixels of a `width × height` RGBA raster as they are to be shown
/// under EXIF/TIFF orientation `value` (TIFF 6.0 tag 0x0112): 1 as stored,
/// 2 mirrored left–right, 3 turned 180°, 4 mirrored top–bottom, 5
/// transposed, 6 turned 90° clockwise, 7 transversed, 8 turned 90°
/// anticlockwise; what Pillow's `ImageOps.exif_transpose` and photo viewers
/// do. Other values: nil (unchanged). One routine for both depths.
private func orientedRGBA<Value>(
  _ input: [Value], width w: Int, height h: Int, exif value: Int
) -> (pixels: [Value], width: Int, height: Int)? {
  guard (2...8).contains(value) else { return nil }
  let swaps = value >= 5
  let outW = swaps ? h : w
  let outH = swaps ? w : h
  // The stored pixel (sx, sy) shown at (x, y).
  let source: (Int, Int) -> (Int, Int) =
    switch value {
    case 2: { x, y in (w - 1 - x, y) }
    case 3: { x, y in (w - 1 - x, h - 1 - y) }
    case 4: { x, y in (x, h - 1 - y) }
    case 5: { x, y in (y, x) }
    case 6: { x, y in (y, h - 1 - x) }
    case 7: { x, y in (w - 1 - y, h - 1 - x) }
    default: { x, y in (w - 1 - y, x) }
    }
  let output = [Value](unsafeUninitializedCapacity: outW * outH * 4) { out, count in
    out.withMemoryRebound(to: UInt8.self) { PixelBytes.adviseHugePages($0) }
    input.withUnsafeBufferPointer { src in
      for y in 0..<outH {
        for x in 0..<outW {
          let (sx, sy) = source(x, y)
          let s = (sy * w + sx) * 4
          let d = (y * outW + x) * 4
          (out.baseAddress! + d).initialize(to: src[s])
          (out.baseAddress! + d + 1).initialize(to: src[s + 1])
          (out.baseAddress! + d + 2).initialize(to: src[s + 2])
          (out.baseAddress! + d + 3).initialize(to: src[s + 3])
        }
      }
    }
    count = outW * outH * 4
  }
  return (output, outW, outH)
}

extension RGBAImage {
  /// The image as it is to be shown under EXIF/TIFF orientation `value`
  /// (`orientedRGBA`); other values than 2…8: unchanged.
  package func oriented(exif value: Int) -> RGBAImage {
    guard let turned = orientedRGBA(pixels, width: width, height: height, exif: value) else {
      return self
    }
    return RGBAImage(width: turned.width, height: turned.height, pixels: turned.pixels)
  }
}

extension RGBA16Image {
  /// The image as it is to be shown under EXIF/TIFF orientation `value`,
  /// as `RGBAImage.oriented(exif:)`.
  package func oriented(exif value: Int) -> RGBA16Image {
    guard let turned = orientedRGBA(pixels, width: width, height: height, exif: value) else {
      return self
    }
    return RGBA16Image(width: turned.width, height: turned.height, pixels: turned.pixels)
  }
}

extension PixelImage {
  /// The picture as it is to be shown under EXIF/TIFF orientation `value`,
  /// at its own depth.
  package func oriented(exif value: Int) -> PixelImage {
    switch self {
    case .rgba8(let image): .rgba8(image.oriented(exif: value))
    case .rgba16(let image): .rgba16(image.oriented(exif: value))
    }
  }
}
