import Foundation
import MeshWarpCore
import MeshWarpRender

/// A slow, independent per-pixel reference of the mesh-gradient rules (Documentation/MeshGradient.md),
/// written separately from the library (it reads only the mesh's raw fields):
/// its own automatic handles, Fritsch–Carlson tangents, Coons points,
/// Bernstein sums, sRGB/Oklab conversions, and Newton inversion of each
/// patch for every pixel centre. Scalar Double arithmetic throughout.
///
/// For each pixel centre p it solves S(u, v) = p in every patch (latest
/// patch first, so later patches win), starting Newton's method from the
/// nearest of a 9 × 9 sample grid (then from the patch's centre and
/// corners), and evaluates the colour net at the
/// solution. It is exact for meshes without folds (``isFoldFree``); inside
/// a fold the solution it picks need not be the renderer's.
struct GradientReference {
  /// Per patch: 16 control points, `[4·row + column]`, in pixels.
  var geometry: [[(x: Double, y: Double)]] = []
  /// Per patch: 16 colour controls, premultiplied working space (RGBA or Lab·α, α).
  var color: [[[Double]]] = []
  let perceptual: Bool
  /// Straight, encoded background, 0…1.
  let background: [Double]
  let width: Int
  let height: Int
  private var samples: [[(u: Double, v: Double, x: Double, y: Double)]] = []
  private var bounds: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []

