import MeshWarpCore

/// Adaptive, anisotropic supersampling of a warp where it shrinks the
/// source: the genie's minification filter. Works for any mesh.
///
/// 1. Render the whole output once with ``WarpRenderer`` (one bilinear
///    sample per pixel), but for the faces' pixels of the runs of step 4,
///    planned first (``RerenderedTiles``).
/// 2. Minification per output axis: with a face's warped (output pixels)
///    and original (source pixels) bilinear maps T and F, the source step
///    per output pixel along x is |J·eₓ| and along y |J·e_y|, the columns of
///    J = F′·T′⁻¹ (the chain rule through (u, v)). A shear counts: where the
///    funnel's side slants, one output pixel down crosses content sideways.
/// 3. Each face is cut into cells of about a tile in (u, v); a cell needs
///    nₐ = ceil(1 + α·(mₐ − 1)) samples per output pixel along axis a
///    (largest over its corners, at most the quality's maximum; 1 where
///    mₐ ≤ ``bilinearLimit``), α = ``MinificationQuality/samplesPerTexel``: one sample at
///    scale 1, α more for each further source pixel, so the source is
///    sampled about α times per source pixel under heavy minification
///    without tripling the work where the warp barely shrinks (empirical:
///    at equal α about half the samples of ceil(α·m) on the dock example,
///    for about 20 % more error; Documentation/Genie.md).
///    Each ``tileSize`` tile takes the largest counts of the cells whose
///    bounds overlap it. The cost is about α²·(source area shown) + output
///    area.
/// 4. Tiles needing more than one sample are merged into horizontal runs of
///    equal counts, re-rendered at nₓ × n_y the resolution (the mesh's `to`
///    points remapped to the run; silhouette anti-aliasing divided by the
///    sample count) and box-filtered back on premultiplied colour.
///
/// The box filter over the output pixel keeps the mean exact; tiles of
/// different counts filter the same pixel areas and differ only by sampling
/// error, so tile seams do not show. Pixels that are not minified keep the
/// plain render, so an identity warp stays bit-exact. Figures (moiré,
/// flicker, time) are in Documentation/Genie.md.
enum MinificationFilter {
  /// Output pixels per tile side (empirical: 16 takes 25 % fewer samples
  /// than 32 on the dock example; per-run set-up stays negligible).
  static let tileSize = 16
  /// Largest supersampled run, in samples (16 MiB of RGBA), so memory stays
  /// bounded whatever the squeeze.
  static let maximumRunSamples = 1 << 22

  /// Renders `source` through `mesh` into `width × height`, supersampling
  /// where the mesh minifies (see the type's summary).
  static func render(
    _ source: RGBAImage, mesh: WarpMesh, width: Int, height: Int, quality: MinificationQuality,
    threads: Int
  ) -> RGBAImage {
    let options = WarpOptions(
      width: width, height: height, edges: .transparent, minification: quality, threads: threads)
    return WarpRenderer.render(source, mesh: mesh, options: options)
  }

