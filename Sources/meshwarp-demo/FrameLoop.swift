import CSDL2
import Foundation
import MeshWarpDemoKit

/// The event loop: per frame, play the script's step, translate SDL events
/// into ``DemoEvent``s, advance the clock, render, present, save requested
/// frames, update the title, and wait for the next frame.
///
/// Pacing: with vsync the present blocks until the display's refresh;
/// without it (Xvfb, the offscreen driver) a deadline one frame interval
/// after the last one is slept to with `SDL_Delay` (whole milliseconds),
/// then the rest busy-free polled — a late frame resets the deadline rather
/// than rushing to catch up.
final class FrameLoop {
  let session: DemoSession
  let window: SDLDemoWindow
  let script: ScriptPlayer
  let frameLimit: Int?
  /// Frame interval in performance-counter ticks; 0 renders unthrottled.
  let interval: UInt64
  let frequency = SDL_GetPerformanceFrequency()
  var stats = FrameStats()

  init(
    session: DemoSession, window: SDLDemoWindow, script: ScriptPlayer, frameLimit: Int?, fps: Int?
  ) {
    self.session = session
    self.window = window
    self.script = script
    self.frameLimit = frameLimit
    let rate = fps ?? window.refreshRate
    interval = rate > 0 ? SDL_GetPerformanceFrequency() / UInt64(rate) : 0
  }

  /// Runs until quit or the frame limit; returns the exit code (1 when a
  /// frame could not be saved, else 0).
  func run() -> Int32 {
    session.start()
    var failures = 0
    var last = SDL_GetPerformanceCounter()
    var deadline = last
    var titleUpdate = last
    var frames = 0
    var quit = false
    while !quit {
      let frameStart = SDL_GetPerformanceCounter()
      script.pump(windowID: window.windowID)
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 {
        if event.type == SDL_QUIT.rawValue {
          if !quit { DemoLog.line("quit") }
          quit = true
        } else if let path = script.savePath(for: event) {
          session.handle(.save(path: path))
        } else if let demoEvent = Self.translate(event) {
          session.handle(demoEvent)
        }
      }
      if session.quitRequested { quit = true }
      if quit { break }
      session.advance(by: seconds(frameStart - last))
      stats.recordInterval(milliseconds: seconds(frameStart - last) * 1e3, first: frames == 0)
      last = frameStart
      let frame = session.renderFrame()
      window.present(frame.image)
      stats.record(frame)
      for path in session.takePendingSaves() {
        do {
          try DemoFiles.write(frame.image, to: path)
          DemoLog.line("saved: \(path)")
        } catch {
          failures += 1
          DemoLog.line("save failed: \(path): \(error)")
        }
      }
      frames += 1
      let now = SDL_GetPerformanceCounter()
      if now - titleUpdate >= frequency / 2 {
        titleUpdate = now
        window.setTitle(title())
      }
      if let frameLimit, frames >= frameLimit {
        DemoLog.line("frames: limit of \(frameLimit) reached")
        break
      }
      deadline = pace(after: deadline)
    }
    DemoLog.line(stats.summary())
    return failures > 0 ? 1 : 0
  }

  /// Sleeps until one interval after `deadline`; returns the new deadline.
  func pace(after deadline: UInt64) -> UInt64 {
    guard interval > 0 else { return SDL_GetPerformanceCounter() }
    var target = deadline + interval
    let now = SDL_GetPerformanceCounter()
    if now >= target {
      // Late (or vsync already waited): start the next interval from now.
      return now >= target + interval ? now : target
    }
    let ms = UInt32(Double(target - now) / Double(frequency) * 1e3)
    if ms > 1 { SDL_Delay(ms - 1) }
    while SDL_GetPerformanceCounter() < target { SDL_Delay(0) }
    target = max(target, deadline)
    return target
  }

  func seconds(_ ticks: UInt64) -> Double { Double(ticks) / Double(frequency) }

  /// "meshwarp-demo — 60.0 fps — render 4.2 ms — 3x3 transparent AA".
  func title() -> String {
    let s = stats.recent()
    return String(
      format: "meshwarp-demo — %.1f fps — render %.1f ms (warp %.1f) — %dx%d %@%@%@",
      s.fps, s.renderMilliseconds, s.warpMilliseconds, session.density, session.density,
      session.edges.rawValue, session.antialias ? " AA" : "", session.paused ? " paused" : "")
  }

  /// The demo's reading of an SDL event; `nil` for events it ignores.
  /// Window pixel (i, j) becomes the point (i + 0.5, j + 0.5), its centre.
  static func translate(_ event: SDL_Event) -> DemoEvent? {
    func point(_ x: Int32, _ y: Int32) -> Vector2 { Vector2(Double(x) + 0.5, Double(y) + 0.5) }
    switch event.type {
    case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .mouseDown(point(event.button.x, event.button.y))
    case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .mouseUp(point(event.button.x, event.button.y))
    case SDL_MOUSEMOTION.rawValue:
      return .mouseMove(point(event.motion.x, event.motion.y))
    case SDL_KEYDOWN.rawValue where event.key.repeat == 0:
      let name = String(cString: SDL_GetKeyName(event.key.keysym.sym))
      return DemoKey(name: name).map { .key($0) }
    default:
      return nil
    }
  }
}
