import Foundation
import MeshWarpCore
import _TestSupport

/// Random warp meshes for comparing the shader with the core.
enum RandomMeshes {
  /// A `columns × rows` grid whose warped points are jittered by up to
  /// `jitter` of a cell and shifted as a whole by up to ±0.15, so that some
  /// vertices leave the unit square and some cells are concave. The original
  /// points are a regular grid, slightly jittered too when `jitterFrom`.
  static func jitteredGrid(
    columns: Int, rows: Int, jitter: Double, jitterFrom: Bool,
    using rng: inout SeededRandom
  ) -> WarpMesh {
    var mesh = WarpMesh.identity(columns: columns, rows: rows)
    let cell = Vector2(1 / Double(columns - 1), 1 / Double(rows - 1))
    let shift = Vector2(
      Double.random(in: -0.15...0.15, using: &rng), Double.random(in: -0.15...0.15, using: &rng))
    for i in mesh.pointPairs.indices {
      var to = Vector2(mesh.pointPairs[i].to) + shift
      to.x += Double.random(in: -jitter...jitter, using: &rng) * cell.x
      to.y += Double.random(in: -jitter...jitter, using: &rng) * cell.y
      mesh.pointPairs[i].to = to.cgPoint
      if jitterFrom {
        var from = Vector2(mesh.pointPairs[i].from)
        from.x += Double.random(in: -0.2...0.2, using: &rng) * cell.x
        from.y += Double.random(in: -0.2...0.2, using: &rng) * cell.y
        mesh.pointPairs[i].from = from.cgPoint
      }
    }
    return mesh
  }

  /// `count` independent convex quads scattered over the square, overlapping
  /// each other (first face wins), each mapping to a random original quad.
  static func scatteredQuads(count: Int, using rng: inout SeededRandom) -> WarpMesh {
    var pairs: [MeshPointPair] = []
    var faces: [MeshFace] = []
    for k in 0..<count {
      let centre = Vector2(
        Double.random(in: 0.1...0.9, using: &rng), Double.random(in: 0.1...0.9, using: &rng))
      let fromCentre = Vector2(
        Double.random(in: 0.2...0.8, using: &rng), Double.random(in: 0.2...0.8, using: &rng))
      let radius = Double.random(in: 0.05...0.4, using: &rng)
      let start = Double.random(in: 0..<(2 * .pi), using: &rng)
      for j in 0..<4 {
        // Four corners at increasing angles, each jittered inside its quarter: convex.
        let angle = start + Double(j) * .pi / 2 + Double.random(in: -0.5...0.5, using: &rng)
        let r = radius * Double.random(in: 0.6...1.0, using: &rng)
        let to = centre + Vector2(cos(angle), sin(angle)) * r
        let fromAngle = Double(j) * .pi / 2 + .pi / 4
        let from = fromCentre + Vector2(cos(fromAngle), sin(fromAngle)) * 0.15
        pairs.append(MeshPointPair(from: from.cgPoint, to: to.cgPoint))
      }
      faces.append(MeshFace(i0: 4 * k, i1: 4 * k + 1, i2: 4 * k + 2, i3: 4 * k + 3))
    }
    return WarpMesh(pointPairs: pairs, faces: faces)
  }

  /// Distance from `p` to the nearest triangle edge of any renderable warped
  /// quad: its four sides and its diagonal a–c (which bounds coverage where
  /// a quad is concave and its triangles stick out of it).
  static func distanceToNearestEdge(_ p: Vector2, mesh: WarpMesh, scale: Vector2) -> Double {
    var best = Double.infinity
    for f in mesh.faces.indices where mesh.isRenderable(f) {
      let q = mesh.warpedQuad(f, scale: scale)
      let c = q.corners
      for i in 0..<4 {
        best = min(best, distance(p, segment: c[i], c[(i + 1) % 4]))
      }
      best = min(best, distance(p, segment: q.a, q.c))
    }
    return best
  }

  static func distance(_ p: Vector2, segment a: Vector2, _ b: Vector2) -> Double {
    let ab = b - a
    let length2 = (ab * ab).sum()
    let t = length2 > 0 ? min(max(((p - a) * ab).sum() / length2, 0), 1) : 0
    let d = p - (a + ab * t)
    return (d * d).sum().squareRoot()
  }
}
