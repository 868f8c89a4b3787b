import Foundation

/// A warp effect defined by a formula: twirl, bulge (and pinch), ripple,
/// wave or lens correction. It generates a ``WarpMesh`` for any size
/// (``mesh(width:height:tolerance:)``), which then draws on the CPU, in
/// video, in the editor and through the SwiftUI modifier; animate it by
/// interpolating its parameters (``interpolated(to:fraction:)``).
///
/// Coordinates are pixels of a W × H picture, y down, pixel centres at
/// i + 0.5; s = min(W, H) keeps circles circular on any aspect
/// (``Aspect/circle``; with ``Aspect/fill`` s = max(W, H) and the disc
/// effects act in coordinates stretched to a square, an ellipse over the
/// whole picture as ImageMagick draws). The
/// centre is c = (center.x·W, center.y·H), d = p − c and
/// ρ = |d| / (radius·s). The forward maps F (content point → where it is
/// drawn) are, for ρ < 1, the identity elsewhere:
///
/// - twirl: c + rot(φ·(1 − ρ)²)·d, φ = ``angle`` (positive turns clockwise
///   on screen, as SwiftUI's `rotationEffect`);
/// - bulge: c + d·(1 + k·(1 − ρ)²), k = ``strength`` (k > 0 magnifies the
///   centre by 1 + k, k < 0 pinches);
/// - ripple: c + d/|d|·(|d| + A·s·sin(2π|d|/(L·s) − ϕ)·(1 − ρ)²);
/// - wave (everywhere): axis x moves p by (0, A·s·sin(2π·p.x/(L·s) + ϕ)),
///   axis y by (A·s·sin(2π·p.y/(L·s) + ϕ), 0);
/// - lens: OpenCV's pinhole camera with radial-tangential (or rational)
///   distortion, or its fisheye model (``LensDistortion``); the content
///   point of output point q is the distortion of q's normalized point
///   through the ``outputCamera``, drawn through the photo's ``camera``,
///   so a photo taken through the lens comes out undistorted, as
///   `cv2.undistort` (``inverse`` applies the distortion instead).
///
/// Parameters that fold the picture (F not one-to-one) are refused with a
/// ``MeshEffectError`` naming the parameter and its limit.
///
/// An effect draws exactly, per output pixel, through its ``WarpField``;
/// ``mesh(width:height:tolerance:)`` turns it into a mesh for editing.
public struct MeshEffect: Hashable, Sendable {
  /// Which formula.
  public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
    case twirl, bulge, ripple, wave, lens
  }

  /// The axis a wave runs along.
  public enum Axis: String, Hashable, Sendable, CaseIterable, Codable {
    /// Columns move up and down as x advances.
    case x
    /// Rows move left and right as y advances.
    case y
  }

  /// The shape of the region a twirl, bulge or ripple acts in on a
  /// picture that is not square.
  public enum Aspect: String, Hashable, Sendable, CaseIterable, Codable {
    /// A circle: fractions of s = min(W, H) (the default).
    case circle
    /// An ellipse with the picture's aspect: fractions of s = max(W, H) in
    /// coordinates stretched so that the picture is square, as
    /// ImageMagick's `-swirl`, `-implode` and `-wave` scale the short axis.
    case fill
  }

  /// Which formula the parameters feed.
  public var kind: Kind
  /// Twirl angle φ in degrees at the centre; positive turns clockwise on
  /// screen. Any finite value.
  public var angle: Double
  /// Bulge strength k, in (−1, 1): k > 0 magnifies the centre by 1 + k,
  /// k < 0 pinches.
  public var strength: Double
  /// Ripple or wave amplitude A, as a fraction of s = min(W, H).
  public var amplitude: Double
  /// Ripple or wave wavelength L, as a fraction of s (> 0).
  public var wavelength: Double
  /// Ripple or wave phase ϕ in radians.
  public var phase: Double
  /// The centre as fractions of the width and height; default (0.5, 0.5).
  public var center: CGPoint
  /// The radius R of the disc the twirl, bulge and ripple act in, as a
  /// fraction of s (> 0); default 0.5.
  public var radius: Double
  /// The wave's axis.
  public var axis: Axis
  /// The lens camera matrix, in pixels of the picture (OpenCV's
  /// convention: pixel centres at integers) or in the units it names
  /// (``LensCamera/Units``); `nil` takes ``LensCamera/standard(width:height:)``.
  public var camera: LensCamera?
  /// The lens distortion coefficients and model.
  public var distortion: LensDistortion
  /// For a lens: the camera the corrected picture is drawn for; default
  /// ``LensOutputCamera/input``, the photo's own.
  public var outputCamera: LensOutputCamera
  /// For a lens: apply the distortion instead of removing it.
  public var inverse: Bool
  /// The region's shape on a picture that is not square; default
  /// ``Aspect/circle``. Twirl, bulge and ripple only.
  public var aspect: Aspect

  /// An effect of `kind` with every parameter at its default (angle 90°,
  /// strength 0.5, amplitude 0.02, wavelength 0.1, phase 0, centre (0.5,
  /// 0.5), radius 0.5, axis x, no distortion).
  public init(_ kind: Kind) {
    self.kind = kind
    angle = 90
    strength = 0.5
    amplitude = 0.02
    wavelength = 0.1
    phase = 0
    center = CGPoint(x: 0.5, y: 0.5)
    radius = 0.5
    axis = .x
    camera = nil
    distortion = LensDistortion()
    outputCamera = .input
    inverse = false
    aspect = .circle
  }

  /// A twirl of `degrees` (positive clockwise on screen) at `center`
  /// (fractions of the size) within `radius` (fraction of min(W, H)).
  public static func twirl(
    degrees: Double, center: CGPoint = CGPoint(x: 0.5, y: 0.5), radius: Double = 0.5
  ) -> MeshEffect {
    var e = MeshEffect(.twirl, center: center, radius: radius)
    e.angle = degrees
    return e
  }

  /// A bulge of `strength` in (−1, 1) (negative pinches) at `center`
  /// within `radius` (fraction of min(W, H)).
  public static func bulge(
    strength: Double, center: CGPoint = CGPoint(x: 0.5, y: 0.5), radius: Double = 0.5
  ) -> MeshEffect {
    var e = MeshEffect(.bulge, center: center, radius: radius)
    e.strength = strength
    return e
  }

  /// A ripple of `amplitude` and `wavelength` (fractions of min(W, H)) and
  /// `phase` (radians) at `center` within `radius`.
  public static func ripple(
    amplitude: Double, wavelength: Double, phase: Double = 0,
    center: CGPoint = CGPoint(x: 0.5, y: 0.5), radius: Double = 0.5
  ) -> MeshEffect {
    var e = MeshEffect(.ripple, center: center, radius: radius)
    e.setWave(amplitude: amplitude, wavelength: wavelength, phase: phase)
    return e
  }

  /// A wave of `amplitude` and `wavelength` (fractions of min(W, H)) and
  /// `phase` (radians) along `axis`, over the whole picture.
  public static func wave(
    amplitude: Double, wavelength: Double, phase: Double = 0, axis: Axis = .x
  ) -> MeshEffect {
    var e = MeshEffect(.wave)
    e.setWave(amplitude: amplitude, wavelength: wavelength, phase: phase)
    e.axis = axis
    return e
  }

  /// Lens correction: removes `distortion` of a photo taken through a
  /// camera `camera` (pixels; `nil`: ``LensCamera/standard(width:height:)``),
  /// as `cv2.undistort`, drawing it for `outputCamera`; with `inverse`,
  /// applies it.
  public static func lens(
    camera: LensCamera? = nil, distortion: LensDistortion, inverse: Bool = false,
    outputCamera: LensOutputCamera = .input
  ) -> MeshEffect {
    var e = MeshEffect(.lens)
    e.camera = camera
    e.distortion = distortion
    e.inverse = inverse
    e.outputCamera = outputCamera
    return e
  }

  /// An effect of `kind` at its defaults but for the disc it acts in: what
  /// the twirl, bulge and ripple factories share.
  private init(_ kind: Kind, center: CGPoint, radius: Double) {
    self.init(kind)
    self.center = center
    self.radius = radius
  }

  /// Sets the ripple's or wave's amplitude, wavelength and phase, the
  /// parameters those two factories share.
  private mutating func setWave(amplitude: Double, wavelength: Double, phase: Double) {
    self.amplitude = amplitude
    self.wavelength = wavelength
    self.phase = phase
  }

  /// The effect `fraction` of the way to `other`: every number blends
  /// linearly (the lens camera too when both have one in the same units
  /// and at the same calibration size, the distortion when both are of
  /// one model, the output cameras' alphas or matrices); the axis, aspect,
  /// inverse flag, lens model and a missing camera (or one in other units)
  /// switch at one half.
  ///
  /// Between two kinds the blend passes through the identity: the numbers
  /// blend as above, and the first half draws this effect's kind with its
  /// amount (twirl angle, bulge strength, ripple or wave amplitude, lens
  /// coefficients, 0 for the identity) scaled by 1 − 2·fraction, the second
  /// half `other`'s kind scaled by 2·fraction − 1, so that neither kind
  /// jumps in or out (factors beyond 1, where `fraction` leaves 0…1, are 1).
  public func interpolated(to other: MeshEffect, fraction t: Double) -> MeshEffect {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    var e = t < 0.5 ? self : other
    e.angle = mix(angle, other.angle)
    e.strength = mix(strength, other.strength)
    e.amplitude = mix(amplitude, other.amplitude)
    e.wavelength = mix(wavelength, other.wavelength)
    e.phase = mix(phase, other.phase)
    e.center = CGPoint(
      x: mix(Double(center.x), Double(other.center.x)),
      y: mix(Double(center.y), Double(other.center.y)))
    e.radius = mix(radius, other.radius)
    if let a = camera, let b = other.camera, a.calibrationSize == b.calibrationSize,
      a.units == b.units
    {
      e.camera = a.interpolated(to: b, fraction: t)
    }
    e.distortion = distortion.interpolated(to: other.distortion, fraction: t)
    e.outputCamera = outputCamera.interpolated(to: other.outputCamera, fraction: t)
    guard kind != other.kind else { return e }
    return e.scaled(by: min(1, abs(1 - 2 * t)))
  }

  /// The lens camera in pixels of a `width × height` picture
  /// (``LensCamera/inPixels(width:height:pixelsPerPoint:)``), or
  /// ``LensCamera/standard(width:height:)`` when there is none.
  package func pixelCamera(width: Int, height: Int, pixelsPerPoint: Vector2 = Vector2(1, 1))
    -> LensCamera
  {
    camera?.inPixels(width: width, height: height, pixelsPerPoint: pixelsPerPoint)
      ?? .standard(width: width, height: height)
  }

  /// This effect with its lens camera in pixels of a `width × height`
  /// picture or view (``pixelCamera(width:height:pixelsPerPoint:)``, kept
  /// `nil` when none is given): what ``WarpField`` draws it with.
  package func resolvingCamera(width: Int, height: Int, pixelsPerPoint: Vector2) -> MeshEffect {
    guard let camera, camera.units != .pixels else { return self }
    var e = self
    e.camera = camera.inPixels(width: width, height: height, pixelsPerPoint: pixelsPerPoint)
    return e
  }
}

