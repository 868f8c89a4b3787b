import Foundation

/// OpenCV's camera and lens models in this package's pixel coordinates
/// (pixel centres at i + 0.5; OpenCV's are at integers, hence the
/// half-pixel shifts): the photo's ``camera`` and ``coefficients``, and the
/// ``outputCamera`` the corrected picture is drawn for.
///
/// ``distort(_:)`` takes output point q to its normalized point through the
/// output camera, ((q − 0.5 − c′)/f′), distorts it (OpenCV's `projectPoints`
/// model, standard, rational or fisheye; see ``LensDistortion``) and draws
/// it through the photo's camera: the point `cv2.undistort(image, K, D,
/// None, K′)` samples for q. ``undistort(_:)`` inverts it: Newton's method
/// with the analytic Jacobian for the standard model, on θd(θ) for the
/// fisheye.
package struct LensModel: Sendable {
  /// The photo's camera, in pixels of the picture.
  package var camera: LensCamera
  package var coefficients: LensDistortion
  /// The corrected picture's camera, in pixels of the picture.
  package var outputCamera: LensCamera

  /// A model whose output camera is `outputCamera` (nil: `camera`).
  package init(camera: LensCamera, coefficients: LensDistortion, outputCamera: LensCamera? = nil) {
    self.camera = camera
    self.coefficients = coefficients
    self.outputCamera = outputCamera ?? camera
  }

  /// The model of lens effect `effect` on a `width × height` picture: its
  /// camera in the picture's pixels (``LensCamera/standard(width:height:)``
  /// when none; scaled from its units or calibration size), and its output camera resolved
  /// (``LensOutputCamera``); `distortion` replaces the effect's
  /// coefficients when given.
  package init(
    _ effect: MeshEffect, width: Int, height: Int, distortion: LensDistortion? = nil
  ) {
    let camera = effect.pixelCamera(width: width, height: height)
    let d = distortion ?? effect.distortion
    self.init(
      camera: camera, coefficients: d,
      outputCamera: effect.outputCamera.resolved(
        camera: camera, distortion: d, width: width, height: height))
  }

  /// The normalized point of pixel point `p` through camera `c`.
  @inline(__always) static func normalized(_ p: Vector2, _ c: LensCamera) -> Vector2 {
    Vector2((p.x - 0.5 - c.cx) / c.fx, (p.y - 0.5 - c.cy) / c.fy)
  }

  /// The pixel point of normalized point `n` through camera `c`.
  @inline(__always) static func pixel(_ n: Vector2, _ c: LensCamera) -> Vector2 {
    Vector2(n.x * c.fx + c.cx + 0.5, n.y * c.fy + c.cy + 0.5)
  }

  /// The distortion of normalized point `n` and its Jacobian (rows: ∂xd,
  /// ∂yd; columns: ∂x, ∂y).
  package func distortNormalized(_ n: Vector2) -> (Vector2, (Vector2, Vector2)) {
    coefficients.model == .fisheye ? fisheye(n) : radialTangential(n)
  }

  /// The standard (and rational) model: radial factor R = a/b with
  /// a = 1 + k1r² + k2r⁴ + k3r⁶, b = 1 + k4r² + k5r⁴ + k6r⁶, and
  /// ∂R/∂r² = (a′b − ab′)/b².
  private func radialTangential(_ n: Vector2) -> (Vector2, (Vector2, Vector2)) {
    let d = coefficients
    let (x, y) = (n.x, n.y)
    let r2 = x * x + y * y
    let a = 1 + r2 * (d.k1 + r2 * (d.k2 + r2 * d.k3))
    let b = 1 + r2 * (d.k4 + r2 * (d.k5 + r2 * d.k6))
    let da = d.k1 + r2 * (2 * d.k2 + 3 * r2 * d.k3)
    let db = d.k4 + r2 * (2 * d.k5 + 3 * r2 * d.k6)
    let radial = a / b
    let dRadial = (da * b - a * db) / (b * b)  // ∂radial/∂r²
    let xd = x * radial + 2 * d.p1 * x * y + d.p2 * (r2 + 2 * x * x)
    let yd = y * radial + d.p1 * (r2 + 2 * y * y) + 2 * d.p2 * x * y
    let dxdx = radial + 2 * x * x * dRadial + 2 * d.p1 * y + 6 * d.p2 * x
    let dxdy = 2 * x * y * dRadial + 2 * d.p1 * x + 2 * d.p2 * y
    let dydx = 2 * x * y * dRadial + 2 * d.p1 * x + 2 * d.p2 * y
    let dydy = radial + 2 * y * y * dRadial + 6 * d.p1 * y + 2 * d.p2 * x
    return (Vector2(xd, yd), (Vector2(dxdx, dxdy), Vector2(dydx, dydy)))
  }

  /// θd(θ) = θ(1 + k1θ² + k2θ⁴ + k3θ⁶ + k4θ⁸) and its derivative.
  @inline(__always) func fisheyeAngle(_ theta: Double) -> (Double, Double) {
    let d = coefficients
    let t2 = theta * theta
    let poly = 1 + t2 * (d.k1 + t2 * (d.k2 + t2 * (d.k3 + t2 * d.k4)))
    let slope = 1 + t2 * (3 * d.k1 + t2 * (5 * d.k2 + t2 * (7 * d.k3 + t2 * 9 * d.k4)))
    return (theta * poly, slope)
  }

  /// The fisheye model: n ↦ s(r)·n with s = θd(atan r)/r. Its Jacobian is
  /// s·I + (s′(r)/r)·n nᵀ with s′(r) = (θd′/(1 + r²) − s)/r; near r = 0,
  /// s = 1 + (k1 − ⅓)r² + O(r⁴), so s′(r)/r → 2(k1 − ⅓).
  private func fisheye(_ n: Vector2) -> (Vector2, (Vector2, Vector2)) {
    let r2 = n.x * n.x + n.y * n.y
    let r = r2.squareRoot()
    let s: Double
    let ds: Double  // s′(r)/r
    if r < 1e-8 {
      s = 1
      ds = 2 * (coefficients.k1 - 1.0 / 3)
    } else {
      let (td, slope) = fisheyeAngle(atan(r))
      s = td / r
      ds = (slope / (1 + r2) - s) / r2
    }
    let j = (
      Vector2(s + ds * n.x * n.x, ds * n.x * n.y), Vector2(ds * n.x * n.y, s + ds * n.y * n.y)
    )
    return (n * s, j)
  }

  /// Where OpenCV's lens draws pixel point `q` of the corrected picture.
  package func distort(_ q: Vector2) -> Vector2 {
    Self.pixel(distortNormalized(Self.normalized(q, outputCamera)).0, camera)
  }

  /// Whether the distortion surely keeps orientation over the whole
  /// `width × height` output frame, decided from radii alone.
  ///
  /// The radial part n ↦ n·R(r) (the fisheye's s(r) likewise) has the
  /// symmetric Jacobian A with eigenvalues R (across the ray) and
  /// d(rR)/dr (along it): both are its Jacobian's diagonal at (r, 0). The
  /// tangential part's Jacobian E has |E| ≤ √80·(|p1| + |p2|)·r (each
  /// entry is at most 6 or 2 times (|p1| + |p2|)·r), and A + tE stays
  /// non-singular for t in [0, 1] where the smaller eigenvalue of A
  /// exceeds |E| (Weyl's inequality), so the determinant keeps A's sign.
  /// Checked at 1,024 radii over the frame's range of normalized radii,
  /// with 0.02 to spare between them; `false` means "not sure" (the
  /// caller then scans the frame).
  package func surelyKeepsOrientation(width: Int, height: Int) -> Bool {
    let (rMin, rMax) = Self.frameRadii(width: width, height: height, outputCamera)
    guard rMin.isFinite, rMax.isFinite else { return false }
    let radial = radialPart
    let tangential = 80.0.squareRoot() * (abs(coefficients.p1) + abs(coefficients.p2))
    let n = 1024
    for i in 0...n {
      let r = rMin + (rMax - rMin) * Double(i) / Double(n)
      let (_, j) = radial.distortNormalized(Vector2(r, 0))
      let smaller = min(j.0.x, j.1.y)
      guard smaller.isFinite, smaller > tangential * r + 0.02 else { return false }
    }
    return true
  }

  /// Whether every point of the `width × height` frame surely has one
  /// content point under the applied lens (``MeshEffect/inverse``: G is
  /// ``undistort(_:)``), decided from radii alone.
  ///
  /// The frame, normalized through ``camera``, lies within radius ρ_f of
  /// the axis. Walking r outward from 0 (steps of ρ_f/256, up to 8ρ_f),
  /// the distortion keeps orientation on the disc of radius r where the
  /// radial part's smaller eigenvalue exceeds the tangential part's
  /// Jacobian (as in ``surelyKeepsOrientation(width:height:)``), and its
  /// circle lands beyond ρ_f where r·R(r) − 3(|p1| + |p2|)r² > ρ_f (the
  /// tangential part moves a point by at most 3(|p1| + |p2|)r²). Once
  /// both hold, the disc maps one to one onto a region that holds the
  /// whole frame (a local diffeomorphism whose boundary circle encloses
  /// the frame: its degree is 1 there). The fisheye, whose inverse is
  /// bracketed on [0, π/2), is sure where θd increases over the whole
  /// bracket and ends beyond the frame. `false` means "not sure".
  package func surelyInvertible(width: Int, height: Int) -> Bool {
    let reach = frameReach(width: width, height: height)
    guard reach.isFinite, reach > 0 else { return false }
    if coefficients.model == .fisheye {
      // ``fisheyeAngleInverse(_:)`` brackets θ in [0, π/2 − 10⁻⁴]: sure
      // where θd increases over all of it and ends beyond the frame.
      let top = Double.pi / 2 - 1e-4
      for i in 0...512 {
        guard fisheyeAngle(top * Double(i) / 512).1 > 0.02 else { return false }
      }
      return fisheyeAngle(top).0 > reach * 1.001
    }
    let radial = radialPart
    let p = abs(coefficients.p1) + abs(coefficients.p2)
    let step = reach / 256
    for i in 0...2048 {
      let r = Double(i) * step
      let (value, j) = radial.distortNormalized(Vector2(r, 0))
      let smaller = min(j.0.x, j.1.y)
      guard smaller.isFinite, smaller > 80.0.squareRoot() * p * r + 0.02 else { return false }
      if value.x - 3 * p * r * r > reach * 1.001 { return true }
    }
    return false
  }

  /// The largest normalized radius, through ``camera``, of a point of the
  /// `width × height` frame.
  func frameReach(width: Int, height: Int) -> Double {
    Self.frameRadii(width: width, height: height, camera).largest
  }

  /// The smallest and largest normalized radius, through camera `c`, of
  /// a point of the `width × height` frame (the smallest 0 where the
  /// frame holds the axis).
  static func frameRadii(width: Int, height: Int, _ c: LensCamera) -> (
    smallest: Double, largest: Double
  ) {
    let lo = normalized(Vector2(0, 0), c)
    let hi = normalized(Vector2(Double(width), Double(height)), c)
    let far = Vector2(max(abs(lo.x), abs(hi.x)), max(abs(lo.y), abs(hi.y)))
    let near = Vector2(
      lo.x > 0 ? lo.x : hi.x < 0 ? -hi.x : 0, lo.y > 0 ? lo.y : hi.y < 0 ? -hi.y : 0)
    return ((near * near).sum().squareRoot(), (far * far).sum().squareRoot())
  }

  /// Newton's inverse (``undistortNormalized(_:from:)``) along the rows of
  /// a lattice, row by row: each point starts from its left neighbour's
  /// answer, the first of a row from the first of the row above (a few
  /// steps instead of up to fifty).
  package struct LatticeInverse {
    private var start: Vector2?
    private var rowStart: Vector2?

    package init() {}

    /// The normalized point whose distortion is `target`, at column
    /// `column` of the current row (0 begins a row).
    package mutating func solve(_ model: LensModel, _ target: Vector2, column: Int) -> Vector2 {
      if column == 0 { start = rowStart }
      let u = model.undistortNormalized(target, from: start)
      start = u
      if column == 0 { rowStart = u }
      return u
    }
  }

  /// The model without its tangential terms.
  var radialPart: LensModel {
    var radial = self
    radial.coefficients.p1 = 0
    radial.coefficients.p2 = 0
    return radial
  }

  /// The normalized radius where the radial part first turns back (its
  /// smaller eigenvalue reaches 0; steps of `reach`/256 up to 8·`reach`),
  /// or infinity: Newton's answers beyond it lie on another branch of
  /// the distortion, which draws the content twice.
  package func firstTurnRadius(reach: Double) -> Double {
    let radial = radialPart
    let step = reach / 256
    for i in 0...2048 {
      let r = Double(i) * step
      let (_, j) = radial.distortNormalized(Vector2(r, 0))
      let smaller = min(j.0.x, j.1.y)
      guard smaller.isFinite, smaller > 0 else { return r }
    }
    return .infinity
  }

  /// The determinant of the distortion's Jacobian at pixel point `q` of
  /// the corrected picture (normalized units; positive where the lens
  /// keeps orientation).
  package func jacobianDeterminant(_ q: Vector2) -> Double {
    let (_, j) = distortNormalized(Self.normalized(q, outputCamera))
    return j.0.x * j.1.y - j.0.y * j.1.x
  }

  /// The pixel point of the corrected picture that the lens draws at `p`:
  /// the inverse of ``distort(_:)``.
  package func undistort(_ p: Vector2) -> Vector2 {
    Self.pixel(undistortNormalized(Self.normalized(p, camera)), outputCamera)
  }

  /// The normalized point whose distortion is `target`: for the fisheye,
  /// θ solving θd(θ) = |target| (``fisheyeAngleInverse(_:)``) and
  /// r = tan θ; otherwise Newton's method from `start` (default `target`
  /// itself; a neighbour's answer saves steps), at most 50 steps, to
  /// 1e-12.
  package func undistortNormalized(_ target: Vector2, from start: Vector2? = nil) -> Vector2 {
    if coefficients.model == .fisheye {
      let rd = (target * target).sum().squareRoot()
      guard rd > 0 else { return target }
      return target * (tan(fisheyeAngleInverse(rd)) / rd)
    }
    var n = start ?? target
    for _ in 0..<50 {
      let (value, j) = distortNormalized(n)
      let e = value - target
      let det = j.0.x * j.1.y - j.0.y * j.1.x
      guard det.isFinite, abs(det) > 1e-300 else { break }
      let step = Vector2((j.1.y * e.x - j.0.y * e.y) / det, (j.0.x * e.y - j.1.x * e.x) / det)
      n -= step
      if abs(step.x) + abs(step.y) < 1e-12 { break }
    }
    return n
  }

  /// The θ in [0, π/2) with θd(θ) = `thetaD`: Newton's method kept inside
  /// a bisection bracket (θd increases over the frame once the parameters
  /// are checked). Beyond θd's reach before π/2 there is none: the answer
  /// is then just short of π/2 (a point far outside any picture).
  package func fisheyeAngleInverse(_ thetaD: Double) -> Double {
    var (lo, hi) = (0.0, Double.pi / 2 - 1e-4)
    guard fisheyeAngle(hi).0 > thetaD else { return hi }
    var theta = min(thetaD, hi)
    for _ in 0..<100 {
      let (value, slope) = fisheyeAngle(theta)
      if value > thetaD { hi = theta } else { lo = theta }
      var next = theta - (value - thetaD) / slope
      if !(next > lo && next < hi) { next = (lo + hi) / 2 }
      if abs(next - theta) < 1e-15 { return next }
      theta = next
    }
    return theta
  }
}
