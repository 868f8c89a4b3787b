import MeshWarpCore

/// One render of a mesh gradient, ready to run over any set of rows: the
/// tessellated patches, colour coefficients, outline coverage, noise tile
/// and background, copied into buffers that rows can read without
/// reference counting.
///
/// Rows are independent: a pixel's value depends only on the triangles
/// that cover its centre (in patch order, then cell order), the coverage
/// of its row and its position in the noise tile, so any split of rows
/// among threads gives the same image.
///
/// Triangles are filled by their pixel centres by ``TriangleRasterizer``
/// (corners snapped to 1/256 px, exact edge functions, top-left rule), so
/// every centre on an edge shared by two cells belongs to exactly one. The
/// grid points are snapped once here. A covered centre gets the affine
/// interpolation of (u, v) over the triangle's exact (unsnapped) corners, as
/// if rasterized without snapping; a centre within 1/512 px outside the
/// exact triangle that the snapped one covers gets it extrapolated by that
/// distance. (Interpolating over the snapped corners instead moved 0.1 % of
/// the bytes by one level and made two reference maxima worse.)
final class GradientRasterJob: @unchecked Sendable {
  // @unchecked: every buffer is written in init and only read afterwards.
  let width: Int
  let height: Int
  let patchCount: Int
  let segments: Int
  let colorSpace: GradientColorSpace
  let shader: GradientShader
  /// The background, straight, 0…1.
  let backgroundStraight: SIMD4<Double>
  let backgroundPremultiplied: SIMD4<Float>
  /// Whether opaque device-space runs go through the AVX2 kernel
  /// (``GradientSpanPolynomial/writeOpaqueRun(_:uv:step:count:noiseRow:x:to:vectorized:)``).
  let spanKernel: Bool
  /// The tessellation's points on the rasterizer's fixed-point grid;
  /// `x == unplaced` for a non-finite point.
  private let fixedPoints: UnsafeMutableBufferPointer<TriangleRasterizer.FixedPoint>
  /// The tessellation's points in pixel coordinates, unsnapped.
  private let points: UnsafeMutableBufferPointer<SIMD2<Double>>
  /// Marks a non-finite point in `fixedPoints`; its triangles are skipped.
  private static let unplaced = Int64.min
  private let rowBounds: UnsafeMutableBufferPointer<SIMD2<Double>>
  private let coefficients: UnsafeMutableBufferPointer<SIMD4<Float>>
  private let opaque: UnsafeMutableBufferPointer<Bool>
  private let encodeTable: UnsafeMutableBufferPointer<Float>
  private let noise: UnsafeMutableBufferPointer<SIMD4<Float>>
  private let partial: UnsafeMutableBufferPointer<GradientOutlineCoverage.PartialPixel>
  private let partialRowStart: UnsafeMutableBufferPointer<Int>

