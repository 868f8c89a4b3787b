import Foundation
import MeshWarpCore
import MeshWarpRender

/// The editor without the window: routes each input event to the state it
/// concerns, keeps what is shared (the content and its toggle, the mode,
/// undo, the view switches) and renders frames. The states:
/// ``WarpEditor`` (the control grid and the render options),
/// ``GradientEditor`` (the mesh gradient), ``Playback`` (the clock and the
/// genie) and ``EditorDocument`` (files, saves, the clipboard). The
/// executable feeds it ``EditorEvent``s, advances its clock, and shows
/// ``renderFrame()``; tests do the same headless.
///
/// Every visible change is reported as one log line through `log`
/// (the executable prints and flushes each; tests read them).
///
/// Spaces: window points are pixels of the frame (`frameSize`); the warp
/// shows in the ``viewport`` (the content's aspect ratio kept), to which
/// the mesh's `to` points are normalized; content points are pixels of the
/// content (`content.size`), to which `from` points are normalized.
package final class EditorSession {
  /// The frame (window) size in pixels.
  package let frameWidth: Int
  package let frameHeight: Int
  /// The content, with the clickable switch drawn in.
  package internal(set) var content: EditorContent
  package private(set) var toggle = EditorToggle()
  /// What the mouse and keys edit.
  package internal(set) var mode: EditorMode = .warp
  /// Render threads for ``WarpRenderer`` (0 = every core).
  package var threads = 0
  /// Whether the key help panel is drawn.
  package private(set) var showHelp = false
  /// Whether the overlay (mesh lines and points, the toggle, the palette)
  /// is hidden: the frame is then the warp alone.
  package internal(set) var overlayHidden = false
  /// Whether the window should be full screen (the executable follows it).
  package internal(set) var fullscreen = false
  /// Whether Escape (or a script's `quit`) asked to end.
  package private(set) var quitRequested = false
  /// What files are read with (a value: no global registry).
  let loader: EditorContentLoader
  let emit: (String) -> Void

  // The states; those that point back at the session (their host) are
  // made in init, once the session exists.
  var warp: WarpEditor!
  var gradientEditor: GradientEditor!
  /// Morph mode's state, once a morph is opened (`--morph`).
  var morphEditor: MorphEditor?
  var playback = Playback()
  var document: EditorDocument!
  /// Undo and redo of every edit to the mesh and the gradient.
  var history = EditHistory<EditorSnapshot>()
  /// What ``renderFrame()`` keeps between frames.
  var reuse = FrameReuse()
  var helpPanel: RGBAImage?

  /// A session showing `content` in a `frameWidth × frameHeight` window
  /// through a 3×3 identity grid.
  ///
  /// - Parameters:
  ///   - frameWidth, frameHeight: window size in pixels (≥ 1).
  ///   - content: what to warp.
  ///   - saveDirectory: folder for numbered frames and new files
  ///     (default: current).
  ///   - paused: start with the animation paused.
  ///   - loader: reads files opened or dropped (default: the standard one).
  ///   - log: receives one line per visible change.
  package init(
    frameWidth: Int, frameHeight: Int, content: EditorContent, saveDirectory: String = ".",
    paused: Bool = false, loader: EditorContentLoader = .standard,
    log: @escaping (String) -> Void
  ) {
    precondition(frameWidth >= 1 && frameHeight >= 1, "empty frame \(frameWidth)×\(frameHeight)")
    self.frameWidth = frameWidth
    self.frameHeight = frameHeight
    self.content = content
    self.loader = loader
    emit = log
    playback.paused = paused
    warp = WarpEditor(host: self)
    gradientEditor = GradientEditor(host: self)
    document = EditorDocument(host: self, saveDirectory: saveDirectory)
  }

  /// Logs the start-up state and where the toggle appears.
  package func start() {
    log(
      "meshwarp-editor: mode \(mode.rawValue), window \(frameWidth)x\(frameHeight), content \(content.kind) "
        + "\(content.width)x\(content.height), mesh \(density)x\(density), edges \(edges.rawValue), "
        + "antialias \(antialias ? "on" : "off"), smooth \(smooth ? "on" : "off")")
    logToggleLocation()
  }

  // MARK: Routing

  /// Reacts to one input event.
  package func handle(_ event: EditorEvent) {
    switch event {
    case .mouseDown(let p):
      if mode == .morph { return morphEditor?.mouseDown(p) ?? () }
      guard mode == .warp else { return gradientEditor.mouseDown(p, paletteShown: !overlayHidden) }
      if playback.genie == nil { warp.mouseDown(p) }
    case .mouseMove(let p):
      switch mode {
      case .warp: warp.mouseMove(p)
      case .gradient: gradientEditor.mouseMove(p)
      case .morph: morphEditor?.mouseMove(p)
      }
    case .mouseUp(let p):
      if mode == .morph { return morphEditor?.mouseUp(p) ?? () }
      guard mode == .warp else { return gradientEditor.mouseUp(p) }
      if let click = warp.mouseUp(p) { self.click(at: click) }
    case .key(let key):
      gradientEditor.hexEntry != nil ? gradientEditor.hexEntryKey(key) : press(key)
    case .save(let path): document.requestSave(path: path)
    case .saveClean(let path): document.requestCleanSave(path: path)
    case .text(let text): gradientEditor.typeHex(text)
    case .open(let path): open(path: path)
    }
  }

  /// A key: gradient and morph mode's own keys first (in that mode), then
  /// the warp's (in warp and gradient mode, as before gradient mode
  /// existed), then the keys common to all.
  func press(_ key: EditorKey) {
    if mode == .gradient, gradientEditor.press(key) { return }
    if mode == .morph, let morphEditor {
      if morphEditor.press(key) { return }
    } else if warp.press(key) {
      return
    }
    switch key {
    case .undo, .redo: undoOrRedo(key)
    case .switchMode:
      warp.drag = nil
      gradientEditor.drag = nil
      morphEditor?.drag = nil
      switch mode {
      case .warp: mode = .gradient
      case .gradient: mode = morphEditor == nil ? .warp : .morph
      case .morph: mode = .warp
      }
      log("mode: \(mode.rawValue)")
      if mode == .gradient { gradientEditor.logGradient() }
    case .saveJSON:
      switch mode {
      case .warp: document.saveMesh(warp.savedMesh)
      case .gradient: document.saveGradient(gradientEditor.gradient)
      case .morph:
        guard let morph = morphEditor?.document else { break }
        // Saved whatever it is (the work is not lost), but a document
        // that folds at some t is not one `meshwarp morph` or the editor
        // opens: say so.
        document.saveMorph(morph)
        do { try morph.validate() } catch { log("morph: \(error); fix it before using the file") }
      }
    case .exportSwift:
      if mode == .morph {
        if let morphEditor { exportMorph(morphEditor) }
        return
      }
      let code =
        mode == .warp
        ? SwiftCodeExport.warp(warp.mesh, viewSize: viewport.size)
        : SwiftCodeExport.gradient(gradientEditor.gradient)
      document.exportSwift(code, mode: mode)
    case .saveClean: document.requestCleanSave(path: nil)
    case .save: document.requestSave(path: nil)
    case .toggleOverlay:
      overlayHidden.toggle()
      log("overlay: \(overlayHidden ? "hidden" : "shown")")
    case .fullscreen:
      fullscreen.toggle()
      log("fullscreen: \(fullscreen ? "requested" : "off")")
    case .genie:
      if playback.startGenie(log: log) { warp.drag = nil }
    case .gradientText: switchGradientText()
    case .pause:
      playback.paused.toggle()
      log("animation: \(paused ? "paused" : "running")")
    case .help:
      showHelp.toggle()
      log("help: \(showHelp ? "shown" : "hidden")")
      if showHelp { EditorHelp.text.forEach(log) }
    case .quit:
      quitRequested = true
      log("quit")
    default:
      break
    }
  }

  /// A click on the warped frame: sent back through the mesh to the content.
  func click(at p: Vector2) {
    let prefix = "click at \(logNumber(p.x, 1)) \(logNumber(p.y, 1)) px"
    guard let contentPoint = contentPoint(forWindowPoint: p) else {
      log(prefix + " -> outside the warped content")
      return
    }
    log(prefix + " -> content \(logNumber(contentPoint.x, 1)) \(logNumber(contentPoint.y, 1)) px")
    if EditorToggle.contains(contentPoint: contentPoint, contentSize: content.size) {
      toggle.isOn.toggle()
      log("toggle: \(toggle.isOn ? "on" : "off")")
    }
  }

  func switchGradientText() {
    if content.kind == .gradientText {
      content.kind = content.baseKind
      log("content: \(content.kind)")
      return
    }
    guard EditorHooks.gradientTextAvailable else {
      log("gradient text: not available yet (EditorHooks.gradientText returns nil)")
      return
    }
    content.kind = .gradientText
    log("content: gradient text")
  }

  // MARK: Geometry

  /// The frame size as a vector.
  package var frameSize: Vector2 { Vector2(Double(frameWidth), Double(frameHeight)) }

  /// Where the warp shows in the window: the content's aspect ratio kept.
  package var viewport: EditorViewport {
    EditorViewport(
      contentWidth: content.width, contentHeight: content.height, frameWidth: frameWidth,
      frameHeight: frameHeight)
  }

  /// Where on the content (pixels) the window point `p` shows, through the
  /// current mesh (``MeshMapping/sourcePoint(forDestination:)-(Vector2)``),
  /// or `nil` where no face covers it.
  package func contentPoint(forWindowPoint p: Vector2) -> Vector2? {
    warp.mapping.sourcePoint(forDestination: viewport.unit(forWindowPoint: p))
      .map { $0 * content.size }
  }

  /// Where the content point `p` (pixels) appears in the window, or `nil`.
  package func windowPoint(forContentPoint p: Vector2) -> Vector2? {
    warp.mapping.destinationPoint(forSource: p / content.size)
      .map { viewport.windowPoint(forUnit: $0) }
  }

  /// Where the toggle's track centre appears in the window now, if anywhere.
  package var toggleWindowPoint: Vector2? {
    windowPoint(
      forContentPoint: EditorToggle.trackCentreUnit(contentSize: content.size) * content.size)
  }
}

extension EditorSession: EditorHost {
  func log(_ line: String) { emit(line) }

  /// The state undo goes back to.
  var snapshot: EditorSnapshot {
    EditorSnapshot(mesh: warp.mesh, gradient: gradientEditor.gradient, morph: morphEditor?.document)
  }

  func record(_ label: String, before: EditorSnapshot) {
    history.record(label, before: before)
  }

  func logToggleLocation() {
    if let p = toggleWindowPoint {
      log("toggle appears at \(logNumber(p.x, 1)) \(logNumber(p.y, 1)) px")
    } else {
      log("toggle appears nowhere (outside the mesh)")
    }
  }
}
