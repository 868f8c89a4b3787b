import MeshWarpCore
import MeshWarpRender

extension RGBAImage {
  /// Fills an anti-aliased rounded rectangle over the pixels it covers
  /// (source-over), with an optional outline.
  ///
  /// Coverage per pixel centre p is clamp(0.5 − d, 0, 1) where d is the
  /// signed distance from p to the rounded rectangle (negative inside):
  /// with q = |p − centre| − (halfSize − radius),
  /// d = |max(q, 0)| + min(max(q.x, q.y), 0) − radius (the usual box
  /// distance, rounded by `radius`).
  ///
  /// - Parameters:
  ///   - rect: the rectangle's min corner and size, in pixels.
  ///   - radius: corner radius in pixels, clamped to half the shorter side.
  ///   - outline: ring colour drawn inside the edge, `outlineWidth` pixels.
  /// - Complexity: O(rectangle area).
  package mutating func fillRoundedRect(
    origin: Vector2, size rectSize: Vector2, radius: Double, color: RGBA8,
    outline: RGBA8? = nil, outlineWidth: Double = 1.5
  ) {
    let half = rectSize / 2
    let centre = origin + half
    let r = min(max(radius, 0), min(half.x, half.y))
    let x0 = max(0, Int(origin.x) - 1)
    let y0 = max(0, Int(origin.y) - 1)
    let x1 = min(width - 1, Int((origin.x + rectSize.x).rounded(.up)) + 1)
    let y1 = min(height - 1, Int((origin.y + rectSize.y).rounded(.up)) + 1)
    guard x0 <= x1, y0 <= y1 else { return }
    for y in y0...y1 {
      for x in x0...x1 {
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5) - centre
        let q = Vector2(abs(p.x), abs(p.y)) - (half - Vector2(r, r))
        let outside = pointwiseMax(q, .zero)
        let d = (outside * outside).sum().squareRoot() + min(max(q.x, q.y), 0) - r
        let inside = min(max(0.5 - d, 0), 1)
        guard inside > 0 else { continue }
        if let outline {
          let inner = min(max(0.5 - (d + outlineWidth), 0), 1)
          blend(x: x, y: y, outline, coverage: inside - inner)
          blend(x: x, y: y, color, coverage: inner)
        } else {
          blend(x: x, y: y, color, coverage: inside)
        }
      }
    }
  }
}