  init(
    width: Int, height: Int, tessellation: GradientTessellation, shader: GradientShader,
    coverage: GradientOutlineCoverage, dither: GradientDither, background: GradientColor,
    spanKernel: Bool
  ) {
    func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
      let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
      _ = buffer.initialize(from: array)
      return buffer
    }
    self.width = width
    self.height = height
    self.segments = tessellation.segments
    self.patchCount = shader.opaque.count
    self.colorSpace = shader.colorSpace
    self.shader = shader
    self.spanKernel = spanKernel && SpanKernel.isAvailable
    fixedPoints = copy(
      tessellation.points.map { p in
        p.x.isFinite && p.y.isFinite ? TriangleRasterizer.fixedPoint(p) : (Self.unplaced, 0)
      })
    points = copy(tessellation.points)
    rowBounds = copy(tessellation.rowBounds)
    coefficients = copy(shader.coefficients)
    opaque = copy(shader.opaque)
    encodeTable = copy(shader.encodeTable)
    noise = copy(dither.tile)
    partial = copy(coverage.pixels)
    partialRowStart = copy(coverage.rowStart)
    backgroundPremultiplied = SIMD4<Float>(background.premultipliedClamped)
    backgroundStraight = SIMD4(
      background.red, background.green, background.blue, background.alpha)
  }

  deinit {
    fixedPoints.deallocate()
    points.deallocate()
    rowBounds.deallocate()
    coefficients.deallocate()
    opaque.deallocate()
    encodeTable.deallocate()
    noise.deallocate()
    partial.deallocate()
    partialRowStart.deallocate()
  }

  /// Renders rows `rows` of the image whose pixels start at `pixels`
  /// (`width` pixels per row: 8-bit RGBA in a UInt32, or 16-bit in a
  /// SIMD4<UInt16>, values in memory order).
  func render<Pixel: GradientPixel>(rows: Range<Int>, into pixels: UnsafeMutablePointer<Pixel>) {
    guard !rows.isEmpty else { return }
    // Straight from the Double values: a flat background needs no round
    // trip through premultiplied Float.
    (pixels + rows.lowerBound * width).update(
      repeating: Pixel(straight: backgroundStraight), count: rows.count * width)
    for y in rows {
      let noiseRow = noise.baseAddress! + (y & (GradientDither.side - 1)) * GradientDither.side
      for p in partialRowStart[y]..<partialRowStart[y + 1] {
        let pixel = partial[p]
        let x = Int(pixel.x)
        pixels[y * width + x] = Pixel.quantize(
          overBackground(pixel.edgeColor, coverage: pixel.coverage),
          noise: noiseRow[x & (GradientDither.side - 1)])
      }
    }
    let n = segments
    let side = n + 1
    let step = 1 / Double(n)
    // Centres of the first and last row. Cells wholly above or below them
    // cover none of these rows; the bounds are of unsnapped points, so they
    // get a margin of 1/128 px (more than the 1/512 px snapping moves one).
    let top = Double(rows.lowerBound) + 0.5
    let bottom = Double(rows.upperBound - 1) + 0.5
    let margin = 1.0 / 128
    for k in 0..<patchCount {
      let base = k * side * side
      let grid = points.baseAddress! + base
      let fixedGrid = fixedPoints.baseAddress! + base
      for j in 0..<n {
        let bounds = rowBounds[k * n + j]
        if bounds.y < top - margin || bounds.x > bottom + margin { continue }
        let v0 = Double(j) * step
        let v1 = Double(j + 1) * step
        for i in 0..<n {
          let i00 = j * side + i
          let i10 = i00 + 1
          let i01 = i00 + side
          let i11 = i01 + 1
          let low = min(min(grid[i00].y, grid[i10].y), min(grid[i01].y, grid[i11].y))
          let high = max(max(grid[i00].y, grid[i10].y), max(grid[i01].y, grid[i11].y))
          if high < top - margin || low > bottom + margin { continue }
          let u0 = Double(i) * step
          let u1 = Double(i + 1) * step
          triangle(
            fixedGrid, grid, i00, SIMD2(u0, v0), i10, SIMD2(u1, v0), i11, SIMD2(u1, v1),
            patch: k, rows: rows, pixels: pixels)
          triangle(
            fixedGrid, grid, i00, SIMD2(u0, v0), i11, SIMD2(u1, v1), i01, SIMD2(u0, v1),
            patch: k, rows: rows, pixels: pixels)
        }
      }
    }
  }

  /// Fills the pixel centres of the triangle of grid points `a`, `b`, `c`
  /// within `rows`, giving each the triangle's affine interpolation of
  /// (u, v).
  @inline(__always)
  private func triangle(
    _ fixedGrid: UnsafeMutablePointer<TriangleRasterizer.FixedPoint>,
    _ grid: UnsafeMutablePointer<SIMD2<Double>>, _ a: Int, _ uva: SIMD2<Double>, _ b: Int,
    _ uvb: SIMD2<Double>, _ c: Int, _ uvc: SIMD2<Double>, patch k: Int, rows: Range<Int>,
    pixels: UnsafeMutablePointer<some GradientPixel>
  ) {
    let fa = fixedGrid[a]
    let fb = fixedGrid[b]
    let fc = fixedGrid[c]
    guard fa.x != Self.unplaced, fb.x != Self.unplaced, fc.x != Self.unplaced,
      let raster = TriangleRasterizer(fixed: fa, fb, fc)
    else { return }
    let yStart = max(raster.rows.lowerBound, rows.lowerBound)
    let yEnd = min(raster.rows.upperBound, rows.upperBound - 1)
    guard yStart <= yEnd else { return }

    // (u, v) as an affine function of the pixel centre.
    var pa = grid[a]
    var e1 = grid[b] - pa
    var e2 = grid[c] - pa
    var area = cross(e1, e2)
    if !(area != 0 && area.isFinite) {
      // Degenerate before snapping but not after: interpolate over the
      // snapped corners rather than leave its centres uncovered.
      let scale = 1 / Double(TriangleRasterizer.one)
      pa = SIMD2(Double(fa.x), Double(fa.y)) * scale
      e1 = SIMD2(Double(fb.x), Double(fb.y)) * scale - pa
      e2 = SIMD2(Double(fc.x), Double(fc.y)) * scale - pa
      area = cross(e1, e2)
      guard area != 0, area.isFinite else { return }
    }
    let db = uvb - uva
    let dc = uvc - uva
    let duvdx = (db * e2.y - dc * e1.y) / area
    let duvdy = (dc * e1.x - db * e2.x) / area
    let stepX = SIMD2<Float>(duvdx)
    raster.forEachSpan(rows: yStart...yEnd, width: width) { y, xs in
      guard !xs.isEmpty else { return }
      let uvStart =
        uva + duvdx * (Double(xs.lowerBound) + 0.5 - pa.x) + duvdy * (Double(y) + 0.5 - pa.y)
      span(
        y: y, from: xs.lowerBound, through: xs.upperBound - 1, uv: SIMD2<Float>(uvStart),
        step: stepX, patch: k, pixels: pixels)
    }
  }

  /// Colours pixels `xStart...xEnd` of row `y`; (u, v) = `uv + step·(x − xStart)`.
  ///
  /// Not inlined into the row loop: inlined, the per-pixel loop ran about
  /// 4 % slower (measured, 1920 × 1080, levels 3 and 6).
  @inline(never)
  private func span<Pixel: GradientPixel>(
    y: Int, from xStart: Int, through xEnd: Int, uv: SIMD2<Float>, step: SIMD2<Float>,
    patch k: Int, pixels: UnsafeMutablePointer<Pixel>
  ) {
    let row = pixels + y * width
    let mask = GradientDither.side - 1
    let noiseRow = UnsafePointer(noise.baseAddress! + (y & mask) * GradientDither.side)
    let a = UnsafePointer(coefficients.baseAddress! + 16 * k)
    let table = UnsafePointer(encodeTable.baseAddress!)
    // (u, v) may leave 0…1 by rounding (~1e-7); the polynomial is fine there.
    let fast = colorSpace == .device && opaque[k]
    var x = xStart
    if xEnd - xStart + 1 >= GradientSpanPolynomial.minimumRun {
      // Forward differences, restarted every maximumRun pixels.
      while x <= xEnd {
        let runEnd = min(xEnd, x + GradientSpanPolynomial.maximumRun - 1)
        let runUV = uv + step * Float(x - xStart)
        if fast && Pixel.self == UInt32.self {
          GradientSpanPolynomial.writeOpaqueRun(
            a, uv: runUV, step: step, count: runEnd - x + 1, noiseRow: noiseRow, x: x,
            to: UnsafeMutableRawPointer(row + x).assumingMemoryBound(to: UInt32.self),
            vectorized: spanKernel)
          x = runEnd + 1
          continue
        }
        var color = GradientSpanPolynomial(a, uv: runUV, step: step)
        while x <= runEnd {
          let c = shader.output(color.next(), encodeTable: table)
          row[x] = Pixel.quantize(c, noise: noiseRow[x & mask])
          x += 1
        }
      }
    } else {
      var p = uv
      while x <= xEnd {
        var c = GradientShader.evaluate(a, u: p.x, v: p.y)
        if fast {
          row[x] = Pixel.quantizeOpaque(c, noise: noiseRow[x & mask])
        } else {
          c = shader.output(c, encodeTable: table)
          row[x] = Pixel.quantize(c, noise: noiseRow[x & mask])
        }
        p += step
        x += 1
      }
    }
    // Pixels on the anti-aliased outline: blend with the background.
    var first = partialRowStart[y]
    let end = partialRowStart[y + 1]
    guard first < end else { return }
    var high = end
    while first < high {
      let mid = (first + high) / 2
      if Int(partial[mid].x) < xStart { first = mid + 1 } else { high = mid }
    }
    while first < end && Int(partial[first].x) <= xEnd {
      let pixel = partial[first]
      let x = Int(pixel.x)
      let q = uv + step * Float(x - xStart)
      let c = shader.output(GradientShader.evaluate(a, u: q.x, v: q.y), encodeTable: table)
      row[x] = Pixel.quantize(
        overBackground(c, coverage: pixel.coverage), noise: noiseRow[x & mask])
      first += 1
    }
  }

  /// A premultiplied colour covering a pixel by `coverage` (0…1), the
  /// background the rest: `colour·coverage + background·(1 − coverage)`.
  @inline(__always)
  private func overBackground(_ color: SIMD4<Float>, coverage: Float) -> SIMD4<Float> {
    color * coverage + backgroundPremultiplied * (1 - coverage)
  }
}

