import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore
@testable import MeshWarpRender

/// The smooth warp drawn from its surfaces (`SmoothSurfaceWarp`,
/// `BicubicPatch`): the patches against the surface formula, the inverse
/// against numpy's, the render against exact per-pixel sampling and
/// against the fine mesh, and which meshes take it.
@Suite struct SmoothSurfaceWarpTests {
  /// The larger of |v.x| and |v.y|.
  static func largest(_ v: Vector2) -> Double { max(abs(v.x), abs(v.y)) }

  static func wavy(seed: UInt64, columns: Int = 6, rows: Int = 5) -> WarpMesh {
    var rng = SeededRandom(seed: seed)
    return RandomMeshes.jitteredGrid(columns: columns, rows: rows, jitter: 0.2, rng: &rng)
  }

  /// A patch's polynomial equals the Catmull-Rom formula (16 weighted
  /// points), and its derivatives the formula's finite differences.
  @Test func patchesAreTheSurface() {
    var rng = SeededRandom(seed: 7)
    let points = (0..<20).map { _ in Vector2(rng.double(in: -3...3), rng.double(in: -3...3)) }
    let surface = CatmullRomSurface(points: points, columns: 5, rows: 4)
    let scale = Vector2(640, 480)
    for _ in 0..<200 {
      let (c, r) = (Int.random(in: 0..<4, using: &rng), Int.random(in: 0..<3, using: &rng))
      let (u, v) = (rng.double(in: 0...1), rng.double(in: 0...1))
      let patch = surface.patch(column: c, row: r, scale: scale)
      let exact = surface.point(column: c, row: r, u: u, v: v) * scale
      let d = patch.pointAndDerivatives(u: u, v: v)
      #expect(Self.largest(d.p - exact) < 1e-9)
      #expect(Self.largest(patch.point(u: u, v: v) - exact) < 1e-9)
      let h = 1e-6
      let du =
        (surface.point(column: c, row: r, u: u + h, v: v)
          - surface.point(column: c, row: r, u: u - h, v: v)) * scale / (2 * h)
      let dv =
        (surface.point(column: c, row: r, u: u, v: v + h)
          - surface.point(column: c, row: r, u: u, v: v - h)) * scale / (2 * h)
      #expect(Self.largest(d.du - du) < 1e-4 && Self.largest(d.dv - dv) < 1e-4)
    }
  }

  /// Newton's inverse returns the parameters a surface point came from.
  @Test func inverseFindsTheParameters() throws {
    let size = Vector2(400, 300)
    var solved = 0
    for seed: UInt64 in 1...20 {
      let mesh = Self.wavy(seed: seed)
      guard let surface = SmoothSurfaceWarp(mesh: mesh, outputSize: size, sourceSize: size)
      else { continue }
      solved += 1
      var rng = SeededRandom(seed: seed + 100)
      for _ in 0..<100 {
        let s = Vector2(rng.double(in: 0.01...4.99), rng.double(in: 0.01...3.99))
        let p = surface.withSolver { solver in
          let (index, u, v) = solver.cell(s)
          return solver.to[index].point(u: u, v: v)
        }
        let identityGuess = p / size * Vector2(5, 4)
        let found = surface.parameters(of: p, guess: identityGuess)
        #expect(Self.largest(found - s) < 1e-7, "seed \(seed): \(s) → \(p) → \(found)")
      }
    }
    #expect(solved >= 15, "only \(solved) of 20 jittered meshes were taken as one-to-one")
  }

  /// Source points against numpy's exact surfaces (Newton's method from a
  /// coarse scan, written from the formulas): within 10⁻⁶ px.
  @Test(.enabled(if: NumpyReference.available))
  func matchesNumpysSurfaces() throws {
    let mesh = Self.wavy(seed: 3, columns: 4, rows: 4)
    let size = Vector2(240, 180)
    let surface = try #require(SmoothSurfaceWarp(mesh: mesh, outputSize: size, sourceSize: size))
    var queries: [Vector2] = []
    for y in stride(from: 1, to: 180, by: 11) {
      for x in stride(from: 2, to: 240, by: 13) {
        queries.append(Vector2(Double(x) + 0.5, Double(y) + 0.5))
      }
    }
    let reference = try NumpyReference.smoothSourcePoints(
      mesh, outputSize: size, contentSize: size, queries: queries)
    var worst = 0.0
    var compared = 0
    for (p, r) in zip(queries, reference) {
      guard let r else { continue }
      let s = surface.sourcePoint(
        parameters: surface.parameters(of: p, guess: p / size * Vector2(3, 3)))
      worst = max(worst, Self.largest(s - r))
      compared += 1
    }
    #expect(compared == queries.count)
    #expect(worst < 1e-6, "largest deviation \(worst) px over \(compared) points")
  }

