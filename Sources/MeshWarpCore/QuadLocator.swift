/// Finds which quad of a list contains a point and where (u, v) inside it.
///
/// Each quad (a, b, c, d) is split into triangles (a, b, c) and (a, c, d)
/// (rule 2 of the original MeshWarpEffect package); a `TriangleGrid` finds the first triangle containing the
/// point, which names the quad; `QuadInverter` then gives (u, v), clamped
/// to [0, 1]. If the inversion finds no root (only possible in a folded or
/// degenerate quad), the triangle's own barycentric map gives (u, v), so
/// every located point gets a deterministic answer.
package struct QuadLocator: Sendable {
  package let quads: [Quad]
  /// Quad indices as given by the caller (e.g. face indices), one per quad.
  package let ids: [Int]
  package let grid: TriangleGrid
  let inverters: [QuadInverter]

  /// - Parameters:
  ///   - quads: the quads in priority order (first wins where they overlap).
  ///   - ids: an identifier for each quad, returned by ``locate(_:)``.
  package init(quads: [Quad], ids: [Int]) {
    precondition(quads.count == ids.count)
    self.quads = quads
    self.ids = ids
    var triangles: [(Vector2, Vector2, Vector2)] = []
    triangles.reserveCapacity(quads.count * 2)
    for q in quads {
      triangles.append((q.a, q.b, q.c))
      triangles.append((q.a, q.c, q.d))
    }
    grid = TriangleGrid(triangles: triangles)
    inverters = quads.map(QuadInverter.init)
  }

  /// A located point: the quad's position in `quads`, its id, and (u, v).
  package struct Location: Hashable, Sendable {
    package var index: Int
    package var id: Int
    package var u: Double
    package var v: Double
  }

  /// The first quad containing `p` and the point's (u, v) in it, or `nil`.
  package func locate(_ p: Vector2) -> Location? {
    for t in grid.candidates(at: p) {
      let qi = Int(t) >> 1
      let q = quads[qi]
      let upper = t & 1 == 0
      let (t0, t1, t2) = upper ? (q.a, q.b, q.c) : (q.a, q.c, q.d)
      guard triangleContains(t0, t1, t2, p) else { continue }
      var uv: Vector2
      uv = inverters[qi].parameters(of: p) ?? q.triangleParameters(of: p, upper: upper)
      uv = pointwiseMin(pointwiseMax(uv, .zero), Vector2(1, 1))
      return Location(index: qi, id: ids[qi], u: uv.x, v: uv.y)
    }
    return nil
  }
}
