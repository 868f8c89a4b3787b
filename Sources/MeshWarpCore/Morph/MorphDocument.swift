import Foundation

/// A morph between two pictures: one topology and two sets of points, the
/// same features in picture A (``a``) and in picture B (``b``), each in its
/// own picture's normalized coordinates.
///
/// The morph at progress t in 0…1 is Smythe's two-pass mesh morph (as at
/// ILM, 1988; Wolberg, *Digital Image Warping*, 1990):
///
/// - the intermediate points m(t) = (1 − w)·a + w·b, with w = ``warpEasing``(t);
/// - A is warped from ``a`` to m(t), B from ``b`` to m(t) (``meshes(at:)``);
/// - the frame is (1 − d)·A_t + d·B_t on premultiplied colour, with
///   d = ``dissolveEasing``(t) (``dissolveWeight(at:)``).
///
/// At t = 0 the points are exactly ``a`` (A is not moved and d = 0), at
/// t = 1 exactly ``b``. Build one with ``identity(columns:rows:)`` and move
/// the features of ``b``; check it with ``validate()``, which also looks
/// for faces that fold part way (``folds(samples:)``).
public struct MorphDocument: Hashable, Sendable {
  /// The features in picture A, normalized to A's size; faces index into it.
  public var a: [CGPoint]
  /// The same features in picture B, normalized to B's size (as many as
  /// ``a``, in the same order).
  public var b: [CGPoint]
  /// The quads over the points, as ``WarpMesh/faces`` (perimeter order,
  /// either winding; the first wins where they overlap).
  public var faces: [MeshFace]
  /// The grid shape when the points are a row-major grid, else `nil`.
  public var grid: WarpMesh.GridShape?
  /// Whether both warps draw the smooth Catmull-Rom surface through the
  /// grid (as ``WarpMesh/smooth``); needs a grid. Default `false`.
  public var smooth: Bool
  /// The curve from progress t to the warp's weight w (how far the points
  /// have travelled from ``a`` to ``b``). Default `.linear`.
  public var warpEasing: TimingCurve
  /// The curve from progress t to the dissolve's weight d (how much of B
  /// shows). Default `.linear`.
  public var dissolveEasing: TimingCurve

  /// A morph document from its points and faces.
  ///
  /// - Parameters:
  ///   - a: the features in picture A, normalized (0…1 over A).
  ///   - b: the same features in picture B, normalized (0…1 over B).
  ///   - faces: quads indexing into both lists.
  ///   - grid: the grid shape when the points form a row-major grid.
  ///   - smooth: draw the smooth surface through the grid.
  ///   - warpEasing: progress to the points' weight.
  ///   - dissolveEasing: progress to B's weight in the blend.
  public init(
    a: [CGPoint], b: [CGPoint], faces: [MeshFace], grid: WarpMesh.GridShape? = nil,
    smooth: Bool = false, warpEasing: TimingCurve = .linear, dissolveEasing: TimingCurve = .linear
  ) {
    self.a = a
    self.b = b
    self.faces = faces
    self.grid = grid
    self.smooth = smooth
    self.warpEasing = warpEasing
    self.dissolveEasing = dissolveEasing
  }

  /// The identity morph: a `columns × rows` grid with the same points in A
  /// and B (``WarpMesh/identity(columns:rows:)``'s points and faces).
  ///
  /// - Precondition: `columns ≥ 2` and `rows ≥ 2`.
  public static func identity(columns: Int, rows: Int) -> MorphDocument {
    let mesh = WarpMesh.identity(columns: columns, rows: rows)
    let points = mesh.pointPairs.map(\.from)
    return MorphDocument(a: points, b: points, faces: mesh.faces, grid: mesh.grid)
  }

  /// The intermediate points m(t) = (1 − w)·a + w·b, w = ``warpEasing``(t):
  /// exactly ``a`` at t = 0 and exactly ``b`` at t = 1.
  ///
  /// - Parameter t: progress, 0…1 (clamped by the easing).
  public func intermediatePoints(at t: Double) -> [CGPoint] {
    let w = warpEasing(t)
    if w == 0 { return a }
    if w == 1 { return b }
    return zip(a, b).map { p, q in
      CGPoint(x: (1 - w) * p.x + w * q.x, y: (1 - w) * p.y + w * q.y)
    }
  }

  /// The two warps at progress `t`: A's from ``a`` to m(t) and B's from
  /// ``b`` to m(t), with the faces, grid and ``smooth``.
  ///
  /// - Parameter t: progress, 0…1.
  public func meshes(at t: Double) -> (a: WarpMesh, b: WarpMesh) {
    let m = intermediatePoints(at: t)
    return (mesh(from: a, to: m), mesh(from: b, to: m))
  }

  /// B's weight d = ``dissolveEasing``(t) in the blend (1 − d)·A_t + d·B_t:
  /// 0 at t = 0, 1 at t = 1.
  ///
  /// - Parameter t: progress, 0…1 (clamped).
  public func dissolveWeight(at t: Double) -> Double { dissolveEasing(t) }

  /// A mesh over this document's faces and grid from `from` to `to`.
  func mesh(from: [CGPoint], to: [CGPoint]) -> WarpMesh {
    var mesh = WarpMesh(
      pointPairs: zip(from, to).map { MeshPointPair(from: $0, to: $1) }, faces: faces, grid: grid)
    mesh.smooth = smooth
    return mesh
  }
}
