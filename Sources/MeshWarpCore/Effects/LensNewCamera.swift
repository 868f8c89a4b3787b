import Foundation

extension LensOutputCamera {
  /// The output camera for a `width × height` picture taken through
  /// `camera` (already scaled to the picture) with `distortion`.
  package func resolved(
    camera: LensCamera, distortion: LensDistortion, width: Int, height: Int
  ) -> LensCamera {
    switch self {
    case .input:
      return camera
    case .matrix(let matrix):
      return matrix.scaled(toWidth: width, height: height)
    case .optimal(let alpha):
      return distortion.model == .fisheye
        ? LensModel.fisheyeNewCamera(
          camera: camera, distortion: distortion, width: width, height: height, balance: alpha)
        : LensModel.optimalNewCamera(
          camera: camera, distortion: distortion, width: width, height: height, alpha: alpha)
    }
  }
}

extension MeshEffect {
  /// A lens effect's two cameras on a `width × height` picture, in its
  /// pixels (OpenCV's convention): the photo's (``camera``, or
  /// ``LensCamera/standard(width:height:)``, scaled from its calibration
  /// size) and the corrected picture's (``outputCamera`` resolved: with
  /// ``LensOutputCamera/optimal(alpha:)`` the matrix OpenCV's
  /// `getOptimalNewCameraMatrix` or the fisheye's
  /// `estimateNewCameraMatrixForUndistortRectify` gives).
  public func lensCameras(width: Int, height: Int) -> (input: LensCamera, output: LensCamera) {
    let model = LensModel(self, width: width, height: height)
    return (model.camera, model.outputCamera)
  }
}

extension LensModel {
  /// OpenCV's `undistortPoints` as `getOptimalNewCameraMatrix` calls it:
  /// the normalized point (u − cx)/fx, (v − cy)/fy (OpenCV's pixels),
  /// then a fixed number of fixed-point steps x ← (x0 − Δ(x))·b/a with the
  /// radial factor's denominator b and numerator a and the tangential
  /// terms Δ — 5 steps, its default. Not converged where the distortion is
  /// strong, and OpenCV's matrix follows from these points, so they are
  /// reproduced step for step. A negative factor b/a stops at the start
  /// point, as OpenCV does.
  static func openCVUndistortPoint(
    _ u: Double, _ v: Double, camera k: LensCamera, distortion d: LensDistortion, steps: Int = 5
  ) -> Vector2 {
    let (ifx, ify) = (1 / k.fx, 1 / k.fy)
    let (x0, y0) = ((u - k.cx) * ifx, (v - k.cy) * ify)
    var (x, y) = (x0, y0)
    for _ in 0..<steps {
      let r2 = x * x + y * y
      let icdist =
        (1 + ((d.k6 * r2 + d.k5) * r2 + d.k4) * r2) / (1 + ((d.k3 * r2 + d.k2) * r2 + d.k1) * r2)
      if icdist < 0 { return Vector2(x0, y0) }
      let dx = 2 * d.p1 * x * y + d.p2 * (r2 + 2 * x * x)
      let dy = d.p1 * (r2 + 2 * y * y) + 2 * d.p2 * x * y
      (x, y) = ((x0 - dx) * icdist, (y0 - dy) * icdist)
    }
    return Vector2(x, y)
  }

