import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

@Suite struct WarpRendererTests {
  @Test(arguments: [(1, 1), (2, 5), (37, 23), (64, 64), (101, 67)])
  func identityMeshIsBitExact(size: (Int, Int)) {
    let src = TestImages.random(width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
    for n in [2, 3, 4, 7, 17, 33] {
      for threads in [1, 3] {
        let out = WarpRenderer.render(
          src, mesh: .identity(columns: n, rows: n + 1), options: WarpOptions(threads: threads))
        #expect(
          out == src,
          "identity \(n)×\(n + 1) on \(size.0)×\(size.1), \(threads) threads: \(ImageDiff(out, src))"
        )
      }
    }
  }

  @Test func agreesWithTheReferenceOnRandomMeshes() {
    let seed: UInt64 = 0xA11CE
    print("seed", seed)
    var rng = SeededRandom(seed: seed)
    let images = [
      TestImages.smooth(width: 53, height: 41), TestImages.random(width: 53, height: 41, seed: 7),
    ]
    var worstMean = 0.0
    var worstMax = 0
    for trial in 0..<12 {
      let n = Int.random(in: 2...6, using: &rng)
      let mesh = RandomMeshes.jitteredGrid(
        columns: n, rows: n, jitter: 0.22, scale: rng.double(in: 0.6...1.1), moveBorder: true,
        rng: &rng)
      let (w, h) = (Int.random(in: 30...70, using: &rng), Int.random(in: 30...70, using: &rng))
      let src = images[trial % 2]
      let out = WarpRenderer.render(
        src, mesh: mesh, options: WarpOptions(width: w, height: h, minification: .off))
      let ref = ReferenceWarp.render(src, mesh: mesh, width: w, height: h)
      let diff = ReferenceWarp.interiorDiff(out, ref)
      worstMean = max(worstMean, diff.mean)
      worstMax = max(worstMax, diff.max)
      #expect(diff.count > 0)
      #expect(
        diff.max <= 2,
        "trial \(trial): \(diff) out \(out[diff.worst.x, diff.worst.y]) ref \(ref.image[diff.worst.x, diff.worst.y])"
      )
      #expect(diff.mean <= 0.25, "trial \(trial): \(diff)")
    }
    print("reference agreement: worst max", worstMax, "worst mean", worstMean)
  }

  @Test func sharedEdgesLeaveNoHoles() {
    // Opaque source, no anti-aliasing: every pixel whose centre is inside the
    // warped silhouette (reference containment) must be opaque.
    var rng = SeededRandom(seed: 0xC0FFEE)
    print("seed", 0xC0FFEE)
    let src = RGBAImage(width: 16, height: 16, fill: RGBA8(200, 30, 30))
    for _ in 0..<10 {
      let n = Int.random(in: 3...12, using: &rng)
      let mesh = RandomMeshes.jitteredGrid(columns: n, rows: n, jitter: 0.24, scale: 0.9, rng: &rng)
      let out = WarpRenderer.render(
        src, mesh: mesh, options: WarpOptions(width: 97, height: 89, antialias: 1))
      let ref = ReferenceWarp.render(src, mesh: mesh, width: 97, height: 89)
      var holes = 0
      var extra = 0
      for i in 0..<(97 * 89) {
        let opaque = out.pixels[4 * i + 3] == 255
        if ref.inside[i] && !opaque { holes += 1 }
        if !ref.inside[i] && out.pixels[4 * i + 3] != 0 { extra += 1 }
      }
      #expect(holes == 0)
      // Without anti-aliasing, coverage can differ from the reference only
      // on centres that lie exactly on the silhouette.
      #expect(extra == 0)
    }
  }

  /// Outputs wider than two of the renderer's tiles (512 px) with faces that
  /// wide: the strip-and-tile traversal, and row bands that split strips,
  /// against the independent reference and across thread counts.
  @Test func wideFacesAgreeWithTheReference() {
    var rng = SeededRandom(seed: 0x711E5)
    let src = TestImages.smooth(width: 90, height: 70)
    let card = MeshPresets.originalCard
    let tilted = RandomMeshes.jitteredGrid(
      columns: 3, rows: 2, jitter: 0.2, scale: 0.9, moveBorder: true, rng: &rng)
    for mesh in [card, tilted] {
      let (w, h) = (700, 150)
      let out = WarpRenderer.render(
        src, mesh: mesh, options: WarpOptions(width: w, height: h, threads: 1))
      let ref = ReferenceWarp.render(src, mesh: mesh, width: w, height: h)
      let diff = ReferenceWarp.interiorDiff(out, ref)
      #expect(diff.count > w * h / 3)
      #expect(diff.max <= 2, "\(diff)")
      #expect(diff.mean <= 0.25, "\(diff)")
      for threads in [2, 7] {
        #expect(
          WarpRenderer.render(
            src, mesh: mesh, options: WarpOptions(width: w, height: h, threads: threads)) == out)
      }
    }
  }

  /// Rendering into an existing frame writes every pixel (whatever the frame
  /// held) and gives the same image; a frame of another size is replaced.
  @Test func renderIntoReusesOrReplacesTheFrame() {
    var rng = SeededRandom(seed: 5)
    let mesh = RandomMeshes.jitteredGrid(
      columns: 4, rows: 4, jitter: 0.25, scale: 0.8, moveBorder: true, rng: &rng)
    let src = TestImages.random(width: 40, height: 30, seed: 11)
    for edges in [EdgePolicy.transparent, .unwarped, .origin, .color] {
      let options = WarpOptions(width: 64, height: 48, edges: edges)
      let expected = WarpRenderer.render(src, mesh: mesh, options: options)
      var frame = RGBAImage(width: 64, height: 48, fill: RGBA8(1, 2, 3, 4))
      WarpRenderer.render(src, mesh: mesh, options: options, into: &frame)
      #expect(frame == expected, "\(edges)")
      var wrongSize = RGBAImage(width: 5, height: 5, fill: .white)
      WarpRenderer.render(src, mesh: mesh, options: options, into: &wrongSize)
      #expect(wrongSize == expected, "\(edges)")
    }
  }

  @Test func resultDoesNotDependOnThreadCount() {
    var rng = SeededRandom(seed: 99)
    let mesh = RandomMeshes.jitteredGrid(
      columns: 9, rows: 7, jitter: 0.3, scale: 0.8, moveBorder: true, rng: &rng)
    let src = TestImages.random(width: 80, height: 60, seed: 3)
    let one = WarpRenderer.render(
      src, mesh: mesh, options: WarpOptions(width: 120, height: 90, threads: 1))
    for threads in [2, 5, 0] {
      #expect(
        WarpRenderer.render(
          src, mesh: mesh, options: WarpOptions(width: 120, height: 90, threads: threads)) == one)
    }
  }

  @Test func edgePolicies() {
    let src = TestImages.random(width: 40, height: 30, seed: 11, alpha: false)
    // A mesh covering only the left half of the output.
    let pairs = [(0.0, 0.0), (0.5, 0), (0.5, 1), (0, 1)].map {
      MeshPointPair(identity: CGPoint(x: $0.0, y: $0.1))
    }
    let mesh = WarpMesh(pointPairs: pairs, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    let transparent = WarpRenderer.render(src, mesh: mesh)
    let clamp = WarpRenderer.render(src, mesh: mesh, options: WarpOptions(edges: .unwarped))
    let origin = WarpRenderer.render(src, mesh: mesh, options: WarpOptions(edges: .origin))
    for y in 0..<30 {
      for x in 0..<40 {
        if x < 20 {
          #expect(transparent[x, y] == src[x, y] && clamp[x, y] == src[x, y])
        } else {
          #expect(transparent[x, y] == .transparent)
          #expect(clamp[x, y] == src[x, y])  // unwarped content
          #expect(origin[x, y] == src[0, 0])
        }
      }
    }
  }

  @Test func silhouetteIsAntialiased() {
    // A quad rotated 30°: its edge pixels take intermediate alpha.
    let c = Vector2(0.5, 0.5)
    let corners = (0..<4).map { k -> CGPoint in
      let a = Double(k) * .pi / 2 + .pi / 6
      return (c + Vector2(cos(a), sin(a)) * 0.35).cgPoint
    }
    let unit = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)]
    let mesh = WarpMesh(
      pointPairs: zip(unit, corners).map { MeshPointPair(from: $0, to: $1) },
      faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    let src = RGBAImage(width: 8, height: 8, fill: .white)
    let hard = WarpRenderer.render(
      src, mesh: mesh, options: WarpOptions(width: 64, height: 64, antialias: 1))
    let soft = WarpRenderer.render(src, mesh: mesh, options: WarpOptions(width: 64, height: 64))
    let alphas = Set(stride(from: 3, to: soft.pixels.count, by: 4).map { soft.pixels[$0] })
    let hardAlphas = Set(stride(from: 3, to: hard.pixels.count, by: 4).map { hard.pixels[$0] })
    #expect(hardAlphas == [0, 255])
    #expect(alphas.count >= 12)
    // Coverage is conserved: total alpha ≈ the quad's area in pixels.
    let area = 2 * 0.35 * 0.35 * 64 * 64
    let total = stride(from: 3, to: soft.pixels.count, by: 4).reduce(0.0) {
      $0 + Double(soft.pixels[$1]) / 255
    }
    #expect(abs(total - area) < 0.01 * area, "alpha sum \(total) vs area \(area)")
  }

  @Test func supersamplingAveragesMinifiedDetail() {
    // A 1-px checkerboard squeezed 4× horizontally: plain sampling aliases,
    // 4× supersampling averages to mid grey.
    let src = TestImages.checkerboard(width: 64, height: 16, cell: 1, .white, .black)
    let mesh = WarpMesh.identity(columns: 2, rows: 2)
    let out = WarpRenderer.render(
      src, mesh: mesh, options: WarpOptions(width: 16, height: 16, supersample: 4))
    var sum = 0.0
    for y in 0..<16 { for x in 0..<16 { sum += Double(out[x, y].r) } }
    let mean = sum / 256
    #expect(abs(mean - 127.5) < 3, "mean \(mean)")
  }

  @Test func outputOfAnySizeAndEmptyInputs() {
    let src = TestImages.random(width: 10, height: 10, seed: 1)
    let out = WarpRenderer.render(
      src, mesh: .identity(columns: 2, rows: 2), options: WarpOptions(width: 31, height: 7))
    #expect(out.width == 31 && out.height == 7)
    let none = WarpRenderer.render(src, mesh: WarpMesh(pointPairs: [], faces: []))
    #expect(none == RGBAImage(width: 10, height: 10))
    let zero = WarpRenderer.render(
      src, mesh: .identity(columns: 2, rows: 2), options: WarpOptions(width: 0, height: 5))
    #expect(zero.pixels.isEmpty)
  }
}
