import MeshWarpRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PixelRect {
  /// The smallest rectangle holding every pixel that differs between two
  /// images of the same size; a 1×1 rectangle at the origin when none do
  /// (an APNG frame cannot be empty).
  ///
  /// - Complexity: O(pixels) in the worst case; rows outside the changed
  ///   band cost one comparison per pixel.
  static func changed(from a: RGBAImage, to b: RGBAImage) -> PixelRect {
    precondition(a.width == b.width && a.height == b.height)
    let width = a.width
    return a.pixels.withUnsafeBytes { ra in
      b.pixels.withUnsafeBytes { rb in
        // Pixels compared as 4-byte words, read unaligned (no rebinding of
        // the byte arrays' memory).
        func pixel(_ raw: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
          raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
        }
        func rowDiffers(_ y: Int) -> Bool {
          memcmp(ra.baseAddress! + y * width * 4, rb.baseAddress! + y * width * 4, width * 4) != 0
        }
        guard let top = (0..<a.height).first(where: rowDiffers) else {
          return PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let bottom = (top..<a.height).last(where: rowDiffers)!
        var left = width
        var right = -1
        for y in top...bottom {
          let row = y * width
          var x = 0
          while x < left && pixel(ra, row + x) == pixel(rb, row + x) { x += 1 }
          if x < left { left = x }
          var xr = width - 1
          while xr > right && pixel(ra, row + xr) == pixel(rb, row + xr) { xr -= 1 }
          if xr > right { right = xr }
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
      }
    }
  }
}
