import Dispatch
import MeshWarpCore

/// Anti-aliases the warped mesh's outer boundary by coverage.
///
/// The boundary is every face edge that no other face shares. Only pixels
/// that such an edge crosses can be partly covered; they are found by walking
/// each boundary edge through the pixel grid (Amanatides & Woo, "A Fast Voxel
/// Traversal Algorithm", 1987), so the cost is O(perimeter in pixels ×
/// samples²), independent of the image area. Each such pixel takes `samples²`
/// point lookups (`QuadLocator`): coverage = the inside fraction; colour =
/// the mapped sample at the pixel centre when the centre is inside, else the
/// mean of the inside samples; the result is that colour over the edge
/// policy's outside colour, weighted by coverage. A fully covered pixel whose
/// centre is inside keeps the exact centre sample, so identity meshes stay
/// bit-exact along the image border.
struct SilhouetteAntialiaser<Reader: ContentReader>: Sendable {
  let faces: [WarpRenderer.Face]
  let sampler: Reader
  let outside: OutsideFill<Reader>
  let samples: Int
  let boundary: [(Vector2, Vector2)]

  init(
    mesh: WarpMesh, faceIndices: [Int], faces: [WarpRenderer.Face], sampler: Reader,
    outside: OutsideFill<Reader>, samples: Int
  ) {
    self.faces = faces
    self.sampler = sampler
    self.outside = outside
    self.samples = samples
    boundary = Self.boundary(mesh: mesh, faceIndices: faceIndices, faces: faces)
  }

  /// The undirected edges used by exactly one renderable face, each as its
  /// face runs it (warped, output pixels). For a grid of cells that are all
  /// rendered, the grid's outer ring, read off directly (a 64 × 64 grid
  /// has 16 384 edge uses to count otherwise: a dictionary that `perf`
  /// put at about 2 % of a 64 × 64 frame, serial).
  static func boundary(mesh: WarpMesh, faceIndices: [Int], faces: [WarpRenderer.Face])
    -> [(Vector2, Vector2)]
  {
    gridRing(mesh: mesh, faceIndices: faceIndices, faces: faces)
      ?? edgesUsedOnce(mesh: mesh, faceIndices: faceIndices, faces: faces)
  }

  /// ``boundary(mesh:faceIndices:faces:)`` of a grid of cells, all
  /// rendered; `nil` for any other mesh.
  static func gridRing(mesh: WarpMesh, faceIndices: [Int], faces: [WarpRenderer.Face])
    -> [(Vector2, Vector2)]?
  {
    if let grid = mesh.gridOfCells, faceIndices.count == mesh.faces.count {
      // Face k is cell (k % cells, k / cells), corners a b c d clockwise
      // from the top left: the ring is the top row's a→b, the right
      // column's b→c, the bottom row's c→d and the left column's d→a.
      let (cells, rows) = (grid.columns - 1, grid.rows - 1)
      var ring: [(Vector2, Vector2)] = []
      ring.reserveCapacity(2 * (cells + rows))
      for c in 0..<cells { ring.append((faces[c].warped.a, faces[c].warped.b)) }
      for r in 0..<rows {
        let q = faces[r * cells + cells - 1].warped
        ring.append((q.b, q.c))
      }
      for c in 0..<cells {
        let q = faces[(rows - 1) * cells + c].warped
        ring.append((q.c, q.d))
      }
      for r in 0..<rows {
        let q = faces[r * cells].warped
        ring.append((q.d, q.a))
      }
      return ring
    }
    return nil
  }

  /// ``boundary(mesh:faceIndices:faces:)`` of any mesh, by counting each
  /// undirected edge's uses.
  static func edgesUsedOnce(mesh: WarpMesh, faceIndices: [Int], faces: [WarpRenderer.Face])
    -> [(Vector2, Vector2)]
  {
    var uses: [UInt64: Int] = [:]
    var order: [(UInt64, Vector2, Vector2)] = []
    for (k, i) in faceIndices.enumerated() {
      let ids = mesh.faces[i].indices
      let q = faces[k].warped.corners
      for e in 0..<4 {
        let a = ids[e]
        let b = ids[(e + 1) % 4]
        let key =
          UInt64(UInt32(truncatingIfNeeded: min(a, b))) << 32
          | UInt64(UInt32(truncatingIfNeeded: max(a, b)))
        if uses[key, default: 0] == 0 { order.append((key, q[e], q[(e + 1) % 4])) }
        uses[key, default: 0] += 1
      }
    }
    return order.filter { uses[$0.0] == 1 }.map { ($0.1, $0.2) }
  }