  /// Re-renders, supersampled, the tiles of `output` (the plain render of
  /// `source` through `mesh` with `options`) where the mesh minifies.
  /// `sourceOpaque`, when the caller knows it, spares a scan of the source.
  /// `covered`: `mesh` covers the whole output (``OutputCoverage``), so
  /// every run, at every sample, is covered too: the runs then need
  /// neither the edge policy's fill nor a coverage mask.
  /// `surface`: `mesh`'s smooth surfaces, which the runs draw instead of
  /// its faces (`mesh` still plans them). `runs`: the ``plan(mesh:sourceSize:width:height:quality:)``
  /// the caller made already.
  static func refine<Image: RenderImage>(
    _ output: inout Image, source: Image, mesh: WarpMesh, options: WarpOptions,
    sourceOpaque: Bool? = nil, covered complete: Bool, surface: SmoothSurfaceWarp? = nil,
    runs planned: [Run]? = nil
  ) {
    let (width, height) = (output.width, output.height)
    let quality = options.minification
    guard quality.isEnabled, width > 0, height > 0, source.width > 0,
      source.height > 0
    else { return }
    let runs =
      planned
      ?? plan(mesh: mesh, sourceSize: source.size, width: width, height: height, quality: quality)
    guard !runs.isEmpty else { return }
    // Outside the mesh the plain render already shows the edge policy's
    // exact colour: where that is not transparent, pixels whose centre no
    // face covers keep it (unfiltered content of `unwarped` stays sharp).
    let keepUncovered = options.edges != .transparent && !complete
    // Each run renders only the faces that reach it (see `renderRun`):
    // candidates per row of tiles, from bounds computed once.
    let outScale = Vector2(Double(width), Double(height))
    let tilesY = (height + tileSize - 1) / tileSize
    var candidates = [[Int]](repeating: [], count: tilesY)
    // Each face's columns (output pixels), so that a run passes on only
    // the faces near its own columns: a dense mesh has hundreds in a
    // tile row, and each run copied and culled all of them.
    var columns = [(lo: Double, hi: Double)](
      repeating: (-.infinity, .infinity), count: mesh.faces.count)
    let margin = 2.0
    for i in mesh.faces.indices where mesh.isRenderable(i) {
      let (lo, hi) = mesh.warpedQuad(i, scale: outScale).bounds
      if lo.x.isFinite && hi.x.isFinite { columns[i] = (lo.x, hi.x) }
      guard lo.y.isFinite, hi.y.isFinite else {
        for t in candidates.indices { candidates[t].append(i) }
        continue
      }
      let first = Int(max(0, min(Double(height), lo.y - margin))) / tileSize
      let last = min(tilesY - 1, Int(max(0, min(Double(height), hi.y + margin))) / tileSize)
      guard hi.y + margin >= 0, lo.y - margin <= Double(height), first <= last else { continue }
      for t in first...last { candidates[t].append(i) }
    }
    let facesByTileRow = candidates
    let faceColumns = columns
    // Scanned once for all runs (per run it cost more than most runs).
    let opaque = sourceOpaque ?? source.isOpaque(threads: 1)
    resolveRuns(runs, into: &output, threads: options.threads) { run in
      // A margin of 3 output pixels, more than `renderRun`'s 2 samples
      // (with room for rounding): every face it keeps is among these, in
      // the same order.
      let (left, right) = (Double(run.x) - 3, Double(run.x + run.width) + 3)
      let nearby = facesByTileRow[run.y / tileSize].filter {
        faceColumns[$0].hi >= left && faceColumns[$0].lo <= right
      }
      let large = renderRun(
        run, source: source, mesh: mesh, width: width, height: height, options: options,
        candidates: nearby, sourceOpaque: opaque, covered: complete, surface: surface)
      let covered =
        keepUncovered
        ? coverage(
          of: run, mesh: mesh, outputScale: outScale, candidates: facesByTileRow[run.y / tileSize])
        : nil
      return (large, covered)
    }
  }

  /// Renders each of `runs` supersampled (`render`: the run at nₓ × n_y,
  /// and the mask of the pixels it may change, `nil` for all) and
  /// box-filters it into `output`, on up to `threads` threads. Runs write
  /// disjoint pixels: the result does not depend on threads.
  static func resolveRuns<Image: RenderImage>(
    _ runs: [Run], into output: inout Image, threads: Int,
    render: @Sendable (Run) -> (Image, [Bool]?)
  ) {
    let width = output.width
    output.pixels.withUnsafeMutableBufferPointer { buffer in
      let out = SharedPointer(buffer.baseAddress!)
      forEachRowBand(rows: runs.count, threads: threads, minimumRowsPerBand: 1) { band in
        for i in band {
          let (large, covered) = render(runs[i])
          Image.resolve(large, run: runs[i], into: out.base, width: width, covered: covered)
        }
      }
    }
  }

