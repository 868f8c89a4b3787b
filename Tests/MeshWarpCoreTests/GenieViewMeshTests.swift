import Foundation
import MeshWarpCore
import Testing

@Suite struct GenieViewMeshTests {
  let size = CGSize(width: 300, height: 200)
  let dock = CGRect(x: 120, y: 380, width: 60, height: 40)  // below the view

  @Test func progressZeroIsTheIdentityInViewCoordinates() throws {
    let g = try GenieViewMesh(viewSize: size, target: dock, progress: 0)
    for pair in g.mesh.pointPairs {
      #expect(abs(pair.to.x - pair.from.x) < 1e-12 && abs(pair.to.y - pair.from.y) < 1e-12)
    }
    #expect(g.maxSampleOffset.height >= 220 && g.maxSampleOffset.width > 0)
  }

  @Test func progressOneLandsInTheTarget() throws {
    for (edge, target) in [
      (GenieEdge.bottom, dock), (.top, CGRect(x: 100, y: -150, width: 50, height: 30)),
      (.right, CGRect(x: 500, y: 80, width: 40, height: 40)),
      (.left, CGRect(x: -90, y: 20, width: 30, height: 30)),
    ] {
      let g = try GenieViewMesh(viewSize: size, target: target, edge: edge, progress: 1)
      for pair in g.mesh.pointPairs {
        let p = CGPoint(x: pair.to.x * size.width, y: pair.to.y * size.height)
        #expect(target.insetBy(dx: -1e-6, dy: -1e-6).contains(p), "\(edge): \(p) outside \(target)")
      }
      #expect(g.mesh.validationErrors.isEmpty)
    }
  }

  @Test func overlappingTargetIsAnError() {
    #expect(throws: GenieError.self) {
      try GenieViewMesh(
        viewSize: size, target: CGRect(x: 10, y: 10, width: 20, height: 20), progress: 0.5)
    }
  }
}
