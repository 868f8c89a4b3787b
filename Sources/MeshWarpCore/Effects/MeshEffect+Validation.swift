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
  /// - Lens: the distortion's Jacobian must stay positive (and finite)
  ///   over the output frame (on a 65 × 65 lattice including its edges);
  ///   applied (`inverse`), every point of the frame must have a content
  ///   point where it is positive;
  ///   the limit of k1 is found by bisection with the other coefficients
  ///   as given. Focal lengths and calibration sizes are above 0, alpha in
  ///   [0, 1]; the fisheye model takes k1…k4 only.
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
      try validateLens(width: width, height: height)
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

  /// The lens's numbers: finite, focal lengths and calibration sizes
  /// above 0, alpha in [0, 1], p1, p2, k5 and k6 zero for the fisheye; then
  /// the folding check.
  func validateLens(width: Int, height: Int) throws {
    func finite(_ name: String, _ v: Double) throws {
      if !v.isFinite { throw MeshEffectError.nonFinite(parameter: name) }
    }
    func positive(_ name: String, _ v: Double) throws {
      try finite(name, v)
      if !(v > 0) { throw MeshEffectError.outOfRange(parameter: name, value: v, range: "above 0") }
    }
    func check(_ cam: LensCamera, _ prefix: String) throws {
      try positive("\(prefix).fx", cam.fx)
      try positive("\(prefix).fy", cam.fy)
      try finite("\(prefix).cx", cam.cx)
      try finite("\(prefix).cy", cam.cy)
      if let size = cam.calibrationSize {
        try positive("\(prefix).calibrationSize.width", Double(size.width))
        try positive("\(prefix).calibrationSize.height", Double(size.height))
      }
    }
    try check(camera ?? .standard(width: width, height: height), "camera")
    let d = distortion
    let coefficients = [
      ("k1", d.k1), ("k2", d.k2), ("p1", d.p1), ("p2", d.p2), ("k3", d.k3), ("k4", d.k4),
      ("k5", d.k5), ("k6", d.k6),
    ]
    for (name, v) in coefficients { try finite("distortion.\(name)", v) }
    if d.model == .fisheye {
      for (name, v) in coefficients where ["p1", "p2", "k5", "k6"].contains(name) && v != 0 {
        throw MeshEffectError.outOfRange(
          parameter: "distortion.\(name)", value: v, range: "0 for the fisheye model")
      }
    }
    switch outputCamera {
    case .input: break
    case .optimal(let alpha):
      try finite("alpha", alpha)
      if !(0...1).contains(alpha) {
        throw MeshEffectError.outOfRange(parameter: "alpha", value: alpha, range: "in [0, 1]")
      }
    case .matrix(let m):
      try check(m, "outputCamera")
    }
    try checkLensFolding(width: width, height: height)
  }

  /// The first pixel point of the output frame where the lens of `model`
  /// fails: where it reverses orientation (Jacobian ≤ 0, or not finite),
  /// on a 65 × 65 lattice over the frame; with `inverse` (G is Newton's
  /// inverse of the distortion), where Newton's method finds no content
  /// point, or one where the distortion reverses orientation or that lies
  /// beyond the radius where its radial part first turns back, on a
  /// 33 × 33 lattice (each point starting from its neighbour's answer).
  /// None, without a lattice, where radii alone show that it cannot fail
  /// (``LensModel/surelyKeepsOrientation(width:height:)``,
  /// ``LensModel/surelyInvertible(width:height:)``: microseconds, for an
  /// animated lens checked every frame).
  static func lensFold(_ model: LensModel, width: Int, height: Int, inverse: Bool) -> Vector2? {
    func lattice(_ n: Int, _ i: Int, _ j: Int) -> Vector2 {
      Vector2(Double(i) / Double(n) * Double(width), Double(j) / Double(n) * Double(height))
    }
    if inverse {
      if model.surelyInvertible(width: width, height: height) { return nil }
      let turn = model.firstTurnRadius(reach: model.frameReach(width: width, height: height))
      let n = 32
      var solver = LensModel.LatticeInverse()
      for j in 0...n {
        for i in 0...n {
          let q = lattice(n, i, j)
          let target = LensModel.normalized(q, model.camera)
          let u = solver.solve(model, target, column: i)
          let (value, jac) = model.distortNormalized(u)
          let e = value - target
          let det = jac.0.x * jac.1.y - jac.0.y * jac.1.x
          let first = (u * u).sum() < turn * turn
          if !(det.isFinite && det > 0 && (e * e).sum() < 1e-16 && first) { return q }
        }
      }
      return nil
    }
    if model.surelyKeepsOrientation(width: width, height: height) { return nil }
    let n = 64
    for j in 0...n {
      for i in 0...n {
        let q = lattice(n, i, j)
        let det = model.jacobianDeterminant(q)
        if !(det.isFinite && det > 0) { return q }
      }
    }
    return nil
  }

  /// Refuses a lens that folds the output frame, naming k1 and its limit
  /// (bisection, the other coefficients and the output camera's choice as
  /// given), or the largest other coefficient when k1 alone does not
  /// explain it.
  func checkLensFolding(width: Int, height: Int) throws {
    func fold(_ d: LensDistortion) -> Vector2? {
      Self.lensFold(
        LensModel(self, width: width, height: height, distortion: d), width: width, height: height,
        inverse: inverse)
    }
    guard let at = fold(distortion) else { return }
    let pixel = "pixel (\(Int(at.x.rounded())), \(Int(at.y.rounded())))"
    let detail =
      inverse
      ? "applied, it draws no content at \(pixel) of the \(width)x\(height) frame"
      : "it turns back at \(pixel) inside the \(width)x\(height) frame"
    var zero = distortion
    zero.k1 = 0
    guard fold(zero) == nil, distortion.k1 != 0 else {
      // k1 alone does not explain it: name the largest other coefficient.
      let d = distortion
      let others =
        d.model == .fisheye
        ? [("k2", d.k2), ("k3", d.k3), ("k4", d.k4)]
        : [
          ("k2", d.k2), ("p1", d.p1), ("p2", d.p2), ("k3", d.k3), ("k4", d.k4), ("k5", d.k5),
          ("k6", d.k6),
        ]
      let (name, value) = others.max { abs($0.1) < abs($1.1) }!
      throw MeshEffectError.folds(
        parameter: "distortion.\(name)", value: value, limit: 0, detail: detail)
    }
    // Bisect k1 between 0 (no fold) and its value (fold).
    var good = 0.0
    var bad = distortion.k1
    for _ in 0..<40 {
      var d = distortion
      d.k1 = (good + bad) / 2
      if fold(d) == nil { good = d.k1 } else { bad = d.k1 }
    }
    throw MeshEffectError.folds(
      parameter: "distortion.k1", value: distortion.k1, limit: good, detail: detail)
  }
}
