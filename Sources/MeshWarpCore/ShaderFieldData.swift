import Foundation

/// Packs a ``WarpField`` into the flat `[Float]` that the Metal layer-effect
/// function `effectWarpLayer` (Sources/MeshWarpEffect/Shaders/MeshWarp.metal)
/// reads: the few numbers of the effect's exact inverse map G, and for a
/// bulge or a ripple the table of its radial profile g. The shader
/// evaluates G per pixel from them as ``WarpField`` does, so an effect
/// draws with no mesh and costs this packing per frame.
///
/// Layout, version 2 (floats; lengths in pixels of the field's
/// `width × height` picture, y down, pixel centres at i + 0.5; every
/// integer is below 2^24, so it is exact):
///
///     header (40 floats)
///       [0]  magic 5068614 (0x4D5746, "MWF")
///       [1]  version = 2
///       [2]  header length = 40
///       [3]  kind: 0 twirl, 1 bulge, 2 ripple, 3 wave, 4 lens
///       [4]  W     [5]  H                 the field's size in pixels
///       [6]  c.x   [7]  c.y               the centre
///       [8]  stretch x   [9] stretch y    (p − c)·stretch is stretched
///       [10] disc radius R·s (stretched pixels)
///       [11] twirl angle φ in radians
///       [12] bulge strength k
///       [13] amplitude a = A·s
///       [14] ω = 2π/(L·s), radians per pixel
///       [15] phase ϕ in radians, reduced to [0, 2π)
///       [16] wave axis: 0 x, 1 y
///       [17] the ripple's hole radius g(0) (0 when none)
///       [18] fx  [19] fy  [20] cx  [21] cy   the photo's lens camera, pixels
///                                            (OpenCV's: pixel centres at integers)
///       [22] k1  [23] k2  [24] p1  [25] p2  [26] k3
///       [27] 1: G undistorts (the lens's `inverse`), 0: G distorts
///       [28] n: radial table entries (``WarpField/radialTableCount``
///            for bulge and ripple, else 0)
///       [29] table offset = 40
///       [30] total length N = 40 + n
///       [31] 0 (reserved)
///       [32] k4  [33] k5  [34] k6            the rational model's denominator
///                                            (fisheye: k4 is θ⁸'s coefficient)
///       [35] lens model: 0 radial-tangential, 1 fisheye
///       [36] fx′ [37] fy′ [38] cx′ [39] cy′  the corrected picture's camera
///                                            (the photo's when it has none)
///     table (n floats): g at radii R·i/(n − 1), i = 0 … n − 1
///
/// G, per kind (d = (q − c)·stretch, r = |d|; the formulas are
/// ``WarpField``'s, which ``MeshEffect`` documents):
/// - twirl: inside r < R, c + rot(−φ·(1 − r/R)²)·d / stretch;
/// - bulge, ripple: inside r < R, c + d·(g⁻¹(r)/r) / stretch, g⁻¹ by a
///   binary search of the table, a linear start and two Newton steps on g;
///   within the ripple's hole (r < hole + 1 px) the radial ramp to
///   g⁻¹(hole + 1)/(hole + 1);
/// - wave: q minus a·sin(ω·t + ϕ) across the axis, t the coordinate along it;
/// - lens (`LensModel`): q normalized through the corrected picture's
///   camera, OpenCV's distortion (rational, or fisheye), drawn through the
///   photo's camera; with `inverse` the other way round, the distortion
///   inverted by Newton's method (fisheye: on θd(θ), kept in a bisection
///   bracket).
///
/// Documentation/ShaderDataLayout.md describes the layout beside the mesh's
/// (``ShaderMeshData``).
public enum ShaderFieldData {
  /// First float of every packed field: 0x4D5746 ("MWF").
  public static let magic: Float = 5_068_614
  /// The layout version this package writes and its shader reads.
  public static let version = 2
  /// Floats in the header.
  public static let headerCount = 40

