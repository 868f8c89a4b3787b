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
/// Triangles are filled by their pixel centres with the top-left rule
/// (an edge owns the centres on it when its inward normal points right, or
/// down for horizontal edges); the two triangles sharing an edge compute the
/// same crossing point from negated edge coefficients (exact in IEEE
/// arithmetic), so every centre on a shared edge belongs to exactly one.
final class GradientRasterJob: @unchecked Sendable {
  // @unchecked: every buffer is written in init and only read afterwards.
  let width: Int
  let height: Int
  let patchCount: Int
  let segments: Int
  let colorSpace: GradientColorSpace
  let shader: GradientShader
  let background: UInt32
  let backgroundPremultiplied: SIMD4<Float>
  private let points: UnsafeMutableBufferPointer<SIMD2<Double>>
  private let rowBounds: UnsafeMutableBufferPointer<SIMD2<Double>>
  private let coefficients: UnsafeMutableBufferPointer<SIMD4<Float>>
  private let opaque: UnsafeMutableBufferPointer<Bool>
  private let encodeTable: UnsafeMutableBufferPointer<Float>
  private let noise: UnsafeMutableBufferPointer<SIMD4<Float>>
  private let partial: UnsafeMutableBufferPointer<GradientOutlineCoverage.PartialPixel>
  private let partialRowStart: UnsafeMutableBufferPointer<Int>

  init(
    width: Int, height: Int, tessellation: GradientTessellation, shader: GradientShader,
    coverage: GradientOutlineCoverage, dither: GradientDither, background: GradientColor
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
    points = copy(tessellation.points)
    rowBounds = copy(tessellation.rowBounds)
    coefficients = copy(shader.coefficients)
    opaque = copy(shader.opaque)
    encodeTable = copy(shader.encodeTable)
    noise = copy(dither.tile)
    partial = copy(coverage.pixels)
    partialRowStart = copy(coverage.rowStart)
    backgroundPremultiplied = SIMD4<Float>(background.premultipliedClamped)
    // Straight from the Double values: a flat background needs no round trip
    // through premultiplied Float.
    let straight = SIMD4(background.red, background.green, background.blue, background.alpha)
    let bytes = (0..<4).map { UInt32(min(max(straight[$0], 0), 1) * 255 + 0.5) }
    self.background = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
  }

