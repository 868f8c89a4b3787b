import Foundation

/// The genie as the warp of one view, for a distortion shader that works in
/// the view's own normalized coordinates (SwiftUI's `genieEffect`).
public struct GenieViewMesh: Hashable, Sendable {
  /// The warp: `from` and `to` both normalized to the view; `to` leaves the
  /// unit square as the content travels toward the target.
  public var mesh: WarpMesh
  /// How far, in the view's units per axis, content travels beyond its
  /// bounds (SwiftUI's `maxSampleOffset`): ``GenieLayout/maximumDisplacement``.
  public var maxSampleOffset: CGSize

  /// The genie of a view of `viewSize` into `target`, both in the view's
  /// own coordinate space (points; the target lies outside the view toward
  /// `edge`, e.g. a dock icon below it), at `progress` 0 (untouched) … 1.
  ///
  /// The canvas is the union of the view's bounds and the target; the
  /// generator's canvas-normalized `to` points are mapped back to the view:
  /// `to_view = (to_canvas · canvas.size + canvas.origin) / viewSize`.
  ///
  /// - Throws: the layout's and generator's ``GenieError``s (e.g. a target
  ///   overlapping the view), ``GenieError/progressOutOfRange(_:)``.
  public init(
    viewSize: CGSize, target: CGRect, edge: GenieEdge = .bottom, progress: Double,
    timing: GenieTiming = .macOS, density: GenieDensity = .standard
  ) throws(GenieError) {
    let view = CGRect(origin: .zero, size: viewSize)
    let canvas = view.union(target)
    let layout = try GenieLayout(
      canvasSize: canvas.size, viewRect: view.offsetBy(dx: -canvas.minX, dy: -canvas.minY),
      targetRect: target.offsetBy(dx: -canvas.minX, dy: -canvas.minY), edge: edge)
    var mesh = try GenieMeshGenerator(layout: layout, timing: timing, density: density)
      .mesh(progress: progress)
    for i in mesh.pointPairs.indices {
      let to = mesh.pointPairs[i].to
      mesh.pointPairs[i].to = CGPoint(
        x: (to.x * canvas.width + canvas.minX) / viewSize.width,
        y: (to.y * canvas.height + canvas.minY) / viewSize.height)
    }
    self.mesh = mesh
    maxSampleOffset = layout.maximumDisplacement
  }
}
