import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

/// The deep (16-bit) render: every path of the 8-bit renderer (faces,
/// lattices, smooth surfaces, effect fields with their mirrored rows and
/// column runs, the edge policies, the silhouette, the minification
/// filter, supersampling) drawn through the deep sampler.
@Suite struct DeepRenderTests {
  /// A deep picture with values no 8-bit picture has (low bits set) and,
  /// optionally, translucent pixels.
  static func deepRandom(width: Int, height: Int, seed: UInt64, alpha: Bool) -> RGBA16Image {
    var rng = SeededRandom(seed: seed)
    var image = RGBA16Image(width: width, height: height)
    for i in 0..<(width * height) {
      for c in 0..<3 { image.pixels[4 * i + c] = UInt16(truncatingIfNeeded: rng.next()) }
      image.pixels[4 * i + 3] = alpha ? UInt16(truncatingIfNeeded: rng.next()) | 1 : 65535
    }
    return image
  }

  /// The smallest pictures: a 1 × 1 and a 1 × 5 source through the
  /// identity (exact) and through a twirled grid at a larger output (every
  /// pixel the source's one colour, or a colour of the column: a one-pixel
  /// source has nothing else to give), in every interpolation.
  @Test func onePixelSourcesRenderDeep() throws {
    let dot = RGBA16Image(width: 1, height: 1, pixels: [1234, 54321, 777, 65535])
    let column = Self.deepRandom(width: 1, height: 5, seed: 9, alpha: false)
    var twirl = WarpMesh.identity(columns: 3, rows: 3)
    twirl[column: 1, row: 1] = CGPoint(x: 0.6, y: 0.4)
    for interpolation in Interpolation.allCases {
      let same = WarpOptions(interpolation: interpolation, threads: 1)
      #expect(WarpRenderer.render(dot, mesh: .identity(columns: 2, rows: 2), options: same) == dot)
      #expect(
        WarpRenderer.render(column, mesh: .identity(columns: 2, rows: 2), options: same) == column)
      let large = WarpOptions(width: 9, height: 7, interpolation: interpolation, threads: 1)
      let spread = WarpRenderer.render(dot, mesh: twirl, options: large)
      #expect(spread.width == 9 && spread.height == 7)
      let opaque = (0..<63).filter { spread.pixels[4 * $0 + 3] == 65535 }.count
      #expect(opaque >= 30, "\(opaque) opaque pixels of 63")
      for y in 0..<7 {
        for x in 0..<9 where spread.pixels[4 * (y * 9 + x) + 3] == 65535 {
          #expect(
            Array(spread.pixels[(4 * (y * 9 + x))..<(4 * (y * 9 + x) + 3)]) == [1234, 54321, 777])
        }
      }
      let stretched = WarpRenderer.render(column, mesh: twirl, options: large)
      #expect(stretched.width == 9 && stretched.height == 7)
    }
  }

  @Test func identityIsBitExactInEveryMode() throws {
    let src = Self.deepRandom(width: 37, height: 29, seed: 4, alpha: true)
    for interpolation in Interpolation.allCases {
      for address in AddressMode.allCases {
        for smooth in [false, true] {
          let options = WarpOptions(
            addressMode: address, interpolation: interpolation, smooth: smooth, threads: 1)
          for mesh in [WarpMesh.identity(columns: 2, rows: 2), .identity(columns: 5, rows: 4)] {
            let same = WarpRenderer.render(src, mesh: mesh, options: options) == src
            #expect(same, "\(interpolation) \(address) smooth \(smooth)")
          }
        }
      }
    }
    // An effect that moves nothing, and one whose disc misses every pixel
    // centre of part of the picture, keep those texels.
    let still = MeshEffect.twirl(degrees: 0)
    let unmoved = WarpRenderer.render(src, geometry: .effect(still)) == src
    #expect(unmoved)
    // Outside a mesh the edge colour is its 8-bit value × 257, exactly.
    var inset = WarpMesh.identity(columns: 2, rows: 2)
    for i in inset.pointPairs.indices {
      inset.pointPairs[i].to = CGPoint(
        x: 0.3 + 0.4 * inset.pointPairs[i].to.x, y: 0.3 + 0.4 * inset.pointPairs[i].to.y)
    }
    let colour = RGBA8(10, 200, 30, 201)
    let edged = WarpRenderer.render(
      src, mesh: inset, options: WarpOptions(edges: .color, edgeColor: colour, threads: 1))
    #expect(edged[0, 0] == RGBA16(colour) && edged[36, 28] == RGBA16(2570, 51400, 7710, 51657))
  }

  /// The AVX2 kernel and the Swift loop write the same values, on runs
  /// of faces, lattices and effect rows over an opaque deep source.
  @Test(.enabled(if: SpanKernel.isAvailable, "the CPU has no AVX2"))
  func kernelWritesWhatTheSwiftLoopWrites() {
    let src = Self.deepRandom(width: 61, height: 47, seed: 11, alpha: false)
    var rng = SeededRandom(seed: 12)
    let geometries: [WarpGeometry] = [
      .mesh(RandomMeshes.jitteredGrid(columns: 7, rows: 6, jitter: 0.35, rng: &rng)),
      .mesh(RandomMeshes.jitteredGrid(columns: 4, rows: 4, jitter: 0.2, scale: 1.3, rng: &rng)),
      .effect(.twirl(degrees: 120)), .effect(.wave(amplitude: 0.04, wavelength: 0.3, axis: .y)),
    ]
    for geometry in geometries {
      let options = WarpOptions(width: 83, height: 59, threads: 1)
      var portable = options
      portable.usesSpanKernel = false
      let kernel = WarpRenderer.render(src, geometry: geometry, options: options)
      let swift = WarpRenderer.render(src, geometry: geometry, options: portable)
      let differing = zip(kernel.pixels, swift.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "\(geometry): \(differing) values differ")
    }
  }

  /// A linear ramp v(x, y) = a·x + b·y + c is reproduced exactly by
  /// bilinear interpolation, so a deep warp of it must show, at each
  /// pixel, the ramp at the field's own source point G(q): an independent
  /// check of positions and precision together (G from
  /// `WarpField.sourcePoint(at:)`, in Double).
  @Test func rampThroughATwirlMatchesTheFieldWithinALevel() throws {
    let (width, height) = (160, 120)
    let (a, b, c) = (150.0, 90.0, 4000.0)
    var ramp = RGBA16Image(width: width, height: height)
    func value(_ p: CGPoint) -> Double { a * Double(p.x) + b * Double(p.y) + c }
    for y in 0..<height {
      for x in 0..<width {
        let v = UInt16(value(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)).rounded())
        ramp[x, y] = RGBA16(v, 65535 - v, v / 2)
      }
    }
    let effect = MeshEffect.twirl(degrees: 70, radius: 0.4)
    let field = try WarpField(effect, width: width, height: height)
    let out = WarpRenderer.render(
      ramp, geometry: .effect(effect), options: WarpOptions(minification: .off, threads: 1))
    var worst = 0.0
    var squares = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let s = field.sourcePoint(at: CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        // Inside the picture by a pixel: clamp-to-edge bends the ramp there.
        guard s.x > 1, s.y > 1, s.x < Double(width - 1), s.y < Double(height - 1) else { continue }
        let d = Double(out[x, y].r) - value(s)
        worst = max(worst, abs(d))
        squares += d * d
      }
    }
    let rms = (squares / Double(width * height)).squareRoot()
    // G is drawn within 1/64 px (150 levels a pixel: 2.3 levels) and
    // points are quantized to 1/4096 px; the ramp's own rounding is ½.
    #expect(worst <= 3, "worst \(worst) 16-bit levels")
    #expect(rms <= 0.5, "rms \(rms) 16-bit levels")
  }

  /// The 8-bit picture widened to 16 bits, warped deep and rounded once,
  /// agrees with the 8-bit render along every path (they share the
  /// geometry; the 8-bit samplers quantize to 1/256 px and blend in 8-bit
  /// fixed point, hence a level of slack).
  @Test(arguments: DeepPath.allCases)
  func deepAgreesWithEightBitOnEveryPath(_ path: DeepPath) throws {
    let src8 = TestImages.smooth(width: 64, height: 48)
    let src = path.translucent ? Self.withAlpha(src8) : src8
    let deep = RGBA16Image(src)
    let (geometry, options) = path.setup
    let eight = WarpRenderer.render(src, geometry: geometry, options: options)
    let sixteen = WarpRenderer.render(deep, geometry: geometry, options: options)
    #expect(sixteen.width == eight.width && sixteen.height == eight.height)
    let rounded = sixteen.rounded8()
    var worst = 0
    var total = 0
    for i in 0..<eight.pixels.count {
      let d = abs(Int(rounded.pixels[i]) - Int(eight.pixels[i]))
      worst = max(worst, d)
      total += d
    }
    let mean = Double(total) / Double(eight.pixels.count)
    #expect(worst <= path.slack, "\(path): worst \(worst) levels")
    #expect(mean <= 0.1, "\(path): mean \(mean) levels")
  }

  static func withAlpha(_ image: RGBAImage) -> RGBAImage {
    var out = image
    for y in 0..<image.height {
      for x in 0..<image.width { out[x, y].a = UInt8(80 + (x * 3 + y * 2) % 176) }
    }
    return out
  }

  enum DeepPath: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case wave, waveBicubic, nearestRepeat, mirrorClampToZero, inset, insetColour, insetOrigin
    case insetUnwarped, shrink, supersample, smooth, lattice, twirl, bulge, waveEffectX, lens
    case translucentWave

    var testDescription: String { rawValue }
    var translucent: Bool { self == .translucentWave }
    /// Nearest-neighbour picks can round a point to the other texel.
    var slack: Int { self == .nearestRepeat ? 255 : 1 }

    var setup: (WarpGeometry, WarpOptions) {
      var rng = SeededRandom(seed: 9)
      let wave = RandomMeshes.jitteredGrid(columns: 6, rows: 5, jitter: 0.3, rng: &rng)
      var inset = WarpMesh.identity(columns: 3, rows: 3)
      for i in inset.pointPairs.indices {
        inset.pointPairs[i].to = CGPoint(
          x: 0.2 + 0.55 * inset.pointPairs[i].to.x, y: 0.15 + 0.6 * inset.pointPairs[i].to.y)
        inset.pointPairs[i].to.x += 0.04 * inset.pointPairs[i].to.y
      }
      var lattice = WarpMesh.identity(columns: 4, rows: 3)
      for i in lattice.pointPairs.indices { lattice.pointPairs[i].from.x *= 0.7 }
      var shrink = WarpMesh.identity(columns: 2, rows: 2)
      for i in shrink.pointPairs.indices {
        shrink.pointPairs[i].from = CGPoint(
          x: shrink.pointPairs[i].from.x * 3 - 1, y: shrink.pointPairs[i].from.y * 3 - 1)
      }
      let one = WarpOptions(threads: 1)
      switch self {
      case .wave, .translucentWave: return (.mesh(wave), one)
      case .waveBicubic: return (.mesh(wave), WarpOptions(interpolation: .bicubic, threads: 1))
      case .nearestRepeat:
        return (
          .mesh(shrink), WarpOptions(addressMode: .repeat, interpolation: .nearest, threads: 1)
        )
      case .mirrorClampToZero:
        return (.mesh(shrink), WarpOptions(addressMode: .mirrorRepeat, threads: 2))
      case .inset: return (.mesh(inset), one)
      case .insetColour:
        return (
          .mesh(inset), WarpOptions(edges: .color, edgeColor: RGBA8(10, 200, 30, 200), threads: 1)
        )
      case .insetOrigin: return (.mesh(inset), WarpOptions(edges: .origin, threads: 1))
      case .insetUnwarped: return (.mesh(inset), WarpOptions(edges: .unwarped, threads: 1))
      case .shrink: return (.mesh(shrink), WarpOptions(addressMode: .clampToZero, threads: 2))
      case .supersample: return (.mesh(wave), WarpOptions(supersample: 3, threads: 1))
      case .smooth: return (.mesh(wave), WarpOptions(smooth: true, threads: 1))
      case .lattice: return (.mesh(lattice), one)
      case .twirl: return (.effect(.twirl(degrees: 200, radius: 0.45)), one)
      case .bulge: return (.effect(.bulge(strength: 0.6)), WarpOptions(threads: 2))
      case .waveEffectX:
        return (.effect(.wave(amplitude: 0.05, wavelength: 0.2, axis: .x)), one)
      case .lens:
        return (
          .effect(.lens(distortion: LensDistortion(k1: -0.2))),
          WarpOptions(addressMode: .clampToZero, threads: 1)
        )
      }
    }
  }
}
