import MeshWarpRender

/// One row pair of a `width × height` 4:2:0 frame (`yuv420p`: the Y
/// plane, then Cb and Cr at half size) beside the matching RGBA frame: its
/// two Y rows, its Cb and Cr rows, and its two rows of RGBA pixels. The one
/// place for the plane layout, shared by every conversion between the two
/// (``YUV420Conversion``, ``YUV420ToRGBA``, ``YCbCr420Packing``); which
/// side is read and which written is the caller's.
struct YUV420RowPair {
  let yTop: UnsafeMutableRawPointer
  let yBottom: UnsafeMutableRawPointer
  let cb: UnsafeMutableRawPointer
  let cr: UnsafeMutableRawPointer
  /// The RGBA rows, 4 bytes a pixel.
  let top: UnsafeMutableRawPointer
  let bottom: UnsafeMutableRawPointer

  /// Bytes of a `width × height` frame's planes (both even).
  static func byteCount(width: Int, height: Int) -> Int { width * height * 3 / 2 }

  /// Calls `body` for every row pair (both sides even, else a trap; none
  /// when a side is 0; `planes` holds
  /// ``byteCount(width:height:)`` bytes, `pixels` `width · height · 4`), in
  /// bands of row pairs on `threads` threads (0: every core). Each pair is
  /// visited once; pairs do not overlap, so the result does not depend on
  /// the threads.
  static func forEach(
    planes: UnsafeMutableRawPointer?, pixels: UnsafeMutableRawPointer?, width w: Int,
    height h: Int, threads: Int, _ body: @escaping @Sendable (YUV420RowPair) -> Void
  ) {
    precondition(w % 2 == 0 && h % 2 == 0, "4:2:0 needs an even width and height")
    guard w > 0, h > 0, let planes, let pixels else { return }
    let yPlane = SharedPointer(planes.assumingMemoryBound(to: UInt8.self))
    let rgba = SharedPointer(pixels.assumingMemoryBound(to: UInt8.self))
    forEachRowBand(rows: h / 2, threads: threads) { pairs in
      let y = UnsafeMutableRawPointer(yPlane.base)
      let cbPlane = y + w * h
      let crPlane = cbPlane + (w / 2) * (h / 2)
      let out = UnsafeMutableRawPointer(rgba.base)
      for row in pairs {
        let yTop = y + 2 * row * w
        let top = out + 2 * row * w * 4
        body(
          YUV420RowPair(
            yTop: yTop, yBottom: yTop + w, cb: cbPlane + row * (w / 2),
            cr: crPlane + row * (w / 2), top: top, bottom: top + w * 4))
      }
    }
  }

  /// ``forEach(planes:pixels:width:height:threads:_:)`` from `image` (read)
  /// into `planes` (written), resized to the image's 4:2:0 byte count.
  static func forEach(
    from image: RGBAImage, into planes: inout [UInt8], threads: Int,
    _ body: @escaping @Sendable (YUV420RowPair) -> Void
  ) {
    let (w, h) = (image.width, image.height)
    let count = byteCount(width: w, height: h)
    if planes.count != count { planes = [UInt8](repeating: 0, count: count) }
    image.pixels.withUnsafeBytes { source in
      planes.withUnsafeMutableBytes { target in
        forEach(
          planes: target.baseAddress, pixels: UnsafeMutableRawPointer(mutating: source.baseAddress),
          width: w, height: h, threads: threads, body)
      }
    }
  }
}
