extension RGBAImage {
  /// Box-filters `factor × factor` blocks into one pixel, averaging
  /// premultiplied colour (the resolve step of supersampling). The size is
  /// divided by `factor`, rounding down.
  public func downsampled(by factor: Int, threads: Int = 0) -> RGBAImage {
    precondition(factor >= 1, "downsample factor must be ≥ 1")
    guard factor > 1 else { return self }
    let w = width / factor
    let h = height / factor
    var result = RGBAImage(width: w, height: h)
    let srcWidth = width
    pixels.withUnsafeBufferPointer { src in
      result.pixels.withUnsafeMutableBufferPointer { dst in
        guard let s = src.baseAddress, let d = dst.baseAddress else { return }
        let source = SharedPointer(UnsafeMutablePointer(mutating: s))
        let out = SharedPointer(d)
        let norm = 1 / Float(factor * factor)
        forEachRowBand(rows: h, threads: threads) { rows in
          for y in rows {
            for x in 0..<w {
              var sum = SIMD4<Float>.zero
              for j in 0..<factor {
                var p = source.base + ((y * factor + j) * srcWidth + x * factor) * 4
                for _ in 0..<factor {
                  let a = Float(p[3])
                  let k = a / 255
                  sum += SIMD4(Float(p[0]) * k, Float(p[1]) * k, Float(p[2]) * k, a)
                  p += 4
                }
              }
              storeStraight(sum * norm, to: out.base + (y * w + x) * 4)
            }
          }
        }
      }
    }
    return result
  }
}