  /// Each pixel of the render against the sampler at that pixel's exact
  /// source point, on noise: the chunks stay within 1/256 px, one level
  /// at most (plus rounding). Small cells take the quadratic chunks; the
  /// 480 × 320 output's cells of 160 px take the cubic ones as well (with
  /// one check per quadratic chunk instead of two this failed by 8 levels).
  @Test(arguments: [(200, 150, 6, 5), (480, 320, 4, 4)])
  func renderMatchesExactSampling(width: Int, height: Int, columns: Int, rows: Int) {
    let src = TestImages.random(width: 160, height: 120, seed: 5, alpha: false)
    let size = Vector2(Double(width), Double(height))
    let cells = Vector2(Double(columns - 1), Double(rows - 1))
    for seed: UInt64 in [2, 4, 6] {
      let mesh = Self.wavy(seed: seed, columns: columns, rows: rows)
      guard let surface = SmoothSurfaceWarp(mesh: mesh, outputSize: size, sourceSize: src.size)
      else {
        Issue.record("seed \(seed): not taken")
        continue
      }
      let rendered = WarpRenderer.render(
        src, mesh: mesh,
        options: WarpOptions(
          width: width, height: height, minification: .off, smooth: true, threads: 2))
      var exact = RGBAImage(width: width, height: height)
      src.pixels.withUnsafeBufferPointer { pixels in
        let sampler = BilinearSampler(pixels: pixels.baseAddress!, width: 160, height: 120)
        exact.pixels.withUnsafeMutableBufferPointer { out in
          var guess = Vector2(0, 0)
          for y in 0..<height {
            for x in 0..<width {
              let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
              let s = surface.parameters(of: p, guess: x == 0 ? p / size * cells : guess)
              guess = s
              sampler.write(
                at: surface.sourcePoint(parameters: s),
                to: out.baseAddress! + (y * width + x) * 4)
            }
          }
        }
      }
      let d = ImageDiff(rendered, exact)
      #expect(d.max <= 2, "seed \(seed): \(d)")
    }
  }

  /// The surfaces' render and the fine mesh's (tolerance 0.02 px) agree:
  /// the fine mesh is the older path, within its tolerance of the surface.
  @Test func agreesWithTheFineMesh() throws {
    let src = TestImages.smooth(width: 180, height: 140)
    let mesh = Self.wavy(seed: 9)
    let options = WarpOptions(minification: .off, smooth: true, threads: 1)
    let direct = WarpRenderer.render(src, mesh: mesh, options: options)
    let fine = try mesh.smoothed(outputSize: src.size, tolerance: 0.02)
    let viaFaces = WarpRenderer.render(
      src, mesh: fine, options: WarpOptions(minification: .off, threads: 1))
    let d = ImageDiff(direct, viaFaces)
    #expect(d.max <= 2 && d.mean < 0.1, "\(d)")
  }

  /// A view of the output at twice the resolution (a minification run)
  /// equals the surface built at twice the size.
  @Test func viewportsAreTheSameMap() throws {
    let src = TestImages.random(width: 64, height: 48, seed: 8, alpha: false)
    let mesh = Self.wavy(seed: 11)
    let small = try #require(
      SmoothSurfaceWarp(mesh: mesh, outputSize: Vector2(80, 60), sourceSize: src.size))
    let large = try #require(
      SmoothSurfaceWarp(mesh: mesh, outputSize: Vector2(160, 120), sourceSize: src.size))
    let options = WarpOptions(width: 40, height: 30, threads: 1)
    var viaView = RGBAImage(width: 40, height: 30)
    var direct = RGBAImage(width: 40, height: 30)
    // Full-output pixels 20…40 × 15…30 at 2 samples per pixel, against
    // the large output's pixels 40…80 × 30…60.
    WarpRenderer.renderOnce(
      src, mesh: mesh, options: options,
      viewport: WarpRenderer.Viewport(
        origin: Vector2(20, 15), scale: Vector2(0.5, 0.5), fullSize: Vector2(80, 60)),
      surface: small, into: &viaView)
    WarpRenderer.renderOnce(
      src, mesh: mesh, options: options,
      viewport: WarpRenderer.Viewport(
        origin: Vector2(40, 30), scale: Vector2(1, 1), fullSize: Vector2(160, 120)),
      surface: large, into: &direct)
    let d = ImageDiff(viaView, direct)
    #expect(d.max <= 1, "\(d)")
  }

  /// Only meshes whose surface is one-to-one onto the output are taken.
  @Test func takesOnlyOneToOneSurfaces() {
    let size = Vector2(100, 100)
    #expect(
      SmoothSurfaceWarp(mesh: .identity(columns: 3, rows: 3), outputSize: size, sourceSize: size)
        != nil)
    var open = WarpMesh.identity(columns: 3, rows: 3)
    open[column: 1, row: 0] = CGPoint(x: 0.5, y: 0.1)  // the top border pulled in
    #expect(SmoothSurfaceWarp(mesh: open, outputSize: size, sourceSize: size) == nil)
    var folded = WarpMesh.identity(columns: 4, rows: 4)
    folded[column: 1, row: 1] = CGPoint(x: 0.8, y: 0.8)  // across its neighbours
    #expect(SmoothSurfaceWarp(mesh: folded, outputSize: size, sourceSize: size) == nil)
    #expect(
      SmoothSurfaceWarp(mesh: .identity(columns: 33, rows: 33), outputSize: size, sourceSize: size)
        != nil)
    #expect(
      SmoothSurfaceWarp(mesh: .identity(columns: 34, rows: 33), outputSize: size, sourceSize: size)
        == nil)
    var notGrid = WarpMesh.identity(columns: 3, rows: 3)
    notGrid.grid = nil
    #expect(SmoothSurfaceWarp(mesh: notGrid, outputSize: size, sourceSize: size) == nil)
  }

  /// A smooth mesh that is not one-to-one still renders, through its fine
  /// mesh, as before.
  @Test func otherMeshesTakeTheFineMesh() throws {
    let src = TestImages.smooth(width: 90, height: 90)
    var open = WarpMesh.identity(columns: 3, rows: 3)
    open[column: 1, row: 0] = CGPoint(x: 0.5, y: 0.1)
    let options = WarpOptions(smooth: true, threads: 1)
    let rendered = WarpRenderer.render(src, mesh: open, options: options)
    var plain = options
    plain.smooth = false
    let viaFine = WarpRenderer.render(
      src, mesh: try open.smoothed(outputSize: src.size), options: plain)
    #expect(rendered == viaFine)
  }
}
