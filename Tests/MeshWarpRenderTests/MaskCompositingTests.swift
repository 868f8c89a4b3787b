import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

/// Fill and source-over maths of `CoverageMask`, on hand-computed pixels.
@Suite struct MaskCompositingTests {
  /// A 1×1 mask and image.
  private func single(_ coverage: UInt8, _ pixel: RGBA8) -> (CoverageMask, RGBAImage) {
    var image = RGBAImage(width: 1, height: 1)
    image[0, 0] = pixel
    return (CoverageMask(width: 1, height: 1, values: [coverage]), image)
  }

  @Test func fillScalesAlphaByCoverageAndKeepsStraightColor() {
    // alpha = round(a·c/255): 255·128/255 = 128; 100·51/255 = 20; 3·1/255 → 0.
    let cases: [(UInt8, RGBA8, RGBA8)] = [
      (128, RGBA8(200, 100, 50, 255), RGBA8(200, 100, 50, 128)),
      (51, RGBA8(10, 20, 30, 100), RGBA8(10, 20, 30, 20)),
      (255, RGBA8(1, 2, 3, 77), RGBA8(1, 2, 3, 77)),
      (1, RGBA8(9, 9, 9, 3), .transparent),
      (0, RGBA8(255, 255, 255, 255), .transparent),
    ]
    for (coverage, pixel, expected) in cases {
      let (mask, image) = single(coverage, pixel)
      #expect(mask.filled(with: image)[0, 0] == expected, "coverage \(coverage) of \(pixel)")
    }
  }

  @Test func compositeOverOpaqueBackgroundIsLinearMix() {
    // out = S·α + B·(1 − α), α = a/255 · c/255.
    // Red at coverage 64 over black: 255·64/255 = 64.
    // Blue at coverage 128 over white: r = g = 255·127/255 = 127, b = 255.
    // Opaque red at coverage 255 over anything: red.
    let cases: [(UInt8, RGBA8, RGBA8, RGBA8)] = [
      (64, RGBA8(255, 0, 0), .black, RGBA8(64, 0, 0, 255)),
      (128, RGBA8(0, 0, 255), .white, RGBA8(127, 127, 255, 255)),
      (255, RGBA8(255, 0, 0), .white, RGBA8(255, 0, 0, 255)),
      (0, RGBA8(255, 0, 0), RGBA8(1, 2, 3), RGBA8(1, 2, 3, 255)),
      // Half-transparent source at full coverage over black: 200·(128/255) = 100.39 → 100.
      (255, RGBA8(200, 0, 0, 128), .black, RGBA8(100, 0, 0, 255)),
    ]
    for (coverage, pixel, background, expected) in cases {
      let (mask, image) = single(coverage, pixel)
      #expect(
        mask.composited(fill: image, over: background)[0, 0] == expected,
        "coverage \(coverage) of \(pixel) over \(background)")
    }
  }

  @Test func compositeOverTranslucentBackgroundUsesPremultipliedMaths() {
    // sa = da = 128/255; keep = da(1 − sa) = 0.249996; oa = 0.751942:
    // A = 255·oa = 191.749 → 192; R = 255·sa/oa = 170.22 → 170;
    // B = 255·keep/oa = 84.78 → 85.
    let (mask, image) = single(255, RGBA8(255, 0, 0, 128))
    let out = mask.composited(fill: image, over: RGBA8(0, 0, 255, 128))
    #expect(out[0, 0] == RGBA8(170, 0, 85, 192))
  }

  @Test func compositeOverTransparentEqualsFill() {
    var rng = SeededRandom(seed: 0x7E57_3A5C)
    print("compositeOverTransparentEqualsFill seed 0x7E573A5C")
    let (w, h) = (37, 11)
    let mask = CoverageMask(
      width: w, height: h, values: (0..<(w * h)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    let image = RGBAImage(
      width: w, height: h,
      pixels: (0..<(w * h * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    let viaOver = mask.composited(fill: image, over: .transparent)
    #expect(viaOver == mask.filled(with: image))
    // And the general source-over path agrees with the integer fill path
    // when drawn onto a transparent canvas.
    var canvas = RGBAImage(width: w, height: h)
    canvas.drawOver(mask.filled(with: image), at: 0, 0)
    #expect(canvas == mask.filled(with: image))
  }

  /// A deep fill composites at 16 bits: hand-computed values, and every
  /// 8-bit fill widened gives the 8-bit result within a level of
  /// premultiplied colour (straight colour under a tiny alpha is not
  /// comparable: the 8-bit result rounds such pixels to transparent).
  @Test func deepCompositeKeepsSixteenBits() {
    // Opaque 1000 of 65535 at coverage 128 over black: 1000·128/255 =
    // 501.96 → 502, a value no 8-bit result has; over white 65535: 1000·α +
    // 65535·(1 − α) = 501.96 + 32639 → 33141.
    var image = RGBA16Image(width: 1, height: 1)
    image[0, 0] = RGBA16(1000, 0, 0)
    let mask = CoverageMask(width: 1, height: 1, values: [128])
    #expect(mask.composited(fill: image, over: .black)[0, 0] == RGBA16(502, 0, 0, 65535))
    #expect(mask.composited(fill: image, over: .white)[0, 0].r == 33141)
    #expect(mask.filled(with: image)[0, 0] == RGBA16(1000, 0, 0, 32896))  // 65535·128/255 = 32896
    var rng = SeededRandom(seed: 0x7E57_3A5D)
    let (w, h) = (29, 13)
    let random = CoverageMask(
      width: w, height: h, values: (0..<(w * h)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    let eight = RGBAImage(
      width: w, height: h,
      pixels: (0..<(w * h * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    for background in [RGBA8.transparent, RGBA8(0, 0, 255, 128), RGBA8(20, 200, 90)] {
      let deep = random.composited(fill: RGBA16Image(eight), over: background).rounded8()
      let shallow = random.composited(fill: eight, over: background)
      var worst = 0.0
      for i in stride(from: 0, to: deep.pixels.count, by: 4) {
        let (ad, as8) = (Double(deep.pixels[i + 3]), Double(shallow.pixels[i + 3]))
        worst = max(worst, abs(ad - as8))
        for k in 0..<3 {
          let d = Double(deep.pixels[i + k]) * ad - Double(shallow.pixels[i + k]) * as8
          worst = max(worst, abs(d) / 255)
        }
      }
      #expect(worst <= 1.5, "over \(background): \(worst) levels")
    }
  }

  @Test func drawOverClipsAtTheEdges() {
    var canvas = RGBAImage(width: 3, height: 3, fill: .black)
    let red = RGBAImage(width: 2, height: 2, fill: RGBA8(255, 0, 0))
    canvas.drawOver(red, at: -1, -1)
    #expect(canvas[0, 0] == RGBA8(255, 0, 0))
    for (x, y) in [(1, 0), (0, 1), (1, 1), (2, 2)] { #expect(canvas[x, y] == .black) }
    canvas.drawOver(red, at: 2, 2)
    #expect(canvas[2, 2] == RGBA8(255, 0, 0))
    canvas.drawOver(red, at: 5, -7)  // entirely outside: no change, no trap
    #expect(canvas[1, 1] == .black)
  }
}
