import Dispatch
import Foundation
import MeshWarpRender
import Synchronization
import Testing
import _TestSupport

/// Many renders at once from many threads give the bytes of one at a time.
@Suite struct ConcurrencyTests {
  @Test func concurrentWarpsMatchSequentialOnes() {
    var rng = SeededRandom(seed: 0xC0C0)
    print("seed", 0xC0C0)
    let meshes = (0..<8).map { i in
      RandomMeshes.jitteredGrid(
        columns: 3 + i, rows: 3 + i % 4, jitter: 0.2, scale: 0.9, moveBorder: true, rng: &rng)
    }
    let src = TestImages.random(width: 48, height: 40, seed: 21)
    let expected = meshes.map {
      WarpRenderer.render(src, mesh: $0, options: WarpOptions(width: 64, height: 50, threads: 1))
    }
    let results = Mutex<[Int: RGBAImage]>([:])
    DispatchQueue.concurrentPerform(iterations: 32) { i in
      let image = WarpRenderer.render(
        src, mesh: meshes[i % 8], options: WarpOptions(width: 64, height: 50, threads: 1 + i % 3))
      results.withLock { $0[i] = image }
    }
    let all = results.withLock { $0 }
    #expect(all.count == 32)
    for (i, image) in all { #expect(image == expected[i % 8], "render \(i)") }
  }
}
