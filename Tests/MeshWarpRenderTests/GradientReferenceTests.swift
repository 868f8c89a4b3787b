import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

/// The fast renderer against the slow independent ``GradientReference``
/// (with dithering off, mean ≤ 0.5/255 and max ≤ 2/255 over
/// interior pixels, at least 2 px from any silhouette).
@Suite struct GradientReferenceTests {
  static let width = 96
  static let height = 64

  struct Agreement {
    var mean: Double
    var max: Double
    var interior: Int
    var background: Int
  }

  /// Compares every pixel whose 5 × 5 neighbourhood the reference covers
  /// entirely (interior) and, separately, every pixel whose neighbourhood it
  /// leaves entirely uncovered (must be exactly the background).
  /// `deep`: the 16-bit render, its differences in 8-bit levels (1/257
  /// of the 16-bit ones).
  func agreement(_ mesh: GradientMesh, _ reference: GradientReference, deep: Bool = false)
    -> Agreement
  {
    let w = Self.width
    let h = Self.height
    let renderer = GradientRenderer(options: GradientRenderOptions(dithering: false, threads: 2))
    let image = renderer.render(mesh, width: w, height: h)
    let deepImage = deep ? renderer.render16(mesh, width: w, height: h) : nil
    var located: [(patch: Int, u: Double, v: Double)?] = []
    for y in 0..<h {
      for x in 0..<w { located.append(reference.locate(x: x, y: y)) }
    }
    func neighbourhood(_ x: Int, _ y: Int, covered: Bool) -> Bool {
      for dy in -2...2 {
        for dx in -2...2 {
          let nx = x + dx
          let ny = y + dy
          guard nx >= 0, nx < w, ny >= 0, ny < h else { continue }
          if (located[ny * w + nx] != nil) != covered { return false }
        }
      }
      return true
    }
    var sum = 0.0
    var worst = 0.0
    var interior = 0
    var background = 0
    let levels = deep ? 65535.0 : 255
    let bg = reference.background.map { (min(max($0, 0), 1) * levels + 0.5).rounded(.down) }
    for y in 0..<h {
      for x in 0..<w {
        let pixel = image[x, y]
        var actual = [Double(pixel.r), Double(pixel.g), Double(pixel.b), Double(pixel.a)]
        if let deepPixel = deepImage?[x, y] {
          actual = [deepPixel.r, deepPixel.g, deepPixel.b, deepPixel.a].map(Double.init)
        }
        if let hit = located[y * w + x], neighbourhood(x, y, covered: true) {
          let expected = reference.color(patch: hit.patch, u: hit.u, v: hit.v).map { $0 * levels }
          interior += 1
          for k in 0..<4 {
            let d = abs(actual[k] - expected[k]) * 255 / levels
            sum += d
            worst = max(worst, d)
          }
        } else if neighbourhood(x, y, covered: false) {
          background += 1
          #expect(actual == bg, "pixel (\(x), \(y)) should be the background")
        }
      }
    }
    return Agreement(
      mean: sum / Double(4 * max(interior, 1)), max: worst, interior: interior,
      background: background)
  }

  @discardableResult
  func check(_ mesh: GradientMesh, _ name: String, minimumInterior: Int) -> Agreement {
    let reference = GradientReference(mesh, width: Self.width, height: Self.height)
    #expect(reference.isFoldFree, "\(name): the test needs a mesh without folds")
    let a = agreement(mesh, reference)
    print(
      "GradientReferenceTests \(name): interior \(a.interior) px, mean \(String(format: "%.3f", a.mean))/255, max \(String(format: "%.3f", a.max))/255, background \(a.background) px"
    )
    #expect(a.interior >= minimumInterior, "\(name): too few interior pixels (\(a.interior))")
    #expect(a.mean <= 0.5, "\(name): mean difference \(a.mean)/255")
    #expect(a.max <= 2, "\(name): largest difference \(a.max)/255")
    return a
  }

  /// The 16-bit render against the same reference: its differences are
  /// the tessellation's and Float's alone, with no rounding to 255 levels
  /// (the 8-bit render's mean is mostly that rounding: about ¼ level).
  @Test func deepRenderHasNoEightBitRounding() throws {
    for (mesh, name) in [
      (GradientPresets.meshing(at: 1.3), "meshing t=1.3"),
      (Self.randomMesh(seed: 0x5EED_0007, alpha: true), "random, translucent"),
    ] {
      let reference = GradientReference(mesh, width: Self.width, height: Self.height)
      try #require(reference.isFoldFree)
      let eight = agreement(mesh, reference)
      let deep = agreement(mesh, reference, deep: true)
      print(
        "GradientReferenceTests deep \(name): mean \(deep.mean)/255 (8-bit \(eight.mean)), max \(deep.max)/255 (8-bit \(eight.max))"
      )
      #expect(deep.mean <= 1.0 / 16, "\(name): mean \(deep.mean)/255")
      #expect(deep.mean * 3 < eight.mean, "\(name): deep \(deep.mean) vs 8-bit \(eight.mean)")
      #expect(deep.max <= 0.5, "\(name): max \(deep.max)/255")
    }
  }

