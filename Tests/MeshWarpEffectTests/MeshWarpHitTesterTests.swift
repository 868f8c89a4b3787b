import Foundation
import MeshWarpEffect
import Testing
import _TestSupport

/// Hit testing through a warp: a location on the warped view maps back to
/// the content point that is drawn there.
@Suite struct MeshWarpHitTesterTests {
  /// The original MeshWarpEffect README's card: one quad with the bottom-right corner pulled in.
  static let card: WarpMesh = {
    let corners = [
      CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1),
    ]
    var warped = corners
    warped[2] = CGPoint(x: 0.8, y: 0.75)
    return WarpMesh(
      pointPairs: zip(corners, warped).map { MeshPointPair(from: $0, to: $1) },
      faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
  }()

  @Test func cornersMapToCorners() throws {
    let tester = MeshWarpHitTester(mesh: Self.card)
    let size = CGSize(width: 300, height: 200)
    let pulled = try #require(tester.contentLocation(for: CGPoint(x: 240, y: 150), in: size))
    #expect(abs(pulled.x - 300) < 1e-9 && abs(pulled.y - 200) < 1e-9)
    let origin = try #require(tester.contentLocation(for: .zero, in: size))
    #expect(abs(origin.x) < 1e-9 && abs(origin.y) < 1e-9)
  }

  @Test func outsideTheWarpedQuadIsNil() {
    let tester = MeshWarpHitTester(mesh: Self.card)
    // Beyond the pulled-in corner: nothing is drawn there.
    #expect(
      tester.contentLocation(for: CGPoint(x: 295, y: 195), in: CGSize(width: 300, height: 200))
        == nil)
    #expect(tester.contentLocation(for: CGPoint(x: 10, y: 10), in: .zero) == nil)
  }

  @Test func warpedAndContentLocationsAreInverse() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("MeshWarpHitTesterTests seed: \(seed)")
    var rng = SeededRandom(seed: seed)
    let tester = MeshWarpHitTester(mesh: Self.card)
    let size = CGSize(width: 320, height: 240)
    for _ in 0..<500 {
      let content = CGPoint(x: rng.unit() * 320, y: rng.unit() * 240)
      let warped = try #require(tester.warpedLocation(for: content, in: size))
      let back = try #require(tester.contentLocation(for: warped, in: size))
      #expect(abs(back.x - content.x) < 1e-6 && abs(back.y - content.y) < 1e-6, "seed \(seed)")
    }
  }
}
