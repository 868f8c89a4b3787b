/// A value a ``Timeline`` can animate: every keyframe shares a shape (its
/// topology), and two values of one shape blend linearly.
///
/// The project's conformances: `Double`, ``WarpMesh`` (same point count and
/// faces; original and warped points both blend) and ``GradientMesh`` (same
/// width × height, location kind, smoothsColors and colour space; see
/// ``GradientMesh/interpolated(to:fraction:)``).
public protocol Keyframeable: Sendable {
  /// Why this value cannot share a timeline with `first` (the first
  /// keyframe's value), phrased about this one, e.g. "25 point pairs
  /// instead of 16"; nil when the shapes match.
  func keyframeMismatch(with first: Self) -> String?

  /// The value `fraction` of the way from this one to `other` (0 gives this
  /// one, 1 `other`; an eased fraction may overshoot 0…1). Only called on
  /// values whose shapes match.
  func keyframeInterpolated(to other: Self, fraction: Double) -> Self
}

/// A ``Keyframeable`` value that keyframe files hold under a key of their
/// own: `"mesh"` for ``WarpMesh``, `"gradient"` for ``GradientMesh``.
public protocol KeyframeFileValue: Keyframeable, Codable {
  /// The key of the value in each keyframe of a keyframe file.
  static var keyframeFileKey: String { get }

  /// Decodes a keyframe's value; keys it omits may take `previous`'s
  /// values (the last keyframe given inline before it, nil for the first).
  /// The default ignores `previous`.
  init(from decoder: any Decoder, inheriting previous: Self?) throws
}

extension KeyframeFileValue {
  public init(from decoder: any Decoder, inheriting previous: Self?) throws {
    try self.init(from: decoder)
  }
}

extension Double: Keyframeable {
  public func keyframeMismatch(with first: Double) -> String? { nil }
  public func keyframeInterpolated(to other: Double, fraction: Double) -> Double {
    self + (other - self) * fraction
  }
}

extension WarpMesh: KeyframeFileValue {
  public static var keyframeFileKey: String { "mesh" }

  public func keyframeMismatch(with first: WarpMesh) -> String? {
    if pointPairs.count != first.pointPairs.count {
      return "\(pointPairs.count) point pairs instead of \(first.pointPairs.count)"
    }
    if faces.count != first.faces.count {
      return "\(plural(faces.count, "face")) instead of \(first.faces.count)"
    }
    if let i = faces.indices.first(where: { faces[$0] != first.faces[$0] }) {
      return "faces[\(i)] is \(faces[i].indices) instead of \(first.faces[i].indices)"
    }
    return nil
  }

  /// Both the original (`from`) and the warped (`to`) points blend linearly,
  /// unlike ``interpolated(to:fraction:)``, which needs equal original points.
  public func keyframeInterpolated(to other: WarpMesh, fraction: Double) -> WarpMesh {
    var result = self
    for i in pointPairs.indices {
      let a = pointPairs[i]
      let b = other.pointPairs[i]
      result.pointPairs[i] = MeshPointPair(
        from: mix(Vector2(a.from), Vector2(b.from), fraction).cgPoint,
        to: mix(Vector2(a.to), Vector2(b.to), fraction).cgPoint)
    }
    if grid != other.grid { result.grid = nil }
    return result
  }
}

extension GradientMesh: KeyframeFileValue {
  public static var keyframeFileKey: String { "gradient" }

  public func keyframeMismatch(with first: GradientMesh) -> String? {
    if width != first.width || height != first.height {
      return "\(width)×\(height) vertices instead of \(first.width)×\(first.height)"
    }
    do {
      _ = try first.interpolated(to: self, fraction: 0)
      return nil
    } catch .shapeMismatch(let property, let detail) {
      // "perceptual vs device": the first keyframe's value, then this one's.
      let values = detail.components(separatedBy: " vs ")
      guard values.count == 2 else { return "a different \(property): \(detail)" }
      return "\(property) \(values[1]) where keyframes[0] has \(values[0])"
    } catch {
      return error.description
    }
  }

  public func keyframeInterpolated(to other: GradientMesh, fraction: Double) -> GradientMesh {
    // Shapes were checked when the timeline was built; a non-finite
    // fraction cannot come from a timing curve.
    (try? interpolated(to: other, fraction: fraction)) ?? other
  }
}
