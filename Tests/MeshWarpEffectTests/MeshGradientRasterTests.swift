import Dispatch
import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing

@testable import MeshWarpEffect

/// The portable part of MeshGradientView's iOS 17 path: description → pixels.
@Suite struct MeshGradientRasterTests {
  /// The pixels are exactly GradientRenderer's (the renderer the gradient
  /// tests compare with the independent reference), for points and Bézier
  /// locations, both colour spaces and smoothing off.
  @Test func pixelsAreTheRenderersPixels() {
    var bezier = GradientPresets.meshing(at: 1.5)
    if case .points(let points) = bezier.locations {
      bezier.locations = .bezierPoints(points.map { GradientMesh.BezierPoint(position: $0) })
    }
    var flat = GradientPresets.meshing(at: 0.25)
    flat.smoothsColors = false
    flat.colorSpace = .perceptual
    for mesh in [GradientPresets.meshing(at: 0), bezier, flat] {
      let reference = GradientRenderer().render(mesh, width: 61, height: 37)
      let raster = MeshGradientRaster.render(mesh, width: 61, height: 37)
      #expect(raster == reference)
      #expect(raster.pixels.contains { $0 != 0 })
      // What the SwiftUI layer wraps in a CGImage (MeshGradientView and
      // MeshGradientStyle call only this): the renderer's pixels,
      // premultiplied, for any thread count.
      let key = MeshGradientRaster.Key(mesh: mesh, width: 61, height: 37)
      let expected = MeshGradientRaster.premultipliedBytes(reference)
      for threads in [0, 1, MeshGradientRaster.backgroundThreads] {
        #expect(MeshGradientRaster.premultipliedPixels(key, threads: threads) == expected)
      }
    }
  }

