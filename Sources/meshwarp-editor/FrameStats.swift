import Foundation
import MeshWarpEditorKit

/// Frame times: recent figures for the title, all of them for the summary
/// printed at exit.
struct FrameStats {
  var intervals: [Double] = []
  var render: [Double] = []
  var warp: [Double] = []
  var content: [Double] = []
  var overlay: [Double] = []
  var present: [Double] = []

  mutating func recordInterval(milliseconds: Double, first: Bool) {
    if !first { intervals.append(milliseconds) }
  }

  mutating func record(_ frame: EditorSession.Frame, presentMilliseconds: Double) {
    present.append(presentMilliseconds)
    render.append(frame.totalMilliseconds)
    warp.append(frame.warpMilliseconds)
    content.append(frame.contentMilliseconds)
    overlay.append(frame.overlayMilliseconds)
  }

  /// Frames per second and mean render and warp milliseconds over the last
  /// 30 frames.
  func recent() -> (fps: Double, renderMilliseconds: Double, warpMilliseconds: Double) {
    func mean(_ a: ArraySlice<Double>) -> Double {
      a.isEmpty ? 0 : a.reduce(0, +) / Double(a.count)
    }
    let i = mean(intervals.suffix(30))
    return (i > 0 ? 1000 / i : 0, mean(render.suffix(30)), mean(warp.suffix(30)))
  }

  static func median(_ a: [Double]) -> Double { percentile(a, 0.5) }

  static func percentile(_ a: [Double], _ p: Double) -> Double {
    guard !a.isEmpty else { return 0 }
    let s = a.sorted()
    return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
  }

  /// The process's CPU time so far (user + system, every thread, SDL's and
  /// the GL driver's included), in milliseconds.
  static func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1e3 + Double(t.tv_usec) / 1e3 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
  }

  /// One line: frames, mean fps, render median and 95th percentile, the
  /// medians of its parts, and CPU time per frame (all threads; on a busy
  /// machine wall times grow with the load, CPU time much less).
  func summary() -> String {
    let total = intervals.reduce(0, +)
    let fps = total > 0 ? Double(intervals.count) / total * 1000 : 0
    let cpu = render.isEmpty ? 0 : Self.cpuMilliseconds() / Double(render.count)
    return String(
      format:
        "stats: %d frames, %.1f fps; render median %.2f ms, p95 %.2f ms "
        + "(content %.2f, warp %.2f, overlay %.2f ms median); present %.2f ms median; "
        + "CPU %.1f ms per frame",
      render.count, fps, Self.median(render), Self.percentile(render, 0.95), Self.median(content),
      Self.median(warp), Self.median(overlay), Self.median(present), cpu)
  }
}