extension MeshEffect {
  /// The effect's numbers, for animation (SwiftUI's `animatableData`), 21
  /// of them: angle, strength, amplitude, wavelength, phase, center x and
  /// y, radius, the camera's fx, fy, cx, cy (zeros for none), k1, k2, p1,
  /// p2, k3, then k4, k5, k6 and the output camera's alpha (−1 unless it
  /// is ``LensOutputCamera/optimal(alpha:)``). Setting it writes them back
  /// (a camera with fx ≤ 0 becomes none; the camera's units, calibration size,
  /// the lens model and an output camera matrix stay as they are; an alpha
  /// below 0 leaves an output camera that is not `optimal` as it is, and
  /// turns an `optimal` one into ``LensOutputCamera/input``); a list of
  /// another length is ignored.
  public var animatableValues: [Double] {
    get {
      let c = camera ?? LensCamera(fx: 0, fy: 0, cx: 0, cy: 0)
      let d = distortion
      var alpha = -1.0
      if case .optimal(let a) = outputCamera { alpha = a }
      return [
        angle, strength, amplitude, wavelength, phase, Double(center.x), Double(center.y),
        radius, c.fx, c.fy, c.cx, c.cy, d.k1, d.k2, d.p1, d.p2, d.k3, d.k4, d.k5, d.k6, alpha,
      ]
    }
    set {
      guard newValue.count == 21 else { return }
      let v = newValue
      (angle, strength, amplitude, wavelength, phase) = (v[0], v[1], v[2], v[3], v[4])
      center = CGPoint(x: v[5], y: v[6])
      radius = v[7]
      camera =
        v[8] > 0
        ? LensCamera(
          fx: v[8], fy: v[9], cx: v[10], cy: v[11], units: camera?.units ?? .pixels,
          calibrationSize: camera?.calibrationSize)
        : nil
      distortion = LensDistortion(
        k1: v[12], k2: v[13], p1: v[14], p2: v[15], k3: v[16], k4: v[17], k5: v[18], k6: v[19],
        model: distortion.model)
      if v[20] >= 0 {
        outputCamera = .optimal(alpha: v[20])
      } else if case .optimal = outputCamera {
        outputCamera = .input
      }
    }
  }
}

