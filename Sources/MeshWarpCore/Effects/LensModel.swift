import Foundation

/// OpenCV's pinhole camera with radial-tangential distortion, in this
/// package's pixel coordinates (pixel centres at i + 0.5; OpenCV's are at
/// integers, hence the half-pixel shifts).
///
/// `distort` is OpenCV's `projectPoints` model applied to the normalized
/// point ((q − 0.5 − c)/f); `undistort` inverts it by Newton's method with
/// the analytic Jacobian.
package struct LensModel: Sendable {
  package var camera: LensCamera
  package var coefficients: LensDistortion

  package init(camera: LensCamera, coefficients: LensDistortion) {
    self.camera = camera
    self.coefficients = coefficients
  }

  /// The normalized point of pixel point `p`.
  package func normalized(_ p: Vector2) -> Vector2 {
    Vector2((p.x - 0.5 - camera.cx) / camera.fx, (p.y - 0.5 - camera.cy) / camera.fy)
  }

  /// The pixel point of normalized point `n`.
  package func pixel(_ n: Vector2) -> Vector2 {
    Vector2(n.x * camera.fx + camera.cx + 0.5, n.y * camera.fy + camera.cy + 0.5)
  }

  /// The distortion of normalized point `n` and its Jacobian (rows: ∂xd,
  /// ∂yd; columns: ∂x, ∂y).
  package func distortNormalized(_ n: Vector2) -> (Vector2, (Vector2, Vector2)) {
    let d = coefficients
    let (x, y) = (n.x, n.y)
    let r2 = x * x + y * y
    let radial = 1 + r2 * (d.k1 + r2 * (d.k2 + r2 * d.k3))
    let dRadial = d.k1 + r2 * (2 * d.k2 + 3 * r2 * d.k3)  // ∂radial/∂r²
    let xd = x * radial + 2 * d.p1 * x * y + d.p2 * (r2 + 2 * x * x)
    let yd = y * radial + d.p1 * (r2 + 2 * y * y) + 2 * d.p2 * x * y
    let dxdx = radial + 2 * x * x * dRadial + 2 * d.p1 * y + 6 * d.p2 * x
    let dxdy = 2 * x * y * dRadial + 2 * d.p1 * x + 2 * d.p2 * y
    let dydx = 2 * x * y * dRadial + 2 * d.p1 * x + 2 * d.p2 * y
    let dydy = radial + 2 * y * y * dRadial + 6 * d.p1 * y + 2 * d.p2 * x
    return (Vector2(xd, yd), (Vector2(dxdx, dxdy), Vector2(dydx, dydy)))
  }

  /// Where OpenCV's lens draws pixel point `q` of the ideal picture.
  package func distort(_ q: Vector2) -> Vector2 {
    pixel(distortNormalized(normalized(q)).0)
  }

  /// The determinant of the distortion's Jacobian at pixel point `q`
  /// (normalized units; positive where the lens keeps orientation).
  package func jacobianDeterminant(_ q: Vector2) -> Double {
    let (_, j) = distortNormalized(normalized(q))
    return j.0.x * j.1.y - j.0.y * j.1.x
  }

  /// The pixel point that the lens draws at `p`: the inverse of
  /// ``distort(_:)`` by Newton's method from `p` itself (at most 50 steps,
  /// to 1e-12 in normalized units).
  package func undistort(_ p: Vector2) -> Vector2 {
    let target = normalized(p)
    var n = target
    for _ in 0..<50 {
      let (value, j) = distortNormalized(n)
      let e = value - target
      let det = j.0.x * j.1.y - j.0.y * j.1.x
      guard det.isFinite, abs(det) > 1e-300 else { break }
      let step = Vector2((j.1.y * e.x - j.0.y * e.y) / det, (j.0.x * e.y - j.1.x * e.x) / det)
      n -= step
      if abs(step.x) + abs(step.y) < 1e-12 { break }
    }
    return pixel(n)
  }
}
