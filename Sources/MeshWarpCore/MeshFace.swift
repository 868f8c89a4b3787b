/// A quadrilateral face: four indices into a mesh's point pairs, in perimeter
/// order.
///
/// The original MeshWarpEffect package's rules: i0 → i1 → i2 → i3 walk the outline (rule 1), so i0 and
/// i2 are opposite corners and the quad splits into triangles (i0, i1, i2)
/// and (i0, i2, i3) (rule 2); either winding works (rule 3); keep the warped
/// quad convex (rule 4). The corner i0 has bilinear parameters (u, v) = (0, 0),
/// i1 (1, 0), i2 (1, 1), i3 (0, 1).
public struct MeshFace: Hashable, Sendable {
  public var i0: Int
  public var i1: Int
  public var i2: Int
  public var i3: Int

  /// Creates a face from four point-pair indices in perimeter order.
  public init(i0: Int, i1: Int, i2: Int, i3: Int) {
    self.i0 = i0
    self.i1 = i1
    self.i2 = i2
    self.i3 = i3
  }

  /// The four indices in perimeter order.
  public var indices: [Int] { [i0, i1, i2, i3] }
}
