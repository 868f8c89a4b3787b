import Foundation
import MeshWarpRender

/// Frames that stay in Y′CbCr from decoder to encoder: the planes of a
/// limited-range 4:2:0 frame spread to one 4-byte pixel each (Y′, Cb, Cr,
/// 255; each chroma sample to its 2 × 2 pixels), warped as if they were
/// RGBA, and packed back (Y′ as it is; each chroma sample the rounded mean
/// of its 2 × 2 pixels, the siting of ``YUV420Conversion``).
///
/// The warp only takes weighted means of pixels whose weights sum to 1
/// (bilinear and bicubic taps, edge blending over a colour, the
/// minification filter's box), and Y′CbCr is an affine map of R′G′B′, so
/// warping in Y′CbCr gives the warp of the R′G′B′ frame, converted, up to
/// rounding: without the two conversions (and their ±3/255 round trip)
/// when the input's matrix is the output's (BT.709 into H.264). Colours the
/// warp adds (an edge colour, the background) must be given in Y′CbCr too
/// (``YUV420Conversion/ycbcr(of:)``). A frame spread and packed again
/// without a warp comes back byte for byte.
package enum YCbCr420Packing {
  /// Spreads the planes at `planes` (`width × height`, both even) into
  /// `pixels` (`width · height · 4` bytes, every byte written).
  package static func expand(
    _ planes: UnsafeRawBufferPointer, width w: Int, height h: Int,
    into pixels: UnsafeMutableRawBufferPointer, threads: Int, vectorized: Bool = true
  ) {
    precondition(
      planes.count >= YUV420RowPair.byteCount(width: w, height: h) && pixels.count >= w * h * 4)
    let blocks = vectorized ? w / 8 : 0
    let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
    YUV420RowPair.forEach(
      planes: UnsafeMutableRawPointer(mutating: planes.baseAddress), pixels: pixels.baseAddress,
      width: w, height: h, threads: threads
    ) { pair in
      for k in 0..<blocks {
        @inline(__always) func doubled(_ c: SIMD4<UInt8>) -> SIMD8<UInt32> {
          SIMD8<UInt32>(truncatingIfNeeded: SIMD8(c[0], c[0], c[1], c[1], c[2], c[2], c[3], c[3]))
        }
        let chroma =
          doubled(pair.cb.loadUnaligned(fromByteOffset: 4 * k, as: SIMD4<UInt8>.self)) &<< 8
          | doubled(pair.cr.loadUnaligned(fromByteOffset: 4 * k, as: SIMD4<UInt8>.self)) &<< 16
          | opaque
        @inline(__always) func luma(_ p: UnsafeMutableRawPointer) -> SIMD8<UInt32> {
          SIMD8<UInt32>(
            truncatingIfNeeded: p.loadUnaligned(fromByteOffset: 8 * k, as: SIMD8<UInt8>.self))
        }
        pair.top.storeBytes(
          of: luma(pair.yTop) | chroma, toByteOffset: 32 * k, as: SIMD8<UInt32>.self)
        pair.bottom.storeBytes(
          of: luma(pair.yBottom) | chroma, toByteOffset: 32 * k, as: SIMD8<UInt32>.self)
      }
      for x in (4 * blocks)..<(w / 2) {
        let chroma =
          UInt32(pair.cb.load(fromByteOffset: x, as: UInt8.self)) << 8
          | UInt32(pair.cr.load(fromByteOffset: x, as: UInt8.self)) << 16 | 0xFF00_0000
        for i in 0..<2 {
          let t = UInt32(pair.yTop.load(fromByteOffset: 2 * x + i, as: UInt8.self))
          let b = UInt32(pair.yBottom.load(fromByteOffset: 2 * x + i, as: UInt8.self))
          pair.top.storeBytes(of: t | chroma, toByteOffset: 8 * x + 4 * i, as: UInt32.self)
          pair.bottom.storeBytes(of: b | chroma, toByteOffset: 8 * x + 4 * i, as: UInt32.self)
        }
      }
    }
  }

  /// Packs `image` (Y′, Cb, Cr in its R, G, B bytes; opaque; even width
  /// and height) into `planes`, resized to the 4:2:0 byte count: chroma
  /// (Σ + 2) >> 2 over each 2 × 2 block.
  package static func pack(
    _ image: RGBAImage, into planes: inout [UInt8], threads: Int, vectorized: Bool = true
  ) {
    let w = image.width
    let blocks = vectorized ? w / 8 : 0
    let mask = SIMD8<UInt32>(repeating: 0xFF)
    YUV420RowPair.forEach(from: image, into: &planes, threads: threads) { pair in
      for k in 0..<blocks {
        let t = pair.top.loadUnaligned(fromByteOffset: 32 * k, as: SIMD8<UInt32>.self)
        let b = pair.bottom.loadUnaligned(fromByteOffset: 32 * k, as: SIMD8<UInt32>.self)
        pair.yTop.storeBytes(
          of: SIMD8<UInt8>(truncatingIfNeeded: t & mask), toByteOffset: 8 * k,
          as: SIMD8<UInt8>.self)
        pair.yBottom.storeBytes(
          of: SIMD8<UInt8>(truncatingIfNeeded: b & mask), toByteOffset: 8 * k,
          as: SIMD8<UInt8>.self)
        @inline(__always) func mean(_ shift: UInt32) -> SIMD4<UInt8> {
          let column = (t &>> shift) & mask &+ (b &>> shift) & mask
          let sum = column.evenHalf &+ column.oddHalf &+ 2
          return SIMD4<UInt8>(truncatingIfNeeded: sum &>> 2)
        }
        pair.cb.storeBytes(of: mean(8), toByteOffset: 4 * k, as: SIMD4<UInt8>.self)
        pair.cr.storeBytes(of: mean(16), toByteOffset: 4 * k, as: SIMD4<UInt8>.self)
      }
      for x in (4 * blocks)..<(w / 2) {
        @inline(__always) func byte(_ p: UnsafeMutableRawPointer, _ i: Int) -> UInt32 {
          UInt32(p.load(fromByteOffset: 8 * x + i, as: UInt8.self))
        }
        for i in 0..<2 {
          pair.yTop.storeBytes(
            of: UInt8(byte(pair.top, 4 * i)), toByteOffset: 2 * x + i, as: UInt8.self)
          pair.yBottom.storeBytes(
            of: UInt8(byte(pair.bottom, 4 * i)), toByteOffset: 2 * x + i, as: UInt8.self)
        }
        @inline(__always) func mean(_ c: Int) -> UInt8 {
          UInt8(
            (byte(pair.top, c) + byte(pair.top, c + 4) + byte(pair.bottom, c)
              + byte(pair.bottom, c + 4) + 2) >> 2)
        }
        pair.cb.storeBytes(of: mean(1), toByteOffset: x, as: UInt8.self)
        pair.cr.storeBytes(of: mean(2), toByteOffset: x, as: UInt8.self)
      }
    }
  }
}