  /// A rectangle of output pixels re-rendered with `nx × ny` samples each.
  struct Run: Hashable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var nx: Int
    var ny: Int
  }

  /// The source step per output pixel along x and along y (source pixels
  /// per output pixel) at parameters (u, v) of a face: the columns of
  /// J = F′·T′⁻¹, where T′ = [∂T/∂u ∂T/∂v] and F′ likewise are the
  /// derivatives of the warped and original bilinear maps. Infinite where
  /// the warped map is singular.
  static func minification(warped t: Quad, original f: Quad, u: Double, v: Double) -> (
    x: Double, y: Double
  ) {
    let tg = t.a - t.b + t.c - t.d
    let fg = f.a - f.b + f.c - f.d
    let tu = t.b - t.a + tg * v
    let tv = t.d - t.a + tg * u
    let fu = f.b - f.a + fg * v
    let fv = f.d - f.a + fg * u
    let det = cross(tu, tv)
    guard det != 0, det.isFinite else { return (.infinity, .infinity) }
    // The columns of J: the source steps per output step along x and y.
    let jx = (fu * tv.y - fv * tu.y) / det
    let jy = (fv * tu.x - fu * tv.x) / det
    return ((jx * jx).sum().squareRoot(), (jy * jy).sum().squareRoot())
  }

  /// An upper bound of ``minification(warped:original:u:v:)`` over the
  /// whole face, per axis, from its four corners: J's columns are N/det,
  /// where det = T′'s determinant is affine in (u, v) (the uv terms cancel)
  /// and each numerator N is bilinear in (u, v), so |N| is convex along
  /// every axis-parallel line and peaks at a corner, while |det| is least
  /// at one. Hence max|N| / min|det| over the corners bounds m everywhere;
  /// infinite where det changes sign or vanishes. Four evaluations, so that
  /// faces that nowhere shrink the content cost the plan nothing more.
  static func minificationBound(warped t: Quad, original f: Quad) -> (x: Double, y: Double) {
    let tg = t.a - t.b + t.c - t.d
    let fg = f.a - f.b + f.c - f.d
    var (nx, ny) = (0.0, 0.0)
    var (lo, hi) = (Double.infinity, -Double.infinity)
    for (u, v) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
      let tu = t.b - t.a + tg * v
      let tv = t.d - t.a + tg * u
      let fu = f.b - f.a + fg * v
      let fv = f.d - f.a + fg * u
      let det = cross(tu, tv)
      let jx = fu * tv.y - fv * tu.y
      let jy = fv * tu.x - fu * tv.x
      nx = max(nx, (jx * jx).sum())
      ny = max(ny, (jy * jy).sum())
      lo = min(lo, det)
      hi = max(hi, det)
    }
    let least = lo > 0 ? lo : hi < 0 ? -hi : 0
    guard least > 0, least.isFinite, nx.isFinite, ny.isFinite else {
      return (.infinity, .infinity)
    }
    return (nx.squareRoot() / least, ny.squareRoot() / least)
  }

  /// The largest minification per axis left to plain bilinear sampling.
  ///
  /// Measured against the exact area average of each output pixel (white
  /// noise, the hardest content, 1-D, every sub-pixel phase): up to 1.25×
  /// one bilinear sample is closer to it than the 2 box-filtered samples
  /// the formula would take (RMS 0.019 vs 0.032 at 1.2×, 0.023 vs 0.031 at
  /// 1.25×), beyond it the filter wins (0.035 vs 0.024 at 1.3×, 0.052 vs
  /// 0.018 at 1.45×; `Benchmarks/minification-crossover.py` reproduces the
  /// figures). Slight squeezes, which most warps have somewhere, therefore
  /// cost nothing.
  static let bilinearLimit = 1.25

  /// Samples per axis for minification `m` (see the type's summary).
  static func samples(_ m: Double, _ quality: MinificationQuality) -> Int {
    guard m > bilinearLimit else { return 1 }
    guard m.isFinite else { return quality.maxSamplesPerAxis }
    return Int(
      min(
        Double(quality.maxSamplesPerAxis), (1 + quality.samplesPerTexel * (m - 1)).rounded(.up)))
  }

  /// The runs to re-render: tiles with more than one sample per pixel,
  /// merged along each tile row while their counts agree.
  static func plan(
    mesh: WarpMesh, sourceSize: Vector2, width: Int, height: Int, quality: MinificationQuality
  ) -> [Run] {
    let tile = tileSize
    let tilesX = (width + tile - 1) / tile
    let tilesY = (height + tile - 1) / tile
    var need = [(nx: Int, ny: Int)](repeating: (1, 1), count: tilesX * tilesY)
    let outScale = Vector2(Double(width), Double(height))
    // Each face is cut into cells of about a tile in its (u, v) parameters,
    // so that one corner of a large face (the genie's bands span the whole
    // funnel) does not set the sample count of all of it.
    let maxCells = 16
    var points = [Vector2](repeating: .zero, count: (maxCells + 1) * (maxCells + 1))
    var counts = [(nx: Int, ny: Int)](repeating: (1, 1), count: points.count)
    for i in mesh.faces.indices where mesh.isRenderable(i) {
      let warped = mesh.warpedQuad(i, scale: outScale)
      let original = mesh.originalQuad(i, scale: sourceSize)
      let (lo, hi) = warped.bounds
      guard lo.x < Double(width), lo.y < Double(height), hi.x > 0, hi.y > 0 else { continue }
      // Faces that shrink nowhere (bounded from their corners) need no
      // cells: the counts below could only be 1.
      let bound = minificationBound(warped: warped, original: original)
      guard samples(bound.x, quality) > 1 || samples(bound.y, quality) > 1 else { continue }
      func cellCount(_ a: Vector2, _ b: Vector2) -> Int {
        let length = max((a * a).sum(), (b * b).sum()).squareRoot()
        guard length.isFinite else { return maxCells }
        return max(1, Int(min(Double(maxCells), (length / Double(tile)).rounded(.up))))
      }
      let cu = cellCount(warped.b - warped.a, warped.c - warped.d)
      let cv = cellCount(warped.d - warped.a, warped.c - warped.b)
      for j in 0...cv {
        for k in 0...cu {
          let u = Double(k) / Double(cu)
          let v = Double(j) / Double(cv)
          let m = minification(warped: warped, original: original, u: u, v: v)
          points[j * (cu + 1) + k] = warped.point(u: u, v: v)
          counts[j * (cu + 1) + k] = (samples(m.x, quality), samples(m.y, quality))
        }
      }
      for j in 0..<cv {
        for k in 0..<cu {
          let ids = (
            j * (cu + 1) + k, j * (cu + 1) + k + 1, (j + 1) * (cu + 1) + k + 1,
            (j + 1) * (cu + 1) + k
          )
          let nx = max(counts[ids.0].nx, counts[ids.1].nx, counts[ids.2].nx, counts[ids.3].nx)
          let ny = max(counts[ids.0].ny, counts[ids.1].ny, counts[ids.2].ny, counts[ids.3].ny)
          guard nx > 1 || ny > 1 else { continue }
          let (p0, p1, p2, p3) = (points[ids.0], points[ids.1], points[ids.2], points[ids.3])
          // (Any mesh comes here: far or non-finite corners are skipped or
          // clamped to the output before conversion to Int.)
          let all = [p0.x, p0.y, p1.x, p1.y, p2.x, p2.y, p3.x, p3.y]
          guard all.allSatisfy(\.isFinite) else { continue }
          let size = Vector2(Double(width), Double(height))
          let cellLo = pointwiseMin(
            pointwiseMax(pointwiseMin(pointwiseMin(p0, p1), pointwiseMin(p2, p3)), .zero), size)
          let cellHi = pointwiseMax(
            pointwiseMin(pointwiseMax(pointwiseMax(p0, p1), pointwiseMax(p2, p3)), size), .zero)
          let x0 = Int(cellLo.x.rounded(.down)) / tile
          let y0 = Int(cellLo.y.rounded(.down)) / tile
          let x1 = min(tilesX - 1, Int(cellHi.x.rounded(.up)) / tile)
          let y1 = min(tilesY - 1, Int(cellHi.y.rounded(.up)) / tile)
          guard x0 <= x1, y0 <= y1 else { continue }
          for ty in y0...y1 {
            for tx in x0...x1 {
              let t = ty * tilesX + tx
              need[t] = (max(need[t].nx, nx), max(need[t].ny, ny))
            }
          }
        }
      }
    }
    return runs(need: need, width: width, height: height)
  }

  /// The runs of tiles needing more than one sample per pixel (`need`:
  /// samples per axis of each ``tileSize`` tile, row-major), merged along
  /// each tile row while their counts agree, each at most
  /// ``maximumRunSamples`` samples.
  static func runs(need: [(nx: Int, ny: Int)], width: Int, height: Int) -> [Run] {
    let tile = tileSize
    let tilesX = (width + tile - 1) / tile
    let tilesY = (height + tile - 1) / tile
    var runs: [Run] = []
    for ty in 0..<tilesY {
      let y = ty * tile
      let h = min(tile, height - y)
      var tx = 0
      while tx < tilesX {
        let n = need[ty * tilesX + tx]
        guard n.nx > 1 || n.ny > 1 else {
          tx += 1
          continue
        }
        var end = tx + 1
        while end < tilesX, need[ty * tilesX + end] == n,
          (end + 1 - tx) * tile * n.nx * h * n.ny <= maximumRunSamples
        {
          end += 1
        }
        let x = tx * tile
        runs.append(
          Run(x: x, y: y, width: min(end * tile, width) - x, height: h, nx: n.nx, ny: n.ny))
        tx = end
      }
    }
    return runs
  }

  /// Renders one run at its supersampled resolution, with `options`' modes.
  /// `candidates`: the faces that may reach the run (ascending; default
  /// all), from which those that do are kept. `covered`: the caller knows
  /// that `mesh` covers the whole output (``OutputCoverage``), so the run's
  /// render skips the edge policy's fill: every face covering a point of
  /// the run reaches the run and is kept.
  static func renderRun<Image: RenderImage>(
    _ run: Run, source: Image, mesh: WarpMesh, width: Int, height: Int, options: WarpOptions,
    candidates: [Int]? = nil, sourceOpaque: Bool? = nil, covered: Bool = false,
    surface: SmoothSurfaceWarp? = nil
  ) -> Image {
    let viewport = WarpRenderer.Viewport(
      origin: Vector2(Double(run.x), Double(run.y)),
      scale: Vector2(1 / Double(run.nx), 1 / Double(run.ny)),
      fullSize: Vector2(Double(width), Double(height)))
    var runOptions = options
    runOptions.width = run.width * run.nx
    runOptions.height = run.height * run.ny
    runOptions.threads = 1
    var large = Image(uninitializedWidth: run.width * run.nx, height: run.height * run.ny)
    if let surface {
      WarpRenderer.renderOnce(
        source, mesh: mesh, options: runOptions, viewport: viewport, sourceOpaque: sourceOpaque,
        covered: true, surface: surface, into: &large)
      return large
    }
    // `to` in run-normalized coordinates: (to·output − origin)/run size,
    // for the vertices of the candidate faces only, in a mesh of their own
    // (copying and moving every vertex of a dense smooth mesh per run was
    // 15 % of warp-9x9-smooth's instructions, callgrind).
    let outScale = Vector2(Double(width), Double(height))
    let origin = Vector2(Double(run.x), Double(run.y))
    let size = Vector2(Double(run.width), Double(run.height))
    let faceIndices = candidates ?? Array(mesh.faces.indices)
    let n = mesh.pointPairs.count
    // The candidates' vertices span a range (a band of rows of a grid
    // mesh): one slot each, -1 until the vertex is copied.
    var (lowest, highest) = (n, -1)
    for i in faceIndices {
      let f = mesh.faces[i]
      lowest = min(lowest, f.i0, f.i1, f.i2, f.i3)
      highest = max(highest, f.i0, f.i1, f.i2, f.i3)
    }
    // (Out-of-range indices only widen the range; they get no slot.)
    lowest = max(lowest, 0)
    highest = min(highest, n - 1)
    var slot = [Int](repeating: -1, count: max(0, highest - lowest + 1))
    var pairs: [MeshPointPair] = []
    func localVertex(_ i: Int) -> Int {
      guard i >= 0, i < n else { return -1 }  // stays unrenderable
      if slot[i - lowest] >= 0 { return slot[i - lowest] }
      var pair = mesh.pointPairs[i]
      pair.to = ((Vector2(pair.to) * outScale - origin) / size).cgPoint
      pairs.append(pair)
      slot[i - lowest] = pairs.count - 1
      return pairs.count - 1
    }
    let candidateFaces = faceIndices.map { i in
      let f = mesh.faces[i]
      return MeshFace(
        i0: localVertex(f.i0), i1: localVertex(f.i1), i2: localVertex(f.i2), i3: localVertex(f.i3))
    }
    var local = WarpMesh(pointPairs: pairs, faces: candidateFaces)
    // Only the faces that reach the run (and a margin of 2 samples, so that
    // edges to the dropped faces cross none of its pixels and the boundary
    // anti-aliasing sees the same edges there): a run is a few tiles, and
    // setting up every face of a dense mesh per run cost more than the run
    // (warp-64x64: 27× the unfiltered render). Order is kept, so the first
    // face still wins.
    let samples = Vector2(Double(run.width * run.nx), Double(run.height * run.ny))
    let margin = 2.0
    local.faces = local.faces.indices.compactMap { i in
      guard local.isRenderable(i) else { return nil }
      let (lo, hi) = local.warpedQuad(i, scale: samples).bounds
      let away =
        hi.x < -margin || hi.y < -margin || lo.x > samples.x + margin
        || lo.y > samples.y + margin
      return away ? nil : local.faces[i]
    }
    // The run's samples already resolve the silhouette n-fold per axis.
    let perSample = (options.antialias + min(run.nx, run.ny) - 1) / min(run.nx, run.ny)
    runOptions.antialias = max(1, perSample)
    WarpRenderer.renderOnce(
      source, mesh: local, options: runOptions, viewport: viewport, sourceOpaque: sourceOpaque,
      covered: covered, into: &large)
    return large
  }

  /// Which of the run's pixel centres a face covers, row-major: the plain
  /// render's own coverage, each face's two triangles rasterized with the
  /// top-left rule (``TriangleRasterizer``, split as `WarpRenderer.Face.triangles(of:)`),
  /// in O(run pixels + candidate faces) (a point location per pixel was
  /// half the filter's time on a video frame).
  static func coverage(
    of run: Run, mesh: WarpMesh, outputScale: Vector2, candidates: [Int]
  ) -> [Bool] {
    var mask = [Bool](repeating: false, count: run.width * run.height)
    let origin = Vector2(Double(run.x), Double(run.y))
    let extent = Vector2(Double(run.width), Double(run.height))
    for i in candidates where mesh.isRenderable(i) {
      let q = mesh.warpedQuad(i, scale: outputScale)
      // Only the faces that reach the run (a tile row's candidates span
      // the whole output's width).
      let (lo, hi) = q.bounds
      guard hi.x >= origin.x - 1, hi.y >= origin.y - 1, lo.x <= origin.x + extent.x + 1,
        lo.y <= origin.y + extent.y + 1
      else { continue }
      let local = Quad(q.a - origin, q.b - origin, q.c - origin, q.d - origin)
      let (first, second) = WarpRenderer.Face.triangles(of: local)
      for triangle in [first, second] {
        guard let triangle else { continue }
        let (top, bottom) = (max(triangle.rows.lowerBound, 0), triangle.rows.upperBound)
        for y in top..<max(top, min(bottom + 1, run.height)) {
          let span = triangle.span(row: y, width: run.width)
          for x in span { mask[y * run.width + x] = true }
        }
      }
    }
    return mask
  }

  /// ⌊x / d⌋ for x < 2³¹ by a multiply and a shift (one per run's
  /// sample count, not a division per channel): with ℓ = ⌈log₂ d⌉ and
  /// m = ⌈2^(32+ℓ)/d⌉, ⌊x·m / 2^(32+ℓ)⌋ = ⌊x/d⌋ (Granlund and Montgomery,
  /// "Division by invariant integers using multiplication", 1994, thm. 4.2).
  struct Divider {
    let multiplier: UInt64
    let shift: UInt64

    /// `d` ≥ 1.
    init(_ d: UInt32) {
      let ceilLog2 = UInt64(d <= 1 ? 0 : 32 - (d - 1).leadingZeroBitCount)
      shift = 32 + ceilLog2
      multiplier = ((1 << shift) + UInt64(d) - 1) / UInt64(d)
    }

    @inline(__always) func callAsFunction(_ x: UInt32) -> UInt32 {
      UInt32(truncatingIfNeeded: (UInt64(x) &* multiplier) &>> shift)
    }
  }

  /// Box-filters `large` (the run at nₓ × n_y) into the run's pixels of the
  /// output, averaging premultiplied colour; with `covered` (a mask of the
  /// run's pixels), only the pixels it marks.
  ///
  /// In integers, rounded to nearest: alpha (2Σa + n)/(2n), colour
  /// (2Σ(c·a) + Σa)/(2Σa), transparent black where the mean alpha is under
  /// ½. Where every sample is opaque (Σa = 255n, the usual case) Σ(c·a) is
  /// 255·Σc and the first pass's plain sums give the pixel; only the other
  /// pixels take the weighted pass. The plain sums add whole samples: up to
  /// 257 samples (a channel's sum then fits 16 bits) as two 32-bit words of
  /// two 16-bit lanes each (red and blue, green and alpha: two masks and
  /// two adds a sample; widening each sample to four 32-bit lanes, with the
  /// sum's alpha read back from a vector, cost a fifth more on the effects'
  /// runs of two samples, callgrind), more in 32-bit lanes.
  static func resolve(
    _ large: RGBAImage, run: Run, into out: UnsafeMutablePointer<UInt8>, width: Int,
    covered: [Bool]? = nil
  ) {
    let (nx, ny) = (run.nx, run.ny)
    let n = UInt32(nx * ny)
    let divide = Divider(2 * n)
    // (Bound once: unwrapping the optional mask at every pixel retained it.)
    let mask = covered ?? []
    let masked = covered != nil
    large.pixels.withUnsafeBufferPointer { src in
      let s = UnsafeRawPointer(src.baseAddress!)
      let stride = large.width &* 4
      for y in 0..<run.height {
        let sourceRow = s + y &* ny &* stride
        let targetRow = out + ((run.y + y) &* width &+ run.x) &* 4
        for x in 0..<run.width {
          if masked && !mask[y &* run.width &+ x] { continue }
          let first = sourceRow + x &* nx &* 4
          let target = targetRow + x &* 4
          @inline(__always) func mean(_ v: UInt32) -> UInt32 { divide(2 &* v &+ n) }
          var sum = SIMD4<UInt32>.zero
          if n <= 257 {
            var (redBlue, greenAlpha): (UInt32, UInt32) = (0, 0)
            var row = first
            for _ in 0..<ny {
              for i in 0..<nx {
                let p = row.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self).littleEndian
                redBlue &+= p & 0x00FF_00FF
                greenAlpha &+= (p &>> 8) & 0x00FF_00FF
              }
              row += stride
            }
            let (red, green) = (redBlue & 0xFFFF, greenAlpha & 0xFFFF)
            let (blue, alpha) = (redBlue &>> 16, greenAlpha &>> 16)
            if alpha == 255 &* n {
              let bytes = mean(red) | mean(green) &<< 8 | mean(blue) &<< 16 | 0xFF00_0000
              UnsafeMutableRawPointer(target).storeBytes(of: bytes.littleEndian, as: UInt32.self)
              continue
            }
            sum = SIMD4(red, green, blue, alpha)
          } else {
            for j in 0..<ny {
              let row = first + j &* stride
              for i in 0..<nx {
                sum &+= SIMD4<UInt32>(
                  truncatingIfNeeded: row.loadUnaligned(
                    fromByteOffset: i &* 4, as: SIMD4<UInt8>.self))
              }
            }
            if sum.w == 255 &* n {
              let bytes = mean(sum.x) | mean(sum.y) &<< 8 | mean(sum.z) &<< 16 | 0xFF00_0000
              UnsafeMutableRawPointer(target).storeBytes(of: bytes.littleEndian, as: UInt32.self)
              continue
            }
          }
          let alphaSum = sum.w
          guard 2 * alphaSum >= n else {
            target.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = 0 }
            continue
          }
          var weighted = SIMD3<UInt32>.zero
          for j in 0..<run.ny {
            let row = first + j * stride
            for i in 0..<run.nx {
              let a = UInt32(row.load(fromByteOffset: 4 * i + 3, as: UInt8.self))
              weighted &+=
                SIMD3(
                  UInt32(row.load(fromByteOffset: 4 * i, as: UInt8.self)),
                  UInt32(row.load(fromByteOffset: 4 * i + 1, as: UInt8.self)),
                  UInt32(row.load(fromByteOffset: 4 * i + 2, as: UInt8.self))) &* a
            }
          }
          let c = (weighted &* 2 &+ alphaSum) / (2 * alphaSum)
          target[0] = UInt8(truncatingIfNeeded: min(c.x, 255))
          target[1] = UInt8(truncatingIfNeeded: min(c.y, 255))
          target[2] = UInt8(truncatingIfNeeded: min(c.z, 255))
          target[3] = UInt8(truncatingIfNeeded: (2 * alphaSum + n) / (2 * n))
        }
      }
    }
  }
}