extension GradientColor {
  /// Premultiplied components with alpha clamped to 0…1.
  var premultipliedClamped: SIMD4<Double> {
    var clamped = self
    clamped.alpha = min(max(alpha, 0), 1)
    return clamped.premultiplied
  }
}

/// How a gradient's pixels are stored: 8-bit RGBA in a `UInt32` (bytes in
/// memory order; the dithered levels of ``GradientShader/quantize(_:noise:)``)
/// or 16-bit in a `SIMD4<UInt16>` (the same noise in 1/65535 steps).
protocol GradientPixel {
  /// A straight colour, 0…1 (clamped), rounded to nearest.
  init(straight: SIMD4<Double>)
  /// A premultiplied colour with `noise` (quantization steps) added.
  static func quantize(_ c: SIMD4<Float>, noise: SIMD4<Float>) -> Self
  /// ``quantize(_:noise:)`` for a colour whose alpha is exactly 1.
  static func quantizeOpaque(_ c: SIMD4<Float>, noise: SIMD4<Float>) -> Self
}

extension UInt32: GradientPixel {
  init(straight: SIMD4<Double>) {
    // (roundToByte clamps to 0…255, i.e. the colour to 0…1.)
    let bytes = (0..<4).map { UInt32(roundToByte(Float(straight[$0] * 255))) }
    self = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
  }

