import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The renderer's lattice path (`LatticeWarp`) against its general path on
/// the same meshes, and which meshes take it.
@Suite struct LatticeWarpTests {
  /// A grid mesh whose `to` points are an uneven axis-aligned lattice over
  /// the output and whose `from` points are random (some beyond the
  /// content, so that the clamping sampler is used too).
  static func randomLattice(columns: Int, rows: Int, rng: inout SeededRandom) -> WarpMesh {
    func cuts(_ n: Int) -> [Double] {
      var v = (0..<n).map { _ in rng.double(in: 0.2...1) }
      v = v.reduce(into: [0.0]) { $0.append($0.last! + $1) }
      return v.map { $0 / v.last! }
    }
    let xs = cuts(columns - 1)
    let ys = cuts(rows - 1)
    var pairs: [MeshPointPair] = []
    for y in ys {
      for x in xs {
        let from = CGPoint(
          x: x + rng.double(in: -0.08...0.08), y: y + rng.double(in: -0.08...0.08))
        pairs.append(MeshPointPair(from: from, to: CGPoint(x: x, y: y)))
      }
    }
    var mesh = WarpMesh.identity(columns: columns, rows: rows)
    mesh.pointPairs = pairs
    return mesh
  }

  /// The same mesh without its grid shape, which the general path renders.
  static func general(_ mesh: WarpMesh) -> WarpMesh {
    WarpMesh(pointPairs: mesh.pointPairs, faces: mesh.faces)
  }

  @Test(arguments: [false, true])
  func matchesTheGeneralPath(translucent: Bool) {
    let seed: UInt64 = translucent ? 0x1A77 : 0x1A78
    var rng = SeededRandom(seed: seed)
    let source = TestImages.random(width: 61, height: 47, seed: seed, alpha: translucent)
    var worst = 0
    var differing = 0
    var total = 0
    for trial in 0..<24 {
      let mesh = Self.randomLattice(columns: 2 + trial % 7, rows: 2 + trial % 5, rng: &rng)
      let (w, h) = (40 + trial * 3, 30 + trial * 2)
      #expect(
        LatticeWarp(mesh: mesh, outputSize: Vector2(Double(w), Double(h)), sourceSize: source.size)
          != nil)
      for threads in [1, 3] {
        let options = WarpOptions(width: w, height: h, minification: .off, threads: threads)
        let fast = WarpRenderer.render(source, mesh: mesh, options: options)
        let slow = WarpRenderer.render(source, mesh: Self.general(mesh), options: options)
        for (a, b) in zip(fast.pixels, slow.pixels) {
          let d = abs(Int(a) - Int(b))
          worst = max(worst, d)
          if d != 0 { differing += 1 }
        }
        total += fast.pixels.count
      }
    }
    // Both paths sample at 1/256 px; their source points differ by the
    // general path's interpolation tolerance (1/1024 px), so a tap can
    // round to its neighbour: at most one level, and rarely.
    print("lattice vs general, seed \(seed): worst \(worst), \(differing) of \(total) bytes differ")
    #expect(worst <= 1)
    #expect(Double(differing) < 0.01 * Double(total))
  }

  @Test func identityLatticeIsExact() {
    var mesh = WarpMesh.identity(columns: 6, rows: 4)
    // Uneven cuts, still the identity.
    for i in mesh.pointPairs.indices {
      let p = mesh.pointPairs[i].to
      let q = CGPoint(x: p.x * p.x, y: p.y.squareRoot())
      mesh.pointPairs[i] = MeshPointPair(from: q, to: q)
    }
    let source = TestImages.random(width: 50, height: 37, seed: 9)
    #expect(LatticeWarp(mesh: mesh, outputSize: source.size, sourceSize: source.size) != nil)
    #expect(WarpRenderer.render(source, mesh: mesh, options: WarpOptions(threads: 1)) == source)
  }

  @Test func onlyLatticesTakeThePath() throws {
    let size = Vector2(64, 48)
    var rng = SeededRandom(seed: 4)
    let lattice = Self.randomLattice(columns: 5, rows: 4, rng: &rng)
    #expect(LatticeWarp(mesh: lattice, outputSize: size, sourceSize: size) != nil)
    #expect(LatticeWarp(mesh: Self.general(lattice), outputSize: size, sourceSize: size) == nil)
    // A `to` point off its row, a lattice short of the output's edge,
    // faces in another order, a non-finite `from` point.
    var moved = lattice
    moved.pointPairs[6].to.y += 0.01
    #expect(LatticeWarp(mesh: moved, outputSize: size, sourceSize: size) == nil)
    var inset = lattice
    for i in inset.pointPairs.indices { inset.pointPairs[i].to.x *= 0.9 }
    #expect(LatticeWarp(mesh: inset, outputSize: size, sourceSize: size) == nil)
    var reordered = lattice
    reordered.faces.reverse()
    #expect(LatticeWarp(mesh: reordered, outputSize: size, sourceSize: size) == nil)
    var broken = lattice
    broken.pointPairs[3].from.x = .nan
    #expect(LatticeWarp(mesh: broken, outputSize: size, sourceSize: size) == nil)
    #expect(
      LatticeWarp(
        mesh: MeshPresets.sinusoidal(columns: 9, rows: 9), outputSize: size, sourceSize: size)
        == nil)
    // Thin-plate spline meshes are lattices.
    let spline = try WarpMesh.thinPlateSpline(
      pairs: [MeshPointPair(from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 0.55, y: 0.45))],
      outputSize: size)
    #expect(LatticeWarp(mesh: spline, outputSize: size, sourceSize: size) != nil)
  }
}