  /// The blog's preset at times where it does not fold (t = 0 and 2.9 fold).
  @Test(arguments: [1.3, 4.4, 5.5])
  func meshingPreset(time: Double) {
    check(GradientPresets.meshing(at: time), "meshing t=\(time)", minimumInterior: 96 * 64)
  }

  /// The preset's static positions (the blog's `positions` array).
  @Test func meshingStaticPositions() {
    var mesh = GradientPresets.meshing(at: 0)
    mesh.locations = .points([
      Vector2(0, 0), Vector2(0.5, 0), Vector2(1, 0), Vector2(0, 0.5), Vector2(0.45, 0.55),
      Vector2(1, 0.5), Vector2(0, 1), Vector2(0.5, 1), Vector2(1, 1),
    ])
    check(mesh, "meshing static", minimumInterior: 96 * 64)
  }

  /// A 4 × 3 mesh with jittered vertices (borders slide along themselves)
  /// and random colours.
  static func randomMesh(seed: UInt64, alpha: Bool) -> GradientMesh {
    var rng = SeededRandom(seed: seed)
    let columns = 4
    let rows = 3
    var points: [Vector2] = []
    for r in 0..<rows {
      for c in 0..<columns {
        var p = Vector2(Double(c) / Double(columns - 1), Double(r) / Double(rows - 1))
        let jitter = Vector2(
          (rng.unit() - 0.5) * 0.5 / Double(columns - 1),
          (rng.unit() - 0.5) * 0.5 / Double(rows - 1))
        if c > 0 && c < columns - 1 { p.x += jitter.x }
        if r > 0 && r < rows - 1 { p.y += jitter.y }
        points.append(p)
      }
    }
    let colors = (0..<(columns * rows)).map { _ in
      GradientColor(
        red: rng.unit(), green: rng.unit(), blue: rng.unit(),
        alpha: alpha ? 0.3 + 0.7 * rng.unit() : 1)
    }
    return GradientMesh(
      width: columns, height: rows, points: points, colors: colors, background: .black)
  }

  @Test(arguments: [
    (UInt64(0x5EED_0001), false, false, GradientColorSpace.device),
    (UInt64(0x5EED_0002), true, false, GradientColorSpace.device),
    (UInt64(0x5EED_0003), false, false, GradientColorSpace.perceptual),
    (UInt64(0x5EED_0004), true, true, GradientColorSpace.perceptual),
    (UInt64(0x5EED_0005), false, true, GradientColorSpace.device),
  ])
  func randomSmoothMeshes(seed: UInt64, alpha: Bool, bilinear: Bool, space: GradientColorSpace) {
    var mesh = Self.randomMesh(seed: seed, alpha: alpha)
    mesh.colorSpace = space
    mesh.smoothsColors = !bilinear
    check(
      mesh, "random seed 0x\(String(seed, radix: 16)) alpha \(alpha) bilinear \(bilinear) \(space)",
      minimumInterior: 96 * 64)
  }

  /// Explicit handles that bend the border inward: the outline is curved,
  /// the background shows outside it, and the interior is still exact.
  @Test func curvedBorderWithBackground() {
    let seed: UInt64 = 0x5EED_0006
    var rng = SeededRandom(seed: seed)
    let base = Self.randomMesh(seed: seed, alpha: false)
    let inset = base.positions.map { Vector2(0.1, 0.1) + $0 * 0.8 }
    var points = AutomaticHandles.bezierPoints(
      width: base.width, height: base.height, points: inset)
    for i in points.indices {
      let column = i % base.width
      let row = i / base.width
      // Push the handles of border vertices toward the inside.
      let bend = 0.03 + 0.03 * rng.unit()
      if row == 0 {
        points[i].leadingControlPoint.y += bend
        points[i].trailingControlPoint.y += bend
      }
      if row == base.height - 1 {
        points[i].leadingControlPoint.y -= bend
        points[i].trailingControlPoint.y -= bend
      }
      if column == 0 {
        points[i].topControlPoint.x += bend
        points[i].bottomControlPoint.x += bend
      }
      if column == base.width - 1 {
        points[i].topControlPoint.x -= bend
        points[i].bottomControlPoint.x -= bend
      }
    }
    var mesh = base
    mesh.locations = .bezierPoints(points)
    mesh.background = GradientColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.5)
    let a = check(mesh, "curved border seed 0x\(String(seed, radix: 16))", minimumInterior: 2500)
    #expect(a.background > 400)
  }
}
