import Foundation
import MeshWarpCore
import MeshWarpRender
import _TestSupport

/// A slow, independent per-pixel warp in Double precision, written for the
/// tests from the mapping's description in Documentation/Architecture.md (not from the renderer's code): for
/// each pixel centre, the first face whose warped quad contains it (two
/// triangles, inclusive), (u, v) by Newton's method on the bilinear map,
/// the original quad at (u, v), and a plain premultiplied bilinear sample
/// with clamp-to-edge taps and exact (unquantized) weights.
enum ReferenceWarp {
  /// `out` against a reference render on the interior: pixels whose centre
  /// and 8 neighbours' centres the reference covers. Premultiplied, so that
  /// low alpha does not amplify colour rounding.
  static func interiorDiff(_ out: RGBAImage, _ ref: (image: RGBAImage, inside: [Bool]))
    -> ImageDiff
  {
    let (w, h) = (ref.image.width, ref.image.height)
    return ImageDiff(out.premultipliedForComparison, ref.image.premultipliedForComparison) {
      x, y in
      for dy in -1...1 {
        for dx in -1...1 {
          let (xx, yy) = (x + dx, y + dy)
          guard xx >= 0, yy >= 0, xx < w, yy < h, ref.inside[yy * w + xx] else { return false }
        }
      }
      return true
    }
  }

  /// `inside[y·w + x]` says whether the pixel centre is covered.
  static func render(_ src: RGBAImage, mesh: WarpMesh, width: Int, height: Int)
    -> (image: RGBAImage, inside: [Bool])
  {
    var out = RGBAImage(width: width, height: height)
    var inside = [Bool](repeating: false, count: width * height)
    let ws = Double(width)
    let hs = Double(height)
    for y in 0..<height {
      for x in 0..<width {
        let p = (Double(x) + 0.5, Double(y) + 0.5)
        for face in mesh.faces {
          let ids = [face.i0, face.i1, face.i2, face.i3]
          let to = ids.map {
            (Double(mesh.pointPairs[$0].to.x) * ws, Double(mesh.pointPairs[$0].to.y) * hs)
          }
          let from = ids.map {
            (
              Double(mesh.pointPairs[$0].from.x) * Double(src.width),
              Double(mesh.pointPairs[$0].from.y) * Double(src.height)
            )
          }
          guard inTriangle(p, to[0], to[1], to[2]) || inTriangle(p, to[0], to[2], to[3]) else {
            continue
          }
          let (u, v) = newton(p, to)
          let s = bilinear(from, u, v)
          out[x, y] = sample(src, s)
          inside[y * width + x] = true
          break
        }
      }
    }
    return (out, inside)
  }

  static func inTriangle(
    _ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)
  ) -> Bool {
    func side(_ o: (Double, Double), _ d: (Double, Double)) -> Double {
      (d.0 - o.0) * (p.1 - o.1) - (d.1 - o.1) * (p.0 - o.0)
    }
    let s1 = side(a, b)
    let s2 = side(b, c)
    let s3 = side(c, a)
    let eps = 1e-9
    return (s1 >= -eps && s2 >= -eps && s3 >= -eps) || (s1 <= eps && s2 <= eps && s3 <= eps)
  }

  static func bilinear(_ q: [(Double, Double)], _ u: Double, _ v: Double) -> (Double, Double) {
    let w = [(1 - u) * (1 - v), u * (1 - v), u * v, (1 - u) * v]
    return (
      w[0] * q[0].0 + w[1] * q[1].0 + w[2] * q[2].0 + w[3] * q[3].0,
      w[0] * q[0].1 + w[1] * q[1].1 + w[2] * q[2].1 + w[3] * q[3].1
    )
  }

  /// Newton's method on F(u, v) = P(u, v) − p from the quad's centre.
  static func newton(_ p: (Double, Double), _ q: [(Double, Double)]) -> (Double, Double) {
    var u = 0.5
    var v = 0.5
    for _ in 0..<50 {
      let f = bilinear(q, u, v)
      let fx = f.0 - p.0
      let fy = f.1 - p.1
      // Partial derivatives of the bilinear map.
      let du = (
        (1 - v) * (q[1].0 - q[0].0) + v * (q[2].0 - q[3].0),
        (1 - v) * (q[1].1 - q[0].1) + v * (q[2].1 - q[3].1)
      )
      let dv = (
        (1 - u) * (q[3].0 - q[0].0) + u * (q[2].0 - q[1].0),
        (1 - u) * (q[3].1 - q[0].1) + u * (q[2].1 - q[1].1)
      )
      let det = du.0 * dv.1 - du.1 * dv.0
      if det == 0 { break }
      u -= (fx * dv.1 - fy * dv.0) / det
      v -= (du.0 * fy - du.1 * fx) / det
    }
    return (min(max(u, 0), 1), min(max(v, 0), 1))
  }

  static func sample(_ img: RGBAImage, _ s: (Double, Double)) -> RGBA8 {
    let x = s.0 - 0.5
    let y = s.1 - 0.5
    let x0 = Int(floor(x))
    let y0 = Int(floor(y))
    let fx = x - floor(x)
    let fy = y - floor(y)
    var acc = [0.0, 0.0, 0.0, 0.0]
    for (dx, dy, w) in [
      (0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy),
    ] {
      let c = img[min(max(x0 + dx, 0), img.width - 1), min(max(y0 + dy, 0), img.height - 1)]
      let a = Double(c.a) / 255
      acc[0] += w * Double(c.r) * a
      acc[1] += w * Double(c.g) * a
      acc[2] += w * Double(c.b) * a
      acc[3] += w * Double(c.a)
    }
    guard acc[3] > 0 else { return .transparent }
    func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 255).rounded()) }
    let k = 255 / acc[3]
    return RGBA8(byte(acc[0] * k), byte(acc[1] * k), byte(acc[2] * k), byte(acc[3]))
  }
}
