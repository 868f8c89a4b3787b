import Foundation

/// Built-in animated gradients.
public enum GradientPresets {
  /// The blog's "Meshing" gradient (the MeshGradient blog
  /// post's animation) at `time` seconds: a 3 × 3 mesh, smooth colours, black
  /// background, device colour space, five points moving on cosine waves:
  ///
  /// ```
  /// points[1].x = 0.5 + 0.4·cos(t)        points[3].y = 0.5 + 0.3·cos(1.1t)
  /// points[4].y = 0.5 − 0.4·cos(0.9t)     points[5].y = 0.5 − 0.2·cos(0.9t)
  /// points[7].x = 0.5 − 0.4·cos(1.2t)
  /// ```
  ///
  /// The blog feeds `Date().timeIntervalSince1970`; any time works. Its
  /// `SIMD2<Float>` positions are computed here in Double.
  public static func meshing(at time: Double) -> GradientMesh {
    var points: [Vector2] = [
      Vector2(0.0, 0.0), Vector2(0.5, 0.0), Vector2(1.0, 0.0),
      Vector2(0.0, 0.5), Vector2(0.45, 0.55), Vector2(1.0, 0.5),
      Vector2(0.0, 1.0), Vector2(0.5, 1.0), Vector2(1.0, 1.0),
    ]
    points[1].x = 0.5 + 0.4 * cos(time)
    points[3].y = 0.5 + 0.3 * cos(time * 1.1)
    points[4].y = 0.5 - 0.4 * cos(time * 0.9)
    points[5].y = 0.5 - 0.2 * cos(time * 0.9)
    points[7].x = 0.5 - 0.4 * cos(time * 1.2)
    return GradientMesh(
      width: 3, height: 3, points: points, colors: meshingColors, background: .black,
      smoothsColors: true, colorSpace: .device)
  }

  /// The blog's nine colours, row-major: red, orange, yellow / pink, sky
  /// blue, green / violet, magenta, aqua.
  public static let meshingColors: [GradientColor] = [
    GradientColor(red: 0.922, green: 0.000, blue: 0.000),
    GradientColor(red: 1.000, green: 0.535, blue: 0.000),
    GradientColor(red: 0.924, green: 0.915, blue: 0.000),
    GradientColor(red: 1.000, green: 0.000, blue: 0.465),
    GradientColor(red: 0.000, green: 0.749, blue: 1.000),
    GradientColor(red: 0.000, green: 1.000, blue: 0.603),
    GradientColor(red: 0.576, green: 0.000, blue: 1.000),
    GradientColor(red: 1.000, green: 0.000, blue: 0.733),
    GradientColor(red: 0.000, green: 0.980, blue: 0.864),
  ]
}

/// A built-in gradient by name, for command lines (`--preset meshing`).
public enum GradientPreset: String, Hashable, Sendable, CaseIterable {
  /// ``GradientPresets/meshing(at:)``.
  case meshing

  /// The preset's gradient at `time` seconds.
  public func gradient(at time: Double) -> GradientMesh {
    switch self {
    case .meshing: GradientPresets.meshing(at: time)
    }
  }
}
