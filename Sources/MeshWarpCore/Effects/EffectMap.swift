import Foundation

/// A ``MeshEffect`` resolved for a picture of `width × height` pixels: its
/// forward map F (content point → where it is drawn) and its inverse G
/// (output point → the content point drawn there), both in pixels (y down,
/// pixel centres at i + 0.5). The formulas are written in ``MeshEffect``'s
/// documentation; the mesh generator samples G at its vertices.
package struct EffectMap: Sendable {
  package let effect: MeshEffect
  package let size: Vector2
  /// s = min(W, H).
  package let s: Double
  /// The centre c in pixels.
  package let c: Vector2
  /// The disc's radius R·s in pixels.
  package let discRadius: Double
  package let lens: LensModel

  package init(_ effect: MeshEffect, width: Int, height: Int) {
    self.effect = effect
    size = Vector2(Double(width), Double(height))
    s = Double(min(width, height))
    c = Vector2(Double(effect.center.x) * size.x, Double(effect.center.y) * size.y)
    discRadius = effect.radius * s
    lens = LensModel(
      camera: effect.camera ?? .standard(width: width, height: height),
      coefficients: effect.distortion)
  }

  /// The window (1 − ρ)² and its derivative by r, at distance `r` from c.
  @inline(__always) func window(_ r: Double) -> (Double, Double) {
    let rho = r / discRadius
    guard rho < 1 else { return (0, 0) }
    return ((1 - rho) * (1 - rho), -2 * (1 - rho) / discRadius)
  }

  /// The radial profile g(r) of a bulge or a ripple (F moves a point at
  /// distance r from c to distance g(r) on the same ray) and g′(r).
  package func radial(_ r: Double) -> (Double, Double) {
    let (w, dw) = window(r)
    switch effect.kind {
    case .bulge:
      let k = effect.strength
      return (r * (1 + k * w), 1 + k * w + r * k * dw)
    case .ripple:
      let a = effect.amplitude * s
      let omega = 2 * Double.pi / (effect.wavelength * s)
      let theta = omega * r - effect.phase
      return (r + a * sin(theta) * w, 1 + a * (omega * cos(theta) * w + sin(theta) * dw))
    default:
      return (r, 1)
    }
  }

  /// The r ≥ 0 with g(r) = `target` on the disc (g is increasing there once
  /// the parameters are checked), by Newton's method kept inside a
  /// bisection bracket; 0 where g(0) ≥ target (the ripple's centre, where
  /// the formula tears).
  package func inverseRadial(_ target: Double) -> Double {
    var lo = 0.0
    var hi = discRadius
    if radial(0).0 >= target { return 0 }
    var r = min(max(target, lo), hi)
    for _ in 0..<100 {
      let (g, dg) = radial(r)
      let e = g - target
      if e > 0 { hi = r } else { lo = r }
      if abs(e) < 1e-11 * max(1, discRadius) { break }
      var next = r - e / dg
      if !(next > lo && next < hi) || !dg.isFinite || dg <= 0 { next = (lo + hi) / 2 }
      r = next
      if hi - lo < 1e-13 * max(1, discRadius) { break }
    }
    return r
  }

  /// The radius g(0) of the ripple's hole: with sin ϕ < 0 the formula
  /// sends the content just beside c to distance A·s·|sin ϕ|, so nothing is
  /// drawn closer to c than that (0 for other effects and phases).
  package var holeRadius: Double {
    guard effect.kind == .ripple else { return 0 }
    return max(0, radial(0).0)
  }

  /// F: where content point `p` (pixels) is drawn.
  package func forward(_ p: Vector2) -> Vector2 {
    switch effect.kind {
    case .twirl:
      let d = p - c
      let (w, _) = window((d * d).sum().squareRoot())
      return c + rotate(d, by: effect.angle * .pi / 180 * w)
    case .bulge, .ripple:
      let d = p - c
      let r = (d * d).sum().squareRoot()
      guard r < discRadius, r > 0 else { return p }
      return c + d * (radial(r).0 / r)
    case .wave:
      return p + waveOffset(p)
    case .lens:
      return effect.inverse ? lens.distort(p) : lens.undistort(p)
    }
  }

  /// G = F⁻¹: the content point drawn at output point `q` (pixels).
  package func source(_ q: Vector2) -> Vector2 {
    switch effect.kind {
    case .twirl:
      // The twirl keeps distances to c, so ρ of q is ρ of its content point.
      let d = q - c
      let (w, _) = window((d * d).sum().squareRoot())
      return c + rotate(d, by: -effect.angle * .pi / 180 * w)
    case .bulge, .ripple:
      let d = q - c
      let r = (d * d).sum().squareRoot()
      guard r < discRadius else { return q }
      guard r > 0 else { return c }
      let hole = holeRadius
      if hole > 0, r < hole + 1 {
        // Inside the ripple's hole (and 1 px beyond it) G is a radial
        // ramp to the formula's value at hole + 1 px: continuous, and one
        // to one, so that no cell of a mesh collapses onto c.
        let edge = min(hole + 1, discRadius)
        return c + d * (inverseRadial(edge) / edge)
      }
      return c + d * (inverseRadial(r) / r)
    case .wave:
      // F moves only the one coordinate, by a function of the other.
      return q - waveOffset(q)
    case .lens:
      return effect.inverse ? lens.undistort(q) : lens.distort(q)
    }
  }

  /// The wave's displacement at `p`: A·s·sin(2π·t/(L·s) + ϕ) across the
  /// axis, t the coordinate along it.
  func waveOffset(_ p: Vector2) -> Vector2 {
    let t = effect.axis == .x ? p.x : p.y
    let v = effect.amplitude * s * sin(2 * .pi * t / (effect.wavelength * s) + effect.phase)
    return effect.axis == .x ? Vector2(0, v) : Vector2(v, 0)
  }

  /// `d` turned by `angle` radians, clockwise on screen (y down).
  @inline(__always) func rotate(_ d: Vector2, by angle: Double) -> Vector2 {
    let (sn, cs) = (sin(angle), cos(angle))
    return Vector2(cs * d.x - sn * d.y, sn * d.x + cs * d.y)
  }
}