  @inline(__always) static func quantize(_ c: SIMD4<Float>, noise: SIMD4<Float>) -> UInt32 {
    GradientShader.quantize(c, noise: noise)
  }

  @inline(__always) static func quantizeOpaque(_ c: SIMD4<Float>, noise: SIMD4<Float>)
    -> UInt32
  {
    GradientShader.quantizeOpaque(c, noise: noise)
  }
}

extension SIMD4: GradientPixel where Scalar == UInt16 {
  init(straight: SIMD4<Double>) {
    self.init(
      (0..<4).map { UInt16((Swift.min(Swift.max(straight[$0], 0), 1) * 65535).rounded()) })
  }

  /// Straight values in steps of 1/65535, rounded to nearest (by adding
  /// 1.5·2²³, as ``GradientShader/pack(_:)`` does at 8 bits).
  @inline(__always) static func quantize(_ c: SIMD4<Float>, noise: SIMD4<Float>) -> Self {
    let alpha = Swift.min(Swift.max(c.w, 0), 1)
    let scale: Float = alpha > 0 ? 65535 / alpha : 0
    var v = c * scale
    v.w = alpha * 65535
    return pack(v + noise)
  }

  @inline(__always) static func quantizeOpaque(_ c: SIMD4<Float>, noise: SIMD4<Float>) -> Self {
    pack(c * 65535 + noise)
  }

  @inline(__always) static func pack(_ v: SIMD4<Float>) -> Self {
    let bits = unsafeBitCast(
      GradientShader.clamp(v, 0, 65535) + 12_582_912, to: SIMD4<UInt32>.self)
    return SIMD4<UInt16>(truncatingIfNeeded: bits)
  }
}