  init(_ mesh: GradientMesh, width: Int, height: Int) {
    self.width = width
    self.height = height
    perceptual = mesh.colorSpace == .perceptual
    let b = mesh.background
    background = [b.red, b.green, b.blue, b.alpha]
    let w = mesh.width
    let h = mesh.height
    // Vertex positions and handles (leading, top, trailing, bottom), in pixels.
    typealias P = (x: Double, y: Double)
    var position: [P] = []
    var leading: [P] = []
    var top: [P] = []
    var trailing: [P] = []
    var bottom: [P] = []
    func px(_ v: Vector2) -> P { (v.x * Double(width), v.y * Double(height)) }
    switch mesh.locations {
    case .bezierPoints(let points):
      for p in points {
        position.append(px(p.position))
        leading.append(px(p.leadingControlPoint))
        top.append(px(p.topControlPoint))
        trailing.append(px(p.trailingControlPoint))
        bottom.append(px(p.bottomControlPoint))
      }
    case .points(let points):
      // Bisector rule, written out per coordinate, on the unit points (the
      // mesh's own coordinates); the handles are scaled to pixels after.
      let unit = points.map { (x: $0.x, y: $0.y) }
      func handles(_ a: P?, _ v: P, _ b: P?) -> (back: P, forward: P) {
        let a = a ?? v
        let b = b ?? v
        let inX = v.x - a.x
        let inY = v.y - a.y
        let outX = b.x - v.x
        let outY = b.y - v.y
        let inLength = (inX * inX + inY * inY).squareRoot()
        let outLength = (outX * outX + outY * outY).squareRoot()
        var dx = (inLength > 0 ? inX / inLength : 0) + (outLength > 0 ? outX / outLength : 0)
        var dy = (inLength > 0 ? inY / inLength : 0) + (outLength > 0 ? outY / outLength : 0)
        let dLength = (dx * dx + dy * dy).squareRoot()
        if dLength > 0 {
          dx /= dLength
          dy /= dLength
        } else {
          dx = 0
          dy = 0
        }
        return (
          (v.x - inLength / 3 * dx, v.y - inLength / 3 * dy),
          (v.x + outLength / 3 * dx, v.y + outLength / 3 * dy)
        )
      }
      func scaled(_ p: P) -> P { (p.x * Double(width), p.y * Double(height)) }
      for r in 0..<h {
        for c in 0..<w {
          let i = r * w + c
          let row = handles(c > 0 ? unit[i - 1] : nil, unit[i], c < w - 1 ? unit[i + 1] : nil)
          let column = handles(r > 0 ? unit[i - w] : nil, unit[i], r < h - 1 ? unit[i + w] : nil)
          position.append(scaled(unit[i]))
          leading.append(scaled(row.back))
          trailing.append(scaled(row.forward))
          top.append(scaled(column.back))
          bottom.append(scaled(column.forward))
        }
      }
    }
    // Working colours.
    let working: [[Double]] = mesh.colors.map { c in
      let a = min(max(c.alpha, 0), 1)
      let base =
        perceptual ? Self.oklab(fromEncoded: [c.red, c.green, c.blue]) : [c.red, c.green, c.blue]
      return [base[0] * a, base[1] * a, base[2] * a, a]
    }
    // Fritsch–Carlson tangents along rows and columns.
    func tangent(_ previous: [Double]?, _ current: [Double], _ next: [Double]?) -> [Double] {
      (0..<4).map { k in
        let d0 = previous.map { current[k] - $0[k] } ?? 0
        let d1 = next.map { $0[k] - current[k] } ?? 0
        if d0 * d1 <= 0 { return 0 }
        let m = (d0 + d1) / 2
        let limit = 3 * min(abs(d0), abs(d1))
        return max(-limit, min(limit, m))
      }
    }
    var rowTangent: [[Double]] = []
    var columnTangent: [[Double]] = []
    for r in 0..<h {
      for c in 0..<w {
        let i = r * w + c
        rowTangent.append(
          tangent(c > 0 ? working[i - 1] : nil, working[i], c < w - 1 ? working[i + 1] : nil))
        columnTangent.append(
          tangent(r > 0 ? working[i - w] : nil, working[i], r < h - 1 ? working[i + w] : nil))
      }
    }
    func coons<T>(_ net: inout [T], _ combine: ([T], [Double]) -> T) {
      // P11 from the boundary; mirrored for the others.
      for (fr, fc) in [(false, false), (false, true), (true, false), (true, true)] {
        func index(_ r: Int, _ c: Int) -> Int { 4 * (fr ? 3 - r : r) + (fc ? 3 - c : c) }
        let terms = [
          net[index(0, 0)], net[index(0, 1)], net[index(1, 0)], net[index(0, 3)], net[index(3, 0)],
          net[index(1, 3)], net[index(3, 1)], net[index(3, 3)],
        ]
        net[index(1, 1)] = combine(terms, [-4, 6, 6, -2, -2, 3, 3, -1].map { $0 / 9 })
      }
    }
    for r in 0..<(h - 1) {
      for c in 0..<(w - 1) {
        let i00 = r * w + c
        let i01 = i00 + 1
        let i10 = i00 + w
        let i11 = i10 + 1
        var g = [P](repeating: (0, 0), count: 16)
        g[0] = position[i00]
        g[1] = trailing[i00]
        g[2] = leading[i01]
        g[3] = position[i01]
        g[4] = bottom[i00]
        g[8] = top[i10]
        g[7] = bottom[i01]
        g[11] = top[i11]
        g[12] = position[i10]
        g[13] = trailing[i10]
        g[14] = leading[i11]
        g[15] = position[i11]
        coons(&g) { terms, weights in
          var x = 0.0
          var y = 0.0
          for (t, wgt) in zip(terms, weights) {
            x += wgt * t.x
            y += wgt * t.y
          }
          return (x, y)
        }
        var k = [[Double]](repeating: [0, 0, 0, 0], count: 16)
        func plus(_ a: [Double], _ b: [Double], _ s: Double) -> [Double] {
          (0..<4).map { a[$0] + s * b[$0] }
        }
        if mesh.smoothsColors {
          k[0] = working[i00]
          k[1] = plus(working[i00], rowTangent[i00], 1.0 / 3)
          k[2] = plus(working[i01], rowTangent[i01], -1.0 / 3)
          k[3] = working[i01]
          k[4] = plus(working[i00], columnTangent[i00], 1.0 / 3)
          k[8] = plus(working[i10], columnTangent[i10], -1.0 / 3)
          k[7] = plus(working[i01], columnTangent[i01], 1.0 / 3)
          k[11] = plus(working[i11], columnTangent[i11], -1.0 / 3)
          k[12] = working[i10]
          k[13] = plus(working[i10], rowTangent[i10], 1.0 / 3)
          k[14] = plus(working[i11], rowTangent[i11], -1.0 / 3)
          k[15] = working[i11]
          coons(&k) { terms, weights in
            (0..<4).map { ch in zip(terms, weights).reduce(0) { $0 + $1.1 * $1.0[ch] } }
          }
        } else {
          // Bilinear in (u, v): no net needed; store the corners and flag it.
          k[0] = working[i00]
          k[3] = working[i01]
          k[12] = working[i10]
          k[15] = working[i11]
        }
        geometry.append(g)
        color.append(k)
      }
    }
    smooth = mesh.smoothsColors
    for g in geometry {
      var list: [(Double, Double, Double, Double)] = []
      var b = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
      for p in g {
        b = (min(b.0, p.x), min(b.1, p.y), max(b.2, p.x), max(b.3, p.y))
      }
      for j in 0...8 {
        for i in 0...8 {
          let u = Double(i) / 8
          let v = Double(j) / 8
          let s = Self.evaluate(g, u, v)
          list.append((u, v, s.x, s.y))
        }
      }
      samples.append(list.map { (u: $0.0, v: $0.1, x: $0.2, y: $0.3) })
      bounds.append((minX: b.0, minY: b.1, maxX: b.2, maxY: b.3))
    }
  }