extension MeshEffect: Keyframeable {
  public func keyframeMismatch(with first: MeshEffect) -> String? {
    kind == first.kind ? nil : "a \(kind.rawValue) instead of a \(first.kind.rawValue)"
  }

  public func keyframeInterpolated(to other: MeshEffect, fraction: Double) -> MeshEffect {
    interpolated(to: other, fraction: fraction)
  }
}

/// A pinhole camera matrix in OpenCV's convention: focal lengths and
/// principal point, in pixels with pixel centres at integer coordinates
/// (``Units/pixels``, the default), or in units that do not depend on the
/// picture's or view's size in pixels (``Units/unit``, ``Units/points``).
///
/// A matrix in pixels measured on pictures of another size (a calibration
/// made at 1920 × 1080 used on a 640 × 360 frame) carries that size as
/// ``calibrationSize`` and is scaled to each picture
/// (``scaled(toWidth:height:)``).
public struct LensCamera: Hashable, Sendable {
  /// What a camera's numbers measure.
  public enum Units: String, Hashable, Sendable, CaseIterable, Codable {
    /// Pixels of the picture (OpenCV's convention: the first pixel's
    /// centre is 0). A view's pixels are its points × the display scale,
    /// so the same numbers correct differently at @2x and @3x.
    case pixels
    /// Fractions of the picture or view: `fx` and `cx` of its width, `fy`
    /// and `cy` of its height, the principal point from its top-left
    /// corner ((0.5, 0.5) is its centre). A camera calibrated at W × H
    /// pixels is (fx/W, fy/H, (cx + 0.5)/W, (cy + 0.5)/H).
    case unit
    /// Points of a SwiftUI view, the principal point from its top-left
    /// corner: pixels are points × the display scale, so one camera
    /// corrects a view alike at every scale. On a picture (no display
    /// scale) a point is a pixel.
    case points
  }

