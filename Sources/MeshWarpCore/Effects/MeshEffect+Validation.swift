import Foundation

extension MeshEffect {
  /// Checks the parameters for a `width × height` picture: finite, in
  /// range, and not folding the picture.
  ///
  /// - Ripple: F is one-to-one on the disc while its radial profile
  ///   g(r) = r + A·s·sin(θ)·(1 − ρ)² increases, θ = 2π r/(L·s) − ϕ:
  ///   g′ = 1 + A·h(ρ) with h = (2π/L)·cos θ·(1 − ρ)² − (2/R)·sin θ·(1 − ρ)
  ///   (s cancels), so |A| must stay below 1 / max(∓h), about L/(2π) (the
  ///   bound 2π·A/L < 1 without the window's slope).
  /// - Bulge: g′ = 1 + k·(1 − ρ)(1 − 3ρ) > 0 needs k > −1 (and k < 3); the
  ///   range offered is (−1, 1).
  /// - Lens: the distortion's Jacobian must stay positive over the frame
  ///   (on a 65 × 65 lattice including its edges); the limit of k1 is found
  ///   by bisection with the other coefficients as given.
  /// - Twirl and wave never fold.
  ///
  /// - Throws: ``MeshEffectError``.
  public func validate(width: Int, height: Int) throws {
    guard width > 0, height > 0 else {
      throw MeshEffectError.emptySize(width: width, height: height)
    }
    func finite(_ name: String, _ v: Double) throws {
      if !v.isFinite { throw MeshEffectError.nonFinite(parameter: name) }
    }
    switch kind {
    case .twirl, .bulge, .ripple:
      try finite("center.x", Double(center.x))
      try finite("center.y", Double(center.y))
      try finite("radius", radius)
      if !(radius > 0) {
        throw MeshEffectError.outOfRange(parameter: "radius", value: radius, range: "above 0")
      }
    case .wave, .lens: break
    }
    switch kind {
    case .twirl:
      try finite("angle", angle)
    case .bulge:
      try finite("strength", strength)
      if !(strength > -1 && strength < 1) {
        throw MeshEffectError.outOfRange(
          parameter: "strength", value: strength, range: "in (−1, 1)")
      }
    case .ripple, .wave:
      try finite("amplitude", amplitude)
      try finite("wavelength", wavelength)
      try finite("phase", phase)
      if !(wavelength > 0) {
        throw MeshEffectError.outOfRange(
          parameter: "wavelength", value: wavelength, range: "above 0")
      }
      if kind == .ripple, amplitude != 0 {
        let limit = rippleAmplitudeLimit()
        if abs(amplitude) >= limit {
          throw MeshEffectError.folds(
            parameter: "amplitude", value: amplitude, limit: limit,
            detail:
              "with wavelength \(MeshEffectError.number(wavelength)), phase \(MeshEffectError.number(phase)) and radius \(MeshEffectError.number(radius))"
          )
        }
      }
    case .lens:
      let cam = pixelCamera(width: width, height: height)
      for (name, v) in [
        ("camera.fx", cam.fx), ("camera.fy", cam.fy), ("camera.cx", cam.cx), ("camera.cy", cam.cy),
        ("distortion.k1", distortion.k1), ("distortion.k2", distortion.k2),
        ("distortion.p1", distortion.p1), ("distortion.p2", distortion.p2),
        ("distortion.k3", distortion.k3),
      ] {
        try finite(name, v)
      }
      if !(cam.fx > 0) {
        throw MeshEffectError.outOfRange(parameter: "camera.fx", value: cam.fx, range: "above 0")
      }
      if !(cam.fy > 0) {
        throw MeshEffectError.outOfRange(parameter: "camera.fy", value: cam.fy, range: "above 0")
      }
      try checkLensFolding(camera: cam, width: width, height: height)
    }
  }

  /// The ripple's largest |amplitude| that does not fold: 1 / max over the
  /// disc of −sign(A)·h(ρ) (see ``validate(width:height:)``), sampled at
  /// 8193 radii.
  ///
  /// θ advances by a fixed step from one sample to the next, so its sine
  /// and cosine do too by one rotation (the angle-addition formulas),
  /// taken afresh from `sin` and `cos` every 256 samples (the rotations'
  /// rounding stays near 1e-13 in between): a few multiplications a sample,
  /// which lets the SwiftUI layer check a ripple every frame.
  package func rippleAmplitudeLimit() -> Double {
    let sign: Double = amplitude < 0 ? -1 : 1
    var worst = 0.0
    let n = 8192
    let step = 2 * Double.pi * radius / wavelength / Double(n)
    let (stepSin, stepCos) = (sin(step), cos(step))
    var (s, c) = (0.0, 1.0)
    for i in 0...n {
      if i % 256 == 0 {
        let theta = step * Double(i) - phase
        (s, c) = (sin(theta), cos(theta))
      }
      let rho = Double(i) / Double(n)
      let h = 2 * Double.pi / wavelength * c * (1 - rho) * (1 - rho) - 2 / radius * s * (1 - rho)
      worst = max(worst, -sign * h)
      (s, c) = (s * stepCos + c * stepSin, c * stepCos - s * stepSin)
    }
    return worst > 0 ? 1 / worst : .infinity
  }

  /// The first pixel point of the frame where `distortion` reverses
  /// orientation (Jacobian ≤ 0), on a 65 × 65 lattice over the frame.
  static func lensFold(
    camera: LensCamera, distortion: LensDistortion, width: Int, height: Int
  ) -> Vector2? {
    let model = LensModel(camera: camera, coefficients: distortion)
    let n = 64
    for j in 0...n {
      for i in 0...n {
        let q = Vector2(
          Double(i) / Double(n) * Double(width), Double(j) / Double(n) * Double(height))
        if !(model.jacobianDeterminant(q) > 0) { return q }
      }
    }
    return nil
  }

  func checkLensFolding(camera: LensCamera, width: Int, height: Int) throws {
    guard
      let at = Self.lensFold(camera: camera, distortion: distortion, width: width, height: height)
    else { return }
    let detail =
      "it turns back at pixel (\(Int(at.x.rounded())), \(Int(at.y.rounded()))) inside the \(width)x\(height) frame"
    var zero = distortion
    zero.k1 = 0
    guard
      Self.lensFold(camera: camera, distortion: zero, width: width, height: height) == nil,
      distortion.k1 != 0
    else {
      // k1 alone does not explain it: name the largest other coefficient.
      let others = [
        ("distortion.k2", distortion.k2), ("distortion.p1", distortion.p1),
        ("distortion.p2", distortion.p2), ("distortion.k3", distortion.k3),
      ]
      let (name, value) = others.max { abs($0.1) < abs($1.1) }!
      throw MeshEffectError.folds(parameter: name, value: value, limit: 0, detail: detail)
    }
    // Bisect k1 between 0 (no fold) and its value (fold).
    var good = 0.0
    var bad = distortion.k1
    for _ in 0..<40 {
      var d = distortion
      d.k1 = (good + bad) / 2
      if Self.lensFold(camera: camera, distortion: d, width: width, height: height) == nil {
        good = d.k1
      } else {
        bad = d.k1
      }
    }
    throw MeshEffectError.folds(
      parameter: "distortion.k1", value: distortion.k1, limit: good, detail: detail)
  }
}