  /// The header's first 32 fields, by position (the lens's further ones
  /// follow them, at 32 … 39).
  public enum Field: Int, CaseIterable, Sendable {
    case magic = 0
    case version, headerCount, kind, width, height, centerX, centerY, stretchX, stretchY
    case discRadius, angle, strength, amplitude, omega, phase, axis, holeRadius
    case fx, fy, cx, cy, k1, k2, p1, p2, k3, undistorts
    case tableCount, tableOffset, totalCount, reserved
  }

  /// The header's lens fields after ``Field``'s: the rational model's
  /// k4…k6 (the fisheye's k4), the model, and the corrected picture's
  /// camera.
  package enum LensField: Int, CaseIterable, Sendable {
    case k4 = 32
    case k5, k6, model, outputFx, outputFy, outputCx, outputCy
  }

  /// The shader's number for a lens model (header field 35).
  package static func code(for model: LensDistortion.Model) -> Int {
    switch model {
    case .radialTangential: 0
    case .fisheye: 1
    }
  }

  /// The shader's number for an effect kind (header field 3).
  public static func code(for kind: MeshEffect.Kind) -> Int {
    switch kind {
    case .twirl: 0
    case .bulge: 1
    case .ripple: 2
    case .wave: 3
    case .lens: 4
    }
  }

  /// Packs `field` for the shader: ``headerCount`` floats, plus the radial
  /// table (``WarpField/radialTableCount`` floats) for a bulge or a ripple.
  ///
  /// - Complexity: O(1) apart from copying the table; no mesh, no search.
  public static func pack(_ field: WarpField) -> [Float] {
    let effect = field.effect
    let table = field.radialTable
    var data = [Float](repeating: 0, count: headerCount + table.count)
    func set(_ f: Field, _ value: Double) { data[f.rawValue] = Float(value) }
    data[Field.magic.rawValue] = magic
    set(.version, Double(version))
    set(.headerCount, Double(headerCount))
    set(.kind, Double(code(for: effect.kind)))
    set(.width, field.size.x)
    set(.height, field.size.y)
    set(.centerX, field.c.x)
    set(.centerY, field.c.y)
    set(.stretchX, field.stretch.x)
    set(.stretchY, field.stretch.y)
    set(.discRadius, field.discRadius)
    set(.angle, effect.angle * .pi / 180)
    set(.strength, effect.strength)
    set(.amplitude, effect.amplitude * field.s)
    set(.omega, 2 * .pi / (effect.wavelength * field.s))
    // sin(θ − ϕ) needs ϕ only modulo 2π; reduced in Double, so that a
    // long-running animation's phase keeps Float's digits for θ.
    let period = 2 * Double.pi
    set(.phase, effect.phase - period * (effect.phase / period).rounded(.down))
    set(.axis, effect.axis == .x ? 0 : 1)
    set(.holeRadius, field.holeRadius)
    let camera = field.lens.camera
    let d = field.lens.coefficients
    for (f, value) in [
      (Field.fx, camera.fx), (.fy, camera.fy), (.cx, camera.cx), (.cy, camera.cy), (.k1, d.k1),
      (.k2, d.k2), (.p1, d.p1), (.p2, d.p2), (.k3, d.k3),
    ] {
      set(f, value)
    }
    let output = field.lens.outputCamera
    for (f, value) in [
      (LensField.k4, d.k4), (.k5, d.k5), (.k6, d.k6), (.model, Double(code(for: d.model))),
      (.outputFx, output.fx), (.outputFy, output.fy), (.outputCx, output.cx),
      (.outputCy, output.cy),
    ] {
      data[f.rawValue] = Float(value)
    }
    set(.undistorts, effect.inverse ? 1 : 0)
    set(.tableCount, Double(table.count))
    set(.tableOffset, Double(headerCount))
    set(.totalCount, Double(headerCount + table.count))
    for (i, g) in table.enumerated() { data[headerCount + i] = Float(g) }
    return data
  }
}
