import CSDL2
import Foundation
import MeshWarpCore
import MeshWarpEditorKit

/// The event loop: per frame, play the script's step, translate SDL events
/// into ``EditorEvent``s, advance the clock, render, present, save requested
/// frames, update the title, and wait for the next frame.
///
/// Pacing (``Pacing``): where vsync works, the present blocks until the
/// display's refresh and nothing else waits. Where it does not (Xvfb, the
/// offscreen driver, drivers that accept the flag but do not block), a
/// deadline one frame interval after the last one is slept to with
/// `SDL_Delay` (whole milliseconds, then yields); a late frame resets the
/// deadline rather than rushing to catch up. Whether vsync works is
/// measured, not trusted: see ``reviewPacing()``.
final class FrameLoop {
  let session: EditorSession
  let window: SDLEditorWindow
  let script: ScriptPlayer
  let frameLimit: Int?
  /// The display for full screen.
  let display: Int
  /// Whether the window is full screen now.
  var isFullscreen = false
  /// Frame interval in performance-counter ticks; 0 renders unthrottled.
  let interval: UInt64
  let frequency = SDL_GetPerformanceFrequency()
  var stats = FrameStats()
  /// What paces the frames now.
  enum Pacing {
    /// Vsync is asked for; frames run unthrottled for one review period to
    /// see whether presents wait for the display.
    case probing
    /// Presents were seen to wait for the display: nothing else waits.
    case vsync
    /// The deadline timer (vsync absent, not blocking, or switched off).
    case timer
  }

  lazy var pacing: Pacing = window.hasVSync && interval > 0 ? .probing : .timer
  /// Whether the renderer currently syncs presents (``reviewPacing()``
  /// turns it off while frames are slower than the display).
  lazy var vsyncOn = window.hasVSync
  /// Frames per pacing review (empirical: enough for a stable median,
  /// short enough not to be noticed).
  static let reviewFrames = 30

