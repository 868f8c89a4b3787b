import Foundation

/// The editor's state and its reactions to input, without the window:
/// the control grid (or, in gradient mode, the mesh gradient), the content
/// with its toggle, the render options, the animation clock, undo/redo and
/// the files it opened or wrote. The executable feeds it ``DemoEvent``s, advances its
/// clock, and shows ``renderFrame()``; tests do the same headless.
///
/// Every visible change is reported as one log line through `log`
/// (the executable prints and flushes each; tests read them).
///
/// Spaces: window points are pixels of the frame (`frameSize`), content
/// points are pixels of the content (`content.size`), unit points are the
/// mesh's normalized coordinates (`to` over the frame, `from` over the content).
package final class DemoSession {
  /// The frame (window) size in pixels.
  package let frameWidth: Int
  package let frameHeight: Int
  /// Where numbered frames are saved (`meshwarp-demo-frame-N.png`).
  package let saveDirectory: String
  /// The control grid the user drags.
  package internal(set) var mesh: WarpMesh
  /// Control points per row (2…9; the grid's columns).
  package var density: Int { mesh.grid?.columns ?? 3 }
  /// The effect the mesh was last generated from (W), whose main
  /// parameter , and . change; `nil` before the first W.
  package internal(set) var effect: MeshEffect? = nil
  /// What uncovered pixels show.
  package private(set) var edges: EdgePolicy = .transparent
  /// The colour the `color` edge policy shows: a dark slate, so that the
  /// policy differs visibly from transparent.
  package static let edgeColor = RGBA8(40, 44, 60, 255)
  /// The warp as the smooth Catmull-Rom surface through the grid (K).
  package private(set) var smooth = false
  /// Silhouette anti-aliasing (4×4 samples) or hard edges.
  package private(set) var antialias = true
  /// The minification filter (Q): on, as `meshwarp warp` renders by
  /// default; off, as with `meshwarp warp --no-minification-filter`
  /// (faster where the warp shrinks the content, with more aliasing there).
  package private(set) var minificationFilter = true
  /// Render threads for ``WarpRenderer`` (0 = every core).
  package var threads = 0
  /// Whether the content's animation (and the genie) is paused.
  package private(set) var paused = false
  /// Whether the key help panel is drawn.
  package private(set) var showHelp = false
  /// The clickable switch in the content.
  package private(set) var toggle = DemoToggle()
  /// Animation time in seconds (stops while paused).
  package private(set) var time = 0.0
  /// The content.
  package internal(set) var content: DemoContent
  /// Whether Escape (or a script's `quit`) asked to end.
  package private(set) var quitRequested = false
  /// Paths of frames to save after the next render, in order.
  package private(set) var pendingSaves: [String] = []
  /// The genie playback, while one runs.
  package private(set) var genie: GeniePlayback?
  /// What the mouse and keys edit.
  package internal(set) var mode: EditorMode = .warp
  /// The selected control point (the last one pressed), which the arrow
  /// keys nudge.
  package internal(set) var selectedPoint: Int?
  /// The mesh gradient edited in gradient mode.
  package internal(set) var gradient = GradientEditing.defaultGradient
  /// The selected gradient vertex.
  package internal(set) var selectedGradientPoint: Int?
  /// Whether gradient mode shows (and lets the mouse drag) the vertices'
  /// bezier handles (B).
  package internal(set) var showHandles = false
  /// The hex colour being typed (Return started it), or `nil`.
  package internal(set) var hexEntry: String?
  /// Whether the overlay (mesh lines and points, the toggle, the palette)
  /// is hidden: the frame is then the warp alone, as `meshwarp warp`
  /// renders it.
  package internal(set) var overlayHidden = false
  /// Whether the window should be full screen (the executable follows it).
  package internal(set) var fullscreen = false
  /// The picture file shown, if any (names new files saved next to it).
  package var contentPath: String?
  /// The mesh file opened (`--mesh`) or created by the first save: later
  /// saves write it again. Any other existing file is never overwritten.
  package internal(set) var meshPath: String?
  /// The gradient file opened or created, likewise.
  package internal(set) var gradientPath: String?
  /// Swift files this session created (export writes them again).
  var exportPaths: [EditorMode: String] = [:]
  /// Paths of frames to save without the overlay after the next render.
  package internal(set) var pendingCleanSaves: [String] = []
  /// Text for the clipboard, set by an export, taken by the executable.
  package internal(set) var pendingClipboard: String?
  /// Undo and redo of every edit to the mesh and the gradient.
  var history = EditHistory<EditorSnapshot>()
  /// The gradient's last render, reused while the gradient is unchanged.
  var gradientCache: (gradient: GradientMesh, image: RGBAImage)?
  /// A gradient vertex being dragged (same fields as ``Drag``).
  var gradientDrag: Drag?

  let log: (String) -> Void
  var mappingCache: MeshMapping?
  /// What ``renderFrame()`` keeps between frames.
  var reuse = FrameReuse()
  var drag: Drag?
  var pressPoint: Vector2?
  var saveCount = 0
  var helpPanel: RGBAImage?

  /// A control point being dragged: which, and the offset from the pointer
  /// to the point at the press (so the point does not jump to the pointer).
  struct Drag {
    var index: Int
    var grab: Vector2
    var moved: Bool
    /// The state before the drag, recorded for undo once it moves.
    var before: EditorSnapshot
    /// In gradient mode, the bezier handle dragged instead of the vertex.
    var handle: GradientHandle? = nil
  }

  /// A click moves less than this many pixels between press and release
  /// (empirical: absorbs hand tremor, smaller than any intended drag).
  package static let clickSlop = 4.0

  /// A session showing `content` in a `frameWidth × frameHeight` window
  /// through a 3×3 identity grid.
  ///
  /// - Parameters:
  ///   - frameWidth, frameHeight: window size in pixels (≥ 1).
  ///   - content: what to warp.
  ///   - saveDirectory: folder for numbered frames (default: current).
  ///   - paused: start with the animation paused.
  ///   - log: receives one line per visible change.
  package init(
    frameWidth: Int, frameHeight: Int, content: DemoContent, saveDirectory: String = ".",
    paused: Bool = false, log: @escaping (String) -> Void
  ) {
    precondition(frameWidth >= 1 && frameHeight >= 1, "empty frame \(frameWidth)×\(frameHeight)")
    self.frameWidth = frameWidth
    self.frameHeight = frameHeight
    self.content = content
    self.saveDirectory = saveDirectory
    self.paused = paused
    self.log = log
    mesh = .identity(columns: 3, rows: 3)
  }

  /// The frame size as a vector.
  package var frameSize: Vector2 { Vector2(Double(frameWidth), Double(frameHeight)) }

  /// The point lookup for the current mesh, built on first use after a change.
  package var mapping: MeshMapping {
    if let mappingCache, mappingCache.mesh == mesh { return mappingCache }
    let m = MeshMapping(mesh: mesh)
    mappingCache = m
    return m
  }

  /// Logs the start-up state and where the toggle appears.
  package func start() {
    log(
      "meshwarp-demo: mode \(mode.rawValue), window \(frameWidth)x\(frameHeight), content \(content.kind) "
        + "\(content.width)x\(content.height), mesh \(density)x\(density), edges \(edges.rawValue), "
        + "antialias \(antialias ? "on" : "off"), smooth \(smooth ? "on" : "off")")
    logToggleLocation()
  }

  // MARK: Input

  /// Reacts to one input event.
  package func handle(_ event: DemoEvent) {
    switch event {
    case .mouseDown(let p): mode == .warp ? mouseDown(p) : gradientMouseDown(p)
    case .mouseMove(let p): mode == .warp ? mouseMove(p) : gradientMouseMove(p)
    case .mouseUp(let p): mode == .warp ? mouseUp(p) : gradientMouseUp(p)
    case .key(let key): hexEntry != nil ? hexEntryKey(key) : press(key)
    case .save(let path): requestSave(path: path)
    case .saveClean(let path): requestCleanSave(path: path)
    case .text(let text): typeHex(text)
    case .open(let path): open(path: path)
    }
  }

  func mouseDown(_ p: Vector2) {
    guard genie == nil else { return }
    if let i = ControlPointPicker.vertex(in: mesh, at: p, frameSize: frameSize) {
      drag = Drag(
        index: i, grab: Vector2(mesh.pointPairs[i].to) * frameSize - p, moved: false,
        before: snapshot)
      if selectedPoint != i {
        selectedPoint = i
        log("selected: point \(i)")
      }
      pressPoint = nil
    } else {
      drag = nil
      pressPoint = p
    }
  }

  func mouseMove(_ p: Vector2) {
    guard var d = drag else { return }
    let target = pointwiseMin(pointwiseMax(p + d.grab, .zero), frameSize)
    let unit = target / frameSize
    guard unit != Vector2(mesh.pointPairs[d.index].to) else { return }
    if !d.moved { history.record("drag point \(d.index)", before: d.before) }
    mesh.pointPairs[d.index].to = unit.cgPoint
    d.moved = true
    drag = d
  }

  func mouseUp(_ p: Vector2) {
    if let pressed = drag {
      mouseMove(p)
      let d = drag ?? pressed
      drag = nil
      if d.moved {
        logPoint(d.index, verb: "moved to")
        logToggleLocation()
      }
      return
    }
    guard let start = pressPoint else { return }
    pressPoint = nil
    let moved = p - start
    guard (moved * moved).sum() <= Self.clickSlop * Self.clickSlop else { return }
    click(at: p)
  }

  /// A click on the warped frame: sent back through the mesh to the content.
  func click(at p: Vector2) {
    let prefix = "click at \(Self.format(p.x, 1)) \(Self.format(p.y, 1)) px"
    guard let contentPoint = contentPoint(forWindowPoint: p) else {
      log(prefix + " -> outside the warped content")
      return
    }
    log(
      prefix + " -> content \(Self.format(contentPoint.x, 1)) \(Self.format(contentPoint.y, 1)) px")
    if DemoToggle.contains(contentPoint: contentPoint, contentSize: content.size) {
      toggle.isOn.toggle()
      log("toggle: \(toggle.isOn ? "on" : "off")")
    }
  }

  /// Where on the content (pixels) the window point `p` shows, through the
  /// current mesh (``MeshMapping/sourcePoint(forDestination:)-(Vector2)``),
  /// or `nil` where no face covers it.
  package func contentPoint(forWindowPoint p: Vector2) -> Vector2? {
    mapping.sourcePoint(forDestination: p / frameSize).map { $0 * content.size }
  }

  /// Where the content point `p` (pixels) appears in the window, or `nil`.
  package func windowPoint(forContentPoint p: Vector2) -> Vector2? {
    mapping.destinationPoint(forSource: p / content.size).map { $0 * frameSize }
  }

  /// Where the toggle's track centre appears in the window now, if anywhere.
  package var toggleWindowPoint: Vector2? {
    windowPoint(
      forContentPoint: DemoToggle.trackCentreUnit(contentSize: content.size) * content.size)
  }

  func logToggleLocation() {
    if let p = toggleWindowPoint {
      log("toggle appears at \(Self.format(p.x, 1)) \(Self.format(p.y, 1)) px")
    } else {
      log("toggle appears nowhere (outside the mesh)")
    }
  }

  /// Logs where control point `index` is now: "point 4 (column 1, row 1)
  /// moved to 480.0 360.0 px (0.6000 0.6000)" (`verb` "moved to" or "at").
  func logPoint(_ index: Int, verb: String) {
    let unit = Vector2(mesh.pointPairs[index].to)
    let px = unit * frameSize
    let (c, r) = (index % density, index / density)
    log(
      "point \(index) (column \(c), row \(r)) \(verb) "
        + "\(Self.format(px.x, 1)) \(Self.format(px.y, 1)) px "
        + "(\(Self.format(unit.x, 4)) \(Self.format(unit.y, 4)))")
  }

  func press(_ key: DemoKey) {
    if mode == .gradient, pressGradient(key) { return }
    if pressEditorKey(key) || pressEffectKey(key) { return }
    switch key {
    case .density(let n):
      guard n >= 2 else {
        log("density: 1 is too few (2-9)")
        return
      }
      guard n != density || mesh.grid?.rows != n else { return }
      record("density \(n)x\(n)")
      setDensity(n)
    case .reset:
      drag = nil
      guard mesh != .identity(columns: density, rows: mesh.grid?.rows ?? density) else {
        log("reset: identity \(density)x\(density)")
        return
      }
      record("reset")
      mesh = .identity(columns: density, rows: mesh.grid?.rows ?? density)
      log("reset: identity \(density)x\(density)")
      logToggleLocation()
    case .cycleEdges:
      let all = EdgePolicy.allCases
      edges = all[(all.firstIndex(of: edges)! + 1) % all.count]
      log("edges: \(edges.rawValue)")
    case .toggleAntialias:
      antialias.toggle()
      log("antialias: \(antialias ? "on" : "off")")
    case .toggleSmooth:
      smooth.toggle()
      log("smooth: \(smooth ? "on" : "off")")
    case .toggleMinification:
      minificationFilter.toggle()
      log("minification filter: \(minificationFilter ? "on" : "off")")
    case .genie:
      startGenie()
    case .gradientText:
      switchGradientText()
    case .pause:
      paused.toggle()
      log("animation: \(paused ? "paused" : "running")")
    case .save:
      requestSave(path: nil)
    case .help:
      showHelp.toggle()
      log("help: \(showHelp ? "shown" : "hidden")")
      if showHelp { DemoHelp.text.forEach(log) }
    case .quit:
      quitRequested = true
      log("quit")
    default:
      break
    }
  }

  /// Sets an N×N grid that keeps the current warp (``MeshResampler``).
  package func setDensity(_ n: Int) {
    precondition((2...9).contains(n), "density \(n) is outside 2…9")
    drag = nil
    mesh = MeshResampler.resample(mesh, columns: n, rows: n)
    log("density: \(n)x\(n) points (warp kept)")
    logToggleLocation()
  }

  func startGenie() {
    guard DemoHooks.genieAvailable else {
      log("genie: not available yet (DemoHooks.genieMesh returns nil)")
      return
    }
    guard genie == nil else { return }
    drag = nil
    genie = GeniePlayback()
    log("genie: playing")
  }

  func switchGradientText() {
    if content.kind == .gradientText {
      content.kind = content.baseKind
      log("content: \(content.kind)")
      return
    }
    guard DemoHooks.gradientTextAvailable else {
      log("gradient text: not available yet (DemoHooks.gradientText returns nil)")
      return
    }
    content.kind = .gradientText
    log("content: gradient text")
  }

  func requestSave(path: String?) {
    pendingSaves.append(savePath(path, prefix: "meshwarp-demo-frame"))
  }

  /// `path` if given, else the next numbered `PREFIX-N.png` in the save
  /// folder (one count for framed and clean saves).
  func savePath(_ path: String?, prefix: String) -> String {
    if let path { return path }
    saveCount += 1
    return (saveDirectory as NSString).appendingPathComponent("\(prefix)-\(saveCount).png")
  }

  /// Hands over the frames to save (the executable writes them after the
  /// frame it renders next) and clears the list.
  package func takePendingSaves() -> [String] {
    defer { pendingSaves = [] }
    return pendingSaves
  }

  // MARK: Time and frames

  /// Advances the animation clock by `seconds` (unless paused).
  package func advance(by seconds: Double) {
    guard !paused, seconds > 0 else { return }
    time += seconds
    if var g = genie {
      g.elapsed += seconds
      if g.progress == nil {
        genie = nil
        log("genie: done")
      } else {
        genie = g
      }
    }
  }

  /// The mesh the frame shows: the genie's while it plays, else the grid.
  package var displayedMesh: WarpMesh {
    if let p = genie?.progress,
      let m = DemoHooks.genieMesh(progress: p, target: DemoHooks.genieTarget)
    {
      return m
    }
    return mesh
  }

  /// The render options for the current state.
  package var warpOptions: WarpOptions {
    WarpOptions(
      width: frameWidth, height: frameHeight, edges: edges, edgeColor: Self.edgeColor,
      minification: minificationFilter ? .standard : .off, smooth: smooth,
      antialias: antialias ? 4 : 1,
      threads: threads)
  }

  /// A rendered frame and where its time went.
  package struct Frame: Sendable {
    /// The window's pixels: warped content, mesh overlay, help panel.
    package var image: RGBAImage
    /// The frame without any overlay (the warp alone, or the gradient
    /// alone), when the overlay is hidden or a clean save is pending.
    package var clean: RGBAImage?
    /// Milliseconds drawing the content, warping it, and drawing overlays.
    package var contentMilliseconds: Double
    package var warpMilliseconds: Double
    package var overlayMilliseconds: Double
    /// The sum of the three.
    package var totalMilliseconds: Double {
      contentMilliseconds + warpMilliseconds + overlayMilliseconds
    }
  }

  /// Renders the frame: the content at the current time, warped with
  /// ``WarpRenderer``, the mesh's lines and points over it (not during the
  /// genie), then the help panel if shown.
  ///
  /// Work is reused between frames (``FrameReuse``): the warp itself while
  /// the content's picture, the toggle, the mesh and the options are all
  /// unchanged (a still picture, or paused content, costs only the overlay),
  /// and the frame buffers. The pixels are those of a fresh
  /// `WarpRenderer.render(source, mesh:options:)`.
  package func renderFrame() -> Frame {
    if mode == .gradient { return renderGradientFrame() }
    let clock = ContinuousClock()
    let t0 = clock.now
    let shown = displayedMesh
    let options = warpOptions
    let key = FrameReuse.WarpKey(
      content: content.token, kind: content.kind, picture: content.frameKey(time: time),
      toggle: overlayHidden ? nil : toggle.isOn, mesh: shown, options: options)
    var t1 = t0
    var warped: RGBAImage
    if let cached = reuse.warp, cached.key == key {
      warped = cached.image
      t1 = clock.now
    } else {
      let source =
        overlayHidden ? content.background(time: time) : content.image(time: time, toggle: toggle)
      t1 = clock.now
      // The last warp's buffer, taken out of the cache so that it is unique.
      warped = RGBAImage(width: 0, height: 0)
      if reuse.warp != nil {
        swap(&warped, &reuse.warp!.image)
        reuse.warp = nil
      }
      WarpRenderer.render(source, mesh: shown, options: options, into: &warped)
      reuse.warp = (key, warped)
    }
    let t2 = clock.now
    var clean: RGBAImage?
    if overlayHidden {
      clean = warped
    } else if !pendingCleanSaves.isEmpty {
      clean = WarpRenderer.render(content.background(time: time), mesh: shown, options: options)
    }
    var image: RGBAImage
    if (genie == nil && !overlayHidden) || showHelp {
      // Drawn on a copy in a reused buffer: the warp stays clean for reuse.
      image = reuse.takeOverlayBuffer()
      FrameReuse.copy(warped, into: &image)
      if genie == nil && !overlayHidden {
        image.drawMeshOverlay(mesh)
        if let i = drag?.index ?? selectedPoint, i < mesh.pointPairs.count {
          image.fillCircle(
            centre: Vector2(mesh.pointPairs[i].to) * frameSize, radius: drag == nil ? 7 : 9,
            colour: RGBA8(255, 214, 10), outline: .white, outlineWidth: 2)
        }
      }
      drawHelp(into: &image)
      reuse.overlay = image
    } else {
      image = warped
    }
    let t3 = clock.now
    return Frame(
      image: image, clean: clean, contentMilliseconds: Self.milliseconds(t1 - t0),
      warpMilliseconds: Self.milliseconds(t2 - t1), overlayMilliseconds: Self.milliseconds(t3 - t2))
  }

  /// Draws the key help over `image` when it is shown.
  func drawHelp(into image: inout RGBAImage) {
    if showHelp {
      if helpPanel == nil {
        helpPanel = DemoHelp.panel(maxWidth: frameWidth - 20, maxHeight: frameHeight - 20)
      }
      let panel = helpPanel!
      image.drawOver(
        panel, at: (frameWidth - panel.width) / 2, max(0, (frameHeight - panel.height) / 2))
    }
  }

  static func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
  }

  /// `value` with `digits` decimals (C locale), for log lines.
  static func format(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }
}
