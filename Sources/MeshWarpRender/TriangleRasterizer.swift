/// Scanline spans of a triangle over pixel centres, in exact integer
/// arithmetic, with the top-left fill rule.
///
/// Vertices snap to a fixed-point grid of 1/256 px (8 sub-pixel bits, as GPU
/// rasterizers use); pixel centres (x + ½, y + ½) lie on that grid, so the edge
/// functions `E = (b − a) × (p − a)` are exact 64-bit integers. A centre on an
/// edge (E = 0) belongs to the triangle only if that edge is a "top" or "left"
/// edge; for an edge shared by two triangles on opposite sides, exactly one of
/// the two owns it. So a mesh's shared edges leave no gap and no double cover
/// (Direct3D/OpenGL's rasterization rule; see the D3D11 functional spec,
/// "Triangle Rasterization Rules (Without Multisampling)").
///
/// Coordinates are clamped to ±2^20 px so that products stay inside Int64.
@usableFromInline struct TriangleRasterizer: Sendable {
  @usableFromInline static let subpixelBits: Int64 = 8
  @usableFromInline static let one: Int64 = 1 << subpixelBits

  /// Three edges (a → b) of a positively oriented triangle, in fixed point.
  @usableFromInline let ax: (Int64, Int64, Int64)
  @usableFromInline let ay: (Int64, Int64, Int64)
  @usableFromInline let dx: (Int64, Int64, Int64)
  @usableFromInline let dy: (Int64, Int64, Int64)
  /// 0 where the edge owns centres exactly on it, 1 where it does not.
  @usableFromInline let bias: (Int64, Int64, Int64)
  /// Rows whose centres may be covered.
  @usableFromInline let rows: ClosedRange<Int>

  @inline(__always) static func fixed(_ v: Double) -> Int64 {
    let limit = Double(1 << 20)
    return Int64((min(max(v, -limit), limit) * Double(one)).rounded(.toNearestOrEven))
  }

  /// Prepares a triangle in pixel coordinates, or returns `nil` when it is
  /// degenerate after snapping or has a non-finite corner.
  @usableFromInline init?(_ p0: Vector2, _ p1: Vector2, _ p2: Vector2) {
    guard p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite, p2.x.isFinite,
      p2.y.isFinite
    else { return nil }
    var v = [
      (Self.fixed(p0.x), Self.fixed(p0.y)), (Self.fixed(p1.x), Self.fixed(p1.y)),
      (Self.fixed(p2.x), Self.fixed(p2.y)),
    ]
    let area2 = (v[1].0 - v[0].0) * (v[2].1 - v[0].1) - (v[1].1 - v[0].1) * (v[2].0 - v[0].0)
    guard area2 != 0 else { return nil }
    if area2 < 0 { v.swapAt(1, 2) }
    func edge(_ i: Int) -> (Int64, Int64, Int64, Int64, Int64) {
      let a = v[i]
      let b = v[(i + 1) % 3]
      let ex = b.0 - a.0
      let ey = b.1 - a.1
      // Top-left rule. With positive orientation the inside lies where
      // E > 0: below a rightward edge (a top edge) and right of an upward
      // edge (a left edge). Of (a→b) and (b→a) exactly one owns.
      let owns = ey < 0 || (ey == 0 && ex > 0)
      return (a.0, a.1, ex, ey, owns ? 0 : 1)
    }
    let e0 = edge(0)
    let e1 = edge(1)
    let e2 = edge(2)
    ax = (e0.0, e1.0, e2.0)
    ay = (e0.1, e1.1, e2.1)
    dx = (e0.2, e1.2, e2.2)
    dy = (e0.3, e1.3, e2.3)
    bias = (e0.4, e1.4, e2.4)
    let minY = min(v[0].1, v[1].1, v[2].1)
    let maxY = max(v[0].1, v[1].1, v[2].1)
    // Rows y with centre (y + ½)·256 in [minY, maxY].
    let first = Int(floorDiv(minY - Self.one / 2, Self.one))
    let last = Int(floorDiv(maxY - Self.one / 2, Self.one)) + 1
    rows = first...max(first, last)
  }

  /// The pixel columns of row `y` whose centres the triangle covers,
  /// intersected with `0..<width` (possibly empty).
  @inline(__always) @usableFromInline
  func span(row y: Int, width: Int) -> Range<Int> {
    let py = Int64(y) * Self.one + Self.one / 2
    var lo = 0
    var hi = width - 1
    @inline(__always) func clip(_ ax: Int64, _ ay: Int64, _ dx: Int64, _ dy: Int64, _ t: Int64) {
      // E(px) = dx·(py − ay) − dy·(px − ax) ≥ t, with px = 256·x + 128.
      let a = -dy
      let c = dx * (py - ay) + dy * ax
      let k = t - c - a * (Self.one / 2)
      if a > 0 {
        lo = max(lo, Int(clamping: ceilDiv(k, a * Self.one)))
      } else if a < 0 {
        hi = min(hi, Int(clamping: floorDiv(k, a * Self.one)))
      } else if c < t {
        hi = -1
      }
    }
    clip(ax.0, ay.0, dx.0, dy.0, bias.0)
    clip(ax.1, ay.1, dx.1, dy.1, bias.1)
    clip(ax.2, ay.2, dx.2, dy.2, bias.2)
    return lo <= hi ? lo..<(hi + 1) : 0..<0
  }
}

/// ⌊a / b⌋ for b ≠ 0.
@inline(__always) @usableFromInline func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
  let q = a / b
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q
}

/// ⌈a / b⌉ for b ≠ 0.
@inline(__always) @usableFromInline func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
  let q = a / b
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q
}
