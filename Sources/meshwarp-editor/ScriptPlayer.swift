import CSDL2
import Foundation
import MeshWarpEditorKit

/// Plays a ``EditorScript`` by pushing real SDL events into SDL's queue
/// (`SDL_PushEvent`), one step per frame, so that scripted input goes through
/// the same event translation as a person's.
final class ScriptPlayer {
  let steps: [EditorScript.Step]
  var next = 0
  var framesToWait = 0
  var sleepUntil: UInt64 = 0
  /// Paths of `save` lines, by the user-event code that carries them.
  var savePaths: [Int32: String] = [:]
  /// The SDL user event type for `save PATH` (registered on first use).
  var saveEventType: UInt32?

  init(steps: [EditorScript.Step]) { self.steps = steps }

  /// Reads and parses a script file ("-" reads stdin to its end).
  static func load(path: String) throws -> [EditorScript.Step] {
    let text: String
    if path == "-" {
      text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    } else {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw EditorArguments.Error(message: "cannot read script '\(path)'")
      }
      text = String(decoding: data, as: UTF8.self)
    }
    return try EditorScript.parse(text)
  }

  /// Pushes this frame's events, if any.
  ///
  /// - Parameter windowID: stamped on mouse and key events.
  func pump(windowID: UInt32) {
    if sleepUntil > 0 {
      guard SDL_GetTicks64() >= sleepUntil else { return }
      sleepUntil = 0
    }
    if framesToWait > 0 {
      framesToWait -= 1
      return
    }
    while next < steps.count {
      let step = steps[next]
      next += 1
      switch step {
      case .inject(let inputs):
        for input in inputs { push(input, windowID: windowID) }
        return
      case .waitFrames(let n):
        guard n > 0 else { continue }
        framesToWait = n - 1
        return
      case .sleepMilliseconds(let ms):
        sleepUntil = SDL_GetTicks64() + UInt64(ms)
        return
      }
    }
  }

  func push(_ input: EditorScript.Input, windowID: UInt32) {
    var event = SDL_Event()
    switch input {
    case .mouseDown(let x, let y), .mouseUp(let x, let y):
      let down: Bool
      if case .mouseDown = input { down = true } else { down = false }
      event.type = (down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
      event.button.windowID = windowID
      event.button.which = 0
      event.button.button = UInt8(SDL_BUTTON_LEFT)
      event.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
      event.button.clicks = 1
      event.button.x = Int32(x)
      event.button.y = Int32(y)
    case .mouseMove(let x, let y):
      event.type = SDL_MOUSEMOTION.rawValue
      event.motion.windowID = windowID
      event.motion.x = Int32(x)
      event.motion.y = Int32(y)
    case .key(let combination):
      // "ctrl+shift+z": modifiers, then the key's SDL name ("+" alone is a key).
      var parts = combination.split(separator: "+").map(String.init)
      let name = combination.hasSuffix("+") ? "+" : (parts.popLast() ?? "")
      var mod: UInt32 = 0
      for part in parts {
        switch part.lowercased() {
        case "ctrl", "control": mod |= UInt32(KMOD_LCTRL.rawValue)
        case "shift": mod |= UInt32(KMOD_LSHIFT.rawValue)
        default: break
        }
      }
      let code = SDL_GetKeyFromName(name)
      guard code != SDLK_UNKNOWN.rawValue else {
        EditorLog.error("meshwarp-editor: script key '\(name)' is not an SDL key name")
        return
      }
      event.type = SDL_KEYDOWN.rawValue
      event.key.windowID = windowID
      event.key.state = UInt8(SDL_PRESSED)
      event.key.keysym.sym = code
      event.key.keysym.scancode = SDL_GetScancodeFromKey(code)
      event.key.keysym.mod = UInt16(mod)
    case .text(let text):
      event.type = SDL_TEXTINPUT.rawValue
      event.text.windowID = windowID
      withUnsafeMutableBytes(of: &event.text.text) { raw in
        let bytes = Array(text.utf8.prefix(raw.count - 1))
        for (i, b) in bytes.enumerated() { raw[i] = b }
        raw[bytes.count] = 0
      }
    case .drop(let path):
      event.type = SDL_DROPFILE.rawValue
      event.drop.windowID = windowID
      event.drop.file = SDL_strdup(path)
    case .save(let path):
      if saveEventType == nil {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else {
          EditorLog.error("meshwarp-editor: no SDL user event left for 'save'")
          return
        }
        saveEventType = type
      }
      let code = Int32(savePaths.count)
      savePaths[code] = path
      event.type = saveEventType!
      event.user.windowID = windowID
      event.user.code = code
    case .quit:
      event.type = SDL_QUIT.rawValue
    }
    if SDL_PushEvent(&event) < 0 {
      EditorLog.error("meshwarp-editor: SDL_PushEvent failed: \(SDLEditorWindow.lastError())")
    }
  }

  /// The path carried by a `save` user event, if `event` is one.
  func savePath(for event: SDL_Event) -> String? {
    guard let saveEventType, event.type == saveEventType else { return nil }
    return savePaths[event.user.code]
  }
}