  /// Focal lengths (> 0).
  public var fx: Double
  public var fy: Double
  /// Principal point.
  public var cx: Double
  public var cy: Double
  /// What the four numbers measure; ``Units/pixels`` by default.
  public var units: Units
  /// For ``Units/pixels``: the picture size in pixels the numbers refer
  /// to; nil: the size of the picture they are used on.
  public var calibrationSize: CGSize?

  /// The camera matrix [[fx, 0, cx], [0, fy, cy], [0, 0, 1]] in `units`,
  /// for pixels of a picture of `calibrationSize` (nil: of the picture it
  /// is used on).
  public init(
    fx: Double, fy: Double, cx: Double, cy: Double, units: Units = .pixels,
    calibrationSize: CGSize? = nil
  ) {
    self.fx = fx
    self.fy = fy
    self.cx = cx
    self.cy = cy
    self.units = units
    self.calibrationSize = calibrationSize
  }

  /// The camera used when none is given: focal length max(W, H) on both
  /// axes, principal point at the picture's centre ((W − 1)/2, (H − 1)/2),
  /// in pixels.
  public static func standard(width: Int, height: Int) -> LensCamera {
    let f = Double(max(width, height))
    return LensCamera(fx: f, fy: f, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2)
  }

  /// The matrix for a `width × height` picture: with a
  /// ``calibrationSize`` Wc × Hc, fx·W/Wc and fy·H/Hc, and the principal
  /// point scaled about the pixel grid's corner, (cx + ½)·W/Wc − ½ and
  /// (cy + ½)·H/Hc − ½ (OpenCV puts pixel centres at integers, so the
  /// corner is at −½); without one, the camera as it is.
  public func scaled(toWidth width: Int, height: Int) -> LensCamera {
    guard units == .pixels, let size = calibrationSize else { return self }
    let (sx, sy) = (Double(width) / Double(size.width), Double(height) / Double(size.height))
    return LensCamera(
      fx: fx * sx, fy: fy * sy, cx: (cx + 0.5) * sx - 0.5, cy: (cy + 0.5) * sy - 0.5)
  }