  /// The link from the SwiftUI glue to the renderer is structural: only the
  /// portable MeshGradientRaster.swift imports MeshWarpRender, so the
  /// SwiftUI files cannot name `GradientRenderer` and get their pixels
  /// from `MeshGradientRaster.premultipliedPixels`, tested above.
  @Test func theSwiftUILayerGetsItsPixelsOnlyFromTheRaster() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/MeshWarpEffect")
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.contains("MeshGradientView.swift") && files.contains("MeshGradientStyle.swift"))
    for file in files where file != "MeshGradientRaster.swift" {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let imports = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") }
      #expect(!imports.contains { $0.contains("MeshWarpRender") }, "\(file) imports MeshWarpRender")
    }
    let view = try String(
      contentsOf: sources.appendingPathComponent("MeshGradientView.swift"), encoding: .utf8)
    #expect(view.contains("MeshGradientRaster.premultipliedPixels(key"))
    #expect(view.contains("lane.publishableRender(key)"))
    let style = try String(
      contentsOf: sources.appendingPathComponent("MeshGradientStyle.swift"), encoding: .utf8)
    #expect(style.contains("MeshGradientRaster.premultipliedPixels(key)"))
  }

  /// Waits (up to 10 s) until `lane` has seen `count` requests.
  static func waitForRequests(_ lane: MeshGradientRenderLane, _ count: Int) async {
    for _ in 0..<10_000 where lane.requestCount < count {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }

  /// A render that a newer request supersedes before it starts is dropped
  /// (`nil`); the newest gets the raster's pixels.
  @Test func laneDropsSupersededRenders() async {
    let queue = DispatchQueue(label: "MeshGradientRasterTests.lane")
    queue.suspend()
    let lane = MeshGradientRenderLane(queue: queue)
    let old = MeshGradientRaster.Key(mesh: GradientPresets.meshing(at: 0), width: 24, height: 16)
    let new = MeshGradientRaster.Key(mesh: GradientPresets.meshing(at: 1), width: 24, height: 16)
    async let first = lane.pixels(old)
    await Self.waitForRequests(lane, 1)
    async let second = lane.pixels(new)
    await Self.waitForRequests(lane, 2)
    queue.resume()
    let (a, b) = await (first, second)
    #expect(a == nil)
    #expect(b?.bytes == MeshGradientRaster.premultipliedPixels(new))
    // A later request, once the lane is idle, renders too.
    #expect(await lane.pixels(old)?.bytes == MeshGradientRaster.premultipliedPixels(old))
  }

  /// A cancelled request that has not started (task(id:) cancels the
  /// previous task when the key changes) is dropped too.
  @Test func laneDropsCancelledRenders() async {
    let queue = DispatchQueue(label: "MeshGradientRasterTests.cancel")
    queue.suspend()
    let lane = MeshGradientRenderLane(queue: queue)
    let key = MeshGradientRaster.Key(mesh: GradientPresets.meshing(at: 0), width: 8, height: 8)
    let task = Task { await lane.pixels(key) }
    await Self.waitForRequests(lane, 1)
    task.cancel()
    queue.resume()
    #expect(await task.value == nil)
  }

  /// Making a lane makes no queue (SwiftUI evaluates `@State`'s initial
  /// value on every view init); the first request does.
  @Test func laneMakesItsQueueOnFirstUse() async {
    let lane = MeshGradientRenderLane()
    #expect(!lane.hasQueue)
    let key = MeshGradientRaster.Key(mesh: GradientPresets.meshing(at: 0), width: 4, height: 4)
    #expect(await lane.pixels(key)?.bytes == MeshGradientRaster.premultipliedPixels(key))
    #expect(lane.hasQueue)
  }

  /// The style's cache: hits do not render again, the least recently used
  /// entries go first past the pixel budget, the newest always stays, and a
  /// failed make is not cached.
  @Test func cacheKeepsTheMostRecentlyUsedWithinItsBudget() {
    let mesh = GradientPresets.meshing(at: 0)
    let k1 = MeshGradientRaster.Key(mesh: mesh, width: 10, height: 10)
    let k2 = MeshGradientRaster.Key(mesh: mesh, width: 10, height: 11)
    let k3 = MeshGradientRaster.Key(mesh: mesh, width: 10, height: 12)
    let cache = MeshGradientCache<Int>(maximumPixels: 250)
    var makes = 0
    let v1 = cache.value(for: k1) {
      makes += 1
      return 1
    }
    let v2 = cache.value(for: k2) {
      makes += 1
      return 2
    }
    let hit = cache.value(for: k1) {
      makes += 1
      return -1
    }
    #expect(v1 == 1 && v2 == 2 && hit == 1)
    #expect(makes == 2)
    let v3 = cache.value(for: k3) {
      makes += 1
      return 3
    }
    #expect(v3 == 3)
    #expect(cache.keys == [k1, k3])
    let failed = cache.value(for: k2) { nil }
    #expect(failed == nil)
    #expect(cache.keys == [k1, k3])
    let huge = MeshGradientRaster.Key(mesh: mesh, width: 100, height: 100)
    let v4 = cache.value(for: huge) { 4 }
    #expect(v4 == 4)
    #expect(cache.keys == [huge])
  }

  @Test func pixelSizeRoundsUpAndCaps() {
    #expect(
      MeshGradientRaster.pixelSize(for: CGSize(width: 100.2, height: 50), scale: 3) == (301, 150))
    #expect(MeshGradientRaster.pixelSize(for: .zero, scale: 2) == (1, 1))
    #expect(
      MeshGradientRaster.pixelSize(for: CGSize(width: 1e6, height: .nan), scale: 2)
        == (MeshGradientRaster.maximumSide, 1))
    #expect(!MeshGradientRaster.rendersAsynchronously(width: 512, height: 512))
    #expect(MeshGradientRaster.rendersAsynchronously(width: 513, height: 512))
    let key = MeshGradientRaster.Key(
      mesh: GradientPresets.meshing(at: 0), size: CGSize(width: 100.2, height: 50), scale: 3)
    #expect(key.width == 301 && key.height == 150 && !key.rendersAsynchronously)
    #expect(MeshGradientRaster.backgroundThreads >= 1)
  }

  @Test func premultipliesLikeCoreGraphicsExpects() {
    let image = RGBAImage(
      width: 3, height: 1, pixels: [200, 100, 50, 255, 200, 100, 50, 128, 9, 9, 9, 0])
    #expect(
      MeshGradientRaster.premultipliedBytes(image)
        == [200, 100, 50, 255, 100, 50, 25, 128, 0, 0, 0, 0])
  }

  /// The animatable vector round-trips, and interpolating it halfway moves
  /// points and colours halfway (what SwiftUI does between two meshes).
  @Test func animatableValuesRoundTripAndInterpolate() throws {
    let a = GradientPresets.meshing(at: 0)
    let b = GradientPresets.meshing(at: 2)
    var copy = a
    copy.animatableValues = a.animatableValues
    #expect(copy == a)
    var half = a
    half.animatableValues = zip(a.animatableValues, b.animatableValues).map { ($0 + $1) / 2 }
    let reference = try a.interpolated(to: b, fraction: 0.5)
    if case .points(let h) = half.locations, case .points(let r) = reference.locations {
      for (p, q) in zip(h, r) { #expect(abs(p.x - q.x) < 1e-12 && abs(p.y - q.y) < 1e-12) }
    } else {
      Issue.record("locations changed kind")
    }
    var wrong = a
    wrong.animatableValues = [1, 2, 3]
    #expect(wrong == a)
  }
}
