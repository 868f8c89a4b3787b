import MeshWarpCore

/// Anti-aliasing of a mesh gradient's outer boundary: the exact area of
/// each pixel covered by the mesh's outline polygon, found only for pixels
/// the outline passes through.
///
/// The outline is the tessellated border of the mesh (top edges left to
/// right, right edges down, bottom edges right to left, left edges up), the
/// same points the triangles use. Its coverage follows the signed-area
/// accumulation of font rasterizers (libart, FreeType's "gray" raster): a
/// straight piece of an edge inside pixel column x of one row, rising by dy
/// at mean x-position x̄, adds `dy·(x + 1 − x̄)` to pixel x and `dy·(x̄ − x)`
/// to pixel x + 1; a pixel's coverage is the sum over its row up to and
/// including it. Only pixels that pieces touch are stored (sparse cells), so
/// the cost is O(outline length · log), not O(pixels). Coverage is
/// |winding area| clamped to 1 (non-zero rule).
///
/// Every other pixel is wholly inside or outside; the triangle pass decides
/// those by their centres. A touched pixel with coverage below 1 − 1e-4
/// (empirical: above accumulated rounding, below one 8-bit step) is
/// *partial*: it gets `colour·coverage + background·(1 − coverage)`, where
/// the colour is that of the triangle containing its centre or, when none
/// does, of the nearest point of the outline piece that touched it.
///
/// Where a fold carries a patch beyond the outline, that patch's edge is not
/// anti-aliased (its pixels are drawn by their centres).
struct GradientOutlineCoverage {
  /// A pixel that the outline covers partly.
  struct PartialPixel {
    var x: Int32
    /// Coverage, 0…1.
    var coverage: Float
    /// Premultiplied output colour to use when no triangle covers the centre.
    var edgeColor: SIMD4<Float>
  }

  /// Partial pixels sorted by row, then x; row y's are
  /// `pixels[rowStart[y] ..< rowStart[y + 1]]`.
  let pixels: [PartialPixel]
  let rowStart: [Int]

  /// A straight piece of the outline: pixel positions (not centre space),
  /// the patch it borders and the (u, v) of its ends in that patch.
  struct Segment {
    var start: SIMD2<Double>
    var end: SIMD2<Double>
    var patch: Int
    var startUV: SIMD2<Double>
    var endUV: SIMD2<Double>
  }

  /// - Parameters:
  ///   - outline: the segments of the closed outline, in order.
  ///   - edgeColor: premultiplied output colour of a patch at (u, v).
  init(
    outline: [Segment], width: Int, height: Int,
    edgeColor: (_ patch: Int, _ uv: SIMD2<Double>) -> SIMD4<Float>
  ) {
    struct Cell {
      var key: Int
      var area: Double
      /// The outline segment whose piece lies in this pixel, or −1 for the
      /// spill-over into the pixel to the right.
      var segment: Int32
    }
    var cells: [Cell] = []
    let rowKey = width + 1
    var splits: [Double] = []
    for s in outline.indices {
      let a = outline[s].start
      let b = outline[s].end
      guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
      if max(a.y, b.y) <= 0 || min(a.y, b.y) >= Double(height) || min(a.x, b.x) >= Double(width) {
        continue
      }
      // Split where the segment crosses integer x or y: each piece lies in
      // one pixel.
      splits.removeAll(keepingCapacity: true)
      splits.append(0)
      splits.append(1)
      for (p, q) in [(a.x, b.x), (a.y, b.y)] where p != q {
        let lo = max(min(p, q), -1)
        let hi = min(max(p, q), Double(max(width, height)) + 1)
        var k = lo.rounded(.up)
        if k == lo { k += 1 }
        while k < hi {
          splits.append((k - p) / (q - p))
          k += 1
        }
      }
      splits.sort()
      for t in 0..<(splits.count - 1) {
        let t0 = splits[t]
        let t1 = splits[t + 1]
        guard t1 > t0 else { continue }
        let p0 = mix(a, b, t0)
        let p1 = mix(a, b, t1)
        let dy = p1.y - p0.y
        guard dy != 0 else { continue }
        let mid = (p0 + p1) / 2
        // Rows outside the image (and non-finite points) are skipped before
        // any conversion to Int, which would trap beyond ±2^63.
        guard mid.y >= 0, mid.y < Double(height), mid.x.isFinite else { continue }
        let row = Int(mid.y.rounded(.down))
        let column = Int(min(max(mid.x, -1), Double(width)).rounded(.down))
        if column < 0 {
          cells.append(Cell(key: row * rowKey, area: dy, segment: -1))
        } else if column < width {
          let fraction = mid.x - Double(column)
          cells.append(
            Cell(key: row * rowKey + column, area: dy * (1 - fraction), segment: Int32(s)))
          if column + 1 < width {
            cells.append(Cell(key: row * rowKey + column + 1, area: dy * fraction, segment: -1))
          }
        }
      }
    }
    cells.sort { $0.key < $1.key }

    var pixels: [PartialPixel] = []
    var rowStart = [Int](repeating: 0, count: height + 1)
    var i = 0
    var currentRow = -1
    var running = 0.0
    while i < cells.count {
      let key = cells[i].key
      let row = key / rowKey
      if row != currentRow {
        for r in (currentRow + 1)...row { rowStart[r] = pixels.count }
        currentRow = row
        running = 0
      }
      var segment: Int32 = -1
      while i < cells.count && cells[i].key == key {
        running += cells[i].area
        if segment < 0 { segment = cells[i].segment }
        i += 1
      }
      let coverage = min(abs(running), 1)
      if segment >= 0 && coverage < 1 - 1e-4 {
        let x = key - row * rowKey
        let piece = outline[Int(segment)]
        let centre = SIMD2(Double(x) + 0.5, Double(row) + 0.5)
        let d = piece.end - piece.start
        let length2 = (d * d).sum()
        let t = length2 > 0 ? min(max(((centre - piece.start) * d).sum() / length2, 0), 1) : 0
        let uv = mix(piece.startUV, piece.endUV, t)
        pixels.append(
          PartialPixel(
            x: Int32(x), coverage: Float(coverage), edgeColor: edgeColor(piece.patch, uv)))
      }
    }
    for r in (currentRow + 1)...height { rowStart[r] = pixels.count }
    self.pixels = pixels
    self.rowStart = rowStart
  }
}