  /// `cv2.getOptimalNewCameraMatrix(K, D, (W, H), alpha)` (the principal
  /// point not centred), as OpenCV 4.6 computes it: a 9 × 9 grid of
  /// points (x·W/8, y·H/8) in single precision over the photo is
  /// undistorted (``openCVUndistortPoint(_:_:camera:distortion:steps:)``,
  /// results in single precision); the outer rectangle bounds them all,
  /// the inner one lies within the left column's largest x, the right
  /// column's smallest x, the top row's largest y and the bottom row's
  /// smallest y. Each maps onto the picture, f = (W − 1)/width and
  /// c = −f·x0 (and the same down), and the camera is
  /// (1 − alpha)·inner + alpha·outer. Newer OpenCV releases sample the
  /// border alone at (W − 1)/8 steps in double precision, which moves the
  /// matrix by about 1/W relative.
  package static func optimalNewCamera(
    camera: LensCamera, distortion: LensDistortion, width: Int, height: Int, alpha: Double
  ) -> LensCamera {
    let n = 9
    var inner: (x0: Float, x1: Float, y0: Float, y1: Float) = (
      -.greatestFiniteMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
      .greatestFiniteMagnitude
    )
    var outer: (x0: Float, x1: Float, y0: Float, y1: Float) = (
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude
    )
    for j in 0..<n {
      for i in 0..<n {
        let u = Float(i) * Float(width) / Float(n - 1)
        let v = Float(j) * Float(height) / Float(n - 1)
        let q = openCVUndistortPoint(Double(u), Double(v), camera: camera, distortion: distortion)
        let (px, py) = (Float(q.x), Float(q.y))
        outer = (min(outer.x0, px), max(outer.x1, px), min(outer.y0, py), max(outer.y1, py))
        if i == 0 { inner.x0 = max(inner.x0, px) }
        if i == n - 1 { inner.x1 = min(inner.x1, px) }
        if j == 0 { inner.y0 = max(inner.y0, py) }
        if j == n - 1 { inner.y1 = min(inner.y1, py) }
      }
    }
    func fit(_ r: (x0: Float, x1: Float, y0: Float, y1: Float)) -> LensCamera {
      let fx = Double(width - 1) / Double(r.x1 - r.x0)
      let fy = Double(height - 1) / Double(r.y1 - r.y0)
      return LensCamera(fx: fx, fy: fy, cx: -fx * Double(r.x0), cy: -fy * Double(r.y0))
    }
    let (a, b) = (fit(inner), fit(outer))
    func mix(_ p: Double, _ q: Double) -> Double { p * (1 - alpha) + q * alpha }
    return LensCamera(
      fx: mix(a.fx, b.fx), fy: mix(a.fy, b.fy), cx: mix(a.cx, b.cx), cy: mix(a.cy, b.cy))
  }

  /// `cv2.fisheye.estimateNewCameraMatrixForUndistortRectify(K, D, (W,
  /// H), I, balance)`: the middles of the four sides, (W/2, 0), (W, H/2),
  /// (W/2, H), (0, H/2) in whole pixels (OpenCV divides integers),
  /// undistorted (θd = |p| clipped to π/2, θ from θd, scaled by
  /// tan θ/θd), with y scaled by the aspect a = fx/fy; cn is their mean.
  /// The four focal lengths that put each side's point on its side of
  /// the picture, W/2 over cn.x − min x and max x − cn.x, a·H/2 over
  /// cn.y − min y and max y − cn.y, give f = balance·min + (1 − balance)·max;
  /// the camera is (f, f/a) with centre −cn·f + (W, a·H)/2, y divided by a.
  /// OpenCV before 4.7 scaled cn.x rather than cn.y by the aspect (a typo
  /// fixed in 4.7); the two agree when fx = fy.
  package static func fisheyeNewCamera(
    camera k: LensCamera, distortion: LensDistortion, width: Int, height: Int, balance: Double
  ) -> LensCamera {
    let model = LensModel(camera: k, coefficients: distortion)
    let (w, h) = (width, height)
    let sides = [(w / 2, 0), (w, h / 2), (w / 2, h), (0, h / 2)].map { u, v in
      let p = Vector2((Double(u) - k.cx) / k.fx, (Double(v) - k.cy) / k.fy)
      let thetaD = min((p * p).sum().squareRoot(), Double.pi / 2)
      guard thetaD > 0 else { return p }
      return p * (tan(model.fisheyeAngleInverse(thetaD)) / thetaD)
    }
    let aspect = k.fx / k.fy
    var cn = sides.reduce(Vector2(0, 0), +) / 4
    cn.y *= aspect
    let points = sides.map { Vector2($0.x, $0.y * aspect) }
    let (minX, maxX) = (points.map(\.x).min()!, points.map(\.x).max()!)
    let (minY, maxY) = (points.map(\.y).min()!, points.map(\.y).max()!)
    let (fw, fh) = (Double(w), Double(h))
    let fs = [
      fw * 0.5 / (cn.x - minX), fw * 0.5 / (maxX - cn.x),
      fh * 0.5 * aspect / (cn.y - minY), fh * 0.5 * aspect / (maxY - cn.y),
    ]
    let b = min(max(balance, 0), 1)
    let f = b * fs.min()! + (1 - b) * fs.max()!
    let c = -cn * f + Vector2(fw, fh * aspect) * 0.5
    return LensCamera(fx: f, fy: f / aspect, cx: c.x, cy: c.y / aspect)
  }
}
