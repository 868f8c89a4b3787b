import Foundation
import MeshWarpRender

/// 8-bit limited-range ("TV") Y′CbCr 4:2:0 planes (`yuv420p`: the Y plane,
/// then Cb and Cr at half size) to opaque sRGB RGBA, as the video reader
/// receives the common H.264/HEVC/VP9 streams from ffmpeg: 1.5 bytes a pixel
/// on the pipe instead of 4, and the conversion in parallel rows here
/// instead of in ffmpeg's single-threaded swscale.
///
/// With Y′ = (Y − 16)/219, Pb = (Cb − 128)/224, Pr = (Cr − 128)/224 and the
/// matrix's K_R, K_B (K_G = 1 − K_R − K_B): R′ = Y′ + 2(1 − K_R)·Pr,
/// B′ = Y′ + 2(1 − K_B)·Pb, G′ = (Y′ − K_R·R′ − K_B·B′)/K_G (ITU-R BT.601-7
/// §2.5 and BT.709-6 table 3 solved for R′G′B′), times 255, rounded to
/// nearest and clamped to 0…255, in 16.16 fixed point. Each chroma sample
/// serves its 2 × 2 pixels, as swscale's default does; the values are
/// within 1 of the exact formula and within ffmpeg's own rounding of its
/// conversion (`YUV420ToRGBATests`).
package enum YUV420ToRGBA {
  /// The colour matrix of the Y′CbCr signal.
  package enum Matrix: Sendable, Equatable {
    /// ITU-R BT.601 (K_R 0.299, K_B 0.114): SD video, and what ffmpeg
    /// assumes for a stream that names no matrix.
    case bt601
    /// ITU-R BT.709 (K_R 0.2126, K_B 0.0722): HD video.
    case bt709

    var kr: Double { self == .bt601 ? 0.299 : 0.2126 }
    var kb: Double { self == .bt601 ? 0.114 : 0.0722 }
  }

  /// The matrix for the frames of a stream with `info`, when they come as
  /// planar 8-bit 4:2:0 (`yuv420p`), opaque, at even sides, in limited
  /// range: BT.709 for `bt709`, BT.601 for `smpte170m` and `bt470bg`, as
  /// ffmpeg reads them. A stream that names no matrix gets what players
  /// assume (``untaggedMatrix(width:height:)``). Nil for everything else
  /// (full-range `yuvj420p`, 10-bit, 4:2:2, BT.2020, alpha, palettes, …),
  /// which ffmpeg converts to RGBA itself.
  package static func matrix(for info: VideoInfo) -> Matrix? {
    guard info.pixelFormat == "yuv420p", !info.hasAlpha, info.width % 2 == 0,
      info.height % 2 == 0, info.storedWidth % 2 == 0, info.storedHeight % 2 == 0,
      info.colorRange == "" || info.colorRange == "tv"
    else { return nil }
    switch info.colorMatrix {
    case "bt709": return .bt709
    case "smpte170m", "bt470bg": return .bt601
    case "": return untaggedMatrix(width: info.storedWidth, height: info.storedHeight)
    default: return nil
    }
  }

  /// The matrix of a stream that names none: BT.709 for HD (1280 wide or
  /// more, or more than 576 lines), else BT.601: the rule mpv applies
  /// (`mp_csp_guess_colorspace`), and the BT.709 players assume for HD. The
  /// H.264 writer tags BT.709, so an untagged HD clip shows the same
  /// colours before and after a warp. (ffmpeg's own
  /// RGBA conversion takes BT.601 at every size, which shifts such a clip's
  /// colours by up to 52/255 once it is tagged.)
  package static func untaggedMatrix(width: Int, height: Int) -> Matrix {
    width >= 1280 || height > 576 ? .bt709 : .bt601
  }

  /// Converts the planes at `planes` (``YUV420RowPair/byteCount(width:height:)`` bytes)
  /// into `pixels` (`width · height · 4` bytes; every byte is written).
  /// Eight pixels of a row pair at a time in 32-bit lanes (``Weights/block(_:_:_:_:)``),
  /// the rest of a row one pair at a time (``Weights/pair(_:_:_:_:)``): the
  /// same integer arithmetic, so the two give the same bytes
  /// (`YUV420ToRGBATests` checks it with `vectorized: false`).
  package static func convert(
    _ planes: UnsafeRawBufferPointer, width w: Int, height h: Int, matrix: Matrix,
    into pixels: UnsafeMutableRawBufferPointer, threads: Int, vectorized: Bool = true
  ) {
    precondition(
      planes.count >= YUV420RowPair.byteCount(width: w, height: h) && pixels.count >= w * h * 4)
    let blocks = vectorized ? w / 8 : 0
    let weights = Weights(matrix)
    YUV420RowPair.forEach(
      planes: UnsafeMutableRawPointer(mutating: planes.baseAddress), pixels: pixels.baseAddress,
      width: w, height: h, threads: threads
    ) { pair in
      for k in 0..<blocks {
        let (t, b) = weights.block(
          pair.yTop.loadUnaligned(fromByteOffset: 8 * k, as: SIMD8<UInt8>.self),
          pair.yBottom.loadUnaligned(fromByteOffset: 8 * k, as: SIMD8<UInt8>.self),
          pair.cb.loadUnaligned(fromByteOffset: 4 * k, as: SIMD4<UInt8>.self),
          pair.cr.loadUnaligned(fromByteOffset: 4 * k, as: SIMD4<UInt8>.self))
        pair.top.storeBytes(of: t, toByteOffset: 32 * k, as: SIMD8<UInt32>.self)
        pair.bottom.storeBytes(of: b, toByteOffset: 32 * k, as: SIMD8<UInt32>.self)
      }
      for x in (4 * blocks)..<(w / 2) {
        weights.pair(
          pair.yTop + 2 * x, pair.yBottom + 2 * x, pair.cb.load(fromByteOffset: x, as: UInt8.self),
          pair.cr.load(fromByteOffset: x, as: UInt8.self), top: pair.top + 8 * x,
          bottom: pair.bottom + 8 * x)
      }
    }
  }

  /// The matrix's coefficients times 2¹⁶ in locals of the converting loop,
  /// and the arithmetic for one 2 × 2 pair and for eight pixels of a row
  /// pair: channel = clamp((luma·(Y − 16) + chroma terms + 2¹⁵) >> 16).
  struct Weights {
    /// 255/219 · 2¹⁶, the gain of Y − 16.
    let luma: Int32
    /// The gains of Cr − 128 in R and G, of Cb − 128 in G and B.
    let redCr: Int32
    let greenCb: Int32
    let greenCr: Int32
    let blueCb: Int32

    init(_ matrix: Matrix) {
      func fixed(_ w: Double) -> Int32 { Int32((w * 65536).rounded()) }
      let (kr, kb) = (matrix.kr, matrix.kb)
      let kg = 1 - kr - kb
      let chroma = 255.0 / 224
      luma = fixed(255.0 / 219)
      redCr = fixed(chroma * 2 * (1 - kr))
      blueCb = fixed(chroma * 2 * (1 - kb))
      greenCb = fixed(-chroma * 2 * (1 - kb) * kb / kg)
      greenCr = fixed(-chroma * 2 * (1 - kr) * kr / kg)
    }

    /// 2¹⁵ for rounding, less 16 · luma (Y's offset folded in).
    var lumaOffset: Int32 { (1 << 15) - 16 * luma }

    /// One 2 × 2 pair: Y of the top row's two pixels at `a`, of the bottom
    /// row's at `b`, their chroma `cb`, `cr`; the RGBA bytes go to `top`
    /// and `bottom`.
    @inline(__always)
    func pair(
      _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ cb: UInt8, _ cr: UInt8,
      top: UnsafeMutableRawPointer, bottom: UnsafeMutableRawPointer
    ) {
      let u = Int32(cb) - 128
      let v = Int32(cr) - 128
      let (r, g, bl) = (redCr * v, greenCb * u + greenCr * v, blueCb * u)
      @inline(__always) func byte(_ x: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: min(max(x >> 16, 0), 255))
      }
      @inline(__always) func pixel(_ p: UnsafeRawPointer, _ i: Int) -> UInt32 {
        let y = luma * Int32(p.load(fromByteOffset: i, as: UInt8.self)) + lumaOffset
        return byte(y + r) | byte(y + g) << 8 | byte(y + bl) << 16 | 0xFF00_0000
      }
      top.storeBytes(of: pixel(a, 0), toByteOffset: 0, as: UInt32.self)
      top.storeBytes(of: pixel(a, 1), toByteOffset: 4, as: UInt32.self)
      bottom.storeBytes(of: pixel(b, 0), toByteOffset: 0, as: UInt32.self)
      bottom.storeBytes(of: pixel(b, 1), toByteOffset: 4, as: UInt32.self)
    }

    /// Eight pixels of the top row and the eight below them, from their Y
    /// and their four Cb and Cr samples: the same arithmetic in 32-bit
    /// lanes, each result lane one pixel's bytes (R lowest).
    @inline(__always)
    func block(
      _ yTop: SIMD8<UInt8>, _ yBottom: SIMD8<UInt8>, _ cb: SIMD4<UInt8>, _ cr: SIMD4<UInt8>
    ) -> (SIMD8<UInt32>, SIMD8<UInt32>) {
      // Each chroma sample to the two lanes of its columns.
      @inline(__always) func doubled(_ c: SIMD4<UInt8>) -> SIMD8<Int32> {
        SIMD8<Int32>(truncatingIfNeeded: SIMD8(c[0], c[0], c[1], c[1], c[2], c[2], c[3], c[3]))
          &- 128
      }
      let u = doubled(cb)
      let v = doubled(cr)
      let r = v &* redCr
      let g = u &* greenCb &+ v &* greenCr
      let b = u &* blueCb
      return (pixels(yTop, r, g, b), pixels(yBottom, r, g, b))
    }

    /// Eight pixels from their Y and their chroma terms in R, G and B.
    @inline(__always)
    func pixels(_ y: SIMD8<UInt8>, _ r: SIMD8<Int32>, _ g: SIMD8<Int32>, _ b: SIMD8<Int32>)
      -> SIMD8<UInt32>
    {
      let l = SIMD8<Int32>(truncatingIfNeeded: y) &* luma &+ lumaOffset
      let (zero, top) = (SIMD8<Int32>(repeating: 0), SIMD8<Int32>(repeating: 255))
      @inline(__always) func byte(_ x: SIMD8<Int32>) -> SIMD8<UInt32> {
        var c = x &>> 16
        c.replace(with: zero, where: c .< zero)
        c.replace(with: top, where: c .> top)
        return SIMD8<UInt32>(truncatingIfNeeded: c)
      }
      return byte(l &+ r) | byte(l &+ g) &<< 8 | byte(l &+ b) &<< 16
        | SIMD8<UInt32>(repeating: 0xFF00_0000)
    }
  }
}
