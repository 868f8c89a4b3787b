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
package enum YUV420Conversion {
  /// The Y, Cb, Cr weights of R, G, B, times 2¹⁶ (chroma: per 2 × 2 sum,
  /// so a further ÷4 is in the shift).
  static let luma = weights(0.2126, 0.7152, 0.0722, scale: 219)
  static let blue = weights(-0.2126 / 1.8556, -0.7152 / 1.8556, 0.5, scale: 224)
  static let red = weights(0.5, -0.7152 / 1.5748, -0.0722 / 1.5748, scale: 224)

  static func weights(_ r: Double, _ g: Double, _ b: Double, scale: Double) -> SIMD3<Int32> {
    func fixed(_ w: Double) -> Int32 { Int32((w * scale / 255 * 65536).rounded()) }
    return SIMD3(fixed(r), fixed(g), fixed(b))
  }

  /// The Y′, Cb, Cr of one sRGB colour (in R, G, B; alpha kept), by the
  /// same arithmetic as a frame of it: the colours a warp kept in Y′CbCr
  /// adds (``YCbCr420Packing``).
  package static func ycbcr(of color: RGBA8) -> RGBA8 {
    var planes: [UInt8] = []
    convert(
      RGBAImage(width: 2, height: 2, fill: RGBA8(color.r, color.g, color.b, 255)),
      into: &planes, threads: 1, vectorized: false)
    return RGBA8(planes[0], planes[4], planes[5], color.a)
  }

  /// Writes `image` (opaque; even width and height) into `planes`,
  /// resized to ``YUV420RowPair/byteCount(width:height:)``. Eight pixels of a row pair at
  /// a time in 32-bit lanes (``block(_:_:)``), the rest of a row one pair
  /// at a time (``pair(_:_:)``): the same integer arithmetic, so the two
  /// give the same bytes (`YUV420ConversionTests` checks it with
  /// `vectorized: false`, the scalar path alone). The vector path takes
  /// under half the scalar one's time at 1080p (3.55 against 8.00 ms at 1
  /// thread, `meshwarp bench --case yuv`).
  package static func convert(
    _ image: RGBAImage, into planes: inout [UInt8], threads: Int, vectorized: Bool = true
  ) {
    let w = image.width
    let blocks = vectorized ? w / 8 : 0
    YUV420RowPair.forEach(from: image, into: &planes, threads: threads) { pair in
      let weights = Weights()
      for k in 0..<blocks {
        let t = pair.top.loadUnaligned(fromByteOffset: 32 * k, as: SIMD8<UInt32>.self)
        let b = pair.bottom.loadUnaligned(fromByteOffset: 32 * k, as: SIMD8<UInt32>.self)
        let out = weights.block(t, b)
        pair.yTop.storeBytes(of: out.yTop, toByteOffset: 8 * k, as: SIMD8<UInt8>.self)
        pair.yBottom.storeBytes(of: out.yBottom, toByteOffset: 8 * k, as: SIMD8<UInt8>.self)
        pair.cb.storeBytes(of: out.cb, toByteOffset: 4 * k, as: SIMD4<UInt8>.self)
        pair.cr.storeBytes(of: out.cr, toByteOffset: 4 * k, as: SIMD4<UInt8>.self)
      }
      for x in (4 * blocks)..<(w / 2) {
        let out = weights.pair(pair.top + 8 * x, pair.bottom + 8 * x)
        pair.yTop.storeBytes(of: out.yTop, toByteOffset: 2 * x, as: SIMD2<UInt8>.self)
        pair.yBottom.storeBytes(of: out.yBottom, toByteOffset: 2 * x, as: SIMD2<UInt8>.self)
        pair.cb.storeBytes(of: out.cb, toByteOffset: x, as: UInt8.self)
        pair.cr.storeBytes(of: out.cr, toByteOffset: x, as: UInt8.self)
      }
    }
  }

  /// The weights in locals of the converting loop (a static `let` read in
  /// the loop costs an initialization check per read), and the arithmetic
  /// for one 2 × 2 pair and for eight pixels of a row pair.
  struct Weights {
    let luma = YUV420Conversion.luma
    let blue = YUV420Conversion.blue
    let red = YUV420Conversion.red
    /// Y = (wᵣR + w_gG + w_bB + 16·2¹⁶ + 2¹⁵) >> 16; chroma from the 2 × 2
    /// sums, (w·Σ + 128·2¹⁸ + 2¹⁷) >> 18.
    static let lumaOffset: Int32 = (16 << 16) + (1 << 15)
    static let chromaOffset: Int32 = (128 << 18) + (1 << 17)

    /// One 2 × 2 pair: the top row's pixels at `a`, the bottom row's at `b`.
    @inline(__always)
    func pair(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> (
      yTop: SIMD2<UInt8>, yBottom: SIMD2<UInt8>, cb: UInt8, cr: UInt8
    ) {
      @inline(__always) func channel(_ p: UnsafeRawPointer, _ i: Int) -> Int32 {
        Int32(p.load(fromByteOffset: i, as: UInt8.self))
      }
      @inline(__always) func y(_ p: UnsafeRawPointer) -> UInt8 {
        let v = luma.x * channel(p, 0) + luma.y * channel(p, 1) + luma.z * channel(p, 2)
        return UInt8(truncatingIfNeeded: (v + Self.lumaOffset) >> 16)
      }
      @inline(__always) func sum(_ i: Int) -> Int32 {
        channel(a, i) + channel(a, i + 4) + channel(b, i) + channel(b, i + 4)
      }
      let (r, g, bl) = (sum(0), sum(1), sum(2))
      let u = blue.x * r + blue.y * g + blue.z * bl
      let v = red.x * r + red.y * g + red.z * bl
      return (
        SIMD2(y(a), y(a + 4)), SIMD2(y(b), y(b + 4)),
        UInt8(truncatingIfNeeded: (u + Self.chromaOffset) >> 18),
        UInt8(truncatingIfNeeded: (v + Self.chromaOffset) >> 18)
      )
    }

    /// Eight pixels of the top row and the eight below them (each lane one
    /// pixel's bytes, R lowest): the same sums in 32-bit lanes.
    @inline(__always)
    func block(_ top: SIMD8<UInt32>, _ bottom: SIMD8<UInt32>) -> (
      yTop: SIMD8<UInt8>, yBottom: SIMD8<UInt8>, cb: SIMD4<UInt8>, cr: SIMD4<UInt8>
    ) {
      let mask = SIMD8<UInt32>(repeating: 0xFF)
      @inline(__always) func channels(_ p: SIMD8<UInt32>) -> (
        SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>
      ) {
        (
          unsafeBitCast(p & mask, to: SIMD8<Int32>.self),
          unsafeBitCast((p &>> 8) & mask, to: SIMD8<Int32>.self),
          unsafeBitCast((p &>> 16) & mask, to: SIMD8<Int32>.self)
        )
      }
      let (rt, gt, bt) = channels(top)
      let (rb, gb, bb) = channels(bottom)
      @inline(__always) func y(_ r: SIMD8<Int32>, _ g: SIMD8<Int32>, _ b: SIMD8<Int32>)
        -> SIMD8<UInt8>
      {
        let v = r &* luma.x &+ g &* luma.y &+ b &* luma.z &+ Self.lumaOffset
        return SIMD8<UInt8>(truncatingIfNeeded: v &>> 16)
      }
      // The 2 × 2 sums: top plus bottom, then each even lane plus the odd
      // lane after it.
      @inline(__always) func sum(_ t: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD4<Int32> {
        let column = t &+ b
        return column.evenHalf &+ column.oddHalf
      }
      let (r, g, b) = (sum(rt, rb), sum(gt, gb), sum(bt, bb))
      let u = r &* blue.x &+ g &* blue.y &+ b &* blue.z &+ Self.chromaOffset
      let v = r &* red.x &+ g &* red.y &+ b &* red.z &+ Self.chromaOffset
      return (
        y(rt, gt, bt), y(rb, gb, bb), SIMD4<UInt8>(truncatingIfNeeded: u &>> 18),
        SIMD4<UInt8>(truncatingIfNeeded: v &>> 18)
      )
    }
  }
}
