import MeshWarpCore
import Testing
import _TestSupport

/// Oklab conversions against published values, and round trips.
@Suite struct GradientOklabTests {
  @Test func publishedValues() {
    // CSS Color 4 (oklab() examples): sRGB red = oklab(0.62796 0.22486 0.12585),
    // white = (1, 0, 0), black = (0, 0, 0).
    let red = Oklab.fromEncodedSRGB(SIMD3(1, 0, 0))
    #expect(abs(red.x - 0.62796) < 2e-5)
    #expect(abs(red.y - 0.22486) < 2e-5)
    #expect(abs(red.z - 0.12585) < 2e-5)
    let white = Oklab.fromEncodedSRGB(SIMD3(1, 1, 1))
    #expect(abs(white.x - 1) < 1e-4 && abs(white.y) < 1e-4 && abs(white.z) < 1e-4)
    #expect(Oklab.fromEncodedSRGB(SIMD3(0, 0, 0)) == .zero)
  }

  @Test func transferFunction() {
    #expect(Oklab.decode(0) == 0)
    #expect(abs(Oklab.decode(1) - 1) < 1e-15)
    #expect(abs(Oklab.decode(0.5) - 0.21404114048223255) < 1e-12)
    #expect(abs(Oklab.encode(0.0031308) - 0.0031308 * 12.92) < 1e-12)
    #expect(Oklab.decode(-0.5) == -Oklab.decode(0.5))
  }

  @Test func roundTrip() {
    var rng = SeededRandom(seed: 0x6B1A_2024)
    print("GradientOklabTests.roundTrip seed 0x6B1A_2024")
    var worst = 0.0
    for _ in 0..<2000 {
      let rgb = SIMD3(rng.unit(), rng.unit(), rng.unit())
      let back = Oklab.toEncodedSRGB(Oklab.fromEncodedSRGB(rgb))
      let d = back - rgb
      worst = max(worst, abs(d.x), abs(d.y), abs(d.z))
    }
    // Ottosson's published M2 and its published inverse multiply to the
    // identity within 6.2e-8 (M1's pair within 2.4e-10); the cube and the
    // transfer function's slope (≤ 12.92) amplify that to 1.6e-6 measured,
    // 0.0004 of an 8-bit step.
    #expect(worst < 5e-6, "worst round-trip error \(worst)")
  }

  @Test func perceptualWorkingColorRoundTrips() {
    let color = GradientColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.6)
    let working = GradientMesh.workingColor(color, colorSpace: .perceptual)
    let back = GradientMesh.outputColor(workingSpace: working, colorSpace: .perceptual)
    #expect(abs(back.red - 0.2) < 5e-6 && abs(back.green - 0.7) < 5e-6)
    #expect(abs(back.blue - 0.4) < 5e-6 && abs(back.alpha - 0.6) < 1e-15)
  }
}
