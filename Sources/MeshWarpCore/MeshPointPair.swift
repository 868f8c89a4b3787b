import Foundation

/// One mesh vertex: where it sits on the undeformed content and where it
/// appears after warping.
///
/// Both points are in normalized UV coordinates: (0, 0) is the content's
/// top-left corner, (1, 1) its bottom-right, y grows downward. `to` may leave
/// the unit square; the content then travels outside its original bounds.
public struct MeshPointPair: Hashable, Sendable {
  /// Where the vertex sits on the undeformed content (normalized UV).
  public var from: CGPoint
  /// Where that vertex appears after warping (normalized UV).
  public var to: CGPoint

  /// Creates a vertex that moves content at `from` to `to`.
  public init(from: CGPoint, to: CGPoint) {
    self.from = from
    self.to = to
  }

  /// A vertex that stays where it is.
  public init(identity point: CGPoint) {
    self.init(from: point, to: point)
  }
}