  private var smooth = true

  static func bernstein(_ i: Int, _ t: Double) -> Double {
    let s = 1 - t
    switch i {
    case 0: return s * s * s
    case 1: return 3 * t * s * s
    case 2: return 3 * t * t * s
    default: return t * t * t
    }
  }

  static func bernsteinDerivative(_ i: Int, _ t: Double) -> Double {
    let s = 1 - t
    switch i {
    case 0: return -3 * s * s
    case 1: return 3 * s * s - 6 * t * s
    case 2: return 6 * t * s - 3 * t * t
    default: return 3 * t * t
    }
  }

  static func evaluate(_ g: [(x: Double, y: Double)], _ u: Double, _ v: Double) -> (
    x: Double, y: Double
  ) {
    var x = 0.0
    var y = 0.0
    for r in 0..<4 {
      for c in 0..<4 {
        let w = bernstein(r, v) * bernstein(c, u)
        x += w * g[4 * r + c].x
        y += w * g[4 * r + c].y
      }
    }
    return (x, y)
  }

  /// S and its partial derivatives at (u, v).
  static func evaluateWithDerivatives(_ g: [(x: Double, y: Double)], _ u: Double, _ v: Double)
    -> (x: Double, y: Double, xu: Double, yu: Double, xv: Double, yv: Double)
  {
    var r = (x: 0.0, y: 0.0, xu: 0.0, yu: 0.0, xv: 0.0, yv: 0.0)
    for row in 0..<4 {
      for c in 0..<4 {
        let p = g[4 * row + c]
        let bu = bernstein(c, u)
        let bv = bernstein(row, v)
        let du = bernsteinDerivative(c, u) * bv
        let dv = bu * bernsteinDerivative(row, v)
        r.x += bu * bv * p.x
        r.y += bu * bv * p.y
        r.xu += du * p.x
        r.yu += du * p.y
        r.xv += dv * p.x
        r.yv += dv * p.y
      }
    }
    return r
  }

  /// Whether every patch's Jacobian keeps one sign (no patch folds over
  /// itself) and all patches share that sign, on a 33 × 33 grid.
  var isFoldFree: Bool {
    var sign = 0.0
    for g in geometry {
      for j in 0...32 {
        for i in 0...32 {
          let d = Self.evaluateWithDerivatives(g, Double(i) / 32, Double(j) / 32)
          let det = d.xu * d.yv - d.xv * d.yu
          if det == 0 { return false }
          if sign == 0 { sign = det > 0 ? 1 : -1 }
          if (det > 0 ? 1 : -1) != sign { return false }
        }
      }
    }
    return true
  }

