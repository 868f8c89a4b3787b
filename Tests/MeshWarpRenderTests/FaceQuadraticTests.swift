import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// A face's inverse drawn as one quadratic (`FaceQuadratic`) against the
/// exact inverse bilinear at every pixel centre the face covers.
@Suite struct FaceQuadraticTests {
  /// The worst error per axis (source pixels) over every covered pixel of
  /// the faces that take the quadratic, against the exact inverse bilinear
  /// (unclamped: a centre on a snapped edge may lie a hair outside the
  /// quad, where the face's map goes on), how many faces took it, and how
  /// far the polynomial left the face's `sourceBox` at worst (the runs of
  /// a face whose box lies inside the source are written unclamped).
  static func worstError(mesh: WarpMesh, output: Vector2, source: Vector2) -> (
    worst: Double, taken: Int, faces: Int, outsideBox: Double
  ) {
    let width = Int(output.x)
    var worst = 0.0
    var outsideBox = -Double.infinity
    var taken = 0
    var count = 0
    for i in mesh.faces.indices where mesh.isRenderable(i) {
      let face = WarpRenderer.Face(
        warped: mesh.warpedQuad(i, scale: output), original: mesh.originalQuad(i, scale: source))
      count += 1
      guard let quadratic = face.quadratic else { continue }
      taken += 1
      let inverter = QuadInverter(face.warped)
      for y in face.rows {
        for triangle in [face.triangles.0, face.triangles.1] {
          guard let triangle, triangle.rows.contains(y) else { continue }
          for x in triangle.span(row: y, width: width) {
            let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
            guard let uv = inverter.parameters(of: p) else { continue }
            let exact = face.original.point(u: uv.x, v: uv.y)
            let got = quadratic.point(p)
            worst = max(worst, abs(got.x - exact.x), abs(got.y - exact.y))
            let (lo, hi) = face.sourceBox
            outsideBox = max(
              outsideBox, lo.x - got.x, lo.y - got.y, got.x - hi.x, got.y - hi.y)
          }
        }
      }
    }
    return (worst, taken, count, outsideBox)
  }

  @Test func quadraticStaysWithinItsBoundOnRandomMeshes() {
    let seed: UInt64 = 0xFACE_0A1
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    let output = Vector2(640, 360)
    var worst = 0.0
    var taken = 0
    var faces = 0
    var outsideBox = -Double.infinity
    for trial in 0..<12 {
      let columns = [9, 17, 33, 65][trial % 4]
      let rows = [5, 9, 17, 33, 65][trial % 5]
      // Rough faces (most keep the exact path) to gentle ones.
      let mesh = RandomMeshes.jitteredGrid(
        columns: columns, rows: rows, jitter: rng.double(in: 0.002...0.15),
        scale: rng.double(in: 0.7...1.1), rng: &rng)
      let source = Vector2(rng.double(in: 200...1200), rng.double(in: 200...900))
      let result = Self.worstError(mesh: mesh, output: output, source: source)
      worst = max(worst, result.worst)
      taken += result.taken
      faces += result.faces
      outsideBox = max(outsideBox, result.outsideBox)
    }
    // The benchmark's 64 × 64 wave mesh at 1080p: nearly all its faces.
    for n in [65] {
      let result = Self.worstError(
        mesh: MeshPresets.sinusoidal(columns: n, rows: n), output: Vector2(1920, 1080),
        source: Vector2(1920, 1080))
      worst = max(worst, result.worst)
      outsideBox = max(outsideBox, result.outsideBox)
      #expect(
        result.taken * 10 >= result.faces * 9, "\(n)x\(n): \(result.taken) of \(result.faces)")
    }
    print("worst error", worst, "px;", taken, "of", faces, "random faces took the quadratic")
    // Half of the sampler's 1/256-px tap step: a pixel moves by at most
    // one level against the exact inverse.
    #expect(worst <= 1.0 / 512)
    // Every value stays in the face's box (≤ 0: inside by that much at
    // least), so a box inside the source keeps every tap inside.
    print("nearest approach to a face's source box", -outsideBox, "px")
    #expect(outsideBox <= 0)
    #expect(taken >= 200, "too few faces took the quadratic to test it")
  }

  @Test func affineFacesInterpolateExactly() {
    // A parallelogram (g = 0): the quadratic is the affine map itself.
    let warped = Quad(Vector2(10, 5), Vector2(70, 15), Vector2(80, 55), Vector2(20, 45))
    let original = Quad(Vector2(0, 0), Vector2(32, 0), Vector2(32, 24), Vector2(0, 24))
    let face = WarpRenderer.Face(warped: warped, original: original)
    let quadratic = try! #require(face.quadratic)
    #expect(quadratic.k == Vector2(0, 0))
    for (u, v) in [(0.1, 0.2), (0.9, 0.4), (0.5, 0.95)] {
      let error = quadratic.point(warped.point(u: u, v: v)) - original.point(u: u, v: v)
      #expect(abs(error.x) < 1e-9 && abs(error.y) < 1e-9)
    }
  }
}
