import Foundation
import MeshWarpCore

/// Maps locations between a warped view and its content, so that gestures
/// on warped content land where the user sees them.
///
/// A layer effect moves pixels, not hit testing: a tap on a warped view
/// arrives at the view's own (destination) coordinates. This type inverts
/// the warp there with ``MeshMapping``, in O(1) average time per location.
///
/// Locations are in points in the view's local coordinate space, (0, 0) at
/// its top-left corner; `size` is the view's size in points.
public struct MeshWarpHitTester: Sendable {
  /// The mapping of the mesh (normalized UV).
  public let mapping: MeshMapping

  /// Builds the spatial index of `mesh`. Cost O(faces).
  public init(mesh: WarpMesh) {
    mapping = MeshMapping(mesh: mesh)
  }

  /// The hit tester of what `meshWarpEffect` draws for `mesh` in a view of
  /// `viewSize` points: with `smooth`, the bicubic surface the modifier
  /// draws at that size (not the control mesh, which it departs from
  /// between grid lines), else `mesh` itself.
  ///
  /// - Parameters:
  ///   - mesh: the mesh the view is warped with (normalized coordinates).
  ///   - smooth: the `smooth` argument the view is warped with.
  ///   - viewSize: the view's size in points.
  ///   - displayScale: pixels per point (the smoothing tolerance is
  ///     0.1 px).
  /// - Complexity: O(faces of the drawn mesh).
  public init(mesh: WarpMesh, smooth: Bool, viewSize: CGSize, displayScale: CGFloat) {
    self.init(
      mesh: MeshWarpRenderPlan.drawnMesh(
        mesh, smooth: smooth, viewSize: viewSize, displayScale: displayScale))
  }

  /// Where on the undeformed content a location on the warped view comes
  /// from, or `nil` where no warped face covers it (the warp shows nothing
  /// there, or the edge policy's stand-in).
  ///
  /// - Parameters:
  ///   - location: a point of the warped view, in points.
  ///   - size: the view's size in points; both dimensions must be > 0.
  public func contentLocation(for location: CGPoint, in size: CGSize) -> CGPoint? {
    guard size.width > 0, size.height > 0 else { return nil }
    let scale = Vector2(Double(size.width), Double(size.height))
    return mapping.sourcePoint(forDestination: Vector2(location) / scale).map {
      ($0 * scale).cgPoint
    }
  }

  /// Where a point of the content appears on the warped view, or `nil` where
  /// no original face covers it.
  ///
  /// - Parameters:
  ///   - contentLocation: a point of the undeformed content, in points.
  ///   - size: the view's size in points; both dimensions must be > 0.
  public func warpedLocation(for contentLocation: CGPoint, in size: CGSize) -> CGPoint? {
    guard size.width > 0, size.height > 0 else { return nil }
    let scale = Vector2(Double(size.width), Double(size.height))
    return mapping.destinationPoint(forSource: Vector2(contentLocation) / scale).map {
      ($0 * scale).cgPoint
    }
  }
}
