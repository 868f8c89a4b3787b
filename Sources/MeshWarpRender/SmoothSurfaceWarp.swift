import Foundation
import MeshWarpCore

/// The smooth warp of a grid mesh (``WarpOptions/smooth``) drawn from its
/// two Catmull-Rom surfaces directly, without the fine mesh of
/// ``WarpMesh/smoothed(outputSize:contentSize:tolerance:)``: for an output
/// point p the surface parameters (s, t) solve to(s, t) = p by Newton's
/// method, and the source point is from(s, t), both surfaces evaluated as
/// polynomial patches (``BicubicPatch``). Exact to the solver's precision,
/// where the fine mesh is within 0.1 px of the surface.
///
/// Rows are cut into chunks of at most ``chunk`` pixels that each stay in
/// one cell (a chunk whose ends lie in different cells is split where its
/// parameters, interpolated linearly, cross the border), where the map is
/// analytic; across cells it is only C¹. A chunk of at least
/// ``cubicMinimum`` pixels is first tried as one cubic through exact points
/// at 0, ⅓, ⅔ and its end, checked at ⅙ and ⅚ within half of
/// ``Row/tolerance`` (1/256 source px) and written as quadratic runs of
/// that cubic short enough for the other half; one that fails is split at
/// its thirds. Shorter chunks take the face shader's quadratic
/// (``WarpSpanShader``), here checked at both quarter points: the smooth
/// map bends harder than a bilinear face, and one check let errors of
/// 0.04 px through. Under 8 pixels, every pixel is solved. Solves start
/// from the same chunk boundary on the row above, or from the cubic
/// Hermite curve through the chunk's solved ends and their slopes along
/// the row: 1.24 Newton evaluations a solve and about one solve per 8
/// output pixels on `warp-9x9-smooth` (linear guesses cost 10 % more
/// instructions a frame, callgrind).
///
/// Used only where the surface is one-to-one onto the output: the mesh's
/// outer points run along the output's border (``OutputCoverage``) and
/// the Jacobian of `to` is positive at 9 × 9 points of every cell, so
/// every pixel has one preimage and no pixel is left to the edge policy;
/// and the grid has at most ``maximumCells`` cells. Folded, open or larger
/// meshes take the fine mesh. `SmoothSurfaceWarpTests`
/// compares both with numpy's exact surfaces and with each other.
struct SmoothSurfaceWarp: Sendable {
  /// Grid points per row and rows.
  let columns: Int
  let rows: Int
  /// The cells' patches, row-major: `to` in output pixels, `from` in
  /// source pixels.
  let to: [BicubicPatch]
  let from: [BicubicPatch]
  /// The full output, in pixels.
  let outputSize: Vector2

  /// The most cells drawn from the surfaces (a 33 × 33 grid): the set-up
  /// checks 81 Jacobians a cell per render, and the cells of larger grids
  /// are small enough for the fine mesh's few faces each.
  static let maximumCells = 1024

