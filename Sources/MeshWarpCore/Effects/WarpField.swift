import Foundation

/// A ``MeshEffect`` resolved for a picture of `width × height` pixels: the
/// exact map the renderers draw per output pixel, with no mesh.
///
/// Its inverse map G (output point → the content point drawn there) is in
/// closed form for every effect, so drawing one costs a few operations a
/// pixel and nothing per frame but this value:
/// - twirl keeps |d| and turns by φ·(1 − ρ)²: G turns back by the same angle;
/// - wave moves one coordinate by a function of the other: G subtracts it;
/// - lens: G is OpenCV's distortion of the output point (with `inverse`,
///   its inverse by Newton's method, as `cv2.undistortPoints`);
/// - bulge and ripple are radial, r ↦ g(r), increasing on the disc once the
///   parameters are checked: G finds g⁻¹ from a table of g at
///   ``radialTableCount`` radii (a binary search and a linear step) and two
///   Newton steps on g (quadratic convergence from a start within a table
///   step: ~10⁻⁹ px).
///
/// Coordinates are pixels, y down, pixel centres at i + 0.5. The formulas
/// of F = G⁻¹ are in ``MeshEffect``'s documentation. With
/// ``MeshEffect/Aspect/fill`` a disc effect acts in coordinates stretched
/// so that the picture is square (the short side to the long one), which
/// draws ImageMagick's ellipse over the whole picture.
public struct WarpField: Sendable {
  /// The effect.
  public let effect: MeshEffect
  /// The picture's size in pixels.
  public let width: Int
  public let height: Int

  package let size: Vector2
  /// The length s the effect's fractions refer to: min(W, H), or max(W, H)
  /// with ``MeshEffect/Aspect/fill``.
  package let s: Double
  /// The centre c in pixels.
  package let c: Vector2
  /// The disc's radius R·s in (stretched) pixels.
  package let discRadius: Double
  /// Stretched coordinates are (p − c)·stretch: (1, 1), or for
  /// ``MeshEffect/Aspect/fill`` (s/W, s/H).
  package let stretch: Vector2
  package let lens: LensModel
  /// g at radii discRadius·i/(count − 1), for bulge and ripple (empty for
  /// the others): increasing once the parameters are checked.
  package let radialTable: [Double]

  /// Radii sampled for the radial inverse of bulge and ripple.
  public static let radialTableCount = 257

  /// The field of `effect` for a `width × height` picture, its parameters
  /// checked (``MeshEffect/validate(width:height:)``).
  ///
  /// - Throws: ``MeshEffectError`` for parameters out of range or folding,
  ///   or an empty size.
  public init(_ effect: MeshEffect, width: Int, height: Int) throws(MeshEffectError) {
    do { try effect.validate(width: width, height: height) } catch let error as MeshEffectError {
      throw error
    } catch { preconditionFailure("validate throws MeshEffectError only") }
    self.init(unchecked: effect, width: width, height: height)
  }

  /// The field without the parameter check: for the mesh generator, which
  /// checks first, and for tests of the formulas.
  package init(unchecked effect: MeshEffect, width: Int, height: Int) {
    self.effect = effect
    self.width = width
    self.height = height
    size = Vector2(Double(width), Double(height))
    let fill = effect.aspect == .fill && effect.kind.actsInDisc
    s = Double(fill ? max(width, height) : min(width, height))
    stretch = fill ? Vector2(s / size.x, s / size.y) : Vector2(1, 1)
    c = Vector2(Double(effect.center.x) * size.x, Double(effect.center.y) * size.y)
    discRadius = effect.radius * s
    lens = LensModel(effect, width: width, height: height)
    if effect.kind == .bulge || effect.kind == .ripple {
      let n = Self.radialTableCount
      var table = [Double](repeating: 0, count: n)
      let (s, k) = (s, effect.strength)
      let (a, omega) = (effect.amplitude * s, 2 * Double.pi / (effect.wavelength * s))
      let (kind, phase, radius) = (effect.kind, effect.phase, discRadius)
      for i in 0..<n {
        let r = radius * Double(i) / Double(n - 1)
        table[i] =
          Self.radial(r, kind: kind, k: k, a: a, omega: omega, phase: phase, radius: radius).0
      }
      radialTable = table
    } else {
      radialTable = []
    }
  }

  /// The window (1 − ρ)² and its derivative by r, at distance `r` from c.
  @inline(__always) func window(_ r: Double) -> (Double, Double) {
    Self.window(r, discRadius)
  }

  @inline(__always) static func window(_ r: Double, _ radius: Double) -> (Double, Double) {
    let rho = r / radius
    guard rho < 1 else { return (0, 0) }
    return ((1 - rho) * (1 - rho), -2 * (1 - rho) / radius)
  }

