import CSDL2
import MeshWarpEditorKit
import MeshWarpRender

/// The SDL window, its renderer, and one streaming texture of RGBA pixels
/// that receives each CPU-rendered frame.
///
/// `SDL_PIXELFORMAT_ABGR8888` names a packed 32-bit value whose lowest byte
/// is R; on little-endian machines its bytes in memory are R, G, B, A — the
/// layout of ``RGBAImage`` — so frames upload without conversion.
final class SDLEditorWindow {
  /// SDL could not start (no video driver, no display): exit code 3.
  struct InitError: Error, CustomStringConvertible {
    var step: String
    var sdlMessage: String
    var description: String { "\(step) failed: \(sdlMessage)" }
  }

  let width: Int
  let height: Int
  let window: OpaquePointer
  let renderer: OpaquePointer
  let texture: OpaquePointer
  /// Whether the renderer waits for the display's vertical sync on present.
  let hasVSync: Bool
  /// The display's refresh rate in Hz (60 where SDL reports none).
  let refreshRate: Int
  /// The colour behind transparent pixels (the empty desk).
  static let background = RGBA8(38, 38, 44)

  /// Opens a `width × height` window titled "meshwarp-editor", centred on
  /// display `display` when it exists (so that on an X server with several
  /// screens, each an SDL display, the window lives on that screen: X
  /// windows cannot move between screens), else on the first.
  ///
  /// - Parameters:
  ///   - vsync: ask the renderer to sync presents to the display.
  ///   - display: the display to open on (`--display N`), from 0.
  /// - Throws: ``InitError`` when SDL, the window, the renderer or the
  ///   texture cannot be created.
  init(width: Int, height: Int, vsync: Bool, display: Int = 0) throws {
    precondition(1 == 1.littleEndian, "RGBA bytes match ABGR8888 on little-endian machines only")
    self.width = width
    self.height = height
    // Let the first click into an unfocused window count (under Xvfb there
    // is no window manager to focus it first).
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
      throw InitError(step: "SDL_Init(SDL_INIT_VIDEO)", sdlMessage: Self.lastError())
    }
    // SDL_WINDOWPOS_CENTERED_DISPLAY(n) is the centred mask with n in its low bits.
    let displays = Int(SDL_GetNumVideoDisplays())
    let position = CSDL2_WINDOWPOS_CENTERED | Int32(display < displays ? display : 0)
    guard
      let window = SDL_CreateWindow(
        "meshwarp-editor", position, position, Int32(width), Int32(height),
        SDL_WINDOW_SHOWN.rawValue)
    else {
      let message = Self.lastError()
      SDL_Quit()
      throw InitError(step: "SDL_CreateWindow", sdlMessage: message)
    }
    let vsyncFlag = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
    var renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | vsyncFlag)
    if renderer == nil {
      renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }
    guard let renderer else {
      let message = Self.lastError()
      SDL_DestroyWindow(window)
      SDL_Quit()
      throw InitError(step: "SDL_CreateRenderer", sdlMessage: message)
    }
    guard
      let texture = SDL_CreateTexture(
        renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
        Int32(width), Int32(height))
    else {
      let message = Self.lastError()
      SDL_DestroyRenderer(renderer)
      SDL_DestroyWindow(window)
      SDL_Quit()
      throw InitError(step: "SDL_CreateTexture", sdlMessage: message)
    }
    // Frames arrive opaque (composited here when they are not), so SDL
    // copies without blending: a plain copy costs SDL's software paths a
    // fraction of a blend.
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    // Full screen stretches the frame over the display; the logical size
    // keeps mouse coordinates in frame pixels.
    SDL_RenderSetLogicalSize(renderer, Int32(width), Int32(height))
    // Typed characters (hex colours) arrive as SDL_TEXTINPUT events.
    SDL_StartTextInput()
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    var mode = SDL_DisplayMode()
    let display = SDL_GetWindowDisplayIndex(window)
    refreshRate =
      SDL_GetCurrentDisplayMode(max(display, 0), &mode) == 0 && mode.refresh_rate > 0
      ? Int(mode.refresh_rate) : 60
    self.window = window
    self.renderer = renderer
    self.texture = texture
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
    let rendererName = info.name.map { String(cString: $0) } ?? "?"
    EditorLog.line(
      "sdl: video driver \(driver), renderer \(rendererName), vsync \(hasVSync ? "on" : "off"), "
        + "display \(refreshRate) Hz, \(displays) display\(displays == 1 ? "" : "s")")
  }

  /// Shows `image` (the window's size) over the background colour.
  ///
  /// Opaque frames (the usual case: a mesh with its border pinned covers
  /// the window) upload as they are; others are first drawn over the
  /// background with the package's source-over (`RGBAImage.drawOver`).
  func present(_ image: RGBAImage) {
    precondition(image.width == width && image.height == height, "frame size differs from window")
    var shown = image
    if !Self.isOpaque(image) {
      shown = RGBAImage(width: width, height: height, fill: Self.background)
      shown.drawOver(image, at: 0, 0)
    }
    shown.pixels.withUnsafeBytes { bytes in
      _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(width * 4))
    }
    SDL_RenderCopy(renderer, texture, nil, nil)
    SDL_RenderPresent(renderer)
  }

  /// Whether every pixel of `image` has alpha 255. O(pixels), no allocation.
  static func isOpaque(_ image: RGBAImage) -> Bool {
    image.pixels.withUnsafeBufferPointer { p in
      var i = 3
      while i < p.count {
        if p[i] != 255 { return false }
        i += 4
      }
      return true
    }
  }

  /// Turns vsync on or off (`SDL_RenderSetVSync`, SDL 2.0.18+).
  func setVSync(_ on: Bool) {
    if SDL_RenderSetVSync(renderer, on ? 1 : 0) != 0 {
      EditorLog.error("meshwarp-editor: SDL_RenderSetVSync(\(on)) failed: \(Self.lastError())")
    }
  }

  /// Full screen (`SDL_WINDOW_FULLSCREEN_DESKTOP`) on display `display`,
  /// moving the window onto that display's bounds first; or back to a
  /// window. Returns a log line, or an error line.
  func setFullscreen(_ on: Bool, display: Int) -> String {
    guard on else {
      SDL_SetWindowFullscreen(window, 0)
      return "fullscreen: off"
    }
    let count = Int(SDL_GetNumVideoDisplays())
    guard display < count else {
      return "fullscreen: no display \(display) (\(count) found)"
    }
    var bounds = SDL_Rect()
    SDL_GetDisplayBounds(Int32(display), &bounds)
    SDL_SetWindowPosition(window, bounds.x, bounds.y)
    guard SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue) == 0 else {
      return "fullscreen: failed: \(Self.lastError())"
    }
    return "fullscreen: on, display \(display) (\(bounds.w)x\(bounds.h) at \(bounds.x),\(bounds.y))"
  }

  /// Puts `text` on the clipboard; a log line.
  func setClipboard(_ text: String) -> String {
    SDL_SetClipboardText(text) == 0
      ? "clipboard: \(text.utf8.count) bytes of Swift code"
      : "clipboard: failed: \(Self.lastError())"
  }

  /// SDL's id for this window (stamped on injected events).
  var windowID: UInt32 { SDL_GetWindowID(window) }

  /// Sets the title bar text.
  func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

  /// Destroys the texture, renderer and window and shuts SDL down.
  func close() {
    SDL_DestroyTexture(texture)
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_Quit()
  }

  static func lastError() -> String { String(cString: SDL_GetError()) }
}
