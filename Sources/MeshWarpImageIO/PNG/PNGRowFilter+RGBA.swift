/// Unfiltering of 8-bit RGB and RGBA rows straight into RGBA pixels, one
/// pixel per 4-lane vector operation: the inverse of `filterRow` (PNG spec
/// §9.2; x = residual + prediction from the left (a), upper (b) and
/// upper-left (c) pixels, bytes wrapping). Unlike filtering, each pixel's
/// prediction needs the pixel just unfiltered to its left, so the 16-byte
/// form of `PNGRowFilter+Vector.swift` does not apply; the four channels of
/// one pixel are independent, which is what the lanes take. RGB rows gain
/// alpha 255 on the way. The same bytes as `unfilterRow` (PNGFilterTests).
extension PNGRowFilter {
  typealias Pixel = SIMD4<UInt8>

  /// Unfilters one row of `width` pixels into RGBA.
  ///
  /// - Parameters:
  ///   - type: the row's filter type byte.
  ///   - residuals: the row's filtered bytes (after the type byte), `width ·
  ///     channels` of them and at least one more readable byte (pixels are
  ///     loaded 4 bytes at a time).
  ///   - channels: 3 (RGB) or 4 (RGBA).
  ///   - above: the unfiltered RGBA row above (`width · 4` bytes; zeros for
  ///     the first row).
  ///   - out: `width · 4` bytes of RGBA. It may overlap `residuals` when
  ///     each pixel's RGBA ends before the next pixel's residuals begin
  ///     (out + 4x + 4 ≤ residuals + channels·(x + 1)): pixels are read
  ///     and written in order, 4 RGBA pixels per store at most.
  /// - Returns: false for an unknown filter type (nothing is written).
  static func unfilterRowToRGBA(
    type: UInt8, residuals: UnsafePointer<UInt8>, channels: Int, above: UnsafePointer<UInt8>,
    width: Int, out: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    guard let type = PNGFilterType(rawValue: type) else { return false }
    if channels == 3 {
      unfilter(type, residuals, 3, above, width, out)
    } else {
      precondition(channels == 4, "3 or 4 channels")
      unfilter(type, residuals, 4, above, width, out)
    }
    return true
  }

  /// `unfilterRowToRGBA` for a known type; `channels` is a constant at each
  /// call, so each copy of the loops is specialised for it.
  @inline(__always)
  private static func unfilter(
    _ type: PNGFilterType, _ row: UnsafePointer<UInt8>, _ channels: Int,
    _ above: UnsafePointer<UInt8>, _ width: Int, _ out: UnsafeMutablePointer<UInt8>
  ) {
    // An RGB load's fourth byte is the next pixel's red: its lane computes
    // nonsense that never reaches another lane, and becomes alpha 255.
    let alpha: Pixel = channels == 3 ? Pixel(0, 0, 0, 255) : Pixel()
    @inline(__always) func residual(_ x: Int) -> Pixel {
      UnsafeRawPointer(row + x &* channels).loadUnaligned(as: Pixel.self)
    }
    @inline(__always) func up(_ x: Int) -> Pixel {
      UnsafeRawPointer(above + x &* 4).loadUnaligned(as: Pixel.self)
    }
    @inline(__always) func store(_ p: Pixel, _ x: Int) {
      UnsafeMutableRawPointer(out + x &* 4).storeBytes(of: p | alpha, as: Pixel.self)
    }
    switch type {
    case .none:
      for x in 0..<width { store(residual(x), x) }
    case .sub:
      var a = Pixel()
      for x in 0..<width {
        a = residual(x) &+ a
        store(a, x)
      }
    case .up:
      var x = 0
      if channels == 4 {
        // Bytes are independent here: 4 pixels per 16-byte vector.
        while x &+ 4 <= width {
          let sum =
            UnsafeRawPointer(row + x &* 4).loadUnaligned(as: SIMD16<UInt8>.self)
            &+ UnsafeRawPointer(above + x &* 4).loadUnaligned(as: SIMD16<UInt8>.self)
          UnsafeMutableRawPointer(out + x &* 4).storeBytes(of: sum, as: SIMD16<UInt8>.self)
          x &+= 4
        }
      }
      while x < width {
        store(residual(x) &+ up(x), x)
        x &+= 1
      }
    case .average:
      var a = Pixel()
      for x in 0..<width {
        // ⌊(a + b)/2⌋ without overflow: (a & b) + ((a ^ b) >> 1).
        let b = up(x)
        a = residual(x) &+ ((a & b) &+ ((a ^ b) &>> 1))
        store(a, x)
      }
    case .paeth:
      typealias Lanes = SIMD4<Int16>
      var a = Lanes()
      var c = Lanes()
      for x in 0..<width {
        let b = Lanes(truncatingIfNeeded: up(x))
        let p = residual(x) &+ Pixel(truncatingIfNeeded: paethWide(a, b, c))
        store(p, x)
        a = Lanes(truncatingIfNeeded: p)
        c = b
      }
    }
  }
}
