import Foundation
import MeshWarpCore
import MeshWarpRender

/// Gradient mode's constants: the starting gradient, the palette and where
/// its strip is drawn.
package enum GradientEditing {
  /// The gradient gradient mode starts with: 3×3, the centre pulled up and
  /// left, warm to cool colours.
  package static let defaultGradient = GradientMesh(
    width: 3, height: 3,
    points: [
      Vector2(0, 0), Vector2(0.5, 0), Vector2(1, 0),
      Vector2(0, 0.5), Vector2(0.4, 0.4), Vector2(1, 0.5),
      Vector2(0, 1), Vector2(0.5, 1), Vector2(1, 1),
    ],
    colors: [
      0xFF3B30, 0xFF9500, 0xFFCC00, 0xAF52DE, 0xFFFFFF, 0x34C759, 0x007AFF, 0x5AC8FA, 0x34C759,
    ]
    .map { color(hex: $0) })

  /// The palette for keys 1–9 and the strip: red, orange, yellow, green,
  /// teal, blue, purple, white, black.
  package static let palette: [UInt32] = [
    0xFF3B30, 0xFF9500, 0xFFCC00, 0x34C759, 0x5AC8FA, 0x007AFF, 0xAF52DE, 0xFFFFFF, 0x000000,
  ]

  /// A colour from 0xRRGGBB.
  package static func color(hex: UInt32) -> GradientColor {
    GradientColor(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255)
  }

  /// "#RRGGBB" (and "AA" when not opaque) of a colour, rounded.
  package static func hexText(_ c: GradientColor) -> String {
    func byte(_ v: Double) -> String {
      String(format: "%02X", Int((min(max(v, 0), 1) * 255).rounded()))
    }
    return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha < 1 ? byte(c.alpha) : "")
  }

  /// Swatch size and gap of the palette strip, in pixels, and its margin
  /// from the window's bottom-left corner.
  static let swatch = 26.0
  static let gap = 6.0
  static let margin = 12.0

  /// The swatch rectangle (origin, size) of palette entry `i` in a frame
  /// of `frameSize`.
  package static func swatchRect(_ i: Int, frameSize: Vector2) -> (origin: Vector2, size: Vector2) {
    (
      Vector2(margin + Double(i) * (swatch + gap), frameSize.y - margin - swatch),
      Vector2(swatch, swatch)
    )
  }

  /// The palette entry at a window point, if any.
  package static func swatch(at p: Vector2, frameSize: Vector2) -> Int? {
    palette.indices.first {
      let r = swatchRect($0, frameSize: frameSize)
      return p.x >= r.origin.x && p.x < r.origin.x + r.size.x && p.y >= r.origin.y
        && p.y < r.origin.y + r.size.y
    }
  }
}

extension GradientColor {
  /// The colour as 8-bit straight RGBA, rounded and clamped.
  var rgba8: RGBA8 {
    func b(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    return RGBA8(b(red), b(green), b(blue), b(alpha))
  }
}