  /// The surfaces of grid mesh `mesh` rendered at `outputSize` from content
  /// of `sourceSize` pixels, or `nil` where they are not one-to-one onto
  /// the output (see the type's summary) or `mesh` is not a grid.
  init?(mesh: WarpMesh, outputSize: Vector2, sourceSize: Vector2) {
    guard let grid = mesh.grid, grid.columns >= 2, grid.rows >= 2,
      grid.columns.multipliedReportingOverflow(by: grid.rows) == (mesh.pointPairs.count, false),
      (grid.columns - 1) * (grid.rows - 1) <= Self.maximumCells,
      OutputCoverage.bordersOutput(mesh.pointPairs, columns: grid.columns, rows: grid.rows)
    else { return nil }
    for p in mesh.pointPairs {
      let values = [p.from.x, p.from.y, p.to.x, p.to.y].map { Double($0) }
      guard values.allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return nil }
    }
    let (columns, rows) = (grid.columns, grid.rows)
    let toSurface = CatmullRomSurface(
      points: mesh.pointPairs.map { Vector2($0.to) }, columns: columns, rows: rows)
    let fromSurface = CatmullRomSurface(
      points: mesh.pointPairs.map { Vector2($0.from) }, columns: columns, rows: rows)
    var to: [BicubicPatch] = []
    var from: [BicubicPatch] = []
    for r in 0..<(rows - 1) {
      for c in 0..<(columns - 1) {
        let patch = toSurface.patch(column: c, row: r, scale: outputSize)
        for j in 0...8 {
          for i in 0...8 {
            let d = patch.pointAndDerivatives(u: Double(i) / 8, v: Double(j) / 8)
            guard cross(d.du, d.dv) > 0 else { return nil }
          }
        }
        to.append(patch)
        from.append(fromSurface.patch(column: c, row: r, scale: sourceSize))
      }
    }
    self.columns = columns
    self.rows = rows
    self.to = to
    self.from = from
    self.outputSize = outputSize
  }

  /// The parameters (s, t) with to(s, t) = `p` (see ``Solver``).
  func parameters(of p: Vector2, guess: Vector2) -> Vector2 {
    withSolver { $0.parameters(of: p, guess: guess).s }
  }

  /// from(s, t), in source pixels.
  func sourcePoint(parameters s: Vector2) -> Vector2 {
    withSolver { $0.sourcePoint(parameters: s) }
  }

  /// Calls `body` with a solver reading the patches in place.
  func withSolver<R>(_ body: (Solver) -> R) -> R {
    to.withUnsafeBufferPointer { to in
      from.withUnsafeBufferPointer { from in
        body(
          Solver(to: to.baseAddress!, from: from.baseAddress!, columns: columns, rows: rows))
      }
    }
  }

  /// The surfaces' inverse and source points, reading the patches through
  /// pointers (an array subscript copied the 256-byte patch per step).
  struct Solver: @unchecked Sendable {
    let to: UnsafePointer<BicubicPatch>
    let from: UnsafePointer<BicubicPatch>
    let columns: Int
    let rows: Int

    /// The cell of parameters s (clamped into the grid).
    @inline(__always) func cell(_ s: Vector2) -> (index: Int, u: Double, v: Double) {
      let c = min(max(Int(s.x), 0), columns - 2)
      let r = min(max(Int(s.y), 0), rows - 2)
      return (r &* (columns - 1) &+ c, s.x - Double(c), s.y - Double(r))
    }

    /// The parameters (s, t) ∈ [0, columns − 1] × [0, rows − 1] with
    /// to(s, t) = `p` (output pixels), by Newton's method from `guess`, in
    /// steps of at most half a cell: done after the step from a point
    /// within 10⁻² px of `p` (Newton's error is then about
    /// |to″|/|to′|²·10⁻⁴ px: under 10⁻⁵ px for cells that bend by a fifth
    /// of their size; `SmoothSurfaceWarpTests` asks 10⁻⁶ px of numpy), or
    /// at a point within 10⁻⁹ px, or after 24 steps.
    /// Also returns ∂(s, t)/∂x, the parameters' slope along the row, from
    /// the last step's Jacobian.
    @inline(__always) func parameters(of p: Vector2, guess: Vector2) -> (
      s: Vector2, slope: Vector2
    ) {
      let (right, bottom) = (Double(columns - 1), Double(rows - 1))
      var s = Vector2(min(max(guess.x, 0), right), min(max(guess.y, 0), bottom))
      var slope = Vector2.zero
      for _ in 0..<24 {
        let (index, u, v) = cell(s)
        let (f, du, dv) = to[index].pointAndDerivatives(u: u, v: v)
        let e = p - f
        let residual = max(abs(e.x), abs(e.y))
        let det = du.x * dv.y - du.y * dv.x
        guard det > 0 else { break }
        slope = Vector2(dv.y, -du.y) / det
        guard residual > 1e-9 else { break }
        var step = Vector2(e.x * dv.y - e.y * dv.x, du.x * e.y - du.y * e.x) / det
        let size = max(abs(step.x), abs(step.y))
        guard size.isFinite else { break }
        if size > 0.5 { step *= 0.5 / size }
        s = Vector2(min(max(s.x + step.x, 0), right), min(max(s.y + step.y, 0), bottom))
        if residual < 1e-2 { break }
      }
      return (s, slope)
    }

    /// from(s, t), in source pixels.
    @inline(__always) func sourcePoint(parameters s: Vector2) -> Vector2 {
      let (index, u, v) = cell(s)
      return from[index].point(u: u, v: v)
    }
  }

  /// A solved pixel: its parameters and its source point.
  struct Solved {
    var parameters: Vector2
    var source: Vector2
    /// The parameters' change per pixel of the row.
    var slope: Vector2

    /// The guess for pixel `i` between this pixel (0) and `end` (at `l`):
    /// the cubic Hermite curve through both with their slopes.
    @inline(__always) func guess(_ i: Int, to end: Solved, span l: Int) -> Vector2 {
      let t = Double(i) / Double(l)
      let t2 = t * t
      let t3 = t2 * t
      let d = Double(l)
      return parameters * (2 * t3 - 3 * t2 + 1) + slope * (d * (t3 - 2 * t2 + t))
        + end.parameters * (3 * t2 - 2 * t3) + end.slope * (d * (t3 - t2))
    }
  }

  /// One row of the render: output pixel x is the full output's point
  /// (`x0` + x·`dx`, `y`).
  struct Row {
    static let tolerance = 1.0 / 256
    let surface: Solver
    let y: Double
    let x0: Double
    let dx: Double

    @inline(__always) func solve(_ x: Int, guess: Vector2) -> Solved {
      let (s, slope) = surface.parameters(of: Vector2(x0 + Double(x) * dx, y), guess: guess)
      return Solved(parameters: s, source: surface.sourcePoint(parameters: s), slope: slope * dx)
    }

    /// Shades `count` pixels from column `x`, given the solved pixels `x`
    /// and `x + l` (`l` = `count` or `count` − 1), as
    /// `WarpSpanShader.shadeChunk` does a face's; `middle`, when known, is
    /// the solved pixel `x + l/2` (a failed chunk's check point is its
    /// first half's middle).
    func shadeChunk<Writer: SpanWriter>(
      x: Int, count n: Int, end l: Int, start: Solved, endPoint end: Solved,
      middle known: Solved? = nil, sampler: Writer, out pixel: UnsafeMutablePointer<UInt8>
    ) {
      @inline(__always) func guess(_ i: Int) -> Vector2 { start.guess(i, to: end, span: l) }
      guard n >= 8 else {
        for i in 0..<n {
          let s = i == 0 ? start : (i == l ? end : solve(x + i, guess: guess(i)))
          sampler.write(at: s.source, to: pixel + i &* 4)
        }
        return
      }
      let cell = surface.cell(start.parameters).index
      if surface.cell(end.parameters).index != cell {
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
      if n >= SmoothSurfaceWarp.cubicMinimum {
        guard
          let (i1, a, i2, b) = shadeCubic(
            x: x, count: n, end: l, start: start, endPoint: end, sampler: sampler, out: pixel)
        else { return }
        if n >= 3 * SmoothSurfaceWarp.cubicMinimum {
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
      @inline(__always) func check(_ i: Int) -> Solved {
        solve(x + i, guess: start.parameters + (ps - pc * Double(m) + pc * Double(i)) * Double(i))
      }
      let slopeM = (middle.source - start.source) / Double(m)
      let c = ((end.source - start.source) / Double(l) - slopeM) / Double(l - m)
      let b = slopeM - c * Double(m)
      @inline(__always) func fits(_ i: Int, _ solved: Solved) -> Bool {
        let error = start.source + (b + c * Double(i)) * Double(i) - solved.source
        return abs(error.x) <= Self.tolerance && abs(error.y) <= Self.tolerance
          && surface.cell(solved.parameters).index == cell
      }
      // Checked at both quarters: where the map bends hard (a source step
      // changing by half over a dozen pixels) its quartic terms can hide
      // at one of them.
      let first = check(q)
      let firstFits = fits(q, first) && surface.cell(middle.parameters).index == cell
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
    /// start's cell. Where it holds, the pixels are written as quadratic
    /// runs of that cubic, each short enough to stay within the other half
    /// (a quadratic through a cubic's ends and middle errs by at most
    /// |a₃|·h³·√3/36 over h pixels), and no pixel is solved; else nothing
    /// is written and the result is the two solved interior points with
    /// their columns (from `x`), for the caller's split.
    func shadeCubic<Writer: SpanWriter>(
      x: Int, count n: Int, end l: Int, start: Solved, endPoint end: Solved, sampler: Writer,
      out pixel: UnsafeMutablePointer<UInt8>
    ) -> (Int, Solved, Int, Solved)? {
      let cell = surface.cell(start.parameters).index
      let (i1, i2) = (l / 3, (2 * l) / 3)
      let a = solve(x + i1, guess: start.guess(i1, to: end, span: l))
      let b = solve(x + i2, guess: start.guess(i2, to: end, span: l))
      let failed = (i1, a, i2, b)
      guard surface.cell(a.parameters).index == cell, surface.cell(b.parameters).index == cell
      else { return failed }
      let (t1, t2, t3) = (Double(i1), Double(i2), Double(l))
      let source = Cubic(t1, t2, t3, start.source, a.source, b.source, end.source)
      let parameters = Cubic(
        t1, t2, t3, start.parameters, a.parameters, b.parameters, end.parameters)
      let half = Self.tolerance / 2
      for i in [l / 6, l - l / 6] {
        let exact = solve(x + i, guess: parameters.at(Double(i)))
        let error = source.at(Double(i)) - exact.source
        guard abs(error.x) <= half && abs(error.y) <= half,
          surface.cell(exact.parameters).index == cell
        else { return failed }
      }
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

  /// Shortest chunk tried as one cubic (shorter ones take the quadratic
  /// check directly).
  static let cubicMinimum = 24
  /// Most pixels per chunk of a row.
  static let chunk = 256

  /// Writes every pixel of the `width × height` render `out`, a view of
  /// the full output (`viewport`: render pixel (x, y) is the full output's
  /// point origin + (x + ½, y + ½)·scale).
  func render<Writer: SpanWriter & Sendable>(
    sampler: Writer, width: Int, height: Int, viewport: WarpRenderer.Viewport, threads: Int,
    out: SharedPointer<UInt8>
  ) {
    guard width > 0 else { return }
    let chunks = (width + Self.chunk - 1) / Self.chunk
    withSolver { solver in
      forEachRowBand(rows: height, threads: threads) { band in
        // The parameters at each chunk's first pixel (and the last pixel)
        // on the row above: the next row's guesses.
        var above: [Vector2]? = nil
        var current = [Vector2](repeating: .zero, count: chunks + 1)
        for y in band {
          let row = Row(
            surface: solver, y: viewport.origin.y + (Double(y) + 0.5) * viewport.scale.y,
            x0: viewport.origin.x + 0.5 * viewport.scale.x, dx: viewport.scale.x)
          let pixels = out.base + y * width * 4
          @inline(__always) func guess(_ k: Int, _ x: Int) -> Vector2 {
            if let above { return above[k] }
            let p = Vector2(row.x0 + Double(x) * row.dx, row.y)
            return p / outputSize * Vector2(Double(columns - 1), Double(rows - 1))
          }
          var x = 0
          var start = row.solve(0, guess: guess(0, 0))
          current[0] = start.parameters
          for k in 1...chunks {
            let next = width * k / chunks
            let l = k < chunks ? next - x : next - x - 1
            let end = l == 0 ? start : row.solve(x + l, guess: guess(k, x + l))
            current[k] = end.parameters
            row.shadeChunk(
              x: x, count: next - x, end: l, start: start, endPoint: end, sampler: sampler,
              out: pixels + x &* 4)
            x = next
            start = end
          }
          above = current
        }
      }
    }
  }
}
