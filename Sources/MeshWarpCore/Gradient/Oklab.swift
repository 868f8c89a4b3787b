import Foundation

/// Oklab, Björn Ottosson's perceptual colour space ("A perceptual color space
/// for image processing", https://bottosson.github.io/posts/oklab/, 2020),
/// and the sRGB transfer function (IEC 61966-2-1) it is reached through.
///
/// sRGB-encoded → linear sRGB → LMS (matrix M1) → cube root → Oklab (matrix
/// M2), and back with the inverse matrices and a cube. The matrices are
/// Ottosson's published ones (derived by him from CIE data) with his
/// published inverses; M1 and its inverse multiply to the identity within
/// 2.4e-10, M2 and its inverse within 6.2e-8, so a round trip through Oklab
/// returns encoded values within 2e-6.
///
/// Colours use ``GradientColorSpace/perceptual`` interpolation through these
/// functions. Out-of-gamut results of an interpolation are clamped by the
/// renderer, not mapped.
package enum Oklab {
  /// Linear sRGB → LMS.
  package static let linearSRGBToLMS: [SIMD3<Double>] = [
    SIMD3(0.4122214708, 0.5363325363, 0.0514459929),
    SIMD3(0.2119034982, 0.6806995451, 0.1073969566),
    SIMD3(0.0883024619, 0.2817188376, 0.6299787005),
  ]
  /// Cube-rooted LMS → Oklab (L, a, b).
  package static let lmsToOklab: [SIMD3<Double>] = [
    SIMD3(0.2104542553, 0.7936177850, -0.0040720468),
    SIMD3(1.9779984951, -2.4285922050, 0.4505937099),
    SIMD3(0.0259040371, 0.7827717662, -0.8086757660),
  ]
  /// Oklab (L, a, b) → cube-rooted LMS.
  package static let oklabToLMS: [SIMD3<Double>] = [
    SIMD3(1, 0.3963377774, 0.2158037573),
    SIMD3(1, -0.1055613458, -0.0638541728),
    SIMD3(1, -0.0894841775, -1.2914855480),
  ]
  /// LMS → linear sRGB.
  package static let lmsToLinearSRGB: [SIMD3<Double>] = [
    SIMD3(4.0767416621, -3.3077115913, 0.2309699292),
    SIMD3(-1.2684380046, 2.6097574011, -0.3413193965),
    SIMD3(-0.0041960863, -0.7034186147, 1.7076147010),
  ]

  /// Oklab (L, a, b) of a linear-sRGB colour.
  package static func fromLinearSRGB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let lms = multiply(linearSRGBToLMS, rgb)
    let root = SIMD3(cbrt(lms.x), cbrt(lms.y), cbrt(lms.z))
    return multiply(lmsToOklab, root)
  }

  /// Linear sRGB of an Oklab (L, a, b) colour (not clamped).
  package static func toLinearSRGB(_ lab: SIMD3<Double>) -> SIMD3<Double> {
    let root = multiply(oklabToLMS, lab)
    return multiply(lmsToLinearSRGB, root * root * root)
  }

  /// Oklab (L, a, b) of an sRGB-encoded colour (components 0…1).
  package static func fromEncodedSRGB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    fromLinearSRGB(SIMD3(decode(rgb.x), decode(rgb.y), decode(rgb.z)))
  }

  /// sRGB-encoded colour of an Oklab (L, a, b) colour (not clamped).
  package static func toEncodedSRGB(_ lab: SIMD3<Double>) -> SIMD3<Double> {
    let linear = toLinearSRGB(lab)
    return SIMD3(encode(linear.x), encode(linear.y), encode(linear.z))
  }

  /// The sRGB electro-optical transfer function: encoded → linear
  /// (`c/12.92` up to 0.04045, else `((c + 0.055)/1.055)^2.4`), odd-symmetric
  /// for negative values.
  package static func decode(_ c: Double) -> Double {
    let a = abs(c)
    let linear = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
    return c < 0 ? -linear : linear
  }

  /// The inverse transfer function: linear → encoded (`12.92·c` up to
  /// 0.0031308, else `1.055·c^(1/2.4) − 0.055`), odd-symmetric.
  package static func encode(_ c: Double) -> Double {
    let a = abs(c)
    let encoded = a <= 0.0031308 ? 12.92 * a : 1.055 * pow(a, 1 / 2.4) - 0.055
    return c < 0 ? -encoded : encoded
  }

  /// `m · v` for a row-major 3 × 3 matrix.
  @inlinable static func multiply(_ m: [SIMD3<Double>], _ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3((m[0] * v).sum(), (m[1] * v).sum(), (m[2] * v).sum())
  }
}
