import MeshWarpCore
import _MetalShaderHarness
import _TestSupport

/// Runs the shipped shader (compiled as C++) and the core's Double mapping
/// over every pixel centre of a square view and tallies their differences.
struct ShaderComparison: CustomStringConvertible {
  /// Band around warped quad edges where the two may disagree (pixels).
  static let edgeBand = 1e-3
  /// Largest allowed distance between their source positions (pixels).
  static let positionTolerance = 1e-3
  /// Local magnification above which positions are measured, not asserted
  /// (derived: the shader receives the mesh rounded to Float, ~2^-24 of the
  /// view ≈ 3e-5 px at 512 px, and the inverse map multiplies that by the
  /// magnification; 30 × 3e-5 ≈ 1e-3 px).
  static let magnificationLimit = 30.0

  var pixels = 0
  var inside = 0
  /// Inside/outside disagreements, and those farther than `edgeBand` from every edge.
  var insideMismatches = 0
  var insideMismatchesOffEdge = 0
  /// Position differences above `positionTolerance`, and those off the edges.
  var positionMisses = 0
  var positionMissesOffEdge = 0
  /// Largest position difference among pixels off the edge band (pixels;
  /// differences below 1e-4 px count wherever they are).
  var maxError = 0.0
  /// Largest position difference over all pixels mapped by both.
  var maxErrorAnywhere = 0.0
  /// Pixels in warped quads that break rule 4 of the original MeshWarpEffect README (concave or folded), where
  /// the inverse is ill-conditioned near the fold: measured, not asserted.
  var concavePixels = 0
  var maxErrorConcave = 0.0
  /// Pixels where the map magnifies by more than `magnificationLimit`
  /// (near-degenerate corners of convex quads): measured, not asserted.
  var magnifiedPixels = 0
  var maxErrorMagnified = 0.0

  var agrees: Bool { insideMismatchesOffEdge == 0 && positionMissesOffEdge == 0 }

  var description: String {
    "\(pixels) px, \(inside) inside, inside/outside mismatches \(insideMismatches) (off edge \(insideMismatchesOffEdge)), "
      + "position misses \(positionMisses) (off edge \(positionMissesOffEdge)), "
      + "max error \(maxError) px (anywhere \(maxErrorAnywhere) px), "
      + "\(concavePixels) px in concave quads, max error there \(maxErrorConcave) px, "
      + "\(magnifiedPixels) px magnified > \(Self.magnificationLimit)×, max error there \(maxErrorMagnified) px"
  }

  /// Compares at every pixel centre of a `side × side` view, or only at rows
  /// `stride` apart (all columns) to keep a test fast.
  init(mesh: WarpMesh, side: Int, rowStride: Int = 1) {
    let data = ShaderMeshData.pack(mesh, edges: .transparent)
    let mapping = MeshMapping(mesh: mesh)
    let scale = Vector2(Double(side), Double(side))
    let concave = Set(mesh.validate().filter { $0.rule == .convexWarpedQuad }.compactMap(\.face))
    var xy = [Float](repeating: 0, count: 2 * side * side)
    var kept = [UInt8](repeating: 0, count: side * side)
    meshwarp_shader_map_image(data, Int32(data.count), Int32(side), Int32(side), &xy, &kept)
    for y in stride(from: 0, to: side, by: rowStride) {
      for x in 0..<side {
        pixels += 1
        let i = y * side + x
        let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
        let location = mapping.locate(destination: p / scale)
        let core = location.map {
          mesh.originalQuad($0.face, scale: scale).point(u: $0.u, v: $0.v)
        }
        let shaderInside = kept[i] != 0
        if core != nil { inside += 1 }
        lazy var nearEdge =
          RandomMeshes.distanceToNearestEdge(p, mesh: mesh, scale: scale) < Self.edgeBand
        guard let core, shaderInside else {
          if (core != nil) != shaderInside {
            insideMismatches += 1
            if !nearEdge { insideMismatchesOffEdge += 1 }
          }
          continue
        }
        let shader = Vector2(Double(xy[2 * i]), Double(xy[2 * i + 1]))
        let d = shader - core
        let error = (d * d).sum().squareRoot()
        maxErrorAnywhere = max(maxErrorAnywhere, error)
        if let face = location?.face, concave.contains(face) {
          concavePixels += 1
          maxErrorConcave = max(maxErrorConcave, error)
          continue
        }
        if let l = location,
          Self.magnification(mesh: mesh, location: l, scale: scale) > Self.magnificationLimit
        {
          magnifiedPixels += 1
          maxErrorMagnified = max(maxErrorMagnified, error)
          continue
        }
        if error > Self.positionTolerance { positionMisses += 1 }
        // Edge distances cost O(faces): only look for the larger errors.
        if error > 1e-4 && nearEdge { continue }
        if error > Self.positionTolerance { positionMissesOffEdge += 1 }
        maxError = max(maxError, error)
      }
    }
  }

  /// ‖J_from · J_to⁻¹‖ (Frobenius) at the location's (u, v): how much the
  /// source point moves per unit move of the destination point.
  static func magnification(mesh: WarpMesh, location l: MeshMapping.FaceLocation, scale: Vector2)
    -> Double
  {
    func jacobian(_ q: Quad) -> (Vector2, Vector2) {
      let g = q.a - q.b + q.c - q.d
      return (q.b - q.a + g * l.v, q.d - q.a + g * l.u)
    }
    let (tu, tv) = jacobian(mesh.warpedQuad(l.face, scale: scale))
    let (ou, ov) = jacobian(mesh.originalQuad(l.face, scale: scale))
    let det = cross(tu, tv)
    guard det != 0 else { return .infinity }
    // J_to⁻¹ = [tv.y, −tv.x; −tu.y, tu.x] / det; M = [ou ov] · J_to⁻¹.
    let m00 = (ou.x * tv.y - ov.x * tu.y) / det
    let m01 = (-ou.x * tv.x + ov.x * tu.x) / det
    let m10 = (ou.y * tv.y - ov.y * tu.y) / det
    let m11 = (-ou.y * tv.x + ov.y * tu.x) / det
    return (m00 * m00 + m01 * m01 + m10 * m10 + m11 * m11).squareRoot()
  }
}