  /// (patch, u, v) whose point is the pixel centre (x + ½, y + ½), or nil.
  func locate(x: Int, y: Int) -> (patch: Int, u: Double, v: Double)? {
    let px = Double(x) + 0.5
    let py = Double(y) + 0.5
    for k in geometry.indices.reversed() {
      let b = bounds[k]
      guard px >= b.minX - 1e-9, px <= b.maxX + 1e-9, py >= b.minY - 1e-9, py <= b.maxY + 1e-9
      else {
        continue
      }
      // Starts: the nearest sample, then the centre and the corners.
      var nearest = samples[k][0]
      var best = Double.infinity
      for sample in samples[k] {
        let d = (sample.x - px) * (sample.x - px) + (sample.y - py) * (sample.y - py)
        if d < best {
          best = d
          nearest = sample
        }
      }
      let starts = [
        (nearest.u, nearest.v), (0.5, 0.5), (0.1, 0.1), (0.9, 0.1), (0.1, 0.9), (0.9, 0.9),
      ]
      for (u0, v0) in starts {
        if let (u, v) = newton(k, px, py, u0, v0) { return (k, u, v) }
      }
    }
    return nil
  }

  /// Newton's method for S_k(u, v) = (px, py) from (u0, v0): the solution
  /// if it converges inside the unit square, else nil.
  private func newton(_ k: Int, _ px: Double, _ py: Double, _ u0: Double, _ v0: Double)
    -> (Double, Double)?
  {
    var u = u0
    var v = v0
    for _ in 0..<30 {
      let d = Self.evaluateWithDerivatives(geometry[k], u, v)
      let fx = d.x - px
      let fy = d.y - py
      let det = d.xu * d.yv - d.xv * d.yu
      if det == 0 { return nil }
      let du = (fx * d.yv - fy * d.xv) / det
      let dv = (d.xu * fy - d.yu * fx) / det
      u -= du
      v -= dv
      if u < -0.5 || u > 1.5 || v < -0.5 || v > 1.5 { return nil }
      if abs(du) + abs(dv) < 1e-14 { break }
    }
    let s = Self.evaluate(geometry[k], u, v)
    let residual = abs(s.x - px) + abs(s.y - py)
    guard residual < 1e-7, u >= -1e-9, u <= 1 + 1e-9, v >= -1e-9, v <= 1 + 1e-9 else { return nil }
    return (min(max(u, 0), 1), min(max(v, 0), 1))
  }

  /// Straight, encoded RGBA in 0…1 of a patch at (u, v).
  func color(patch k: Int, u: Double, v: Double) -> [Double] {
    var c = [0.0, 0, 0, 0]
    let net = color[k]
    if smooth {
      for r in 0..<4 {
        for col in 0..<4 {
          let w = Self.bernstein(r, v) * Self.bernstein(col, u)
          for ch in 0..<4 { c[ch] += w * net[4 * r + col][ch] }
        }
      }
    } else {
      for ch in 0..<4 {
        let topValue = net[0][ch] + (net[3][ch] - net[0][ch]) * u
        let bottomValue = net[12][ch] + (net[15][ch] - net[12][ch]) * u
        c[ch] = topValue + (bottomValue - topValue) * v
      }
    }
    let alpha = min(max(c[3], 0), 1)
    guard c[3] > 0 else { return [0, 0, 0, 0] }
    var rgb = [c[0] / c[3], c[1] / c[3], c[2] / c[3]]
    if perceptual { rgb = Self.encoded(fromOklab: rgb) }
    return rgb.map { min(max($0, 0), 1) } + [alpha]
  }

  // MARK: Colour spaces (Ottosson's published matrices; IEC 61966-2-1).

  static func decode(_ c: Double) -> Double {
    c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  static func encode(_ c: Double) -> Double {
    c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
  }

  static func oklab(fromEncoded rgb: [Double]) -> [Double] {
    let r = decode(rgb[0])
    let g = decode(rgb[1])
    let b = decode(rgb[2])
    let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return [
      0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
      1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
      0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
    ]
  }

  static func encoded(fromOklab lab: [Double]) -> [Double] {
    let l = lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2]
    let m = lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2]
    let s = lab[0] - 0.0894841775 * lab[1] - 1.2914855480 * lab[2]
    let l3 = l * l * l
    let m3 = m * m * m
    let s3 = s * s * s
    return [
      4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
      -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
      -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3,
    ].map { encode(min(max($0, 0), 1)) }
  }
}
