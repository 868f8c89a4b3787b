import MeshWarpCore

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

  /// A vertex on the fixed-point grid: pixel coordinates times 256.
  @usableFromInline typealias FixedPoint = (x: Int64, y: Int64)

  /// `v` pixels on the fixed-point grid: clamped to ±2^20, times 256,
  /// rounded to nearest (ties to even).
  @inline(__always) @usableFromInline static func fixed(_ v: Double) -> Int64 {
    let limit = Double(1 << 20)
    return Int64((min(max(v, -limit), limit) * Double(one)).rounded(.toNearestOrEven))
  }

  /// A finite point `p` (pixels) snapped to the fixed-point grid, as
  /// ``init(fixed:_:_:)`` takes it. `Double(x) / 256` is the snapped value,
  /// exactly.
  ///
  /// - Precondition: `p` is finite (a NaN traps).
  @inline(__always) @usableFromInline static func fixedPoint(_ p: Vector2) -> FixedPoint {
    (fixed(p.x), fixed(p.y))
  }

  /// Prepares a triangle in pixel coordinates, or returns `nil` when it is
  /// degenerate after snapping or has a non-finite corner.
  @usableFromInline init?(_ p0: Vector2, _ p1: Vector2, _ p2: Vector2) {
    guard p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite, p2.x.isFinite,
      p2.y.isFinite
    else { return nil }
    self.init(fixed: Self.fixedPoint(p0), Self.fixedPoint(p1), Self.fixedPoint(p2))
  }

  /// Prepares a triangle from corners already on the fixed-point grid
  /// (``fixedPoint(_:)``), or returns `nil` when it is degenerate: the same
  /// triangle as ``init(_:_:_:)`` on the unsnapped corners. For meshes whose
  /// corners are shared by several triangles: each corner is snapped once,
  /// and nothing is allocated or rounded here.
  ///
  /// - Precondition: every coordinate within ±2^28 (what ``fixedPoint(_:)``
  ///   returns), so that the edge functions fit in Int64.
  /// - Complexity: O(1).
  @inline(__always) @usableFromInline
  init?(fixed p0: FixedPoint, _ q1: FixedPoint, _ q2: FixedPoint) {
    let area2 = (q1.x - p0.x) * (q2.y - p0.y) - (q1.y - p0.y) * (q2.x - p0.x)
    guard area2 != 0 else { return nil }
    // Positive orientation: swap the last two corners of a clockwise one.
    let p1 = area2 < 0 ? q2 : q1
    let p2 = area2 < 0 ? q1 : q2
    // Top-left rule. With positive orientation the inside lies where
    // E > 0: below a rightward edge (a top edge) and right of an upward
    // edge (a left edge). Of (a→b) and (b→a) exactly one owns.
    @inline(__always) func notOwning(_ ex: Int64, _ ey: Int64) -> Int64 {
      ey < 0 || (ey == 0 && ex > 0) ? 0 : 1
    }
    ax = (p0.x, p1.x, p2.x)
    ay = (p0.y, p1.y, p2.y)
    dx = (p1.x - p0.x, p2.x - p1.x, p0.x - p2.x)
    dy = (p1.y - p0.y, p2.y - p1.y, p0.y - p2.y)
    bias = (notOwning(dx.0, dy.0), notOwning(dx.1, dy.1), notOwning(dx.2, dy.2))
    let minY = min(p0.y, p1.y, p2.y)
    let maxY = max(p0.y, p1.y, p2.y)
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

  /// Calls `body(y, span(row: y, width: width))` for every row `y` of
  /// `rows` in order, with the same spans but no division per row.
  ///
  /// Each edge's bound on row y is ⌊N(y) / D⌋ for an integer N that changes
  /// by a constant from one row to the next, so its quotient and remainder
  /// advance by constants too (a digital differential analyser, as in
  /// Bresenham's line algorithm): exact, like ``span(row:width:)``, at a
  /// few additions per edge and row.
  ///
  /// - Parameters:
  ///   - rows: The rows to visit, any integers (typically ``rows`` clipped
  ///     to the image or to a band of it).
  ///   - width: The image width; spans are clipped to `0..<width`.
  ///   - body: Receives the row and its covered columns (`0..<0` when
  ///     none).
  /// - Complexity: O(1) setup, then O(1) per row plus `body`.
  @inline(__always) @usableFromInline
  func forEachSpan(
    rows: ClosedRange<Int>, width: Int, _ body: (_ y: Int, _ columns: Range<Int>) -> Void
  ) {
    var walk = SpanWalk(self, row: rows.lowerBound, width: width)
    for y in rows { body(y, walk.next()) }
  }

  /// The spans of consecutive rows, one row per ``next()``, by the
  /// edges' ``EdgeWalk``s (see ``forEachSpan(rows:width:_:)``): for a
  /// caller that walks two triangles in step.
  @usableFromInline struct SpanWalk {
    @usableFromInline var e0: EdgeWalk
    @usableFromInline var e1: EdgeWalk
    @usableFromInline var e2: EdgeWalk
    @usableFromInline let maxColumn: Int64

    /// The walk from row `row` on, spans clipped to `0..<width`.
    @inline(__always) @usableFromInline
    init(_ t: TriangleRasterizer, row: Int, width: Int) {
      e0 = EdgeWalk(t.ax.0, t.ay.0, t.dx.0, t.dy.0, t.bias.0, row: row)
      e1 = EdgeWalk(t.ax.1, t.ay.1, t.dx.1, t.dy.1, t.bias.1, row: row)
      e2 = EdgeWalk(t.ax.2, t.ay.2, t.dx.2, t.dy.2, t.bias.2, row: row)
      maxColumn = Int64(width) - 1
    }

    /// The current row's span (``span(row:width:)``'s), then the next row.
    @inline(__always) @usableFromInline
    mutating func next() -> Range<Int> {
      var lo: Int64 = 0
      var hi = maxColumn
      e0.clip(&lo, &hi)
      e1.clip(&lo, &hi)
      e2.clip(&lo, &hi)
      e0.advance()
      e1.advance()
      e2.advance()
      return lo <= hi ? Int(lo)..<Int(hi + 1) : 0..<0
    }
  }

  /// One edge's bound on the columns of consecutive rows (see
  /// ``forEachSpan(rows:width:_:)``). With K(y) = t − c(y) − a·128 as in
  /// ``span(row:width:)``, centre column x is inside when 256·a·x ≥ K(y):
  /// x ≥ ⌈K / 256a⌉ = −⌊−K / 256a⌋ for a > 0, x ≤ ⌊K / 256a⌋ = ⌊−K / 256|a|⌋
  /// for a < 0. So both track N = −K over the divisor 256|a|; N grows by
  /// 256·dx per row.
  @usableFromInline struct EdgeWalk {
    /// +1: the bound is a least column, −1: a greatest column, 0: a
    /// horizontal edge (`quotient` is K itself; the row is empty when K > 0).
    @usableFromInline var side: Int64
    /// ⌊N / divisor⌋ and N − quotient·divisor ∈ [0, divisor).
    @usableFromInline var quotient: Int64
    @usableFromInline var remainder: Int64
    @usableFromInline let divisor: Int64
    /// The change of N per row, as divisor·quotientStep + remainderStep.
    @usableFromInline let quotientStep: Int64
    @usableFromInline let remainderStep: Int64

    @inline(__always) @usableFromInline
    init(_ ax: Int64, _ ay: Int64, _ dx: Int64, _ dy: Int64, _ t: Int64, row y: Int) {
      let py = Int64(y) * TriangleRasterizer.one + TriangleRasterizer.one / 2
      let a = -dy
      let k = t - (dx * (py - ay) + dy * ax) - a * (TriangleRasterizer.one / 2)
      let kStep = -dx * TriangleRasterizer.one
      if a == 0 {
        side = 0
        quotient = k
        remainder = 0
        divisor = 1
        quotientStep = kStep
        remainderStep = 0
        return
      }
      side = a > 0 ? 1 : -1
      let n = -k
      let nStep = -kStep
      divisor = abs(a) * TriangleRasterizer.one
      quotient = floorDiv(n, divisor)
      remainder = n - quotient * divisor
      quotientStep = floorDiv(nStep, divisor)
      remainderStep = nStep - quotientStep * divisor
    }

    /// Narrows `lo…hi` to this edge's bound on the current row.
    @inline(__always) @usableFromInline
    func clip(_ lo: inout Int64, _ hi: inout Int64) {
      if side > 0 {
        lo = max(lo, -quotient)
      } else if side < 0 {
        hi = min(hi, quotient)
      } else if quotient > 0 {
        hi = -1
      }
    }

    /// Moves to the next row. (Wrapping additions: the values stay far
    /// inside Int64 for corners from ``fixedPoint(_:)`` and rows within
    /// ±2^28.)
    @inline(__always) @usableFromInline
    mutating func advance() {
      quotient &+= quotientStep
      remainder &+= remainderStep
      if remainder >= divisor {
        remainder &-= divisor
        quotient &+= 1
      }
    }
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
