extension GradientMesh {
  /// Every problem of the mesh, in the order: size, counts, locations (by
  /// index), colours (by index), background. Empty when the mesh is valid.
  ///
  /// Checks: width and height ≥ 2; `width · height` locations and colours;
  /// finite positions, handles and colour components. Colour components
  /// outside 0…1 are allowed (rendering clamps them).
  /// - Complexity: O(width · height).
  public var validationErrors: [GradientMeshError] {
    var errors: [GradientMeshError] = []
    guard width >= 2, height >= 2 else {
      return [.tooFewVertices(width: width, height: height)]
    }
    // Absurd sizes overflow: no location count can match them.
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    let expected = overflow ? -1 : product
    let locationCount =
      switch locations {
      case .points(let points): points.count
      case .bezierPoints(let bezierPoints): bezierPoints.count
      }
    if locationCount != expected {
      errors.append(.locationCount(count: locationCount, width: width, height: height))
    }
    if colors.count != expected {
      errors.append(.colorCount(count: colors.count, width: width, height: height))
    }
    func finite(_ v: Vector2) -> Bool { v.x.isFinite && v.y.isFinite }
    switch locations {
    case .points(let points):
      for (i, p) in points.enumerated() where !finite(p) {
        errors.append(
          .nonFiniteLocation(index: i, column: i % width, row: i / width, field: "position"))
      }
    case .bezierPoints(let bezierPoints):
      for (i, b) in bezierPoints.enumerated() {
        let fields: [(String, Vector2)] = [
          ("position", b.position), ("leadingControlPoint", b.leadingControlPoint),
          ("topControlPoint", b.topControlPoint), ("trailingControlPoint", b.trailingControlPoint),
          ("bottomControlPoint", b.bottomControlPoint),
        ]
        for (name, value) in fields where !finite(value) {
          errors.append(
            .nonFiniteLocation(index: i, column: i % width, row: i / width, field: name))
        }
      }
    }
    for (i, c) in colors.enumerated() where !c.isFinite {
      errors.append(.nonFiniteColor(index: i, column: i % width, row: i / width))
    }
    if !background.isFinite { errors.append(.nonFiniteBackground) }
    return errors
  }

  /// Throws the first of ``validationErrors``, if any.
  public func validate() throws(GradientMeshError) {
    if let first = validationErrors.first { throw first }
  }
}
