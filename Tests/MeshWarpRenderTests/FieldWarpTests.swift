import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore
@testable import MeshWarpRender

/// The effects' fields drawn per pixel (`FieldWarp`): the content points
/// it samples against the field's exact G at every pixel, every mode
/// against the effect's fine mesh, threads, and the minification filter.
@Suite struct FieldWarpTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var effect: MeshEffect
    var width: Int
    var height: Int
    var testDescription: String { "\(name) at \(width)x\(height)" }
  }

  static func fill(_ effect: MeshEffect) -> MeshEffect {
    var e = effect
    e.aspect = .fill
    return e
  }

  /// Every effect at a few sizes, centres and aspects, at the parameters'
  /// hard ends too (a twirl of two turns, a pinch near its limit, a ripple
  /// near its fold limit, torn and with a hole).
  static let cases: [Case] = [
    Case(name: "twirl 90°", effect: .twirl(degrees: 90), width: 320, height: 240),
    Case(
      name: "twirl −200° off centre",
      effect: .twirl(degrees: -200, center: CGPoint(x: 0.35, y: 0.6), radius: 0.7), width: 96,
      height: 145),
    Case(name: "twirl 720°", effect: .twirl(degrees: 720), width: 200, height: 200),
    // An odd height: the centre's row is its own mirror image.
    Case(
      name: "ripple at an odd height",
      effect: .ripple(amplitude: 0.01, wavelength: 0.1), width: 161, height: 121),
    Case(name: "twirl 150° fill", effect: fill(.twirl(degrees: 150)), width: 300, height: 160),
    Case(name: "bulge 0.5", effect: .bulge(strength: 0.5), width: 256, height: 192),
    Case(
      name: "pinch −0.5 off centre",
      effect: .bulge(strength: -0.5, center: CGPoint(x: 0.6, y: 0.4), radius: 0.4), width: 211,
      height: 160),
    Case(name: "pinch −0.95", effect: .bulge(strength: -0.95), width: 240, height: 240),
    Case(
      name: "pinch −0.99 off centre",
      effect: .bulge(strength: -0.99, center: CGPoint(x: 0.503, y: 0.497)), width: 300,
      height: 300),
    Case(name: "bulge 0.7 fill", effect: fill(.bulge(strength: 0.7)), width: 150, height: 300),
    Case(
      name: "ripple", effect: .ripple(amplitude: 0.01, wavelength: 0.1), width: 320, height: 240),
    Case(
      name: "ripple near its fold limit", effect: .ripple(amplitude: 0.015, wavelength: 0.1),
      width: 300, height: 300),
    Case(
      name: "ripple torn (phase 1.2)",
      effect: .ripple(
        amplitude: 0.01, wavelength: 0.12, phase: 1.2, center: CGPoint(x: 0.4, y: 0.5),
        radius: 0.6), width: 120, height: 160),
    Case(
      name: "ripple with a hole (phase −1.5)",
      effect: .ripple(amplitude: 0.012, wavelength: 0.1, phase: -1.5), width: 240, height: 180),
    Case(
      name: "ripple fill", effect: fill(.ripple(amplitude: 0.008, wavelength: 0.08)), width: 320,
      height: 180),
    Case(name: "wave x", effect: .wave(amplitude: 0.02, wavelength: 0.1), width: 320, height: 180),
    Case(
      name: "wave y", effect: .wave(amplitude: 0.04, wavelength: 0.25, phase: 1, axis: .y),
      width: 101, height: 150),
    Case(
      name: "lens k1 −0.2",
      effect: .lens(camera: nil, distortion: LensDistortion(k1: -0.2)), width: 320, height: 240),
    Case(
      name: "lens applied",
      effect: .lens(
        camera: LensCamera(fx: 140, fy: 150, cx: 83.2, cy: 57.1),
        distortion: LensDistortion(k1: -0.22, k2: 0.05, p1: 0.002, p2: -0.001), inverse: true),
      width: 160, height: 120),
  ]

  /// A writer that records the content point of every pixel it is asked
  /// for (the quadratic runs evaluated in Double at each pixel; the
  /// renderer then steps them in 32.32 fixed point, within 10⁻⁶ px).
  struct Recorder: SpanWriter, @unchecked Sendable {
    let points: UnsafeMutablePointer<Vector2>
    let base: UnsafeMutablePointer<UInt8>

    func write(at s: Vector2, to out: UnsafeMutablePointer<UInt8>) {
      points[(out - base) / 4] = s
    }

    func writeQuadratic(
      count: Int, start: Vector2, end: Vector2, b: Vector2, c: Vector2, span: Double,
      out: UnsafeMutablePointer<UInt8>
    ) {
      for i in 0..<count {
        let t = Double(i)
        points[(out - base) / 4 + i] = start + (b + c * t) * t
      }
    }
  }

  /// The content points `warp` samples for a `width × height` view
  /// (`viewport`), row-major, every pixel through the writer (no copied
  /// rows). A wave along x is drawn down its columns through a buffer:
  /// its points are those of each column's run.
  static func sampledPoints(
    _ warp: FieldWarp, width: Int, height: Int,
    viewport: WarpRenderer.Viewport = WarpRenderer.Viewport(), threads: Int = 2
  ) -> [Vector2] {
    var points = [Vector2](repeating: Vector2(.nan, .nan), count: width * height)
    let effect = warp.field.effect
    if effect.kind == .wave && effect.axis == .x {
      for x in 0..<width {
        let (x0, dx) = warp.columns(viewport)
        let p = Vector2(x0 + Double(x) * dx, 0)
        let (start, step) = warp.columnRun(
          x: x, top: 0, viewport: viewport, offset: warp.field.source(p) - p)
        for y in 0..<height { points[y * width + x] = start + step * Double(y) }
      }
      return points
    }
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    let texel: [UInt8] = [0, 0, 0, 255]
    texel.withUnsafeBufferPointer { t in
      // A source of width 0 as the rows' copy source: nothing is copied.
      let none = BilinearSampler(pixels: t.baseAddress!, width: 0, height: 1, opaque: true)
      points.withUnsafeMutableBufferPointer { p in
        bytes.withUnsafeMutableBufferPointer { b in
          let recorder = Recorder(points: p.baseAddress!, base: b.baseAddress!)
          warp.render(
            sampler: recorder, texels: none, width: width, height: height, viewport: viewport,
            threads: threads, out: SharedPointer(b.baseAddress!))
        }
      }
    }
    return points
  }

  /// The largest distance between the sampled point and G over the
  /// view's pixels: G of the field, made for `field` pixels, at the full
  /// output's point (`output` pixels) scaled to the field, and its content
  /// point scaled to the `source`'s pixels.
  static func largestError(
    field: WarpField, output: Vector2, source: Vector2, width: Int, height: Int,
    viewport: WarpRenderer.Viewport = WarpRenderer.Viewport()
  ) -> (error: Double, at: (x: Int, y: Int)) {
    let warp = FieldWarp(field: field, outputSize: output, sourceSize: source)
    let points = sampledPoints(warp, width: width, height: height, viewport: viewport)
    let fieldSize = Vector2(Double(field.width), Double(field.height))
    var worst = (error: 0.0, at: (x: 0, y: 0))
    for y in 0..<height {
      for x in 0..<width {
        let full = viewport.origin + Vector2(Double(x) + 0.5, Double(y) + 0.5) * viewport.scale
        let exact = field.source(full * fieldSize / output) * source / fieldSize
        let d = points[y * width + x] - exact
        let error = (d * d).sum().squareRoot()
        // (NaN: a pixel no run wrote.)
        if !(error <= worst.error) { worst = (error.isNaN ? .infinity : error, (x, y)) }
      }
    }
    return worst
  }

  /// Every pixel samples within 1/64 px of G (measured: see the
  /// expectation's message), at the output's own size.
  @Test(arguments: cases)
  func sampledPointsAreExact(_ c: Case) throws {
    let field = try WarpField(c.effect, width: c.width, height: c.height)
    let size = Vector2(Double(c.width), Double(c.height))
    let (error, at) = Self.largestError(
      field: field, output: size, source: size, width: c.width, height: c.height)
    #expect(error <= 1.0 / 64, "\(c.testDescription): \(error) px at \(at)")
  }

  /// The same through views: a minification run's finer steps, an output
  /// of another size than the source (content points scaled by source /
  /// output), and a field made for another size than the output.
  @Test func sampledPointsAreExactInViews() throws {
    let effect = MeshEffect.ripple(amplitude: 0.01, wavelength: 0.1, phase: 0.5)
    let field = try WarpField(effect, width: 200, height: 150)
    let output = Vector2(200, 150)
    let finer = WarpRenderer.Viewport(
      origin: Vector2(64, 48), scale: Vector2(1.0 / 3, 0.25), fullSize: output)
    for (sourceSize, viewport, w, h) in [
      (Vector2(200, 150), finer, 96, 128), (Vector2(333, 97), WarpRenderer.Viewport(), 200, 150),
    ] {
      let (error, at) = Self.largestError(
        field: field, output: output, source: sourceSize, width: w, height: h,
        viewport: viewport)
      #expect(error <= 1.0 / 64, "\(sourceSize), \(viewport): \(error) px at \(at)")
    }
    // A field of 100 × 300 stretched to a 200 × 150 output.
    let other = try WarpField(effect, width: 100, height: 300)
    let (error, at) = Self.largestError(
      field: other, output: output, source: output, width: 200, height: 150)
    #expect(error <= 1.0 / 64, "stretched field: \(error) px at \(at)")
  }

  /// Each pixel of the render against the sampler at that pixel's exact
  /// content point (G per pixel), on noise (up to 255 levels a pixel, the
  /// worst case), opaque (the span kernel) and translucent (the Swift
  /// loops, compared premultiplied), with the rows outside the disc
  /// copied: at most 4 levels apart, 5 translucent (255 levels × 0.0132 px,
  /// the points' largest error, and a level where a tap rounds to the next
  /// 1/256 px; one more from straight alpha's rounding).
  @Test(arguments: cases)
  func renderMatchesExactSampling(_ c: Case) throws {
    let field = try WarpField(c.effect, width: c.width, height: c.height)
    for alpha in [false, true] {
      let source = TestImages.random(width: c.width, height: c.height, seed: 3, alpha: alpha)
      let ours = WarpRenderer.render(
        source, geometry: .effect(c.effect),
        options: WarpOptions(minification: .off, threads: 3))
      var exact = RGBAImage(width: c.width, height: c.height)
      source.pixels.withUnsafeBufferPointer { pixels in
        let sampler = BilinearSampler(
          pixels: pixels.baseAddress!, width: c.width, height: c.height)
        exact.pixels.withUnsafeMutableBufferPointer { out in
          for y in 0..<c.height {
            for x in 0..<c.width {
              let q = Vector2(Double(x) + 0.5, Double(y) + 0.5)
              sampler.write(
                at: field.source(q), to: out.baseAddress! + (y * c.width + x) * 4)
            }
          }
        }
      }
      let d = ImageDiff(ours.premultipliedForComparison, exact.premultipliedForComparison)
      #expect(d.max <= (alpha ? 5 : 4), "\(c.testDescription), alpha \(alpha): \(d)")
    }
  }

  /// Every mode (interpolation, address mode, output size, supersampling,
  /// the minification filter) agrees with the effect's mesh made within
  /// 1/64 px and drawn by the mesh renderer: the same map twice, by two
  /// renderers (measured: see the messages).
  @Test func everyModeAgreesWithTheFineMesh() throws {
    let photo = TestImages.photoLike(width: 160, height: 120)
    let lens = MeshEffect.lens(distortion: LensDistortion(k1: 0.3))
    let settings: [(String, MeshEffect, WarpOptions, Double)] = [
      ("bicubic", .twirl(degrees: 120), WarpOptions(interpolation: .bicubic), 45),
      ("nearest", .bulge(strength: 0.5), WarpOptions(interpolation: .nearest), 30),
      ("clampToZero", lens, WarpOptions(addressMode: .clampToZero, minification: .off), 45),
      ("repeat", .wave(amplitude: 0.05, wavelength: 0.3), WarpOptions(addressMode: .repeat), 45),
      (
        "larger output", .ripple(amplitude: 0.01, wavelength: 0.12),
        WarpOptions(width: 250, height: 170), 45
      ),
      ("smaller output", .twirl(degrees: -90), WarpOptions(width: 97, height: 61), 40),
      ("supersampled", .bulge(strength: -0.6), WarpOptions(supersample: 3), 45),
      (
        "wave along y, 2 threads", .wave(amplitude: 0.03, wavelength: 0.2, axis: .y),
        WarpOptions(threads: 2), 45
      ),
    ]
    for (name, effect, options, limit) in settings {
      let (w, h) = (options.width ?? 160, options.height ?? 120)
      let viaField = WarpRenderer.render(photo, geometry: .effect(effect), options: options)
      let mesh = try effect.mesh(width: w, height: h, tolerance: 1.0 / 64)
      var meshOptions = options
      meshOptions.edges = .transparent
      let viaMesh = WarpRenderer.render(photo, mesh: mesh, options: meshOptions)
      #expect(viaField.width == w && viaField.height == h)
      let psnr = TestImages.psnr(viaField, viaMesh, alpha: true)
      #expect(psnr >= limit, "\(name): \(psnr) dB")
    }
  }

  /// Outside the disc a field is the identity: those pixels are the
  /// source's bytes, translucent ones included (the copied rows); at
  /// another output size, the identity mesh's render.
  @Test func outsideTheDiscIsTheContent() throws {
    let source = TestImages.random(width: 120, height: 90, seed: 9, alpha: true)
    let twirl = MeshEffect.twirl(degrees: 200, radius: 0.3)
    let field = try WarpField(twirl, width: 120, height: 90)
    // (The minification filter re-renders whole tiles, some across the
    // disc's edge.)
    let ours = WarpRenderer.render(
      source, geometry: .effect(twirl), options: WarpOptions(minification: .off))
    var outside = 0
    for y in 0..<90 {
      for x in 0..<120 {
        let d = Vector2(Double(x) + 0.5, Double(y) + 0.5) - field.c
        guard (d * d).sum() >= field.discRadius * field.discRadius else { continue }
        outside += 1
        #expect(ours[x, y] == source[x, y], "(\(x), \(y))")
      }
    }
    #expect(outside > 6000)
    // A twirl of 0° is the identity everywhere.
    for options in [WarpOptions(width: 77, height: 130), WarpOptions(interpolation: .bicubic)] {
      let viaField = WarpRenderer.render(
        source, geometry: .effect(.twirl(degrees: 0)), options: options)
      let viaMesh = WarpRenderer.render(
        source, mesh: .identity(columns: 2, rows: 2), options: options)
      let d = ImageDiff(viaField, viaMesh)
      #expect(d.max <= 1, "\(options): \(d)")
    }
  }

  /// The result does not depend on the thread count, the minification
  /// filter's runs included.
  @Test func threadsDoNotChangeTheResult() throws {
    let photo = TestImages.random(width: 150, height: 110, seed: 4, alpha: false)
    for (effect, options) in [
      (MeshEffect.bulge(strength: -0.9), WarpOptions()),
      (.twirl(degrees: 300), WarpOptions(interpolation: .bicubic)),
      (.wave(amplitude: 0.04, wavelength: 0.15), WarpOptions()),
      (.ripple(amplitude: 0.012, wavelength: 0.1, phase: 2), WarpOptions(supersample: 2)),
    ] {
      var renders: [RGBAImage] = []
      for threads in [1, 3, 0] {
        var o = options
        o.threads = threads
        renders.append(WarpRenderer.render(photo, geometry: .effect(effect), options: o))
      }
      #expect(renders[0] == renders[1] && renders[0] == renders[2], "\(effect.kind)")
    }
  }

  /// The filter's plan comes from G's Jacobian: a pinch's centre, a lens
  /// correction's edges (k1 > 0 draws content from farther out); nothing
  /// for a bulge that shrinks nowhere, and nothing outside the disc.
  @Test func filterPlansWhereTheFieldShrinks() throws {
    let (w, h) = (320, 240)
    let size = Vector2(Double(w), Double(h))
    func runs(_ effect: MeshEffect) throws -> [MinificationFilter.Run] {
      let warp = FieldWarp(
        field: try WarpField(effect, width: w, height: h), outputSize: size, sourceSize: size)
      return MinificationFilter.plan(field: warp, width: w, height: h, quality: .standard)
    }
    #expect(try runs(.bulge(strength: 0.3)).isEmpty)
    // The bound that spares a bulge the corners: G's largest stretch is
    // 1/min g′ = 1/(1 − k/3) (at ρ = ⅔), here 1.2 for k = 0.5.
    let bulge = DiscProfile(try WarpField(.bulge(strength: 0.5), width: w, height: h))
    #expect(abs(bulge.largestStretch - 1.2) < 0.002, "\(bulge.largestStretch)")
    let pinch = try runs(.bulge(strength: -0.9, radius: 0.3))
    #expect(!pinch.isEmpty)
    // Within the disc's bounding box (radius 72 px around (160, 120)).
    for run in pinch {
      #expect(run.x >= 160 - 72 - 16 && run.x + run.width <= 160 + 72 + 16, "\(run)")
      #expect(run.y >= 120 - 72 - 16 && run.y + run.height <= 120 + 72 + 16, "\(run)")
    }
    let lens = try runs(.lens(distortion: LensDistortion(k1: 0.5)))
    #expect(lens.contains { $0.x == 0 && $0.y == 0 })
    #expect(
      !lens.contains {
        $0.x <= 160 && 160 < $0.x + $0.width && $0.y <= 120 && 120 < $0.y + $0.height
      })
  }

  /// A strong pinch of a fine checkerboard: where the filter acts (the
  /// runs it plans), the filtered render is closer than the plain one to
  /// an 8 × 8 supersampled reference (measured: see the message; elsewhere
  /// the reference's box filter blurs the unwarped squares, which both
  /// keep sharp).
  @Test func filterApproachesSupersampling() throws {
    let (w, h) = (200, 200)
    let board = TestImages.checkerboard(width: w, height: h, cell: 2)
    let pinch = MeshEffect.bulge(strength: -0.9)
    let reference = WarpRenderer.render(
      board, geometry: .effect(pinch), options: WarpOptions(supersample: 8))
    let filtered = WarpRenderer.render(board, geometry: .effect(pinch))
    let plain = WarpRenderer.render(
      board, geometry: .effect(pinch), options: WarpOptions(minification: .off))
    let size = Vector2(Double(w), Double(h))
    let warp = FieldWarp(
      field: try WarpField(pinch, width: w, height: h), outputSize: size, sourceSize: size)
    let runs = MinificationFilter.plan(field: warp, width: w, height: h, quality: .standard)
    @Sendable func inRuns(_ x: Int, _ y: Int) -> Bool {
      runs.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
    }
    let a = TestImages.psnr(filtered, reference, where: inRuns)
    let b = TestImages.psnr(plain, reference, where: inRuns)
    #expect(runs.count > 4)
    #expect(a > b + 3, "filtered \(a) dB, plain \(b) dB against 8 × 8 supersampling")
  }
}
