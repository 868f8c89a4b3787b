import Foundation
import MeshWarpCore

/// A map from the pixels of one output row to source points, solved
/// exactly at the pixels ``AdaptiveRow`` asks for: the smooth surfaces
/// (Newton's method on the `to` patches, `SmoothSurfaceWarp`) and an
/// effect's field (its inverse map G, `FieldWarp`).
protocol RowMap {
  /// Pixel `x` of the row solved: its source point and, for a map solved
  /// iteratively, its parameters; `guess` is where the parameters are
  /// expected (maps in closed form ignore it).
  func solve(_ x: Int, guess: Vector2) -> RowPoint
  /// The analytic piece that `parameters` lie in: a cell of the unit
  /// lattice of the parameters (a chunk that leaves its cell is split
  /// where its parameters cross the border). A map whose rows are
  /// analytic gives parameters that never change, in one piece.
  func piece(_ parameters: Vector2) -> Int
  /// The largest error in source pixels allowed at the check points.
  static var tolerance: Double { get }
  /// The shortest chunk tried as one cubic (default 24 pixels).
  static var cubicMinimum: Int { get }
}

extension RowMap {
  static var cubicMinimum: Int { 24 }
}

/// A solved pixel: its parameters (see ``RowMap``) and its source point.
struct RowPoint {
  var parameters: Vector2
  var source: Vector2
  /// The parameters' change per pixel of the row.
  var slope: Vector2

  /// A pixel of a map in closed form (no parameters).
  @inline(__always) init(source: Vector2) {
    parameters = .zero
    self.source = source
    slope = .zero
  }

  @inline(__always) init(parameters: Vector2, source: Vector2, slope: Vector2) {
    self.parameters = parameters
    self.source = source
    self.slope = slope
  }

  /// The guess for pixel `i` between this pixel (0) and `end` (at `l`):
  /// the cubic Hermite curve through both with their slopes.
  @inline(__always) func guess(_ i: Int, to end: RowPoint, span l: Int) -> Vector2 {
    let t = Double(i) / Double(l)
    let t2 = t * t
    let t3 = t2 * t
    let d = Double(l)
    return parameters * (2 * t3 - 3 * t2 + 1) + slope * (d * (t3 - 2 * t2 + t))
      + end.parameters * (3 * t2 - 2 * t3) + end.slope * (d * (t3 - t2))
  }
}

/// Draws a row of an exact map (``RowMap``) with few exact solves: the
/// one adaptive row algorithm of the smooth surfaces and the effects'
/// fields.
///
/// A run of pixels is cut into chunks of at most ``chunk`` pixels whose
/// ends are solved (neighbouring chunks share them). A chunk that leaves
/// its piece (``RowMap/piece(_:)``) is split where its parameters,
/// interpolated linearly, cross the piece's border. A chunk of at least
/// ``cubicMinimum`` pixels is first tried as one cubic through exact points
/// at 0, ⅓, ⅔ and its end, checked at ⅙ and ⅚ within half of the map's
/// ``RowMap/tolerance`` and written as quadratic runs of that cubic short
/// enough for the other half; one that fails is split at its
/// thirds. Shorter chunks take the face shader's quadratic
/// (``WarpSpanShader``), checked at both quarter points: a map that bends
/// hard (a source step changing by half over a dozen pixels) can hide its
/// quartic terms at one of them. Under 8 pixels, every pixel is solved.
/// Each run is written through ``SpanWriter/writeQuadratic(count:start:end:b:c:span:out:)``.
struct AdaptiveRow<Map: RowMap> {
  /// Largest error in source pixels of the interpolated points at the
  /// check points (the map's).
  static var tolerance: Double { Map.tolerance }
  /// Shortest chunk tried as one cubic (shorter ones take the quadratic
  /// check directly): the map's.
  static var cubicMinimum: Int { Map.cubicMinimum }
  /// Most pixels per chunk of a row.
  static var chunk: Int { 256 }

  let map: Map

  @inline(__always) func solve(_ x: Int, guess: Vector2) -> RowPoint { map.solve(x, guess: guess) }

  /// Shades `count` pixels from column `x` into `pixel` (the pixel at
  /// `x`), in chunks of at most ``chunk`` pixels that share their solved
  /// ends. `guess(k, x)` gives the parameters expected at chunk boundary
  /// `k` (column `x`; the run's last pixel is boundary `chunks`), and
  /// `solved(k, point)` hears each boundary solved.
  @inline(__always)
  func shadeRun<Writer: SpanWriter>(
    x first: Int, count: Int, sampler: Writer, out pixel: UnsafeMutablePointer<Writer.Channel>,
    guess: (_ boundary: Int, _ x: Int) -> Vector2, solved: (_ boundary: Int, RowPoint) -> Void
  ) {
    guard count > 0 else { return }
    let chunks = (count + Self.chunk - 1) / Self.chunk
    var x = first
    var start = solve(first, guess: guess(0, first))
    solved(0, start)
    for k in 1...chunks {
      let next = first + count * k / chunks
      // The chunk's far end: the next chunk's first pixel where there is
      // one (solved once for both), else the run's last pixel.
      let l = k < chunks ? next - x : next - x - 1
      let end = l == 0 ? start : solve(x + l, guess: guess(k, x + l))
      solved(k, end)
      shadeChunk(
        x: x, count: next - x, end: l, start: start, endPoint: end, sampler: sampler,
        out: pixel + (x - first) &* 4)
      x = next
      start = end
    }
  }

