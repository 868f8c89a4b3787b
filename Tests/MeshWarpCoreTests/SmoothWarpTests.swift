import Foundation
import MeshWarpCore
import Testing
import _TestSupport

/// `WarpMesh.smoothed`: the Catmull-Rom surface, its subdivision, its errors.
@Suite struct SmoothWarpTests {
  /// A 4×4 grid with its interior and some edge points moved.
  static var bent: WarpMesh {
    var mesh = WarpMesh.identity(columns: 4, rows: 4)
    mesh[column: 1, row: 1] = CGPoint(x: 0.42, y: 0.27)
    mesh[column: 2, row: 1] = CGPoint(x: 0.70, y: 0.40)
    mesh[column: 1, row: 2] = CGPoint(x: 0.25, y: 0.62)
    mesh[column: 2, row: 2] = CGPoint(x: 0.61, y: 0.71)
    mesh[column: 3, row: 1] = CGPoint(x: 1.05, y: 0.30)
    mesh[column: 1, row: 0] = CGPoint(x: 0.30, y: -0.04)
    return mesh
  }

  @Test func identityGridStaysExactlyIdentity() throws {
    for (c, r) in [(2, 2), (3, 5), (7, 4)] {
      let smooth = try WarpMesh.identity(columns: c, rows: r).smoothed(
        outputSize: Vector2(640, 480))
      #expect(smooth.isIdentity)
      #expect(smooth.faces.count == (smooth.grid!.columns - 1) * (smooth.grid!.rows - 1))
    }
  }

  @Test func inputPointsStayWhereTheyAre() throws {
    let mesh = Self.bent
    let smooth = try mesh.smoothed(outputSize: Vector2(300, 200))
    let fine = Set(smooth.pointPairs)
    for pair in mesh.pointPairs { #expect(fine.contains(pair)) }
    #expect(smooth.validationErrors.isEmpty)
  }

  @Test func nonGridMeshIsAnError() {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh.grid = nil
    mesh.faces.reverse()  // not a grid's cells in order (in order, the grid is inferred)
    #expect(throws: WarpMeshError.notAGrid) { try mesh.smoothed(outputSize: Vector2(100, 100)) }
    mesh.grid = WarpMesh.GridShape(columns: 4, rows: 3)  // does not match the points
    #expect(throws: WarpMeshError.notAGrid) { try mesh.smoothed(outputSize: Vector2(100, 100)) }
  }

  @Test func subdivisionBeyondTheLimitIsAnError() {
    #expect(throws: WarpMeshError.tooManyFaces(needed: 4096 * 4096 * 9, limit: 1 << 22)) {
      try Self.bent.smoothed(outputSize: Vector2(1e6, 1e6), tolerance: 1e-9)
    }
    var absurd = Self.bent
    absurd[column: 1, row: 1] = CGPoint(x: 1e308, y: 0.5)
    #expect(throws: WarpMeshError.self) { try absurd.smoothed(outputSize: Vector2(100, 100)) }
  }

  /// Adaptive: a straight grid needs no subdivision, a bent one does, and
  /// a larger output needs more.
  @Test func subdivisionFollowsCurvatureAndSize() throws {
    var sheared = WarpMesh.identity(columns: 4, rows: 4)
    for i in sheared.pointPairs.indices {
      let p = sheared.pointPairs[i].to
      sheared.pointPairs[i].to = CGPoint(x: p.x * 0.8 + p.y * 0.1, y: p.y * 0.9)
    }
    #expect(try sheared.smoothed(outputSize: Vector2(1000, 1000)).faces.count == 9)
    let small = try Self.bent.smoothed(outputSize: Vector2(100, 100)).faces.count
    let large = try Self.bent.smoothed(outputSize: Vector2(1000, 1000)).faces.count
    #expect(small > 9)
    #expect(large > small)
  }

  /// The map of the smoothed mesh against numpy's exact surfaces (Newton's
  /// method on to(s, t) = p, then from(s, t)) at pixel centres: within
  /// 0.1 px (measured: 0.069 px).
  @Test(.enabled(if: NumpyReference.available))
  func matchesTheExactSurfaceWithinATenthOfAPixel() throws {
    let mesh = Self.bent
    let size = Vector2(240, 180)
    let smooth = try mesh.smoothed(outputSize: size)
    let mapping = MeshMapping(mesh: smooth)
    var queries: [Vector2] = []
    for y in stride(from: 2, to: 180, by: 7) {
      for x in stride(from: 3, to: 240, by: 7) {
        queries.append(Vector2(Double(x) + 0.5, Double(y) + 0.5))
      }
    }
    let reference = try NumpyReference.smoothSourcePoints(
      mesh, outputSize: size, contentSize: size, queries: queries)
    #expect(reference.count == queries.count)
    var worst = 0.0
    var compared = 0
    for (p, r) in zip(queries, reference) {
      guard let r else { continue }
      guard let s = mapping.sourcePoint(forDestination: p / size) else { continue }
      let e = s * size - r
      worst = max(worst, (e * e).sum().squareRoot())
      compared += 1
    }
    #expect(compared > queries.count / 2)
    #expect(worst <= 0.1, "largest deviation \(worst) px over \(compared) points")
    print("smooth warp: largest deviation from the exact surface \(worst) px (\(compared) points)")
  }
}

/// A grid written without `"columns"` and `"rows"` (faces listed) is still
/// a grid for `--smooth`; faces out of a grid's order are not.
@Suite struct InferredGridTests {
  @Test func gridFacesGiveTheGrid() throws {
    var warped = WarpMesh.identity(columns: 4, rows: 3)
    warped.pointPairs[5].to.x += 0.05
    var bare = warped
    bare.grid = nil
    #expect(bare.withGridInferred.grid == WarpMesh.GridShape(columns: 4, rows: 3))
    #expect(bare.withGridInferred == warped)
    let size = Vector2(64, 48)
    #expect(try bare.smoothed(outputSize: size) == warped.smoothed(outputSize: size))
    // Faces in another order, or one face changed: no grid.
    var shuffled = bare
    shuffled.faces.swapAt(0, 1)
    #expect(shuffled.withGridInferred.grid == nil)
    #expect(throws: WarpMeshError.notAGrid) { try shuffled.smoothed(outputSize: size) }
    var bent = bare
    bent.faces[3] = MeshFace(i0: 4, i1: 5, i2: 10, i3: 8)
    #expect(bent.withGridInferred.grid == nil)
    // A mesh that declares its grid keeps it.
    #expect(warped.withGridInferred == warped)
  }
}
