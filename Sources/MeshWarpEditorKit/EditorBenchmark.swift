import Foundation
import MeshWarpCore

/// `--benchmark-frames N`: renders frames in-process, without a window, and
/// reports median times, so the editor's frame cost can be measured on a
/// machine where a window's frame rate would mostly show the load.
package enum EditorBenchmark {
  /// Median milliseconds per frame and per part (``EditorSession/Frame``).
  package struct Result: Hashable, Sendable {
    package var frames: Int
    package var total: Double
    package var content: Double
    package var warp: Double
    package var overlay: Double

    /// "benchmark dragging: 30 frames 1280x720, 9x9 smooth: median 12.30 ms
    /// (content 0.50, warp 11.00, overlay 0.80) = 81.3 fps".
    package func line(session: EditorSession, label: String) -> String {
      let n = session.density
      return
        "benchmark \(label): \(frames) frames \(session.frameWidth)x\(session.frameHeight), "
        + "\(n)x\(session.mesh.grid?.rows ?? n)\(session.smooth ? " smooth" : ""): "
        + String(
          format: "median %.2f ms (content %.2f, warp %.2f, overlay %.2f) = %.1f fps", total,
          content, warp, overlay, 1000 / max(total, 1e-9))
    }
  }

  /// The benchmark's mesh: `density × density` points, the interior ones
  /// moved on a gentle wave (up to 3 % of the frame), so that every face is
  /// warped and some shrink.
  package static func wavyMesh(density: Int) -> WarpMesh {
    var mesh = WarpMesh.identity(columns: density, rows: density)
    for i in mesh.pointPairs.indices {
      let (c, r) = (i % density, i / density)
      guard c > 0, r > 0, c < density - 1, r < density - 1 else { continue }
      let p = Vector2(mesh.pointPairs[i].from)
      let offset = Vector2(sin(p.y * 2 * .pi), cos(p.x * 2 * .pi)) * 0.03
      mesh.pointPairs[i].to = (p + offset).cgPoint
    }
    return mesh
  }

  /// Prepares `session` (unless a mesh was opened: a 9×9 ``wavyMesh(density:)``,
  /// smooth on, the centre point selected so that the overlay draws it),
  /// then renders `frames` frames, advancing the clock by 1/60 s each,
  /// twice: while a drag moves the centre point by half a pixel every frame
  /// (every frame warps anew: what dragging costs), then idle (nothing
  /// changes but the content's own animation), then dragging again with the
  /// minification filter off (Q). Returns the three medians; the session is
  /// left as it was set up (filter on).
  package static func run(_ session: EditorSession, frames: Int, keepMesh: Bool) -> (
    dragging: Result, idle: Result, draggingUnfiltered: Result
  ) {
    if !keepMesh {
      session.mesh = wavyMesh(density: 9)
    }
    let centre = session.mesh.pointPairs.count / 2
    session.selectedPoint = centre
    if !session.smooth { session.handle(.key(.toggleSmooth)) }
    let n = max(frames, 1)
    func measure(moving: Bool) -> Result {
      var parts: [[Double]] = [[], [], [], []]
      for k in 0..<n {
        if moving {
          var p = Vector2(session.mesh.pointPairs[centre].to)
          p.x += (k % 2 == 0 ? 0.5 : -0.5) / Double(session.frameWidth)
          session.mesh.pointPairs[centre].to = p.cgPoint
        }
        session.advance(by: 1.0 / 60)
        let f = session.renderFrame()
        parts[0].append(f.totalMilliseconds)
        parts[1].append(f.contentMilliseconds)
        parts[2].append(f.warpMilliseconds)
        parts[3].append(f.overlayMilliseconds)
      }
      let m = parts.map(median)
      return Result(frames: n, total: m[0], content: m[1], warp: m[2], overlay: m[3])
    }
    let dragging = measure(moving: true)
    let idle = measure(moving: false)
    session.handle(.key(.toggleMinification))
    let unfiltered = measure(moving: true)
    session.handle(.key(.toggleMinification))
    return (dragging, idle, unfiltered)
  }

  /// The median of `values` (the mean of the middle two for an even count).
  package static func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }
}
