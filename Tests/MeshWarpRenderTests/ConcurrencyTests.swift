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

  /// The opacity scan in row bands finds one translucent pixel wherever it
  /// lies (the first, the last, at a band's edge or anywhere), with any
  /// thread count, as the one-thread scan does.
  @Test(arguments: [1, 2, 3, 16])
  func parallelOpacityScanFindsOneTranslucentPixel(threads: Int) {
    let (w, h) = (601, 457)  // over the parallel threshold, odd sizes
    var image = RGBAImage(width: w, height: h, fill: RGBA8(10, 20, 30))
    let before = image.isOpaque(threads: threads)
    #expect(before)
    var rng = SeededRandom(seed: 0x0A1F)
    let edges = [0, w * h - 1, w * (h / 2), w * (h / 2) - 1, w * (h / 4), w * h / 3 - 1]
    for i in edges + (0..<24).map({ _ in Int(rng.next() % UInt64(w * h)) }) {
      image[i % w, i / w] = RGBA8(1, 2, 3, 254)
      // (Bools, not the image, in the message.)
      let (parallel, serial) = (image.isOpaque(threads: threads), image.isOpaque)
      #expect(!parallel, "translucent pixel \(i)")
      #expect(!serial, "translucent pixel \(i), one thread")
      image[i % w, i / w] = RGBA8(1, 2, 3, 255)
    }
    let after = image.isOpaque(threads: threads)
    #expect(after)
  }

  /// Every row lands in exactly one band, whatever the thread count.
  @Test(arguments: [0, 1, 2, 3, 5, 16])
  func rowBandsCoverEveryRowOnce(threads: Int) {
    for rows in [1, 7, 8, 9, 100, 1080] {
      let visits = Mutex([Int](repeating: 0, count: rows))
      forEachRowBand(rows: rows, threads: threads) { band in
        visits.withLock { for row in band { $0[row] += 1 } }
      }
      #expect(visits.withLock { $0 } == [Int](repeating: 1, count: rows), "\(rows) rows")
    }
  }

  /// A thread held up in one band does not hold up the others: they take
  /// every band left, as a fixed share per thread would not. Three threads,
  /// so that the count differs from this machine's cores (with every core
  /// asked for, the bands were always handed out as threads came). The
  /// first band is held until every other band has run, not for a fixed
  /// time: tests running at once share the thread pool, and under load the
  /// other threads may start late (a one-second hold failed so). With a
  /// fixed share per thread the hold ends after 30 s and the test fails.
  @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two cores"))
  func aSlowBandDoesNotHoldBackTheRest() {
    let owners = Mutex([Int: ObjectIdentifier]())
    forEachRowBand(rows: 64, threads: 3) { band in
      let me = ObjectIdentifier(Thread.current)
      owners.withLock { $0[band.lowerBound] = me }
      guard band.lowerBound == 0 else { return }
      let deadline = Date().addingTimeInterval(30)
      while owners.withLock({ $0.count }) < 8 && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
    let all = owners.withLock { $0 }
    #expect(all.count == 8)
    let slow = all[0]
    #expect(all.values.filter { $0 == slow }.count == 1, "bands of the slow thread: \(all)")
  }
}
