/// The space in which a mesh gradient interpolates its colours, after
/// SwiftUI's `Gradient.ColorSpace`.
public enum GradientColorSpace: String, Hashable, Sendable, Codable, CaseIterable {
  /// Interpolates the sRGB-encoded component values directly (SwiftUI's default).
  case device
  /// Interpolates in Oklab (Björn Ottosson, 2020), which keeps perceived
  /// lightness and hue steadier between colours. See `Oklab`.
  case perceptual
}
