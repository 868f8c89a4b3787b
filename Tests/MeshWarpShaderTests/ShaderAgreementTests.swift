import MeshWarpCore
import Testing
import _TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shipped Metal shader (compiled as C++) against MeshMapping (Double),
/// at every pixel centre of 512×512: inside/outside decisions agree except
/// within 1e-3 px of a warped quad edge, and source positions agree within
/// 1e-3 px (off that band) in quads that keep rule 4 of the original MeshWarpEffect README (convex), where
/// the map magnifies by at most 30× (see ShaderComparison).
@Suite struct ShaderAgreementTests {
  static let side = 512

  @Test func jitteredGridsAgreeWithTheCore() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("ShaderAgreementTests.jitteredGrids seed: \(seed)")
    var rng = SeededRandom(seed: seed)
    for round in 0..<3 {
      let columns = Int.random(in: 2...12, using: &rng)
      let rows = Int.random(in: 2...12, using: &rng)
      let mesh = RandomMeshes.jitteredGrid(
        columns: columns, rows: rows, jitter: 0.4, jitterFrom: round % 2 == 1, using: &rng)
      let result = ShaderComparison(mesh: mesh, side: Self.side)
      print("grid \(columns)×\(rows): \(result)")
      #expect(result.agrees, "seed \(seed), round \(round): \(result)")
    }
  }

  @Test func overlappingQuadsAgreeWithTheCore() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("ShaderAgreementTests.overlappingQuads seed: \(seed)")
    var rng = SeededRandom(seed: seed)
    let mesh = RandomMeshes.scatteredQuads(count: 24, using: &rng)
    let result = ShaderComparison(mesh: mesh, side: Self.side)
    print("24 scattered quads: \(result)")
    #expect(result.agrees, "seed \(seed): \(result)")
  }

  @Test func identityMeshReturnsEveryPositionUnchanged() {
    for (columns, rows) in [(2, 2), (3, 5), (17, 9)] {
      let data = ShaderMeshData.pack(.identity(columns: columns, rows: rows))
      var worst: Float = 0
      var discarded = 0
      for y in stride(from: 0, to: Self.side, by: 3) {
        for x in 0..<Self.side {
          let (kept, source) = ShaderCall.run(data, size: 512, x: Float(x) + 0.5, y: Float(y) + 0.5)
          if !kept { discarded += 1 }
          worst = max(worst, abs(source.x - (Float(x) + 0.5)), abs(source.y - (Float(y) + 0.5)))
        }
      }
      #expect(discarded == 0, "\(columns)×\(rows)")
      #expect(worst <= 1e-4, "\(columns)×\(rows): worst \(worst) px")
    }
  }
}

/// The measurement behind the figures in Documentation/ShaderDataLayout.md:
/// `MESHWARP_SHADER_SWEEP=300 swift test --filter ShaderAgreementSweep` runs
/// that many random meshes (every 4th row of 512×512; set
/// MESHWARP_SHADER_SEED to replay) and prints the worst cases. Off by
/// default: it takes minutes.
@Suite struct ShaderAgreementSweep {
  static let rounds = Int(Environment.value("MESHWARP_SHADER_SWEEP") ?? "") ?? 0

  @Test(.enabled(if: rounds > 0)) func sweep() {
    let seed =
      UInt64(Environment.value("MESHWARP_SHADER_SEED") ?? "") ?? UInt64.random(in: 0...UInt64.max)
    print("ShaderAgreementSweep seed: \(seed), rounds: \(Self.rounds)")
    var rng = SeededRandom(seed: seed)
    var worst = 0.0
    var worstConcave = 0.0
    var worstMagnified = 0.0
    var worstAnywhere = 0.0
    var offEdge = 0
    var misses = 0
    var mismatches = 0
    var pixels = 0
    for round in 0..<Self.rounds {
      let mesh: WarpMesh
      switch round % 3 {
      case 0:
        mesh = RandomMeshes.jitteredGrid(
          columns: Int.random(in: 2...16, using: &rng), rows: Int.random(in: 2...16, using: &rng),
          jitter: 0.35, jitterFrom: false, using: &rng)
      case 1:
        mesh = RandomMeshes.jitteredGrid(
          columns: Int.random(in: 2...16, using: &rng), rows: Int.random(in: 2...16, using: &rng),
          jitter: 0.45, jitterFrom: true, using: &rng)
      default:
        mesh = RandomMeshes.scatteredQuads(count: Int.random(in: 1...40, using: &rng), using: &rng)
      }
      let result = ShaderComparison(mesh: mesh, side: 512, rowStride: 4)
      if !result.agrees { print("round \(round): \(result)") }
      worst = max(worst, result.maxError)
      worstConcave = max(worstConcave, result.maxErrorConcave)
      worstMagnified = max(worstMagnified, result.maxErrorMagnified)
      worstAnywhere = max(worstAnywhere, result.maxErrorAnywhere)
      offEdge += result.insideMismatchesOffEdge + result.positionMissesOffEdge
      misses += result.positionMisses
      mismatches += result.insideMismatches
      pixels += result.pixels
      #expect(result.agrees, "seed \(seed), round \(round): \(result)")
    }
    print(
      "sweep: \(pixels) px, worst off-edge error \(worst) px in convex quads, "
        + "\(worstConcave) px in concave quads, \(worstMagnified) px where magnified > "
        + "\(ShaderComparison.magnificationLimit)×, \(worstAnywhere) px anywhere; "
        + "inside/outside mismatches \(mismatches), position misses \(misses) (all within "
        + "\(ShaderComparison.edgeBand) px of an edge unless counted here: \(offEdge))")
  }
}

/// Reads the process environment.
enum Environment {
  static func value(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    return String(cString: raw)
  }
}