  init(
    session: EditorSession, window: SDLEditorWindow, script: ScriptPlayer, frameLimit: Int?,
    fps: Int?,
    display: Int = 0
  ) {
    self.display = display
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
          if !quit { EditorLog.line("quit") }
          quit = true
        } else if let path = script.savePath(for: event) {
          session.handle(.save(path: path))
        } else if event.type == SDL_DROPFILE.rawValue {
          if let file = event.drop.file {
            let path = String(cString: file)
            SDL_free(file)
            EditorLog.line("dropped: \(path)")
            session.handle(.open(path: path))
          }
        } else if let demoEvent = Self.translate(event) {
          session.handle(demoEvent)
        }
      }
      if session.quitRequested { quit = true }
      if quit { break }
      if session.fullscreen != isFullscreen {
        isFullscreen = session.fullscreen
        EditorLog.line(window.setFullscreen(isFullscreen, display: display))
      }
      if let text = session.takeClipboard() { EditorLog.line(window.setClipboard(text)) }
      session.advance(by: seconds(frameStart - last))
      stats.recordInterval(milliseconds: seconds(frameStart - last) * 1e3, first: frames == 0)
      last = frameStart
      let frame = session.renderFrame()
      let presentStart = SDL_GetPerformanceCounter()
      window.present(frame.image)
      let presentMilliseconds = seconds(SDL_GetPerformanceCounter() - presentStart) * 1e3
      stats.record(frame, presentMilliseconds: presentMilliseconds)
      if (frames + 1) % Self.reviewFrames == 0 { reviewPacing() }
      let saves =
        session.takePendingSaves().map { ($0, frame.image, "") }
        + session.takePendingCleanSaves().map { ($0, frame.clean ?? frame.image, " (no overlay)") }
      for (path, image, note) in saves {
        do {
          try FrameFiles.write(image, to: path)
          EditorLog.line("saved: \(path)\(note)")
        } catch {
          failures += 1
          EditorLog.line("save failed: \(path): \(error)")
        }
      }
      frames += 1
      let now = SDL_GetPerformanceCounter()
      if now - titleUpdate >= frequency / 2 {
        titleUpdate = now
        window.setTitle(title())
      }
      if let frameLimit, frames >= frameLimit {
        EditorLog.line("frames: limit of \(frameLimit) reached")
        break
      }
      deadline = pace(after: deadline)
    }
    EditorLog.line(stats.summary())
    return failures > 0 ? 1 : 0
  }

  /// Every ``reviewFrames`` frames, from the medians of the frames since the
  /// last review (I = the display's frame interval):
  /// - while probing, vsync works when frames came no faster than 0.9·I
  ///   although rendering took under 0.8·I (an unthrottled loop would have
  ///   run faster); else the timer paces;
  /// - while frames render slower than 0.8·I, vsync is switched off (a
  ///   blocking present would add up to a whole interval to every frame:
  ///   adaptive vsync), and on again (probing anew) once they take under
  ///   half of I.
  /// Logs each change.
  func reviewPacing() {
    guard window.hasVSync, interval > 0 else { return }
    let n = Self.reviewFrames
    let i = seconds(interval) * 1e3
    let render = FrameStats.median(Array(stats.render.suffix(n)))
    let frameInterval = FrameStats.median(Array(stats.intervals.suffix(n)))
    switch pacing {
    case .probing, .vsync:
      if render > 0.8 * i {
        window.setVSync(false)
        vsyncOn = false
        pacing = .timer
        EditorLog.line(
          String(format: "pacing: timer, vsync off while frames take longer than %.1f ms", i))
      } else if pacing == .probing {
        pacing = frameInterval >= 0.9 * i ? .vsync : .timer
        EditorLog.line(
          pacing == .vsync
            ? "pacing: vsync (presents wait for the display)"
            : "pacing: timer (vsync does not block here)")
      }
    case .timer:
      if !vsyncOn && render < 0.5 * i {
        window.setVSync(true)
        vsyncOn = true
        pacing = .probing
        EditorLog.line("pacing: vsync back on, probing")
      }
    }
  }

  /// Sleeps until one interval after `deadline` (unless vsync paces or
  /// there is no cap); returns the new deadline.
  func pace(after deadline: UInt64) -> UInt64 {
    let now = SDL_GetPerformanceCounter()
    guard interval > 0, pacing == .timer else { return now }
    let target = deadline + interval
    // Late by more than a frame: start afresh from now.
    guard now < target else { return now >= target + interval ? now : target }
    let ms = UInt32(Double(target - now) / Double(frequency) * 1e3)
    if ms > 1 { SDL_Delay(ms - 1) }
    while SDL_GetPerformanceCounter() < target { SDL_Delay(0) }
    return target
  }

  func seconds(_ ticks: UInt64) -> Double { Double(ticks) / Double(frequency) }

  /// "meshwarp-editor | 60.0 fps | render 4.2 ms (warp 3.1) | 3x3 transparent AA"
  /// (ASCII: X11's WM_NAME, which xdotool reads, is Latin-1).
  func title() -> String {
    let s = stats.recent()
    let figures = String(
      format: "%.1f fps | render %.1f ms (warp %.1f)", s.fps, s.renderMilliseconds,
      s.warpMilliseconds)
    let n = session.density
    if session.mode == .morph, let t = session.morphProgress {
      return "meshwarp-editor | \(figures) | morph t " + String(format: "%.2f", t)
    }
    if session.mode == .gradient {
      let g = session.gradient
      return "meshwarp-editor | \(figures) | gradient \(g.width)x\(g.height) "
        + g.colorSpace.rawValue + (g.smoothsColors ? " smooth" : "")
    }
    return
      "meshwarp-editor | \(figures) | \(n)x\(session.mesh.grid?.rows ?? n) \(session.edges.rawValue)"
      + (session.antialias ? " AA" : "") + (session.paused ? " paused" : "")
  }

  /// The demo's reading of an SDL event; `nil` for events it ignores.
  /// Window pixel (i, j) becomes the point (i + 0.5, j + 0.5), its centre.
  static func translate(_ event: SDL_Event) -> EditorEvent? {
    func point(_ x: Int32, _ y: Int32) -> Vector2 { Vector2(Double(x) + 0.5, Double(y) + 0.5) }
    switch event.type {
    case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .mouseDown(point(event.button.x, event.button.y))
    case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .mouseUp(point(event.button.x, event.button.y))
    case SDL_MOUSEMOTION.rawValue:
      return .mouseMove(point(event.motion.x, event.motion.y))
    case SDL_KEYDOWN.rawValue:
      let name = String(cString: SDL_GetKeyName(event.key.keysym.sym))
      let mod = UInt32(event.key.keysym.mod)
      let key = EditorKey(
        name: name, shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0,
        control: mod & UInt32(KMOD_CTRL.rawValue) != 0)
      // Held arrows repeat (nudging on); other keys act once per press.
      if event.key.repeat != 0, case .nudge = key {} else if event.key.repeat != 0 { return nil }
      return key.map { .key($0) }
    case SDL_TEXTINPUT.rawValue:
      let text = withUnsafeBytes(of: event.text.text) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      return text.isEmpty ? nil : .text(text)
    default:
      return nil
    }
  }
}