  /// Shades `count` pixels from column `x`, given the solved pixels `x`
  /// and `x + l` (`l` = `count` or `count` − 1), as
  /// `WarpSpanShader.shadeChunk` does a face's; `middle`, when known, is
  /// the solved pixel `x + l/2` (a failed chunk's check point is its
  /// first half's middle).
  func shadeChunk<Writer: SpanWriter>(
    x: Int, count n: Int, end l: Int, start: RowPoint, endPoint end: RowPoint,
    middle known: RowPoint? = nil, sampler: Writer, out pixel: UnsafeMutablePointer<Writer.Channel>
  ) {
    @inline(__always) func guess(_ i: Int) -> Vector2 { start.guess(i, to: end, span: l) }
    guard n >= 8 else {
      for i in 0..<n {
        let s = i == 0 ? start : (i == l ? end : solve(x + i, guess: guess(i)))
        sampler.write(at: s.source, to: pixel + i &* 4)
      }
      return
    }
    let cell = map.piece(start.parameters)
    if map.piece(end.parameters) != cell {
      // The chunk leaves its cell: split where the parameters,
      // interpolated linearly, cross the cell's border (each side is
      // then one cell's analytic map, or is split again nearer).
      var f = 1.0
      for axis in 0..<2 {
        let (a, b) = (start.parameters[axis], end.parameters[axis])
        let border = b > a ? a.rounded(.down) + 1 : a.rounded(.down)
        if b != a && (b > a ? b >= border : b < border) { f = min(f, (border - a) / (b - a)) }
      }
      let k = min(max(Int((f * Double(l)).rounded(.down)) + 1, 1), n - 1)
      let last = k == 1 ? start : solve(x + k - 1, guess: guess(k - 1))
      let first = k == l ? end : solve(x + k, guess: guess(k))
      shadeChunk(
        x: x, count: k, end: k - 1, start: start, endPoint: last, sampler: sampler, out: pixel)
      shadeChunk(
        x: x + k, count: n - k, end: l - k, start: first, endPoint: end, sampler: sampler,
        out: pixel + k &* 4)
      return
    }
    if n >= Self.cubicMinimum {
      guard
        let (i1, a, i2, b) = shadeCubic(
          x: x, count: n, end: l, start: start, endPoint: end, sampler: sampler, out: pixel)
      else { return }
      if n >= 3 * Self.cubicMinimum {
        // Thirds at the cubic's solved points, each tried again.
        shadeChunk(
          x: x, count: i1, end: i1, start: start, endPoint: a, sampler: sampler, out: pixel)
        shadeChunk(
          x: x + i1, count: i2 - i1, end: i2 - i1, start: a, endPoint: b, sampler: sampler,
          out: pixel + i1 &* 4)
        shadeChunk(
          x: x + i2, count: n - i2, end: l - i2, start: b, endPoint: end, sampler: sampler,
          out: pixel + i2 &* 4)
        return
      }
    }
    let m = l / 2
    let q = m / 2
    let middle = known ?? solve(x + m, guess: guess(m))
    // The check points' guesses: the parameters' quadratic through the
    // three solved pixels (usually within Newton's last step).
    let ps = (middle.parameters - start.parameters) / Double(m)
    let pc = ((end.parameters - start.parameters) / Double(l) - ps) / Double(l - m)
    @inline(__always) func check(_ i: Int) -> RowPoint {
      solve(x + i, guess: start.parameters + (ps - pc * Double(m) + pc * Double(i)) * Double(i))
    }
    let slopeM = (middle.source - start.source) / Double(m)
    let c = ((end.source - start.source) / Double(l) - slopeM) / Double(l - m)
    let b = slopeM - c * Double(m)
    @inline(__always) func fits(_ i: Int, _ solved: RowPoint) -> Bool {
      let error = start.source + (b + c * Double(i)) * Double(i) - solved.source
      return abs(error.x) <= Self.tolerance && abs(error.y) <= Self.tolerance
        && map.piece(solved.parameters) == cell
    }
    // Checked at both quarters: where the map bends hard (a source step
    // changing by half over a dozen pixels) its quartic terms can hide
    // at one of them.
    let first = check(q)
    let firstFits = fits(q, first) && map.piece(middle.parameters) == cell
    guard firstFits, fits(l - q, check(l - q)) else {
      shadeChunk(
        x: x, count: m, end: m, start: start, endPoint: middle,
        middle: m / 2 == q ? first : nil, sampler: sampler, out: pixel)
      shadeChunk(
        x: x + m, count: n - m, end: l - m, start: middle, endPoint: end, sampler: sampler,
        out: pixel + m &* 4)
      return
    }
    sampler.writeQuadratic(
      count: n, start: start.source, end: end.source, b: b, c: c, span: Double(l), out: pixel)
  }

