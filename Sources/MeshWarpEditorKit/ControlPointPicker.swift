import MeshWarpCore

/// Finds the control point under the pointer.
package enum ControlPointPicker {
  /// The hit radius in window pixels (empirical: a fingertip-sized 24-px
  /// target around the drawn 6-px dot, easy to grab without covering
  /// neighbours on a 9×9 grid at 800×600, whose points are 75 px apart).
  package static let defaultRadius = 12.0

  /// The index of the vertex whose warped (`to`) point lies nearest to
  /// `windowPoint` and no farther than `radius`, or `nil`.
  ///
  /// - Parameters:
  ///   - mesh: the mesh; `to` points are normalized to `frameSize`.
  ///   - windowPoint: the pointer, in window pixels.
  ///   - frameSize: the window's size in pixels (width, height).
  ///   - radius: the hit radius in pixels (> 0).
  /// - Returns: the nearest vertex within the radius; ties go to the lower
  ///   index (the one drawn first, under the others).
  /// - Complexity: O(vertices).
  package static func vertex(
    in mesh: WarpMesh, at windowPoint: Vector2, frameSize: Vector2,
    radius: Double = defaultRadius
  ) -> Int? {
    nearest(mesh.pointPairs.map { Vector2($0.to) * frameSize }, to: windowPoint, radius: radius)
  }

  /// The index of the point of `points` (window pixels) nearest to
  /// `windowPoint` and no farther than `radius`, or `nil`; ties go to the
  /// lower index.
  /// - Complexity: O(points).
  package static func nearest(
    _ points: [Vector2], to windowPoint: Vector2, radius: Double = defaultRadius
  ) -> Int? {
    var best: (index: Int, distance2: Double)?
    for (i, point) in points.enumerated() {
      let d = point - windowPoint
      let d2 = (d * d).sum()
      guard d2 <= radius * radius, d2.isFinite else { continue }
      if best == nil || d2 < best!.distance2 { best = (i, d2) }
    }
    return best?.index
  }
}