  /// This camera in pixels of a `width × height` picture (OpenCV's
  /// convention): ``Units/pixels`` scales from its calibration size
  /// (``scaled(toWidth:height:)``); ``Units/unit`` scales by the size and moves the principal
  /// point from the corner to the first pixel's centre (− 0.5);
  /// ``Units/points`` scales by `pixelsPerPoint` (per axis: a view's pixels
  /// over its points) and moves it alike.
  package func inPixels(width: Int, height: Int, pixelsPerPoint: Vector2 = Vector2(1, 1))
    -> LensCamera
  {
    let scale: Vector2
    switch units {
    case .pixels: return scaled(toWidth: width, height: height)
    case .unit: scale = Vector2(Double(width), Double(height))
    case .points: scale = pixelsPerPoint
    }
    return LensCamera(
      fx: fx * scale.x, fy: fy * scale.y, cx: cx * scale.x - 0.5, cy: cy * scale.y - 0.5)
  }
}

/// OpenCV's lens distortion coefficients, for one of its two models
/// (``Model``).
///
/// The standard model (``Model/radialTangential``, `cv2.undistort`) takes
/// k1, k2, p1, p2, k3 and, for the rational model, k4, k5, k6: a
/// normalized point (x, y) with r² = x² + y² is drawn at
/// x·R + 2p1xy + p2(r² + 2x²), y·R + p1(r² + 2y²) + 2p2xy with the radial
/// factor R = (1 + k1r² + k2r⁴ + k3r⁶)/(1 + k4r² + k5r⁴ + k6r⁶).
///
/// The fisheye model (``Model/fisheye``, `cv2.fisheye`) takes k1…k4: with
/// θ = atan(r), θd = θ(1 + k1θ² + k2θ⁴ + k3θ⁶ + k4θ⁸), the point is drawn
/// at (θd/r)·(x, y); p1, p2, k5 and k6 must be zero.
public struct LensDistortion: Hashable, Sendable {
  /// Which of OpenCV's lens models the coefficients are for.
  public enum Model: String, Hashable, Sendable, CaseIterable, Codable {
    /// The pinhole camera with radial-tangential distortion: OpenCV's
    /// `undistort` with 4, 5 or 8 coefficients (8: the rational model).
    case radialTangential
    /// The fisheye (equidistant) model of OpenCV's `cv2.fisheye` module.
    case fisheye
  }

  public var k1: Double
  public var k2: Double
  public var p1: Double
  public var p2: Double
  public var k3: Double
  /// The rational model's denominator; fisheye: the θ⁸ coefficient.
  public var k4: Double
  public var k5: Double
  public var k6: Double
  /// The model the coefficients are for; default
  /// ``Model/radialTangential``.
  public var model: Model