  func run(width: Int, height: Int, into out: SharedPointer<Reader.Channel>, threads: Int) {
    var pixels: [Int] = []
    for (a, b) in boundary where !Self.onGridLine(a, b) {
      visitPixels(from: a, to: b, width: width, height: height) { pixels.append($0) }
    }
    guard !pixels.isEmpty else { return }
    pixels.sort()
    var unique: [Int] = []
    unique.reserveCapacity(pixels.count)
    for p in pixels where unique.last != p { unique.append(p) }

    let locator = QuadLocator(quads: faces.map(\.warped), ids: Array(faces.indices))
    let chunkCount = min(resolvedThreadCount(threads) * 4, max(1, unique.count / 64))
    let list = unique
    let work: @Sendable (Int) -> Void = { chunk in
      let lo = list.count * chunk / chunkCount
      let hi = list.count * (chunk + 1) / chunkCount
      for index in list[lo..<hi] {
        self.shade(pixel: index, width: width, locator: locator, into: out.base)
      }
    }
    if resolvedThreadCount(threads) == 1 || chunkCount == 1 {
      for c in 0..<chunkCount { work(c) }
    } else {
      DispatchQueue.concurrentPerform(iterations: chunkCount, execute: work)
    }
  }

  /// Whether segment a→b runs along a pixel-grid line (x or y constant and
  /// integral, e.g. a border pinned to the image's edge). Such an edge
  /// crosses no pixel's interior, so the sample coverage of every pixel
  /// along it is decided by other boundary edges (whose walks visit that
  /// pixel) or is 0 or 1, which the main pass has already rendered: the
  /// walk can skip it.
  static func onGridLine(_ a: Vector2, _ b: Vector2) -> Bool {
    (a.x == b.x && a.x.rounded(.down) == a.x) || (a.y == b.y && a.y.rounded(.down) == a.y)
  }

  /// The mapped source point of output point p, or nil outside the mesh.
  @inline(__always) func source(_ p: Vector2, _ locator: QuadLocator) -> Vector2? {
    guard let l = locator.locate(p) else { return nil }
    return faces[l.index].original.point(u: l.u, v: l.v)
  }

  func shade(
    pixel index: Int, width: Int, locator: QuadLocator,
    into out: UnsafeMutablePointer<Reader.Channel>
  ) {
    let x = index % width
    let y = index / width
    let centre = Vector2(Double(x) + 0.5, Double(y) + 0.5)
    var inside = 0
    var sum = SIMD4<Float>.zero
    let centreSource = source(centre, locator)
    for j in 0..<samples {
      for i in 0..<samples {
        let p = Vector2(
          Double(x) + (Double(i) + 0.5) / Double(samples),
          Double(y) + (Double(j) + 0.5) / Double(samples))
        guard let s = source(p, locator) else { continue }
        inside += 1
        if centreSource == nil { sum += sampler.premultiplied(at: s) }
      }
    }
    let pixel = out + index * 4
    let total = samples * samples
    if inside == total, let centreSource {
      sampler.write(at: centreSource, to: pixel)
      return
    }
    let coverage = Float(inside) / Float(total)
    var color = SIMD4<Float>.zero
    if inside > 0 {
      color = centreSource.map { sampler.premultiplied(at: $0) } ?? sum / Float(inside)
    }
    sampler.storeStraight(
      color * coverage + outside.premultiplied(at: centre) * (1 - coverage), to: pixel)
  }

  /// Calls `visit` with the index of every in-image pixel the segment a→b
  /// passes through.
  func visitPixels(
    from a: Vector2, to b: Vector2, width: Int, height: Int, _ visit: (Int) -> Void
  ) {
    // Clip to the image (Liang–Barsky) so that far-away edges cost nothing.
    var t0 = 0.0
    var t1 = 1.0
    let d = b - a
    let lo = Vector2(0, 0)
    let hi = Vector2(Double(width), Double(height))
    for (p, q) in [
      (-d.x, a.x - lo.x), (d.x, hi.x - a.x), (-d.y, a.y - lo.y), (d.y, hi.y - a.y),
    ] {
      if p == 0 {
        if q < 0 { return }
      } else {
        let r = q / p
        if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
      }
    }
    guard t0 <= t1 else { return }
    let start = a + d * t0
    let end = a + d * t1
    // An edge between points near ±Double.max has an infinite d: no pixels.
    guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
    var x = Int(start.x.rounded(.down))
    var y = Int(start.y.rounded(.down))
    let endX = Int(end.x.rounded(.down))
    let endY = Int(end.y.rounded(.down))
    let stepX = d.x > 0 ? 1 : (d.x < 0 ? -1 : 0)
    let stepY = d.y > 0 ? 1 : (d.y < 0 ? -1 : 0)
    let deltaX = stepX != 0 ? abs(1 / d.x) : .infinity
    let deltaY = stepY != 0 ? abs(1 / d.y) : .infinity
    var maxX =
      stepX > 0
      ? (Double(x + 1) - start.x) / d.x : (stepX < 0 ? (start.x - Double(x)) / -d.x : .infinity)
    var maxY =
      stepY > 0
      ? (Double(y + 1) - start.y) / d.y : (stepY < 0 ? (start.y - Double(y)) / -d.y : .infinity)
    var steps = abs(endX - x) + abs(endY - y) + 1
    while steps > 0 {
      if x >= 0, y >= 0, x < width, y < height { visit(y * width + x) }
      if x == endX && y == endY { break }
      if maxX < maxY {
        maxX += deltaX
        x += stepX
      } else {
        maxY += deltaY
        y += stepY
      }
      steps -= 1
    }
  }
}
