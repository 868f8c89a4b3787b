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
/// Rows are drawn by ``AdaptiveRow`` (chunks with exact ends, cubic then
/// quadratic runs checked against exact points, within 1/256 source px),
/// the grid's cells as its pieces: within a cell the map is analytic,
/// across cells only C¹ (a chunk whose ends lie in different cells is split
/// where its parameters, interpolated linearly, cross the border). Both
/// quarter points of a quadratic chunk are checked: the smooth map bends
/// harder than a bilinear face, and one check let errors of 0.04 px
/// through. Solves start from the same chunk boundary on the row above, or
/// from the cubic Hermite curve through the chunk's solved ends and their
/// slopes along the row: 1.24 Newton evaluations a solve and about one
/// solve per 8 output pixels on `warp-9x9-smooth` (linear guesses cost
/// 10 % more instructions a frame, callgrind).
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

  /// One row of the render as a ``RowMap``: output pixel x is the full
  /// output's point (`x0` + x·`dx`, `y`), solved by Newton's method; the
  /// pieces are the grid's cells.
  struct Row: RowMap {
    let surface: Solver
    let y: Double
    let x0: Double
    let dx: Double

    @inline(__always) func solve(_ x: Int, guess: Vector2) -> RowPoint {
      let (s, slope) = surface.parameters(of: Vector2(x0 + Double(x) * dx, y), guess: guess)
      return RowPoint(
        parameters: s, source: surface.sourcePoint(parameters: s), slope: slope * dx)
    }

    @inline(__always) func piece(_ parameters: Vector2) -> Int { surface.cell(parameters).index }

    static var tolerance: Double { 1.0 / 256 }
  }

  /// Writes every pixel of the `width × height` render `out`, a view of
  /// the full output (`viewport`: render pixel (x, y) is the full output's
  /// point origin + (x + ½, y + ½)·scale).
  func render<Writer: SpanWriter & Sendable>(
    sampler: Writer, width: Int, height: Int, viewport: WarpRenderer.Viewport, threads: Int,
    out: SharedPointer<Writer.Channel>
  ) {
    guard width > 0 else { return }
    let chunks = (width + AdaptiveRow<Row>.chunk - 1) / AdaptiveRow<Row>.chunk
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
          AdaptiveRow(map: row).shadeRun(
            x: 0, count: width, sampler: sampler, out: out.base + y * width * 4,
            guess: { k, x in
              if let above { return above[k] }
              let p = Vector2(row.x0 + Double(x) * row.dx, row.y)
              return p / outputSize * Vector2(Double(columns - 1), Double(rows - 1))
            },
            solved: { k, point in current[k] = point.parameters })
          above = current
        }
      }
    }
  }
}
