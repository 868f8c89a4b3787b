import Foundation

extension RGBAImage {
  /// Blends `colour` over pixel (x, y) with extra coverage `coverage` (0…1),
  /// by the package's one source-over (`sourceOver`). Out-of-bounds pixels
  /// are ignored.
  public mutating func blend(x: Int, y: Int, _ colour: RGBA8, coverage: Double) {
    guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
    let i = (y * width + x) * 4
    let alpha = Float(colour.a) / 255 * Float(min(coverage, 1))
    pixels.withUnsafeMutableBufferPointer { p in
      sourceOver(
        Float(colour.r), Float(colour.g), Float(colour.b), alpha: alpha, onto: p.baseAddress! + i)
    }
  }

  /// Draws an anti-aliased line segment of `thickness` pixels between two
  /// points in pixel coordinates (coverage from the distance of each pixel
  /// centre to the segment, with a one-pixel ramp).
  public mutating func drawLine(
    from a: Vector2, to b: Vector2, thickness: Double = 1.5, colour: RGBA8
  ) {
    let r = thickness / 2
    let lo = pointwiseMin(a, b) - Vector2(r + 1, r + 1)
    let hi = pointwiseMax(a, b) + Vector2(r + 1, r + 1)
    let d = b - a
    let len2 = (d * d).sum()
    for y in max(0, Int(lo.y))...min(height - 1, max(0, Int(hi.y))) {
      for x in max(0, Int(lo.x))...min(width - 1, max(0, Int(hi.x))) {
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
        let t = len2 > 0 ? min(max(((p - a) * d).sum() / len2, 0), 1) : 0
        let q = a + d * t - p
        let dist = (q * q).sum().squareRoot()
        blend(x: x, y: y, colour, coverage: min(max(r + 0.5 - dist, 0), 1))
      }
    }
  }

  /// Fills an anti-aliased disc of `radius` pixels centred at `centre`
  /// (pixel coordinates), with an optional ring of `outline` colour.
  public mutating func fillCircle(
    centre: Vector2, radius: Double, colour: RGBA8, outline: RGBA8? = nil,
    outlineWidth: Double = 1.5
  ) {
    let reach = radius + 1
    for y in max(0, Int(centre.y - reach))...min(height - 1, max(0, Int(centre.y + reach))) {
      for x in max(0, Int(centre.x - reach))...min(width - 1, max(0, Int(centre.x + reach))) {
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5) - centre
        let dist = (p * p).sum().squareRoot()
        let inside = min(max(radius + 0.5 - dist, 0), 1)
        if let outline {
          let inner = min(max(radius - outlineWidth + 0.5 - dist, 0), 1)
          blend(x: x, y: y, outline, coverage: inside - inner)
          blend(x: x, y: y, colour, coverage: inner)
        } else {
          blend(x: x, y: y, colour, coverage: inside)
        }
      }
    }
  }

  /// Draws a mesh's warped edges and vertices over the image: `to` points
  /// scaled by the image size (plus `offset`).
  public mutating func drawMeshOverlay(
    _ mesh: WarpMesh, offset: Vector2 = .zero, scale: Vector2? = nil,
    lineColour: RGBA8 = RGBA8(0, 122, 255, 210), pointColour: RGBA8 = RGBA8(255, 59, 48),
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
          to: Vector2(mesh.pointPairs[key[1]].to) * s + offset, thickness: 1.5, colour: lineColour)
      }
    }
    for pair in mesh.pointPairs where pair.to.x.isFinite && pair.to.y.isFinite {
      fillCircle(
        centre: Vector2(pair.to) * s + offset, radius: pointRadius, colour: pointColour,
        outline: .white)
    }
  }
}