  /// Coefficients in OpenCV's order (k1, k2, p1, p2, k3, k4, k5, k6);
  /// all zero is no distortion.
  public init(
    k1: Double = 0, k2: Double = 0, p1: Double = 0, p2: Double = 0, k3: Double = 0,
    k4: Double = 0, k5: Double = 0, k6: Double = 0, model: Model = .radialTangential
  ) {
    self.k1 = k1
    self.k2 = k2
    self.p1 = p1
    self.p2 = p2
    self.k3 = k3
    self.k4 = k4
    self.k5 = k5
    self.k6 = k6
    self.model = model
  }

  /// OpenCV's fisheye coefficients (`cv2.fisheye`'s D = k1, k2, k3, k4).
  public static func fisheye(k1: Double, k2: Double = 0, k3: Double = 0, k4: Double = 0)
    -> LensDistortion
  {
    LensDistortion(k1: k1, k2: k2, k3: k3, k4: k4, model: .fisheye)
  }

  /// The coefficients as OpenCV lists them: k1, k2, p1, p2, k3, k4, k5,
  /// k6, or for the fisheye model k1, k2, k3, k4.
  public var openCVCoefficients: [Double] {
    model == .fisheye ? [k1, k2, k3, k4] : [k1, k2, p1, p2, k3, k4, k5, k6]
  }

  /// The coefficients `fraction` of the way to `other`, each blended
  /// linearly; of another model, `self` below one half and `other` from
  /// there.
  public func interpolated(to other: LensDistortion, fraction t: Double) -> LensDistortion {
    guard model == other.model else { return t < 0.5 ? self : other }
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    return LensDistortion(
      k1: mix(k1, other.k1), k2: mix(k2, other.k2), p1: mix(p1, other.p1),
      p2: mix(p2, other.p2), k3: mix(k3, other.k3), k4: mix(k4, other.k4),
      k5: mix(k5, other.k5), k6: mix(k6, other.k6), model: model)
  }
}

/// The camera a lens correction draws the corrected picture for.
public enum LensOutputCamera: Hashable, Sendable {
  /// The photo's own camera: `cv2.undistort(image, K, D)`.
  case input
  /// OpenCV's choice for a free scaling `alpha` in [0, 1]: for the
  /// standard model `cv2.getOptimalNewCameraMatrix(K, D, (W, H), alpha)`
  /// (0: only pixels the photo covers, cropped; 1: every pixel of the
  /// photo kept); for the fisheye model
  /// `cv2.fisheye.estimateNewCameraMatrixForUndistortRectify` with
  /// `balance` = alpha.
  case optimal(alpha: Double)
  /// A camera matrix of its own (pixels of the picture, OpenCV's
  /// convention): `cv2.undistort(image, K, D, None, newK)`.
  case matrix(LensCamera)

  /// The camera `fraction` of the way to `other`: alphas and matrices
  /// blend, anything else switches at one half.
  public func interpolated(to other: LensOutputCamera, fraction t: Double) -> LensOutputCamera {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    switch (self, other) {
    case (.optimal(let a), .optimal(let b)):
      return .optimal(alpha: mix(a, b))
    case (.matrix(let a), .matrix(let b)) where a.calibrationSize == b.calibrationSize:
      return .matrix(a.interpolated(to: b, fraction: t))
    default:
      return t < 0.5 ? self : other
    }
  }
}

extension LensCamera {
  /// The matrix `fraction` of the way to `other`, each number blended
  /// linearly (the calibration size is `self`'s below one half).
  public func interpolated(to other: LensCamera, fraction t: Double) -> LensCamera {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    return LensCamera(
      fx: mix(fx, other.fx), fy: mix(fy, other.fy), cx: mix(cx, other.cx), cy: mix(cy, other.cy),
      units: t < 0.5 ? units : other.units,
      calibrationSize: t < 0.5 ? calibrationSize : other.calibrationSize)
  }
}
