import Dispatch
import Foundation
import MeshWarpCore
import MeshWarpRender

/// The pixels of a mesh gradient where SwiftUI's `MeshGradient` is missing
/// (before iOS 18 / macOS 15 / tvOS 18 / visionOS 2): the package's CPU
/// renderer (``GradientRenderer`` in MeshWarpRender), the same one the
/// gradient tests compare with an independent reference. Portable, so the
/// pixels that ``MeshGradientView`` and ``MeshGradientStyle`` show on iOS 17
/// are tested on Linux: the SwiftUI files do not import MeshWarpRender and
/// get every pixel through ``premultipliedPixels(_:)`` (directly, or through
/// ``MeshGradientRenderLane``), which MeshGradientRasterTests checks.
package enum MeshGradientRaster {
  /// Largest side rendered, in pixels (a 4096² gradient is 64 MiB); larger
  /// views get a scaled-up rendering, which a smooth gradient hides.
  package static let maximumSide = 4096
  /// Pixel count above which rendering leaves the main thread: 512² px,
  /// about 1 ms at the measured 7.9 ms for a 1920 × 1080 3×3 gradient on
  /// one core (Documentation/Performance.md).
  package static let asynchronousPixelCount = 512 * 512
  /// Threads of one background render: half the active cores, at least one,
  /// so that an animation's renders leave the rest of the machine to the app
  /// (at most one background render runs per view: ``MeshGradientRenderLane``).
  package static let backgroundThreads = max(
    1, ProcessInfo.processInfo.activeProcessorCount / 2)

  /// What a bitmap depends on: the gradient and the pixel size. Views and
  /// styles re-render only when it changes.
  package struct Key: Hashable, Sendable {
    package var mesh: GradientMesh
    package var width: Int
    package var height: Int

    package init(mesh: GradientMesh, width: Int, height: Int) {
      self.mesh = mesh
      self.width = width
      self.height = height
    }

    /// The key of `mesh` drawn over `size` points at `scale` pixels per
    /// point (``pixelSize(for:scale:)``).
    package init(mesh: GradientMesh, size: CGSize, scale: Double) {
      let pixels = MeshGradientRaster.pixelSize(for: size, scale: scale)
      self.init(mesh: mesh, width: pixels.width, height: pixels.height)
    }

    /// Whether its bitmap is rendered off the main thread.
    package var rendersAsynchronously: Bool {
      MeshGradientRaster.rendersAsynchronously(width: width, height: height)
    }
  }

  /// The bitmap size for a view of `size` points at `scale` pixels per
  /// point: rounded up, at least 1 × 1, each side capped at ``maximumSide``.
  package static func pixelSize(for size: CGSize, scale: Double) -> (width: Int, height: Int) {
    func side(_ points: CGFloat) -> Int {
      let pixels = (Double(points) * scale).rounded(.up)
      guard pixels.isFinite, pixels >= 1 else { return 1 }
      return Int(min(pixels, Double(maximumSide)))
    }
    return (side(size.width), side(size.height))
  }

  /// Whether a bitmap of this size is rendered off the main thread.
  package static func rendersAsynchronously(width: Int, height: Int) -> Bool {
    width * height > asynchronousPixelCount
  }

  /// `mesh` rendered at `width × height` pixels by ``GradientRenderer`` with
  /// its default options (sRGB-encoded, straight alpha, dithered) on
  /// `threads` threads (0: every core; the image is the same for any number).
  package static func render(_ mesh: GradientMesh, width: Int, height: Int, threads: Int = 0)
    -> RGBAImage
  {
    var renderer = GradientRenderer()
    renderer.options.threads = threads
    return renderer.render(mesh, width: width, height: height)
  }

  /// The bytes the SwiftUI layer wraps in a CGImage for `key`:
  /// ``render(_:width:height:threads:)`` then ``premultipliedBytes(_:)``
  /// (`key.width × key.height` RGBA, premultiplied, sRGB). The one source
  /// of the iOS 17 path's pixels.
  package static func premultipliedPixels(_ key: Key, threads: Int = 0) -> [UInt8] {
    premultipliedBytes(render(key.mesh, width: key.width, height: key.height, threads: threads))
  }

  /// The bytes of `image` with premultiplied alpha (R·A/255 rounded to
  /// nearest), the layout a Core Graphics bitmap context takes
  /// (`CGImageAlphaInfo.premultipliedLast`).
  package static func premultipliedBytes(_ image: RGBAImage) -> [UInt8] {
    var bytes = image.pixels
    var i = 0
    while i < bytes.count {
      let a = UInt32(bytes[i + 3])
      if a != 255 {
        for c in 0..<3 {
          bytes[i + c] = UInt8((UInt32(bytes[i + c]) * a + 127) / 255)
        }
      }
      i += 4
    }
    return bytes
  }
}

