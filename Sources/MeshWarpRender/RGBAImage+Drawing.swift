import Foundation
import MeshWarpCore

extension RGBAImage {
  /// Blends `colour` over pixel (x, y) with extra coverage `coverage` (0…1),
  /// by the package's one source-over (`sourceOver`). Out-of-bounds pixels
  /// are ignored.
  public mutating func blend(x: Int, y: Int, _ color: RGBA8, coverage: Double) {
    guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
    let i = (y * width + x) * 4
    let alpha = Float(color.a) / 255 * Float(min(coverage, 1))
    pixels.withUnsafeMutableBufferPointer { p in
      sourceOver(
        Float(color.r), Float(color.g), Float(color.b), alpha: alpha, onto: p.baseAddress! + i)
    }
  }

  /// The pixel indices 0..<`count` from ⌊`lo`⌋ to ⌊`hi`⌋, nil when none
  /// (a shape wholly outside the image, or not finite).
  static func pixels(from lo: Double, to hi: Double, count: Int) -> ClosedRange<Int>? {
    guard lo.isFinite, hi.isFinite else { return nil }
    let first = max(0, lo.rounded(.down))
    let last = min(Double(count - 1), hi.rounded(.down))
    guard first <= last else { return nil }
    return Int(first)...Int(last)
  }

  /// Draws an anti-aliased line segment of `thickness` pixels between two
  /// points in pixel coordinates (coverage from the distance of each pixel
  /// centre to the segment, with a one-pixel ramp).
  ///
  /// Each row (each column, for a shallow line) visits only the pixels
  /// whose centres lie within r + 1 of the segment's line (its x there
  /// ± (r + 1)·|d|/|d_y|: a centre Δx from the line along the row is
  /// Δx·|d_y|/|d| from it), not the whole bounding box; the others have no
  /// coverage. (A grid overlay's edges had boxes some 30 px across for a
  /// 3-px line.)
  public mutating func drawLine(
    from a: Vector2, to b: Vector2, thickness: Double = 1.5, color: RGBA8
  ) {
    let r = thickness / 2
    let lo = pointwiseMin(a, b) - Vector2(r + 1, r + 1)
    let hi = pointwiseMax(a, b) + Vector2(r + 1, r + 1)
    let d = b - a
    let len2 = (d * d).sum()
    guard let rows = Self.pixels(from: lo.y, to: hi.y, count: height),
      let columns = Self.pixels(from: lo.x, to: hi.x, count: width)
    else { return }
    @inline(__always) func shade(_ x: Int, _ y: Int) {
      let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
      let t = len2 > 0 ? min(max(((p - a) * d).sum() / len2, 0), 1) : 0
      let q = a + d * t - p
      let dist = (q * q).sum().squareRoot()
      blend(x: x, y: y, color, coverage: min(max(r + 0.5 - dist, 0), 1))
    }
    // Along the longer axis: per row for a steep line, per column for a
    // shallow one, each over the band's pixels only.
    let steep = abs(d.y) >= abs(d.x)
    let (along, across) = steep ? (rows, columns) : (columns, rows)
    let (major, minor) = steep ? (d.y, d.x) : (d.x, d.y)
    let (majorStart, minorStart) = steep ? (a.y, a.x) : (a.x, a.y)
    // Half the band's width across, when the segment is not a point.
    let reach = major != 0 ? (r + 1) * len2.squareRoot() / abs(major) : Double.infinity
    for i in along {
      var from = Double(across.lowerBound)
      var to = Double(across.upperBound)
      if reach.isFinite {
        // Clamped to the box before converting.
        let centre = minorStart + (Double(i) + 0.5 - majorStart) * minor / major - 0.5
        from = max(from, (centre - reach).rounded(.down))
        to = min(to, (centre + reach).rounded(.up))
      }
      guard from <= to else { continue }
      for j in Int(from)...Int(to) {
        if steep { shade(j, i) } else { shade(i, j) }
      }
    }
  }

  /// Fills an anti-aliased disc of `radius` pixels centred at `centre`
  /// (pixel coordinates), with an optional ring of `outline` colour.
  public mutating func fillCircle(
    centre: Vector2, radius: Double, color: RGBA8, outline: RGBA8? = nil,
    outlineWidth: Double = 1.5
  ) {
    let reach = radius + 1
    guard let rows = Self.pixels(from: centre.y - reach, to: centre.y + reach, count: height),
      let columns = Self.pixels(from: centre.x - reach, to: centre.x + reach, count: width)
    else { return }
    for y in rows {
      for x in columns {
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5) - centre
        let dist = (p * p).sum().squareRoot()
        let inside = min(max(radius + 0.5 - dist, 0), 1)
        if let outline {
          let inner = min(max(radius - outlineWidth + 0.5 - dist, 0), 1)
          blend(x: x, y: y, outline, coverage: inside - inner)
          blend(x: x, y: y, color, coverage: inner)
        } else {
          blend(x: x, y: y, color, coverage: inside)
        }
      }
    }
  }

  /// Draws a mesh's warped edges and vertices over the image: `to` points
  /// scaled by the image size (plus `offset`).
  public mutating func drawMeshOverlay(
    _ mesh: WarpMesh, offset: Vector2 = .zero, scale: Vector2? = nil,
    lineColor: RGBA8 = RGBA8(0, 122, 255, 210), pointColor: RGBA8 = RGBA8(255, 59, 48),
    pointRadius: Double = 6
  ) {
    let s = scale ?? size
    var drawn = Set<[Int]>()
    for (f, face) in mesh.faces.enumerated() where mesh.isRenderable(f) {
      let ids = face.indices
      for e in 0..<4 {
        let key = [min(ids[e], ids[(e + 1) % 4]), max(ids[e], ids[(e + 1) % 4])]
        guard drawn.insert(key).inserted else { continue }
        drawLine(
          from: Vector2(mesh.pointPairs[key[0]].to) * s + offset,
          to: Vector2(mesh.pointPairs[key[1]].to) * s + offset, thickness: 1.5, color: lineColor)
      }
    }
    for pair in mesh.pointPairs where pair.to.x.isFinite && pair.to.y.isFinite {
      fillCircle(
        centre: Vector2(pair.to) * s + offset, radius: pointRadius, color: pointColor,
        outline: .white)
    }
  }
}