  /// g(r) and g′(r) of a bulge (k) or a ripple (a = A·s, ω = 2π/(L·s), ϕ)
  /// on a disc of radius `radius`.
  @inline(__always) static func radial(
    _ r: Double, kind: MeshEffect.Kind, k: Double, a: Double, omega: Double, phase: Double,
    radius: Double
  ) -> (Double, Double) {
    let (w, dw) = window(r, radius)
    switch kind {
    case .bulge:
      return (r * (1 + k * w), 1 + k * w + r * k * dw)
    case .ripple:
      let theta = omega * r - phase
      return (r + a * sin(theta) * w, 1 + a * (omega * cos(theta) * w + sin(theta) * dw))
    default:
      return (r, 1)
    }
  }

  /// The radial profile g(r) of a bulge or a ripple (F moves a point at
  /// distance r from c to distance g(r) on the same ray, in stretched
  /// pixels) and g′(r).
  package func radial(_ r: Double) -> (Double, Double) {
    Self.radial(
      r, kind: effect.kind, k: effect.strength, a: effect.amplitude * s,
      omega: 2 * Double.pi / (effect.wavelength * s), phase: effect.phase, radius: discRadius)
  }

  /// The r in [0, R] with g(r) = `target` (g increasing on the disc): the
  /// table's interval by binary search, a linear start and two Newton
  /// steps kept inside the interval; 0 where g(0) ≥ target (the ripple's
  /// centre, where the formula tears).
  package func inverseRadial(_ target: Double) -> Double {
    radialTable.withUnsafeBufferPointer { g in
      let n = g.count
      guard n > 1, target > g[0] else { return 0 }
      guard target < g[n - 1] else { return discRadius }
      var (lo, hi) = (0, n - 1)
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if g[mid] <= target { lo = mid } else { hi = mid }
      }
      let step = discRadius / Double(n - 1)
      let (r0, r1) = (Double(lo) * step, Double(hi) * step)
      var r = r0 + (target - g[lo]) / (g[hi] - g[lo]) * step
      for _ in 0..<2 {
        let (value, slope) = radial(r)
        guard slope > 0 else { break }
        r = min(max(r - (value - target) / slope, r0), r1)
      }
      return r
    }
  }

  /// The radius g(0) of the ripple's hole: with sin ϕ < 0 the formula
  /// sends the content just beside c to distance A·s·|sin ϕ|, so nothing is
  /// drawn closer to c than that (0 for other effects and phases).
  package var holeRadius: Double {
    guard effect.kind == .ripple, let first = radialTable.first else { return 0 }
    return max(0, first)
  }

  /// F: where content point `p` (pixels) is drawn.
  package func forward(_ p: Vector2) -> Vector2 {
    switch effect.kind {
    case .twirl:
      let d = (p - c) * stretch
      let (w, _) = window((d * d).sum().squareRoot())
      return c + rotate(d, by: effect.angle * .pi / 180 * w) / stretch
    case .bulge, .ripple:
      let d = (p - c) * stretch
      let r = (d * d).sum().squareRoot()
      guard r < discRadius, r > 0 else { return p }
      return c + d * (radial(r).0 / r) / stretch
    case .wave:
      return p + waveOffset(p)
    case .lens:
      return effect.inverse ? lens.distort(p) : lens.undistort(p)
    }
  }

  /// G = F⁻¹: the content point drawn at output point `q` (pixels).
  @inline(__always) package func source(_ q: Vector2) -> Vector2 {
    switch effect.kind {
    case .twirl:
      // The twirl keeps distances to c, so ρ of q is ρ of its content point.
      let d = (q - c) * stretch
      let r2 = (d * d).sum()
      guard r2 < discRadius * discRadius else { return q }
      let (w, _) = window(r2.squareRoot())
      return c + rotate(d, by: -effect.angle * .pi / 180 * w) / stretch
    case .bulge, .ripple:
      let d = (q - c) * stretch
      let r = (d * d).sum().squareRoot()
      guard r < discRadius else { return q }
      guard r > 0 else { return c }
      let hole = holeRadius
      if hole > 0, r < hole + 1 {
        // Inside the ripple's hole (and 1 px beyond it) G is a radial
        // ramp to the formula's value at hole + 1 px: continuous, and one
        // to one, so that no cell of a mesh collapses onto c.
        let edge = min(hole + 1, discRadius)
        return c + d * (inverseRadial(edge) / edge) / stretch
      }
      return c + d * (inverseRadial(r) / r) / stretch
    case .wave:
      // F moves only the one coordinate, by a function of the other.
      return q - waveOffset(q)
    case .lens:
      return effect.inverse ? lens.undistort(q) : lens.distort(q)
    }
  }

  /// The content point drawn at output point `point` (pixels, y down,
  /// pixel centres at i + 0.5): the field's inverse map G.
  public func sourcePoint(at point: CGPoint) -> CGPoint {
    source(Vector2(point)).cgPoint
  }

  /// G's Jacobian at `q`: its columns ∂G/∂x and ∂G/∂y (source pixels per
  /// output pixel), by central differences over ±¼ px (the minification
  /// filter needs its size, not its last digits).
  package func jacobian(_ q: Vector2) -> (dx: Vector2, dy: Vector2) {
    let h = 0.25
    let dx = (source(q + Vector2(h, 0)) - source(q - Vector2(h, 0))) / (2 * h)
    let dy = (source(q + Vector2(0, h)) - source(q - Vector2(0, h))) / (2 * h)
    return (dx, dy)
  }

  /// The output rectangle outside which G is the identity (x0, y0, x1,
  /// y1 in pixels): the disc's bounding box, or the whole frame for wave
  /// and lens.
  package var activeBounds: (x0: Double, y0: Double, x1: Double, y1: Double) {
    guard effect.kind.actsInDisc else { return (0, 0, size.x, size.y) }
    let half = Vector2(discRadius, discRadius) / stretch
    return (
      max(0, c.x - half.x), max(0, c.y - half.y), min(size.x, c.x + half.x),
      min(size.y, c.y + half.y)
    )
  }

  /// A bound in pixels on |G(q) − q| over the frame: how far from an
  /// output point the content drawn there can lie (the layer effect's
  /// sample offset). Twirl: 2·r·|sin(φ(1 − ρ)²/2)| at 1024 radii; bulge
  /// and ripple: |g⁻¹(t) − t| at the table's radii, both then scaled back
  /// from stretched pixels and padded by one table step; wave: A·s; lens:
  /// the largest offset on a 17 × 17 lattice over the frame, plus what a
  /// point between lattice points can add (`lensOffsetBound()`), plus
  /// 1 %.
  public var maximumOffset: Double {
    let unstretch = max(1 / stretch.x, 1 / stretch.y)
    switch effect.kind {
    case .twirl:
      var worst = 0.0
      let phi = effect.angle * .pi / 180
      for i in 0...1024 {
        let r = discRadius * Double(i) / 1024
        let (w, _) = window(r)
        worst = max(worst, 2 * r * abs(sin(phi * w / 2)))
      }
      return (worst + discRadius / 1024 * abs(phi)) * unstretch
    case .bulge, .ripple:
      var worst = holeRadius + 1
      let n = radialTable.count
      for (i, g) in radialTable.enumerated() {
        worst = max(worst, abs(g - discRadius * Double(i) / Double(n - 1)))
      }
      return (worst + discRadius / Double(n - 1)) * unstretch
    case .wave:
      return abs(effect.amplitude * s)
    case .lens:
      return lensOffsetBound()
    }
  }

  /// The lens's ``maximumOffset``: the largest |e| = |G(q) − q| on a
  /// 17 × 17 lattice over the frame, plus what a point between lattice
  /// points can add, bounded as bilinear interpolation's error,
  /// (h²/8)(|eₓₓ| + |e_yy|) (h²·e″ read from the lattice's second
  /// differences), doubled. With `inverse`, G is Newton's: each lattice
  /// point starts from its left (or upper) neighbour's answer (a few steps instead
  /// of up to fifty), so an animated lens is bounded every frame in tens
  /// of microseconds.
  func lensOffsetBound() -> Double {
    let n = 16
    var worst = 0.0
    var (bendX, bendY) = (0.0, 0.0)
    var (above, twoAbove) = (
      [Vector2](repeating: .zero, count: n + 1), [Vector2](repeating: .zero, count: n + 1)
    )
    var solver = LensModel.LatticeInverse()
    for j in 0...n {
      var (left, twoLeft) = (Vector2.zero, Vector2.zero)
      for i in 0...n {
        let q = Vector2(Double(i) / Double(n) * size.x, Double(j) / Double(n) * size.y)
        let g: Vector2
        if effect.inverse {
          let u = solver.solve(lens, LensModel.normalized(q, lens.camera), column: i)
          g = LensModel.pixel(u, lens.outputCamera)
        } else {
          g = lens.distort(q)
        }
        let e = g - q
        worst = max(worst, (e * e).sum())
        if i > 1 {
          let d = e - 2 * left + twoLeft
          bendX = max(bendX, (d * d).sum())
        }
        if j > 1 {
          let d = e - 2 * above[i] + twoAbove[i]
          bendY = max(bendY, (d * d).sum())
        }
        (twoLeft, left) = (left, e)
        (twoAbove[i], above[i]) = (above[i], e)
      }
    }
    return (worst.squareRoot() + (bendX.squareRoot() + bendY.squareRoot()) / 4) * 1.01
  }

  /// The wave's displacement at `p`: A·s·sin(2π·t/(L·s) + ϕ) across the
  /// axis, t the coordinate along it.
  @inline(__always) func waveOffset(_ p: Vector2) -> Vector2 {
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

extension MeshEffect.Kind {
  /// Twirl, bulge and ripple act in a disc around their centre.
  public var actsInDisc: Bool { self == .twirl || self == .bulge || self == .ripple }
}
