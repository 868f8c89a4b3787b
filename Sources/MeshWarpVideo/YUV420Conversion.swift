import Foundation
import MeshWarpRender

/// An opaque sRGB frame as 8-bit BT.709 Y′CbCr 4:2:0 in limited ("TV")
/// range, planar (`yuv420p`: the Y plane, then Cb and Cr at half size), as
/// the H.264 writer sends it to x264.
///
/// With R′, G′, B′ the 8-bit sRGB values over 255 (sRGB and BT.709 share
/// their primaries; the values are taken as the BT.709 signal, as players
/// show them): E′Y = 0.2126 R′ + 0.7152 G′ + 0.0722 B′, Y = 16 + 219 E′Y,
/// Cb = 128 + 224 (B′ − E′Y)/1.8556, Cr = 128 + 224 (R′ − E′Y)/1.5748
/// (ITU-R BT.709-6, table 3, items 3.2–3.5), rounded to nearest. Each
/// chroma sample is that of the mean of its 2 × 2 pixels (centred siting).
/// In 16.16 fixed point; within ±1 of ffmpeg's own conversion
/// (`scale=out_color_matrix=bt709:out_range=tv`) on Y (`YUV420ConversionTests`).
/// Doing it here, in parallel rows, spares ffmpeg's single-threaded
/// conversion and sends 1.5 bytes a pixel instead of 4.
enum YUV420Conversion {
  /// The Y, Cb, Cr weights of R, G, B, times 2¹⁶ (chroma: per 2 × 2 sum,
  /// so a further ÷4 is in the shift).
  static let luma = weights(0.2126, 0.7152, 0.0722, scale: 219)
  static let blue = weights(-0.2126 / 1.8556, -0.7152 / 1.8556, 0.5, scale: 224)
  static let red = weights(0.5, -0.7152 / 1.5748, -0.0722 / 1.5748, scale: 224)

  static func weights(_ r: Double, _ g: Double, _ b: Double, scale: Double) -> SIMD3<Int32> {
    func fixed(_ w: Double) -> Int32 { Int32((w * scale / 255 * 65536).rounded()) }
    return SIMD3(fixed(r), fixed(g), fixed(b))
  }

  /// Bytes of a `width × height` frame (both even).
  static func byteCount(width: Int, height: Int) -> Int { width * height * 3 / 2 }

  /// Writes `image` (opaque; even width and height) into `planes`,
  /// resized to ``byteCount(width:height:)``.
  static func convert(_ image: RGBAImage, into planes: inout [UInt8], threads: Int) {
    let (w, h) = (image.width, image.height)
    precondition(w % 2 == 0 && h % 2 == 0, "4:2:0 needs an even width and height")
    let count = byteCount(width: w, height: h)
    if planes.count != count { planes = [UInt8](repeating: 0, count: count) }
    let (ly, lb, lr) = (luma, blue, red)
    image.pixels.withUnsafeBufferPointer { source in
      planes.withUnsafeMutableBufferPointer { target in
        let src = SharedPointer(UnsafeMutablePointer(mutating: source.baseAddress!))
        let dst = SharedPointer(target.baseAddress!)
        forEachRowBand(rows: h / 2, threads: threads) { pairs in
          let s = UnsafePointer(src.base)
          let yPlane = dst.base
          let cbPlane = dst.base + w * h
          let crPlane = cbPlane + (w / 2) * (h / 2)
          @inline(__always) func y(_ p: UnsafePointer<UInt8>) -> UInt8 {
            let v = ly.x * Int32(p[0]) + ly.y * Int32(p[1]) + ly.z * Int32(p[2])
            return UInt8(truncatingIfNeeded: (v + (16 << 16) + (1 << 15)) >> 16)
          }
          for pair in pairs {
            let top = s + 2 * pair * w * 4
            let bottom = top + w * 4
            let yTop = yPlane + 2 * pair * w
            let yBottom = yTop + w
            let cb = cbPlane + pair * (w / 2)
            let cr = crPlane + pair * (w / 2)
            for x in 0..<(w / 2) {
              let a = top + 8 * x
              let b = bottom + 8 * x
              yTop[2 * x] = y(a)
              yTop[2 * x + 1] = y(a + 4)
              yBottom[2 * x] = y(b)
              yBottom[2 * x + 1] = y(b + 4)
              let r = Int32(a[0]) + Int32(a[4]) + Int32(b[0]) + Int32(b[4])
              let g = Int32(a[1]) + Int32(a[5]) + Int32(b[1]) + Int32(b[5])
              let bl = Int32(a[2]) + Int32(a[6]) + Int32(b[2]) + Int32(b[6])
              let u = lb.x * r + lb.y * g + lb.z * bl
              let v = lr.x * r + lr.y * g + lr.z * bl
              cb[x] = UInt8(truncatingIfNeeded: (u + (128 << 18) + (1 << 17)) >> 18)
              cr[x] = UInt8(truncatingIfNeeded: (v + (128 << 18) + (1 << 17)) >> 18)
            }
          }
        }
      }
    }
  }
}
