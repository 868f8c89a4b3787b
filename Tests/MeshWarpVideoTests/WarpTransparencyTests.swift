import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// When a warp's frames can be transparent (a MOV then gets ProRes 4444):
/// decided from the request, conservatively.
@Suite struct WarpTransparencyTests {
  static let covering = WarpMesh.identity(columns: 3, rows: 3)
  /// The top-left corner pulled in: the output's corner is uncovered.
  static let uncovering: WarpMesh = {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh.pointPairs[0].to = CGPoint(x: 0.2, y: 0.1)
    return mesh
  }()

  static func possible(
    _ mesh: MeshAnimation, warp: WarpOptions = WarpOptions(), opaque: Bool = true,
    background: RGBA8? = nil, times: [Double] = [0]
  ) -> Bool {
    WarpTransparency.possible(
      sourceIsOpaque: opaque, mesh: mesh, warp: warp, background: background, times: times)
  }

  @Test func coverageEdgesSourceAndBackgroundDecide() throws {
    #expect(!Self.possible(.still(Self.covering)))
    #expect(Self.possible(.still(Self.uncovering)))
    #expect(Self.possible(.still(Self.covering), opaque: false))
    #expect(!Self.possible(.still(Self.uncovering), background: .white))
    var warp = WarpOptions()
    warp.edges = .unwarped
    #expect(!Self.possible(.still(Self.uncovering), warp: warp))
    warp.edges = .color
    warp.edgeColor = RGBA8(10, 20, 30, 255)
    #expect(!Self.possible(.still(Self.uncovering), warp: warp))
    warp.edgeColor = RGBA8(10, 20, 30, 128)
    #expect(Self.possible(.still(Self.uncovering), warp: warp))
    warp = WarpOptions()
    warp.addressMode = .clampToZero
    #expect(Self.possible(.still(Self.covering), warp: warp))
  }

  /// A morph that starts covered and uncovers later is caught by its
  /// keyframes and the sampled frame times, not only the first frame.
  @Test func laterFramesCount() throws {
    let morph = try MeshAnimation.between(Self.covering, Self.uncovering, duration: 1)
    #expect(Self.possible(morph, times: [0]))
    let times = WarpTransparency.sampleTimes(of: morph, framesPerSecond: 10)
    #expect(times.count == 11 && times.first == 0 && times.last == 1)
    let still = try MeshAnimation.between(Self.covering, Self.covering, duration: 1)
    #expect(!Self.possible(still, times: times))
  }
}
