import Foundation
import MeshWarpCore

extension WarpMesh {
  /// The smallest `maxSampleOffset` that covers this mesh in a view of
  /// `viewSize` points: the largest distance, per axis, between a pixel the
  /// warp covers and the position the layer effect samples for it (Apple's
  /// `layerEffect(_:maxSampleOffset:isEnabled:)` asks for exactly that
  /// bound).
  ///
  /// Inside a face both positions are bilinear in the face's (u, v), so
  /// their difference is too, and its extremes lie at the face's corners:
  /// the bound is the largest `|from − to|` over the vertices of the faces
  /// that render. Call it on the mesh the shader draws: for a smooth warp,
  /// the smoothed mesh (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)``),
  /// whose Catmull-Rom surface can overshoot its control points.
  ///
  /// Where `from` points lie outside 0…1, the address mode brings the
  /// sample back onto the content (all modes but `.clampToZero`, which is
  /// transparent there): a destination in [min to, max to] then samples in
  /// [0, 1], at most max(max to, 1 − min to) away, which the bound includes.
  /// Uncovered pixels add nothing: `.transparent` and `.color` sample
  /// nothing, `.unwarped` samples the pixel itself, and `.origin` samples
  /// the layer's origin, which is always rendered.
  ///
  /// - Parameters:
  ///   - viewSize: the view's size in points.
  ///   - addressMode: how the shader samples beyond the content's edges.
  /// - Returns: the offset in points per axis; `.zero` for a mesh with no
  ///   renderable face or a non-finite size.
  /// - Complexity: O(faces).
  public func requiredSampleOffset(
    viewSize: CGSize, addressMode: AddressMode = .clampToEdge
  ) -> CGSize {
    let size = Vector2(Double(viewSize.width), Double(viewSize.height))
    guard size.x.isFinite, size.y.isFinite, size.x > 0, size.y > 0 else { return .zero }
    var travel = Vector2(0, 0)
    var toMin = Vector2(.infinity, .infinity)
    var toMax = Vector2(-.infinity, -.infinity)
    var fromOutside = (x: false, y: false)
    for faceIndex in faces.indices where isRenderable(faceIndex) {
      let face = faces[faceIndex]
      for i in [face.i0, face.i1, face.i2, face.i3] {
        let from = Vector2(pointPairs[i].from)
        let to = Vector2(pointPairs[i].to)
        travel = Vector2(max(travel.x, abs(from.x - to.x)), max(travel.y, abs(from.y - to.y)))
        toMin = Vector2(min(toMin.x, to.x), min(toMin.y, to.y))
        toMax = Vector2(max(toMax.x, to.x), max(toMax.y, to.y))
        fromOutside.x = fromOutside.x || from.x < 0 || from.x > 1
        fromOutside.y = fromOutside.y || from.y < 0 || from.y > 1
      }
    }
    if addressMode != .clampToZero {
      if fromOutside.x { travel.x = max(travel.x, toMax.x, 1 - toMin.x) }
      if fromOutside.y { travel.y = max(travel.y, toMax.y, 1 - toMin.y) }
    }
    return CGSize(width: travel.x * size.x, height: travel.y * size.y)
  }
}

/// What the layer effect draws for a mesh in a view of a given size: the
/// mesh the shader renders (smoothed when asked), and the sample offset
/// that covers it. Pure Swift, so Linux tests check it.
package struct MeshWarpRenderPlan: Sendable {
  /// The mesh the shader draws: the given one, or its smooth surface.
  package let mesh: WarpMesh
  /// The larger, per axis, of the caller's `maxSampleOffset` and
  /// ``WarpMesh/requiredSampleOffset(viewSize:addressMode:)`` of ``mesh``.
  package let maxSampleOffset: CGSize

  /// - Parameters:
  ///   - mesh: the user's mesh (normalized coordinates of the view).
  ///   - smooth: draw the bicubic Catmull-Rom surface through the grid
  ///     (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)`` at the
  ///     view's size in pixels, 0.1 px tolerance); a mesh that is not a grid,
  ///     or a size that cannot be smoothed, draws piecewise.
  ///   - viewSize: the view's size in points.
  ///   - displayScale: pixels per point.
  ///   - maxSampleOffset: the caller's offset, a lower bound.
  ///   - addressMode: the shader's address mode.
  package init(
    mesh: WarpMesh, smooth: Bool, viewSize: CGSize, displayScale: CGFloat,
    maxSampleOffset: CGSize, addressMode: AddressMode
  ) {
    var rendered = mesh
    if smooth {
      let scale = displayScale.isFinite && displayScale > 0 ? Double(displayScale) : 1
      let pixels = Vector2(Double(viewSize.width) * scale, Double(viewSize.height) * scale)
      if let smoothed = try? mesh.smoothed(outputSize: pixels) { rendered = smoothed }
    }
    let required = rendered.requiredSampleOffset(viewSize: viewSize, addressMode: addressMode)
    self.mesh = rendered
    self.maxSampleOffset = CGSize(
      width: max(maxSampleOffset.width, required.width),
      height: max(maxSampleOffset.height, required.height))
  }
}
