import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore

/// The lens models' formulas: the analytic Jacobian is the distortion's
/// derivative, undistortion inverts distortion through an output camera,
/// calibration sizes scale about the pixel grid's corner, and the checks
/// refuse what OpenCV's models do not take.
@Suite struct LensModelTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var distortion: LensDistortion
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "standard",
      distortion: LensDistortion(k1: -0.28, k2: 0.07, p1: 0.002, p2: -0.0015, k3: 0.01)),
    Case(
      name: "rational",
      distortion: LensDistortion(
        k1: 0.4, k2: 0.1, p1: -0.001, p2: 0.002, k3: 0.02, k4: 0.15, k5: 0.03, k6: 0.01)),
    Case(name: "fisheye", distortion: .fisheye(k1: 0.08, k2: -0.02, k3: 0.004, k4: -0.001)),
  ]

  static let camera = LensCamera(fx: 150, fy: 145, cx: 82.3, cy: 57.6)

  /// The analytic Jacobian agrees with central differences of the
  /// distortion within 1e-7, near the centre too (the fisheye's series
  /// below r = 1e-8).
  @Test(arguments: cases)
  func jacobianIsTheDerivative(_ c: Case) {
    let model = LensModel(camera: Self.camera, coefficients: c.distortion)
    let h = 1e-6
    var random = SeededRandom(seed: 7)
    var points = [Vector2(0, 0), Vector2(3e-9, -2e-9), Vector2(1e-5, 2e-5)]
    for _ in 0..<50 {
      points.append(
        Vector2(
          Double.random(in: -0.7...0.7, using: &random),
          Double.random(in: -0.6...0.6, using: &random)))
    }
    for n in points {
      let (_, j) = model.distortNormalized(n)
      let dx =
        (model.distortNormalized(n + Vector2(h, 0)).0
          - model.distortNormalized(n - Vector2(h, 0)).0) / (2 * h)
      let dy =
        (model.distortNormalized(n + Vector2(0, h)).0
          - model.distortNormalized(n - Vector2(0, h)).0) / (2 * h)
      let error = max(
        abs(j.0.x - dx.x), abs(j.1.x - dx.y), abs(j.0.y - dy.x), abs(j.1.y - dy.y))
      #expect(error < 1e-7, "\(c.name) at \(n): Jacobian off by \(error)")
    }
  }

  /// `undistort` inverts `distort` within 1e-9 px over the frame, the
  /// output camera OpenCV's choice for alpha 0.5.
  @Test(arguments: cases)
  func undistortInvertsDistort(_ c: Case) {
    let effect = MeshEffect.lens(
      camera: Self.camera, distortion: c.distortion, outputCamera: .optimal(alpha: 0.5))
    let model = LensModel(effect, width: 160, height: 120)
    #expect(model.outputCamera != model.camera)
    var worst = 0.0
    for j in 0...12 {
      for i in 0...16 {
        let q = Vector2(Double(i) * 10, Double(j) * 10)
        let e = model.undistort(model.distort(q)) - q
        worst = max(worst, (e * e).sum().squareRoot())
      }
    }
    #expect(worst < 1e-9, "\(c.name): undistort(distort(q)) off by \(worst) px")
  }

  /// A camera measured at Wc × Hc scales to W × H with fx·W/Wc and
  /// (cx + ½)·W/Wc − ½ (OpenCV's pixel centres at integers): the centre
  /// of a 640-wide picture, 319.5, becomes 159.5 at 320 wide.
  @Test func calibrationSizeScalesAboutTheGridCorner() {
    let camera = LensCamera(
      fx: 600, fy: 580, cx: 319.5, cy: 239.5, calibrationSize: CGSize(width: 640, height: 480))
    let half = camera.scaled(toWidth: 320, height: 240)
    #expect(half == LensCamera(fx: 300, fy: 290, cx: 159.5, cy: 119.5))
    let wide = camera.scaled(toWidth: 1280, height: 960)
    #expect(wide.cx == 639.5 && wide.cy == 479.5 && wide.fx == 1200)
    // The effect draws through the scaled matrix.
    let effect = MeshEffect.lens(camera: camera, distortion: LensDistortion(k1: -0.2))
    #expect(effect.lensCameras(width: 320, height: 240).input == half)
  }

  /// What OpenCV's models do not take is refused, naming the parameter.
  @Test func refusals() {
    let fisheye = MeshEffect.lens(
      distortion: LensDistortion(k1: 0.1, p1: 0.01, model: .fisheye))
    #expect(
      throws: MeshEffectError.outOfRange(
        parameter: "distortion.p1", value: 0.01, range: "0 for the fisheye model")
    ) { try fisheye.validate(width: 64, height: 48) }
    let alpha = MeshEffect.lens(
      distortion: LensDistortion(k1: 0.1), outputCamera: .optimal(alpha: 1.5))
    #expect(
      throws: MeshEffectError.outOfRange(parameter: "alpha", value: 1.5, range: "in [0, 1]")
    ) { try alpha.validate(width: 64, height: 48) }
    // A rational denominator that vanishes inside the frame folds it; k1
    // (zero) does not explain it, so the largest other coefficient is named.
    let rational = MeshEffect.lens(distortion: LensDistortion(k4: -3))
    var caught: MeshEffectError?
    do { try rational.validate(width: 64, height: 48) } catch let e as MeshEffectError {
      caught = e
    } catch {}
    guard case .folds(let name, _, _, _) = caught else {
      Issue.record("not refused: \(String(describing: caught))")
      return
    }
    #expect(name == "distortion.k4")
  }

  /// Interpolation blends coefficients of one model and switches between
  /// models at one half; alphas blend.
  @Test func interpolation() {
    let a = MeshEffect.lens(
      distortion: LensDistortion(k1: 0.1, k6: 0.2), outputCamera: .optimal(alpha: 0))
    let b = MeshEffect.lens(
      distortion: LensDistortion(k1: 0.3, k6: 0.4), outputCamera: .optimal(alpha: 1))
    let m = a.interpolated(to: b, fraction: 0.25)
    #expect(abs(m.distortion.k1 - 0.15) < 1e-12 && abs(m.distortion.k6 - 0.25) < 1e-12)
    #expect(m.outputCamera == .optimal(alpha: 0.25))
    let f = MeshEffect.lens(distortion: .fisheye(k1: 0.2))
    #expect(a.interpolated(to: f, fraction: 0.4).distortion == a.distortion)
    #expect(a.interpolated(to: f, fraction: 0.6).distortion == f.distortion)
  }
}