  deinit {
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
  /// (`width` UInt32 per row, RGBA bytes in memory order).
  func render(rows: Range<Int>, into pixels: UnsafeMutablePointer<UInt32>) {
    guard !rows.isEmpty else { return }
    (pixels + rows.lowerBound * width).update(repeating: background, count: rows.count * width)
    for y in rows {
      let noiseRow = noise.baseAddress! + (y & (GradientDither.side - 1)) * GradientDither.side
      for p in partialRowStart[y]..<partialRowStart[y + 1] {
        let pixel = partial[p]
        let x = Int(pixel.x)
        let blended =
          pixel.edgeColor * pixel.coverage + backgroundPremultiplied * (1 - pixel.coverage)
        pixels[y * width + x] = GradientShader.quantize(
          blended, noise: noiseRow[x & (GradientDither.side - 1)])
      }
    }
    let n = segments
    let side = n + 1
    let step = 1 / Double(n)
    let top = Double(rows.lowerBound)
    let bottom = Double(rows.upperBound - 1)
    for k in 0..<patchCount {
      let grid = points.baseAddress! + k * side * side
      for j in 0..<n {
        let bounds = rowBounds[k * n + j]
        if bounds.y < top || bounds.x > bottom { continue }
        let v0 = Double(j) * step
        let v1 = Double(j + 1) * step
        for i in 0..<n {
          let p00 = grid[j * side + i]
          let p10 = grid[j * side + i + 1]
          let p01 = grid[(j + 1) * side + i]
          let p11 = grid[(j + 1) * side + i + 1]
          let low = min(min(p00.y, p10.y), min(p01.y, p11.y))
          let high = max(max(p00.y, p10.y), max(p01.y, p11.y))
          if high < top || low > bottom { continue }
          let u0 = Double(i) * step
          let u1 = Double(i + 1) * step
          triangle(
            p00, SIMD2(u0, v0), p10, SIMD2(u1, v0), p11, SIMD2(u1, v1), patch: k, rows: rows,
            pixels: pixels)
          triangle(
            p00, SIMD2(u0, v0), p11, SIMD2(u1, v1), p01, SIMD2(u0, v1), patch: k, rows: rows,
            pixels: pixels)
        }
      }
    }
  }

  /// Fills the pixel centres of one triangle (centre space) within `rows`,
  /// giving each the triangle's affine interpolation of (u, v).
  @inline(__always)
  private func triangle(
    _ pa: SIMD2<Double>, _ uva: SIMD2<Double>, _ pb0: SIMD2<Double>, _ uvb0: SIMD2<Double>,
    _ pc0: SIMD2<Double>, _ uvc0: SIMD2<Double>, patch k: Int, rows: Range<Int>,
    pixels: UnsafeMutablePointer<UInt32>
  ) {
    var pb = pb0
    var pc = pc0
    var uvb = uvb0
    var uvc = uvc0
    var area = cross(pb - pa, pc - pa)
    guard area != 0, area.isFinite else { return }
    if area < 0 {
      swap(&pb, &pc)
      swap(&uvb, &uvc)
      area = -area
    }
    let yStart = max(Int(max(min(pa.y, pb.y, pc.y), -1).rounded(.up)), rows.lowerBound)
    let yEnd = min(
      Int(min(max(pa.y, pb.y, pc.y), Double(height)).rounded(.down)), rows.upperBound - 1)
    guard yStart <= yEnd else { return }

    // Edge (from → to): E(p) = A·x + B·y + C = cross(to − from, p − from) ≥ 0
    // inside, so x ≥ t(y) where A > 0 and x ≤ t(y) where A < 0, with
    // t(y) = s·y + q, s = −B/A, q = −C/A. The neighbour across a shared edge
    // has (A, B, C) negated, hence bit-identical s, q and t(y), and the
    // opposite tie rule: (A > 0 or A = 0 and B > 0) owns the points on it.
    // Stored as (s, q, side, inclusive), side = sign(A); for A = 0, (B, C).
    @inline(__always) func edge(_ from: SIMD2<Double>, _ to: SIMD2<Double>) -> SIMD4<Double> {
      let a = from.y - to.y
      let b = to.x - from.x
      let c = from.x * to.y - to.x * from.y
      let inclusive: Double = (a > 0 || (a == 0 && b > 0)) ? 1 : 0
      if a == 0 { return SIMD4(b, c, 0, inclusive) }
      return SIMD4(-b / a, -c / a, a > 0 ? 1 : -1, inclusive)
    }
    let edges = (edge(pa, pb), edge(pb, pc), edge(pc, pa))
    // Coordinates near Double's range can overflow the coefficients; such a
    // triangle is skipped rather than trapping on Int(NaN) below.
    let finite = SIMD4(edges.0.x, edges.0.y, edges.1.x, edges.1.y)
    let rest = SIMD2(edges.2.x, edges.2.y)
    guard (finite - finite) == .zero, (rest - rest) == .zero else { return }

    // (u, v) as an affine function of the pixel centre.
    let e1 = pb - pa
    let e2 = pc - pa
    let db = uvb - uva
    let dc = uvc - uva
    let duvdx = (db * e2.y - dc * e1.y) / area
    let duvdy = (dc * e1.x - db * e2.x) / area
    let stepX = SIMD2<Float>(duvdx)
    let maxX = Double(width)

    // Integer bounds of t ∈ [−1, width]: truncation and one comparison
    // instead of libm's ceil and floor (which are calls without SSE4.1).
    @inline(__always) func ceiling(_ t: Double) -> Int {
      let i = Int(t)
      return Double(i) < t ? i + 1 : i
    }
    @inline(__always) func floor(_ t: Double) -> Int {
      let i = Int(t)
      return Double(i) > t ? i - 1 : i
    }
    let maxIndex = width - 1
    for y in yStart...yEnd {
      let yd = Double(y)
      var lo = 0
      var hi = maxIndex
      var empty = false
      @inline(__always) func clip(_ e: SIMD4<Double>) {
        let t = e.x * yd + e.y
        if e.z > 0 {
          let c = min(max(t, -1), maxX)
          lo = max(lo, e.w != 0 ? ceiling(c) : floor(c) + 1)
        } else if e.z < 0 {
          let c = min(max(t, -1), maxX)
          hi = min(hi, e.w != 0 ? floor(c) : ceiling(c) - 1)
        } else if t < 0 || (t == 0 && e.w == 0) {
          empty = true
        }
      }
      clip(edges.0)
      clip(edges.1)
      clip(edges.2)
      let xStart = lo
      let xEnd = hi
      guard !empty, xStart <= xEnd else { continue }
      let uvStart = uva + duvdx * (Double(xStart) - pa.x) + duvdy * (yd - pa.y)
      span(
        y: y, from: xStart, through: xEnd, uv: SIMD2<Float>(uvStart), step: stepX, patch: k,
        pixels: pixels)
    }
  }

  /// Colours pixels `xStart...xEnd` of row `y`; (u, v) = `uv + step·(x − xStart)`.
  @inline(__always)
  private func span(
    y: Int, from xStart: Int, through xEnd: Int, uv: SIMD2<Float>, step: SIMD2<Float>,
    patch k: Int, pixels: UnsafeMutablePointer<UInt32>
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
        var colour = GradientSpanPolynomial(
          a, uv: uv + step * Float(x - xStart), step: step)
        if fast {
          while x <= runEnd {
            row[x] = GradientShader.quantizeOpaque(colour.next(), noise: noiseRow[x & mask])
            x += 1
          }
        } else {
          while x <= runEnd {
            let c = shader.output(colour.next(), encodeTable: table)
            row[x] = GradientShader.quantize(c, noise: noiseRow[x & mask])
            x += 1
          }
        }
      }
    } else {
      var p = uv
      while x <= xEnd {
        var c = GradientShader.evaluate(a, u: p.x, v: p.y)
        if fast {
          row[x] = GradientShader.quantizeOpaque(c, noise: noiseRow[x & mask])
        } else {
          c = shader.output(c, encodeTable: table)
          row[x] = GradientShader.quantize(c, noise: noiseRow[x & mask])
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
      let blended = c * pixel.coverage + backgroundPremultiplied * (1 - pixel.coverage)
      row[x] = GradientShader.quantize(blended, noise: noiseRow[x & mask])
      first += 1
    }
  }
}

extension GradientColor {
  /// Premultiplied components with alpha clamped to 0…1.
  var premultipliedClamped: SIMD4<Double> {
    let alpha = min(max(alpha, 0), 1)
    return SIMD4(red * alpha, green * alpha, blue * alpha, alpha)
  }
}
