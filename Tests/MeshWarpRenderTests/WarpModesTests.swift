import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

/// The renderer's modes beyond the piecewise warp: smooth and spline meshes, edge
/// policies, address modes, interpolation, the minification filter.
@Suite struct WarpModesTests {
  static let source = TestImages.random(width: 48, height: 40, seed: 15)

  @Test func identityStaysExactInEveryMode() throws {
    let src = Self.source
    let spline = try WarpMesh.thinPlateSpline(
      pairs: [MeshPointPair(identity: CGPoint(x: 0.3, y: 0.6))], outputSize: src.size)
    for interpolation in Interpolation.allCases {
      for address in AddressMode.allCases {
        let options = WarpOptions(
          addressMode: address, interpolation: interpolation, smooth: true, threads: 1)
        #expect(
          WarpRenderer.render(src, mesh: .identity(columns: 4, rows: 3), options: options) == src)
        #expect(WarpRenderer.render(src, mesh: spline, options: options) == src)
      }
    }
  }

  /// A source twice as wide as its `from` region: content at the output's
  /// pixel centres lands exactly on texel centres, so each address mode
  /// shows its own pattern exactly.
  @Test func addressModes() {
    let src = TestImages.random(width: 16, height: 8, seed: 3, alpha: false)
    var mesh = WarpMesh.identity(columns: 2, rows: 2)
    mesh.pointPairs[1].from.x = 2
    mesh.pointPairs[3].from.x = 2
    func render(_ mode: AddressMode) -> RGBAImage {
      WarpRenderer.render(
        src, mesh: mesh,
        options: WarpOptions(width: 32, height: 8, addressMode: mode, antialias: 1, threads: 1))
    }
    let repeated = render(.repeat)
    let mirrored = render(.mirrorRepeat)
    let zero = render(.clampToZero)
    let edge = render(.clampToEdge)
    for y in 0..<8 {
      for x in 0..<16 {
        #expect(repeated[x, y] == src[x, y] && repeated[x + 16, y] == src[x, y])
        #expect(mirrored[x + 16, y] == src[15 - x, y])
        #expect(zero[x, y] == src[x, y] && zero[x + 16, y] == .transparent)
        #expect(edge[x + 16, y] == src[15, y])
      }
    }
  }

  @Test func edgePolicies() {
    let src = Self.source
    var mesh = WarpMesh.identity(columns: 2, rows: 2)
    for i in mesh.pointPairs.indices {
      mesh.pointPairs[i].to = CGPoint(
        x: 0.25 + 0.5 * mesh.pointPairs[i].to.x, y: 0.25 + 0.5 * mesh.pointPairs[i].to.y)
    }
    let color = RGBA8(10, 20, 30, 200)
    let filled = WarpRenderer.render(
      src, mesh: mesh, options: WarpOptions(edges: .color, edgeColor: color))
    #expect(filled[0, 0] == color && filled[47, 39] == color)
    let unwarped = WarpRenderer.render(src, mesh: mesh, options: WarpOptions(edges: .unwarped))
    #expect(unwarped[0, 0] == src[0, 0] && unwarped[47, 39] == src[47, 39])
    let origin = WarpRenderer.render(src, mesh: mesh, options: WarpOptions(edges: .origin))
    #expect(origin[47, 0] == src[0, 0])
    #expect(WarpRenderer.render(src, mesh: mesh)[47, 0] == .transparent)
  }

  @Test func nearestDuplicatesPixels() {
    let src = TestImages.random(width: 8, height: 8, seed: 5)
    let out = WarpRenderer.render(
      src, mesh: .identity(columns: 2, rows: 2),
      options: WarpOptions(width: 24, height: 24, interpolation: .nearest, threads: 1))
    for y in 0..<24 {
      for x in 0..<24 { #expect(out[x, y] == src[x / 3, y / 3]) }
    }
  }

  /// Bicubic sampling of an affine warp (rotation and scale) against
  /// numpy's per-pixel Keys convolution, premultiplied: at most 2 levels
  /// (the renderer quantizes sample points to 1/256 px, as GPUs do). An
  /// opaque source takes the renderer's own opaque interior loop.
  @Test(.enabled(if: NumpyReference.available), arguments: [true, false])
  func bicubicMatchesNumpy(translucent: Bool) throws {
    let src = TestImages.random(width: 40, height: 30, seed: 9, alpha: translucent)
    let (w, h) = (64, 48)
    // `from`: a parallelogram inside the source, in pixels.
    let a = Vector2(6.3, 4.1)
    let b = Vector2(33.7, 8.9)
    let d = Vector2(3.2, 25.6)
    var mesh = WarpMesh.identity(columns: 2, rows: 2)
    let corners = [a, b, d, b + d - a]
    for i in 0..<4 { mesh.pointPairs[i].from = (corners[i] / src.size).cgPoint }
    let out = WarpRenderer.render(
      src, mesh: mesh,
      options: WarpOptions(
        width: w, height: h, interpolation: .bicubic, minification: .off, antialias: 1,
        threads: 1))
    var queries: [[Double]] = []
    for y in 0..<h {
      for x in 0..<w {
        let u = (Double(x) + 0.5) / Double(w)
        let v = (Double(y) + 0.5) / Double(h)
        let s = a + (b - a) * u + (d - a) * v
        queries.append([s.x, s.y])
      }
    }
    let reference = try NumpyReference.values([
      "kind": "bicubic", "width": src.width, "height": src.height,
      "pixels": src.pixels.map(Int.init), "queries": queries,
    ])
    var worst = 0.0
    for (k, value) in reference.enumerated() {
      let r = try #require(value as? [Double])
      let (x, y) = (k % w, k / w)
      let p = out[x, y]
      let got =
        [Double(p.r), Double(p.g), Double(p.b)].map { $0 * Double(p.a) / 255 } + [Double(p.a)]
      let want = r[0..<3].map { $0 * r[3] / 255 } + [r[3]]
      for c in 0..<4 { worst = max(worst, abs(got[c] - want[c])) }
    }
    #expect(worst <= 2, "largest premultiplied difference \(worst) levels")
    print("bicubic vs numpy: largest premultiplied difference \(worst) levels")
  }

  /// A 1-px black-and-white checkerboard squeezed about 8× (7.7 × 8.3, a
  /// sub-pixel offset and a 2.5° turn, so no sample grid lines up with the
  /// cells) comes out flat grey with the default (filtered) options: mean
  /// within 1 level of the true average 127.5, standard deviation ≤ 2
  /// levels over the squeezed square's interior. The same warp unfiltered
  /// must show moiré (standard deviation far above 2): the test can fail.
  /// `MESHWARP_TEST_IMAGES=DIR` writes both renders there as PGM.
  @Test func squeezedCheckerboardIsFlatGray() throws {
    let size = 256
    let src = TestImages.checkerboard(width: size, height: size, cell: 1, .white, .black)
    let mesh = squeezedCheckerboardMesh
    // The interior: pixels whose centre maps at least 20 source pixels
    // (≈ 2.5 output pixels) inside the content's edges, away from the
    // anti-aliased silhouette.
    let mapping = MeshMapping(mesh: mesh)
    var interior: [(Int, Int)] = []
    for y in 0..<size {
      for x in 0..<size {
        let d = Vector2((Double(x) + 0.5) / Double(size), (Double(y) + 0.5) / Double(size))
        guard let s = mapping.sourcePoint(forDestination: d) else { continue }
        let margin = 20 / Double(size)
        if min(s.x, s.y) >= margin && max(s.x, s.y) <= 1 - margin { interior.append((x, y)) }
      }
    }
    #expect(interior.count > 700, "\(interior.count) interior pixels")
    func stats(_ image: RGBAImage) -> (mean: Double, std: Double) {
      let values = interior.map { Double(image[$0.0, $0.1].g) }
      let mean = values.reduce(0, +) / Double(values.count)
      let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
      return (mean, variance.squareRoot())
    }
    let filteredImage = WarpRenderer.render(src, mesh: mesh)
    let plainImage = WarpRenderer.render(
      src, mesh: mesh, options: WarpOptions(minification: .off))
    let filtered = stats(filteredImage)
    let plain = stats(plainImage)
    #expect(abs(filtered.mean - 127.5) <= 1, "filtered \(filtered)")
    #expect(filtered.std <= 2, "filtered \(filtered)")
    #expect(plain.std > 20, "unfiltered must show moiré: \(plain)")
    print("squeezed checkerboard: filtered \(filtered), unfiltered \(plain)")
    if let dir = ProcessInfo.processInfo.environment["MESHWARP_TEST_IMAGES"] {
      for (name, image) in [("filtered", filteredImage), ("unfiltered", plainImage)] {
        var bytes = Array("P5 \(image.width) \(image.height) 255\n".utf8)
        for y in 0..<image.height {
          for x in 0..<image.width { bytes.append(image[x, y].g) }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/squeezed-\(name).pgm"))
      }
    }
  }

  /// A smooth warp differs from the piecewise one inside faces and agrees
  /// at the grid points (here: the centre pixel of a moved point).
  @Test func smoothRenderBendsFaces() {
    let src = TestImages.smooth(width: 120, height: 120)
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh[column: 1, row: 1] = CGPoint(x: 0.6, y: 0.45)
    let piecewise = WarpRenderer.render(src, mesh: mesh)
    let smooth = WarpRenderer.render(src, mesh: mesh, options: WarpOptions(smooth: true))
    #expect(piecewise != smooth)
    let d = ImageDiff(piecewise, smooth)
    #expect(d.max > 2)
  }
}
