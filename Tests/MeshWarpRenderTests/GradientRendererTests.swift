import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing

/// The mesh-gradient renderer's invariants: corners, equivalent
/// descriptions, background and anti-aliasing, folds, colour spaces,
/// dithering and determinism.
@Suite struct GradientRendererTests {
  let square = [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)]
  let noDither = GradientRenderer(options: GradientRenderOptions(dithering: false, threads: 1))

  func bytes(_ c: GradientColor) -> [Int] {
    [c.red, c.green, c.blue, c.alpha].map { Int((min(max($0, 0), 1) * 255).rounded()) }
  }

  func bytes(_ p: RGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

  func within(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test(arguments: [true, false])
  func cornersShowTheirVertexColors(smooth: Bool) {
    // Smooth colours have zero tangents at the border, so the corner pixels
    // (half a pixel from the vertex) keep the vertex colour within a level;
    // bilinear colours move by at most |Δc|·(0.5/200 + 0.5/200) ≤ 1.3 levels.
    var mesh = GradientPresets.meshing(at: 1.3)
    mesh.smoothsColors = smooth
    let image = noDither.render(mesh, width: 200, height: 200)
    let tolerance = smooth ? 1 : 2
    let corners: [(x: Int, y: Int, vertex: Int)] = [
      (0, 0, 0), (199, 0, 2), (0, 199, 6), (199, 199, 8),
    ]
    for corner in corners {
      let actual = bytes(image[corner.x, corner.y])
      let expected = bytes(mesh.colors[corner.vertex])
      #expect(within(actual, expected, tolerance), "corner \(corner): \(actual) vs \(expected)")
    }
  }

  @Test func explicitAutomaticHandlesRenderIdentically() {
    let automatic = GradientPresets.meshing(at: 2.2)
    var explicit = automatic
    explicit.locations = .bezierPoints(automatic.resolvedBezierPoints)
    let renderer = GradientRenderer()  // dithering on: the same noise either way
    #expect(
      renderer.render(automatic, width: 120, height: 80)
        == renderer.render(explicit, width: 120, height: 80))
  }

  @Test func backgroundAndAntialiasedEdge() {
    // A white square over [0.25, 0.75]² of a 66×66 black image: its left
    // edge is at x = 16.5, so pixel 16 is half covered.
    let inset = square.map { Vector2(0.25, 0.25) + $0 * 0.5 }
    let mesh = GradientMesh(
      width: 2, height: 2, points: inset, colors: Array(repeating: .white, count: 4),
      background: .black)
    let image = noDither.render(mesh, width: 66, height: 66)
    #expect(image[0, 0] == RGBA8(0, 0, 0))
    #expect(image[65, 40] == RGBA8(0, 0, 0))
    #expect(image[33, 33] == RGBA8(255, 255, 255))
    #expect(image[15, 33] == RGBA8(0, 0, 0))
    #expect(image[17, 33] == RGBA8(255, 255, 255))
    let half = image[16, 33]
    #expect(abs(Int(half.r) - 128) <= 1 && half.g == half.r && half.a == 255, "edge pixel \(half)")
    // The corner pixel (16, 16) is a quarter covered.
    #expect(abs(Int(image[16, 16].r) - 64) <= 1, "corner pixel \(image[16, 16])")
  }

  @Test func clearBackgroundStaysTransparent() {
    let inset = square.map { Vector2(0.3, 0.2) + $0 * 0.4 }
    let mesh = GradientMesh(
      width: 2, height: 2, points: inset, colors: Array(repeating: .white, count: 4))
    let image = noDither.render(mesh, width: 40, height: 40)
    #expect(mesh.background == .clear)
    #expect(image[2, 2] == RGBA8(0, 0, 0, 0))
    #expect(image[20, 20] == RGBA8(255, 255, 255, 255))
  }

  @Test func laterPatchesDrawOverEarlierOnes() {
    // Row x: 0 → 0.6 → 0.3: the second cell folds back over the first on
    // [0.3, 0.6]. Columns red, green, blue. The reversal gives zero handle
    // directions, so the edges stay straight.
    let points = [
      Vector2(0, 0), Vector2(0.6, 0), Vector2(0.3, 0), Vector2(0, 1), Vector2(0.6, 1),
      Vector2(0.3, 1),
    ]
    let red = GradientColor(red: 1, green: 0, blue: 0)
    let green = GradientColor(red: 0, green: 1, blue: 0)
    let blue = GradientColor(red: 0, green: 0, blue: 1)
    let mesh = GradientMesh(
      width: 3, height: 2, points: points, colors: [red, green, blue, red, green, blue],
      background: .black)
    let image = noDither.render(mesh, width: 100, height: 20)
    // x = 45 (centre 45.5): in the second patch at u ≈ 0.5, between green and
    // blue; the first patch there would be mostly green with no blue.
    let p = image[45, 10]
    #expect(p.r < 10 && p.b > 90 && p.g > 90, "overlap pixel \(p)")
    // x = 10: only the first patch, reddish.
    #expect(image[10, 10].r > 150)
    // Beyond x = 0.6: background.
    #expect(image[80, 10] == RGBA8(0, 0, 0))
  }

  @Test func perceptualInterpolatesInOklab() {
    let red = GradientColor(red: 1, green: 0, blue: 0)
    let blue = GradientColor(red: 0, green: 0, blue: 1)
    var mesh = GradientMesh(width: 2, height: 2, points: square, colors: [red, blue, red, blue])
    let device = noDither.render(mesh, width: 101, height: 9)
    mesh.colorSpace = .perceptual
    let perceptual = noDither.render(mesh, width: 101, height: 9)
    // Zero tangents on a 2×2 mesh: the middle column is the plain midpoint.
    let lab = (Oklab.fromEncodedSRGB(SIMD3(1, 0, 0)) + Oklab.fromEncodedSRGB(SIMD3(0, 0, 1))) / 2
    let encoded = Oklab.toEncodedSRGB(lab)
    let expected = [encoded.x, encoded.y, encoded.z].map {
      Int((min(max($0, 0), 1) * 255).rounded())
    }
    let middle = perceptual[50, 4]
    #expect(
      within([Int(middle.r), Int(middle.g), Int(middle.b)], expected, 1), "\(middle) vs \(expected)"
    )
    #expect(within(bytes(device[50, 4]), [128, 0, 128, 255], 1))
    #expect(perceptual[0, 4] == device[0, 4])
  }

  @Test func transparentColorsInterpolatePremultiplied() {
    let red = GradientColor(red: 1, green: 0, blue: 0)
    let clearBlue = GradientColor(red: 0, green: 0, blue: 1, alpha: 0)
    let mesh = GradientMesh(
      width: 2, height: 2, points: square, colors: [red, clearBlue, red, clearBlue])
    let image = noDither.render(mesh, width: 101, height: 5)
    let middle = image[50, 2]
    // Premultiplied: half alpha, still pure red (no blue from a transparent colour).
    #expect(abs(Int(middle.a) - 128) <= 1 && middle.r == 255 && middle.b == 0, "\(middle)")
  }

  @Test func ditheringMovesValuesByAtMostOneLevel() {
    let mesh = GradientPresets.meshing(at: 3.1)
    let plain = noDither.render(mesh, width: 160, height: 120)
    let dithered = GradientRenderer(
      options: GradientRenderOptions(dithering: true, ditherSeed: 7, threads: 1)
    )
    .render(mesh, width: 160, height: 120)
    var changed = 0
    var worst = 0
    for i in 0..<plain.pixels.count {
      let d = abs(Int(plain.pixels[i]) - Int(dithered.pixels[i]))
      worst = max(worst, d)
      if d > 0 { changed += 1 }
      if i % 4 == 3 { #expect(d == 0, "alpha is never dithered") }
    }
    #expect(worst <= 1)
    // Triangular noise on (−1, 1) moves about half the values.
    #expect(Double(changed) / Double(plain.pixels.count * 3 / 4) > 0.2)
  }

  @Test func outputIsTheSameForAnyThreadCount() {
    let mesh = GradientPresets.meshing(at: 0.4)  // folded: overlap order matters too
    let images = [1, 2, 3, 8].map {
      GradientRenderer(options: GradientRenderOptions(ditherSeed: 99, threads: $0)).render(
        mesh, width: 150, height: 97)
    }
    for image in images.dropFirst() { #expect(image == images[0]) }
    let otherSeed = GradientRenderer(options: GradientRenderOptions(ditherSeed: 100, threads: 1))
      .render(mesh, width: 150, height: 97)
    #expect(otherSeed != images[0])
  }

  @Test func renderIntoReusesTheImage() {
    var image = RGBAImage(width: 30, height: 20, fill: RGBA8(1, 2, 3, 4))
    let mesh = GradientPresets.meshing(at: 1)
    noDither.render(mesh, into: &image)
    #expect(image == noDither.render(mesh, width: 30, height: 20))
    #expect(noDither.render(mesh, width: 0, height: 0).pixels.isEmpty)
    #expect(noDither.render(mesh, width: 1, height: 1).pixels.count == 4)
  }

  @Test func levelFollowsCurvature() {
    // An affine mesh needs no subdivision; the bent preset needs some.
    let flat = GradientMesh(
      width: 2, height: 2, points: square, colors: Array(repeating: .white, count: 4))
    let renderer = GradientRenderer()
    #expect(renderer.subdivisionLevel(for: flat, width: 500, height: 500) == 0)
    #expect(
      renderer.subdivisionLevel(for: GradientPresets.meshing(at: 1.3), width: 500, height: 500) >= 3
    )
  }
}
