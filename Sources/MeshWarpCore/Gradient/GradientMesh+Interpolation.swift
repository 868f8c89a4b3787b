extension GradientMesh {
  /// The mesh `fraction` of the way from this one to `other`, for animation.
  ///
  /// Positions (and explicit handles) and colours are interpolated linearly;
  /// automatic handles are not interpolated but recomputed from the
  /// interpolated points when the result is drawn (SwiftUI's behaviour).
  /// Colours and the background are blended premultiplied in sRGB-encoded
  /// values, then unpremultiplied (equal to a straight blend for opaque
  /// colours). `fraction` 0 returns `self`'s values, 1 `other`'s; values
  /// outside 0…1 extrapolate.
  ///
  /// - Throws: ``GradientMeshError/shapeMismatch(property:detail:)`` naming the
  ///   first property that differs (width, height, location kind,
  ///   smoothsColors, colorSpace), a count error if either mesh is malformed,
  ///   or ``GradientMeshError/nonFiniteParameter(name:)``.
  /// - Complexity: O(width · height).
  public func interpolated(to other: GradientMesh, fraction: Double) throws(GradientMeshError)
    -> GradientMesh
  {
    guard fraction.isFinite else { throw .nonFiniteParameter(name: "fraction") }
    guard width == other.width else {
      throw .shapeMismatch(property: "width", detail: "\(width) vs \(other.width)")
    }
    guard height == other.height else {
      throw .shapeMismatch(property: "height", detail: "\(height) vs \(other.height)")
    }
    guard smoothsColors == other.smoothsColors else {
      throw .shapeMismatch(
        property: "smoothsColors", detail: "\(smoothsColors) vs \(other.smoothsColors)")
    }
    guard colorSpace == other.colorSpace else {
      throw .shapeMismatch(
        property: "colorSpace", detail: "\(colorSpace.rawValue) vs \(other.colorSpace.rawValue)")
    }
    for mesh in [self, other] {
      if let problem = mesh.validationErrors.first(where: {
        switch $0 {
        case .tooFewVertices, .locationCount, .colorCount: true
        default: false
        }
      }) {
        throw problem
      }
    }
    let t = fraction
    func lerp(_ a: Vector2, _ b: Vector2) -> Vector2 { a + (b - a) * t }
    let blended: Locations
    switch (locations, other.locations) {
    case (.points(let a), .points(let b)):
      blended = .points(zip(a, b).map(lerp))
    case (.bezierPoints(let a), .bezierPoints(let b)):
      blended = .bezierPoints(
        zip(a, b).map { p, q in
          BezierPoint(
            position: lerp(p.position, q.position),
            leadingControlPoint: lerp(p.leadingControlPoint, q.leadingControlPoint),
            topControlPoint: lerp(p.topControlPoint, q.topControlPoint),
            trailingControlPoint: lerp(p.trailingControlPoint, q.trailingControlPoint),
            bottomControlPoint: lerp(p.bottomControlPoint, q.bottomControlPoint))
        })
    case (.points, .bezierPoints), (.bezierPoints, .points):
      throw .shapeMismatch(
        property: "locations",
        detail: "one mesh has points (automatic handles), the other bezierPoints")
    }
    return GradientMesh(
      width: width, height: height, locations: blended,
      colors: zip(colors, other.colors).map { Self.blend($0, $1, t) },
      background: Self.blend(background, other.background, t),
      smoothsColors: smoothsColors, colorSpace: colorSpace)
  }

  /// Premultiplied linear blend of two colours, unpremultiplied again.
  static func blend(_ a: GradientColor, _ b: GradientColor, _ t: Double) -> GradientColor {
    let p = a.premultiplied + (b.premultiplied - a.premultiplied) * t
    guard p.w > 0 else {
      // Both transparent: blend the straight values so that hue still moves.
      return GradientColor(a.vector + (b.vector - a.vector) * t)
    }
    return GradientColor(red: p.x / p.w, green: p.y / p.w, blue: p.z / p.w, alpha: p.w)
  }
}