  /// Tries `count` pixels from column `x` (solved at `x` and `x + l`) as
  /// one cubic through the exact points at 0, l/3, 2l/3 and l, checked
  /// at l/6 and 5l/6 (near the largest errors of a four-point cubic)
  /// against the exact solution within half ``tolerance``, all in the
  /// start's piece. Where it holds, the pixels are written as quadratic
  /// runs of that cubic, each short enough to stay within the other half
  /// (a quadratic through a cubic's ends and middle errs by at most
  /// |a₃|·h³·√3/36 over h pixels), and no pixel is solved; else nothing
  /// is written and the result is the two solved interior points with
  /// their columns (from `x`), for the caller's split.
  func shadeCubic<Writer: SpanWriter>(
    x: Int, count n: Int, end l: Int, start: RowPoint, endPoint end: RowPoint, sampler: Writer,
    out pixel: UnsafeMutablePointer<Writer.Channel>
  ) -> (Int, RowPoint, Int, RowPoint)? {
    let cell = map.piece(start.parameters)
    let (i1, i2) = (l / 3, (2 * l) / 3)
    let a = solve(x + i1, guess: start.guess(i1, to: end, span: l))
    let b = solve(x + i2, guess: start.guess(i2, to: end, span: l))
    let failed = (i1, a, i2, b)
    guard map.piece(a.parameters) == cell, map.piece(b.parameters) == cell
    else { return failed }
    let (t1, t2, t3) = (Double(i1), Double(i2), Double(l))
    let source = Cubic(t1, t2, t3, start.source, a.source, b.source, end.source)
    let parameters = Cubic(
      t1, t2, t3, start.parameters, a.parameters, b.parameters, end.parameters)
    let half = Self.tolerance / 2
    @inline(__always) func fits(_ i: Int) -> Bool {
      let exact = solve(x + i, guess: parameters.at(Double(i)))
      let error = source.at(Double(i)) - exact.source
      return abs(error.x) <= half && abs(error.y) <= half && map.piece(exact.parameters) == cell
    }
    // (Two calls, not a loop over an array literal: that allocated.)
    guard fits(l / 6), fits(l - l / 6) else { return failed }
    // Quadratic runs of the cubic, of equal length h with
    // h³ ≤ 0.8·half·36/(√3·|a₃|) (the 0.8 for a middle node off by
    // half a pixel on odd spans).
    let a3 = max(abs(source.f0123.x), abs(source.f0123.y))
    let h = max(2, min(n, Int(min(cbrt(0.8 * half * 36 / (3.0.squareRoot() * a3)), 1e9))))
    let runs = (n + h - 1) / h
    for r in 0..<runs {
      let i = n * r / runs
      let count = n * (r + 1) / runs - i
      // The run's far end: the next run's first pixel, or for the last
      // run the chunk's end point.
      let span = r + 1 < runs ? count : l - i
      let m = span / 2
      guard m > 0 else {
        for k in 0..<count {
          sampler.write(at: source.at(Double(i + k)), to: pixel + (i + k) &* 4)
        }
        continue
      }
      let p0 = source.at(Double(i))
      let slopeM: Vector2 = (source.at(Double(i + m)) - p0) / Double(m)
      let pl = source.at(Double(i + span))
      let slopeL: Vector2 = (pl - p0) / Double(span)
      let c: Vector2 = (slopeL - slopeM) / Double(span - m)
      sampler.writeQuadratic(
        count: count, start: p0, end: pl, b: slopeM - c * Double(m), c: c,
        span: Double(span), out: pixel + i &* 4)
    }
    return nil
  }
}

/// A cubic through four points p(tₖ), in Newton's divided-difference
/// form: p(t) = p₀ + t·(f₀₁ + (t − t₁)·(f₀₁₂ + (t − t₂)·f₀₁₂₃)).
struct Cubic {
  let t1: Double
  let t2: Double
  let p0: Vector2
  let f01: Vector2
  let f012: Vector2
  let f0123: Vector2

  /// Through (0, p0), (t1, p1), (t2, p2), (t3, p3), 0 < t1 < t2 < t3.
  @inline(__always)
  init(
    _ t1: Double, _ t2: Double, _ t3: Double, _ p0: Vector2, _ p1: Vector2, _ p2: Vector2,
    _ p3: Vector2
  ) {
    let f01 = (p1 - p0) / t1
    let f12 = (p2 - p1) / (t2 - t1)
    let f23 = (p3 - p2) / (t3 - t2)
    let f012 = (f12 - f01) / t2
    let f123 = (f23 - f12) / (t3 - t1)
    (self.t1, self.t2, self.p0, self.f01, self.f012) = (t1, t2, p0, f01, f012)
    f0123 = (f123 - f012) / t3
  }

  @inline(__always) func at(_ t: Double) -> Vector2 {
    p0 + (f01 + (f012 + f0123 * (t - t2)) * (t - t1)) * t
  }
}
