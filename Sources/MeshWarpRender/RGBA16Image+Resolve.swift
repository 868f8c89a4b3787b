extension RGBA16Image {
  /// Box-filters `factor × factor` blocks into one pixel, averaging
  /// premultiplied colour, as ``RGBAImage/downsampled(by:threads:)`` does
  /// at 8 bits. The size is divided by `factor`, rounding down.
  public func downsampled(by factor: Int, threads: Int = 0) -> RGBA16Image {
    precondition(factor >= 1, "downsample factor must be ≥ 1")
    guard factor > 1 else { return self }
    var result = RGBA16Image(uninitializedWidth: width / factor, height: height / factor)
    let run = MinificationFilter.Run(
      x: 0, y: 0, width: result.width, height: result.height, nx: factor, ny: factor)
    let source = self
    result.pixels.withUnsafeMutableBufferPointer { dst in
      guard let base = dst.baseAddress else { return }
      let out = SharedPointer(base)
      forEachRowBand(rows: run.height, threads: threads) { rows in
        var band = run
        band.y = rows.lowerBound
        band.height = rows.count
        Self.resolve(
          source, run: band, into: out.base, width: run.width, covered: nil, top: rows.lowerBound)
      }
    }
    return result
  }

  static func resolve(
    _ large: RGBA16Image, run: MinificationFilter.Run, into out: UnsafeMutablePointer<UInt16>,
    width: Int, covered: [Bool]?
  ) {
    resolve(large, run: run, into: out, width: width, covered: covered, top: 0)
  }

  /// Box-filters the samples of `large` from its sample row `top · n_y`
  /// into the run's pixels of `out`: premultiplied colour averaged in
  /// `Float`, rounded once (``DeepSampler/store65535(_:to:)``); with
  /// `covered`, only the pixels it marks.
  static func resolve(
    _ large: RGBA16Image, run: MinificationFilter.Run, into out: UnsafeMutablePointer<UInt16>,
    width: Int, covered: [Bool]?, top: Int
  ) {
    let (nx, ny) = (run.nx, run.ny)
    let norm = 1 / Float(nx * ny)
    large.pixels.withUnsafeBufferPointer { src in
      let s = src.baseAddress!
      let stride = large.width * 4
      for y in 0..<run.height {
        for x in 0..<run.width {
          if let covered, !covered[(y + top) * run.width + x] { continue }
          var sum = SIMD4<Float>.zero
          for j in 0..<ny {
            var p = s + ((y + top) * ny + j) * stride + x * nx * 4
            for _ in 0..<nx {
              let c = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
              let a = c.w * (1 / 65535)
              sum += SIMD4(c.x * a, c.y * a, c.z * a, c.w)
              p += 4
            }
          }
          DeepSampler.store65535(
            sum * norm, to: out + ((run.y + y) * width + run.x + x) * 4)
        }
      }
    }
  }
}
