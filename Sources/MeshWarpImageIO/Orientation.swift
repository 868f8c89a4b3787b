import MeshWarpRender

extension RGBAImage {
  /// The image as it is to be shown under EXIF/TIFF orientation `value`
  /// (TIFF 6.0 tag 0x0112): 1 as stored, 2 mirrored left–right, 3 turned
  /// 180°, 4 mirrored top–bottom, 5 transposed, 6 turned 90° clockwise, 7
  /// transversed, 8 turned 90° anticlockwise; what Pillow's
  /// `ImageOps.exif_transpose` and photo viewers do. Other values: unchanged.
  package func oriented(exif value: Int) -> RGBAImage {
    guard (2...8).contains(value) else { return self }
    let w = width
    let h = height
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
    let input = pixels
    let output = [UInt8](unsafeUninitializedCapacity: outW * outH * 4) { out, count in
      PixelBytes.adviseHugePages(out)
      input.withUnsafeBufferPointer { src in
        for y in 0..<outH {
          for x in 0..<outW {
            let (sx, sy) = source(x, y)
            let s = (sy * w + sx) * 4
            let d = (y * outW + x) * 4
            out[d] = src[s]
            out[d + 1] = src[s + 1]
            out[d + 2] = src[s + 2]
            out[d + 3] = src[s + 3]
          }
        }
      }
      count = outW * outH * 4
    }
    return RGBAImage(width: outW, height: outH, pixels: output)
  }
}
