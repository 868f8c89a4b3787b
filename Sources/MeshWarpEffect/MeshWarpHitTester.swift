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