/// One view's background gradient renders: at most one runs at a time (on
/// a serial queue, with ``MeshGradientRaster/backgroundThreads`` threads).
///
/// Liveness first: a render that has started always finishes and is
/// offered for publication, and ``publishableRender(_:)`` publishes it
/// when it is newer than the bitmap on screen, even if a newer request
/// (the next animation frame) superseded it while it ran. Only requests
/// still queued when they come up are dropped: a newer one follows them,
/// or their task was cancelled (the view went away). Under
/// `TimelineView(.animation)` the key changes every frame, so dropping
/// superseded renders after the fact would publish nothing once one render
/// takes longer than a frame (`MeshGradientLaneLiveness` drives that case).
///
/// Cheap to make: SwiftUI evaluates `@State`'s initial value on every view
/// init and keeps only the first, so the queue is made on the first
/// request.
package final class MeshGradientRenderLane: @unchecked Sendable {
  /// A finished render: its request's generation and its bytes.
  package struct Render: Sendable {
    package var generation: Int
    package var bytes: [UInt8]
  }

  private let lock = NSLock()
  /// The serial queue renders run on (guarded by `lock`): given, or made
  /// on first use.
  private var queue: DispatchQueue?
  /// Renders a key (the raster's pixels, or a test's stand-in).
  private let render: @Sendable (MeshGradientRaster.Key) -> [UInt8]
  /// The generation of the newest request (guarded by `lock`).
  private var newest = 0
  /// Cancelled requests that have not started (guarded by `lock`).
  private var cancelled: Set<Int> = []
  /// The generation of the bitmap on screen (guarded by `lock`).
  private var published = 0

  /// - Parameters:
  ///   - queue: the serial queue renders run on (tests pass one they
  ///     suspend); by default a user-initiated one, made on first use.
  ///   - render: the bytes of a key; by default
  ///     ``MeshGradientRaster/premultipliedPixels(_:threads:)`` on
  ///     ``MeshGradientRaster/backgroundThreads`` threads.
  package init(
    queue: DispatchQueue? = nil,
    render: @escaping @Sendable (MeshGradientRaster.Key) -> [UInt8] = {
      MeshGradientRaster.premultipliedPixels($0, threads: MeshGradientRaster.backgroundThreads)
    }
  ) {
    self.queue = queue
    self.render = render
  }

  /// The number of requests so far.
  package var requestCount: Int { lock.withLock { newest } }

  /// Whether the lane has made or been given its queue.
  package var hasQueue: Bool { lock.withLock { queue != nil } }

  /// A new generation for a render made outside the lane (the view's small,
  /// synchronous ones), so that ``publish(_:)`` orders it with the rest.
  package func nextGeneration() -> Int {
    lock.withLock {
      newest += 1
      return newest
    }
  }

  /// Marks the render of `generation` as on screen if it is newer than the
  /// one there; returns whether it is.
  package func publish(_ generation: Int) -> Bool {
    lock.withLock {
      guard generation > published else { return false }
      published = generation
      return true
    }
  }

  /// The render of `key` on the lane's queue; `nil` when the request was
  /// still queued when a newer one arrived or its task was cancelled (it
  /// never started). A render that started is always returned.
  package func pixels(_ key: MeshGradientRaster.Key) async -> Render? {
    let generation = nextGeneration()
    let runQueue = lock.withLock { () -> DispatchQueue in
      if let given = self.queue { return given }
      let made = DispatchQueue(label: "MeshWarpEffect.MeshGradientRenderLane", qos: .userInitiated)
      self.queue = made
      return made
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Render?, Never>) in
        runQueue.async {
          let starts = self.lock.withLock {
            self.cancelled.remove(generation) == nil && self.newest == generation
          }
          guard starts else { return continuation.resume(returning: nil) }
          continuation.resume(returning: Render(generation: generation, bytes: self.render(key)))
        }
      }
    } onCancel: {
      self.lock.withLock { _ = self.cancelled.insert(generation) }
    }
  }

  /// What the view publishes for `key`: the lane's render of it when it is
  /// newer than the bitmap on screen (``publish(_:)``), whether or not the
  /// calling task was cancelled meanwhile; else `nil`.
  package func publishableRender(_ key: MeshGradientRaster.Key) async -> Render? {
    guard let render = await pixels(key), publish(render.generation) else { return nil }
    return render
  }
}

