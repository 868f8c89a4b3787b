import Foundation

/// Why two meshes cannot be interpolated: they must have the same shape.
public enum MeshInterpolationMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// The meshes have different numbers of point pairs.
  case pointCount(Int, Int)
  /// The meshes have different faces (count or indices); `face` is the first
  /// face that differs.
  case faces(face: Int)
  /// Point pair `index` has different original (`from`) points.
  case originalPoint(index: Int)

  public var description: String {
    switch self {
    case .pointCount(let a, let b): "the meshes have \(a) and \(b) point pairs"
    case .faces(let face): "the meshes' faces differ from face \(face) on"
    case .originalPoint(let index): "point pair \(index) has different original (from) points"
    }
  }
}

extension WarpMesh {
  /// The warped (`to`) points as one flat vector `[x0, y0, x1, y1, …]`: the
  /// data an animation interpolates.
  ///
  /// Setting it moves the warped points; a vector of the wrong length is
  /// ignored (an animation between meshes of different shapes cannot be
  /// interpolated point by point, so the mesh keeps its points).
  public var warpedCoordinates: [Double] {
    get {
      var values: [Double] = []
      values.reserveCapacity(pointPairs.count * 2)
      for pair in pointPairs {
        values.append(Double(pair.to.x))
        values.append(Double(pair.to.y))
      }
      return values
    }
    set {
      guard newValue.count == pointPairs.count * 2 else { return }
      for i in pointPairs.indices {
        pointPairs[i].to = CGPoint(x: newValue[2 * i], y: newValue[2 * i + 1])
      }
    }
  }

  /// The mesh whose warped points are `(1 − t)·self + t·other`, point by point.
  ///
  /// Only the warped points move; the original points and faces must match,
  /// as in BCMeshTransformView's interpolation. `t` outside [0, 1]
  /// extrapolates (spring overshoot).
  ///
  /// - Throws: ``MeshInterpolationMismatch`` naming the first difference.
  /// - Complexity: O(points + faces).
  public func interpolated(to other: WarpMesh, fraction t: Double) throws(MeshInterpolationMismatch)
    -> WarpMesh
  {
    guard pointPairs.count == other.pointPairs.count else {
      throw .pointCount(pointPairs.count, other.pointPairs.count)
    }
    if faces != other.faces {
      let first =
        zip(faces, other.faces).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(faces.count, other.faces.count)
      throw .faces(face: first)
    }
    if let i = pointPairs.indices.first(where: { pointPairs[$0].from != other.pointPairs[$0].from })
    {
      throw .originalPoint(index: i)
    }
    var result = self
    for i in pointPairs.indices {
      let a = Vector2(pointPairs[i].to)
      let b = Vector2(other.pointPairs[i].to)
      result.pointPairs[i].to = mix(a, b, t).cgPoint
    }
    return result
  }
}
