import Foundation

/// Maps points through a warp mesh in both directions, in O(1) average time
/// per point whatever the face count.
///
/// - ``sourcePoint(forDestination:)-(Vector2)``: where on the content a point of the
///   warped view comes from (what a distortion shader computes per pixel;
///   also hit-testing: a touch on the warped view → the content's own point).
/// - ``destinationPoint(forSource:)-(Vector2)``: where a content point appears.
///
/// Both find the first face (in the mesh's face order) whose quad contains
/// the point, invert that quad's bilinear map (`QuadInverter`) and evaluate
/// the other quad at the same (u, v). Faces with out-of-range indices or
/// non-finite points are skipped. Points outside every face map to `nil`.
/// Coordinates are whatever the mesh uses (normalized UV for the meshes of the original MeshWarpEffect package).
public struct MeshMapping: Sendable {
  public let mesh: WarpMesh
  let warped: QuadLocator
  let original: QuadLocator

  /// Builds the spatial indexes. Cost O(faces).
  public init(mesh: WarpMesh) {
    self.mesh = mesh
    let faces = mesh.faces.indices.filter(mesh.isRenderable)
    warped = QuadLocator(quads: faces.map { mesh.warpedQuad($0) }, ids: faces)
    original = QuadLocator(quads: faces.map { mesh.originalQuad($0) }, ids: faces)
  }

  /// A point's face and bilinear parameters.
  public struct FaceLocation: Hashable, Sendable {
    /// Index into the mesh's `faces`.
    public var face: Int
    /// Bilinear parameters in [0, 1]: (0, 0) at i0, (1, 0) at i1, (1, 1) at i2.
    public var u: Double
    public var v: Double
  }

  /// The first face whose warped quad contains `destination`, with (u, v).
  public func locate(destination: Vector2) -> FaceLocation? {
    warped.locate(destination).map { FaceLocation(face: $0.id, u: $0.u, v: $0.v) }
  }

  /// The first face whose original quad contains `source`, with (u, v).
  public func locate(source: Vector2) -> FaceLocation? {
    original.locate(source).map { FaceLocation(face: $0.id, u: $0.u, v: $0.v) }
  }

  /// Where on the undeformed content the warped point `destination` comes
  /// from, or `nil` outside the warped mesh.
  public func sourcePoint(forDestination destination: Vector2) -> Vector2? {
    guard let l = warped.locate(destination) else { return nil }
    return original.quads[l.index].point(u: l.u, v: l.v)
  }

  /// Where the content point `source` appears after warping, or `nil` outside
  /// the original mesh.
  public func destinationPoint(forSource source: Vector2) -> Vector2? {
    guard let l = original.locate(source) else { return nil }
    return warped.quads[l.index].point(u: l.u, v: l.v)
  }

  /// `CGPoint` form of ``sourcePoint(forDestination:)-(Vector2)``.
  public func sourcePoint(forDestination destination: CGPoint) -> CGPoint? {
    sourcePoint(forDestination: Vector2(destination))?.cgPoint
  }

  /// `CGPoint` form of ``destinationPoint(forSource:)-(Vector2)``.
  public func destinationPoint(forSource source: CGPoint) -> CGPoint? {
    destinationPoint(forSource: Vector2(source))?.cgPoint
  }
}