/// The few most recently used bitmaps (or anything made from one) by key,
/// at most `maximumPixels` pixels in all (the newest is always kept), for
/// the style, which SwiftUI may resolve many times for one mesh and size.
package final class MeshGradientCache<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private let maximumPixels: Int
  /// Least recently used first (guarded by `lock`).
  private var entries: [(key: MeshGradientRaster.Key, value: Value)] = []

  package init(maximumPixels: Int) {
    self.maximumPixels = maximumPixels
  }

  /// The keys held, least recently used first.
  package var keys: [MeshGradientRaster.Key] { lock.withLock { entries.map(\.key) } }

  /// The value for `key`: the cached one, else `make()`'s (cached unless
  /// `nil`). `make` runs outside the lock.
  package func value(for key: MeshGradientRaster.Key, make: () -> Value?) -> Value? {
    if let hit = lock.withLock({ () -> Value? in
      guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = entries.remove(at: i)
      entries.append(entry)
      return entry.value
    }) {
      return hit
    }
    guard let value = make() else { return nil }
    lock.withLock {
      entries.removeAll { $0.key == key }
      entries.append((key, value))
      var pixels = entries.reduce(0) { $0 + $1.key.width * $1.key.height }
      while entries.count > 1, pixels > maximumPixels {
        let evicted = entries.removeFirst()
        pixels -= evicted.key.width * evicted.key.height
      }
    }
    return value
  }
}

extension GradientMesh {
  /// The numbers SwiftUI animates: each location's position (and, for
  /// Bézier points, its four handles) as x, y pairs, then each colour's red,
  /// green, blue and alpha, then the background's. Setting a vector of
  /// another length (a change of grid shape) is ignored, so such a change
  /// jumps instead of animating.
  package var animatableValues: [Double] {
    get {
      var values: [Double] = []
      switch locations {
      case .points(let points):
        for p in points { values += [p.x, p.y] }
      case .bezierPoints(let points):
        for b in points {
          for p in [
            b.position, b.leadingControlPoint, b.topControlPoint, b.trailingControlPoint,
            b.bottomControlPoint,
          ] {
            values += [p.x, p.y]
          }
        }
      }
      for color in colors + [background] {
        values += [color.red, color.green, color.blue, color.alpha]
      }
      return values
    }
    set {
      guard newValue.count == animatableValues.count else { return }
      var i = 0
      func next() -> Vector2 {
        defer { i += 2 }
        return Vector2(newValue[i], newValue[i + 1])
      }
      switch locations {
      case .points(let points):
        locations = .points(points.map { _ in next() })
      case .bezierPoints(let points):
        locations = .bezierPoints(
          points.map { _ in
            let position = next()
            let leading = next()
            let top = next()
            let trailing = next()
            let bottom = next()
            return BezierPoint(
              position: position, leadingControlPoint: leading, topControlPoint: top,
              trailingControlPoint: trailing, bottomControlPoint: bottom)
          })
      }
      func nextColor() -> GradientColor {
        defer { i += 4 }
        return GradientColor(
          red: newValue[i], green: newValue[i + 1], blue: newValue[i + 2], alpha: newValue[i + 3])
      }
      colors = colors.map { _ in nextColor() }
      background = nextColor()
    }
  }
}
