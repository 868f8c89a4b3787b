import MeshWarpCore
import MeshWarpRender

/// Warp mode's state: the control grid the user drags, the effect it was
/// made from, the render options (edges, smooth, anti-aliasing, the
/// minification filter) and the point selected or dragged. Mesh `to`
/// points are normalized to the host's ``EditorViewport``.
final class WarpEditor {
  unowned let host: any EditorHost
  /// The control grid.
  var mesh: WarpMesh = .identity(columns: 3, rows: 3)
  /// The effect the mesh was last generated from (W), whose main
  /// parameter , and . change; `nil` before the first W.
  var effect: MeshEffect?
  /// What uncovered pixels show.
  var edges: EdgePolicy = .transparent
  /// The warp as the smooth Catmull-Rom surface through the grid (K).
  var smooth = false
  /// Silhouette anti-aliasing (4×4 samples) or hard edges.
  var antialias = true
  /// The minification filter (Q): on, as `meshwarp warp` renders by
  /// default; off, as with `meshwarp warp --no-minification-filter`.
  var minificationFilter = true
  /// The selected control point (the last one pressed), which the arrow
  /// keys nudge.
  var selectedPoint: Int?
  var drag: EditorDrag?
  /// Where a press on no point started (a click if it ends near).
  var pressPoint: Vector2?
  var mappingCache: MeshMapping?

  /// A click moves less than this many pixels between press and release
  /// (empirical: absorbs hand tremor, smaller than any intended drag).
  static let clickSlop = 4.0

  init(host: any EditorHost) { self.host = host }

  /// Control points per row (2…9; the grid's columns).
  var density: Int { mesh.grid?.columns ?? 3 }

  /// The point lookup for the current mesh, built on first use after a change.
  var mapping: MeshMapping {
    if let mappingCache, mappingCache.mesh == mesh { return mappingCache }
    let m = MeshMapping(mesh: mesh)
    mappingCache = m
    return m
  }

  /// Where control point `i` shows in the window.
  func windowPoint(ofPoint i: Int) -> Vector2 {
    host.viewport.windowPoint(forUnit: Vector2(mesh.pointPairs[i].to))
  }

  // MARK: Mouse

  func mouseDown(_ p: Vector2) {
    let viewport = host.viewport
    if let i = ControlPointPicker.vertex(
      in: mesh, at: p - viewport.origin, frameSize: viewport.size)
    {
      drag = EditorDrag(
        index: i, grab: windowPoint(ofPoint: i) - p, moved: false, before: host.snapshot)
      if selectedPoint != i {
        selectedPoint = i
        host.log("selected: point \(i)")
      }
      pressPoint = nil
    } else {
      drag = nil
      pressPoint = p
    }
  }

  func mouseMove(_ p: Vector2) {
    guard var d = drag else { return }
    let viewport = host.viewport
    let unit = viewport.unit(forWindowPoint: viewport.clamp(p + d.grab))
    guard unit != Vector2(mesh.pointPairs[d.index].to) else { return }
    if !d.moved { host.record("drag point \(d.index)", before: d.before) }
    mesh.pointPairs[d.index].to = unit.cgPoint
    d.moved = true
    drag = d
  }

  /// Ends a press: a drag logs where its point went; a press on no point
  /// that moved at most ``clickSlop`` returns the click's window point.
  func mouseUp(_ p: Vector2) -> Vector2? {
    if let pressed = drag {
      mouseMove(p)
      let d = drag ?? pressed
      drag = nil
      if d.moved {
        logPoint(d.index, verb: "moved to")
        host.logToggleLocation()
      }
      return nil
    }
    guard let start = pressPoint else { return nil }
    pressPoint = nil
    let moved = p - start
    return (moved * moved).sum() <= Self.clickSlop * Self.clickSlop ? p : nil
  }

  // MARK: Keys

  /// Warp mode's own keys (density, reset, edges, anti-aliasing, smooth,
  /// the minification filter, nudges, effects); `false` for the others.
  func press(_ key: EditorKey) -> Bool {
    if pressEffectKey(key) { return true }
    switch key {
    case .nudge(let dx, let dy):
      nudge(dx: dx, dy: dy)
    case .density(let n):
      guard n >= 2 else {
        host.log("density: 1 is too few (2-9)")
        return true
      }
      guard n != density || mesh.grid?.rows != n else { return true }
      host.record("density \(n)x\(n)")
      setDensity(n)
    case .reset:
      drag = nil
      let identity = WarpMesh.identity(columns: density, rows: mesh.grid?.rows ?? density)
      guard mesh != identity else {
        host.log("reset: identity \(density)x\(density)")
        return true
      }
      host.record("reset")
      mesh = identity
      host.log("reset: identity \(density)x\(density)")
      host.logToggleLocation()
    case .cycleEdges:
      let all = EdgePolicy.allCases
      edges = all[(all.firstIndex(of: edges)! + 1) % all.count]
      host.log("edges: \(edges.rawValue)")
    case .toggleAntialias:
      antialias.toggle()
      host.log("antialias: \(antialias ? "on" : "off")")
    case .toggleSmooth:
      smooth.toggle()
      host.log("smooth: \(smooth ? "on" : "off")")
    case .toggleMinification:
      minificationFilter.toggle()
      host.log("minification filter: \(minificationFilter ? "on" : "off")")
    default:
      return false
    }
    return true
  }

  /// Moves the selected control point by (dx, dy) window pixels, within
  /// the viewport.
  func nudge(dx: Int, dy: Int) {
    guard let i = selectedPoint, i < mesh.pointPairs.count else {
      host.log("nudge: no point selected (click one first)")
      return
    }
    let viewport = host.viewport
    let p = windowPoint(ofPoint: i) + Vector2(Double(dx), Double(dy))
    let unit = viewport.unit(forWindowPoint: viewport.clamp(p))
    guard unit != Vector2(mesh.pointPairs[i].to) else { return }
    host.record("nudge point \(i) by \(dx) \(dy) px")
    mesh.pointPairs[i].to = unit.cgPoint
    logPoint(i, verb: "moved to")
    host.logToggleLocation()
  }

  /// Sets an N×N grid that keeps the current warp (``MeshResampler``).
  func setDensity(_ n: Int) {
    precondition((2...9).contains(n), "density \(n) is outside 2…9")
    drag = nil
    mesh = MeshResampler.resample(mesh, columns: n, rows: n)
    host.log("density: \(n)x\(n) points (warp kept)")
    host.logToggleLocation()
  }

  /// Takes `loaded` as the mesh (a grid of 2…9 × 2…9 points, valid); its
  /// `"smooth"` sets K's state.
  func open(_ loaded: WarpMesh, path: String) throws {
    guard let grid = loaded.grid, (2...9).contains(grid.columns), (2...9).contains(grid.rows)
    else {
      throw EditorFileError(message: "the editor edits grids of 2-9 × 2-9 points")
    }
    if let error = loaded.validate().first(where: { $0.severity == .error }) {
      throw EditorFileError(message: "invalid mesh: \(error)")
    }
    host.record("open mesh")
    drag = nil
    selectedPoint = nil
    mesh = loaded
    mesh.smooth = false
    host.log("mesh opened: \(path) (\(grid.columns)x\(grid.rows) points)")
    if loaded.smooth != smooth {
      smooth = loaded.smooth
      host.log("smooth: \(smooth ? "on" : "off")")
    }
    host.logToggleLocation()
  }

  /// The mesh as saved: with `"smooth": true` while K is on.
  var savedMesh: WarpMesh {
    var m = mesh
    m.smooth = smooth
    return m
  }

  // MARK: Log lines

  /// Logs where control point `index` is now: "point 4 (column 1, row 1)
  /// moved to 480.0 360.0 px (0.6000 0.6000)" (`verb` "moved to" or "at").
  func logPoint(_ index: Int, verb: String) {
    let unit = Vector2(mesh.pointPairs[index].to)
    let px = windowPoint(ofPoint: index)
    let (c, r) = (index % density, index / density)
    host.log(
      "point \(index) (column \(c), row \(r)) \(verb) "
        + "\(logNumber(px.x, 1)) \(logNumber(px.y, 1)) px "
        + "(\(logNumber(unit.x, 4)) \(logNumber(unit.y, 4)))")
  }

  // MARK: Rendering

  /// The colour the `color` edge policy shows: a dark slate, so that the
  /// policy differs visibly from transparent.
  static let edgeColor = RGBA8(40, 44, 60, 255)

  /// The render options for the current state at `width × height`.
  func options(width: Int, height: Int, threads: Int) -> WarpOptions {
    WarpOptions(
      width: width, height: height, edges: edges, edgeColor: Self.edgeColor,
      minification: minificationFilter ? .standard : .off, smooth: smooth,
      antialias: antialias ? 4 : 1,
      threads: threads)
  }

  /// Draws the grid's lines and points over `image` (the window), the
  /// selected or dragged point highlighted.
  func drawOverlay(into image: inout RGBAImage) {
    let viewport = host.viewport
    image.drawMeshOverlay(mesh, offset: viewport.origin, scale: viewport.size)
    if let i = drag?.index ?? selectedPoint, i < mesh.pointPairs.count {
      image.fillCircle(
        centre: windowPoint(ofPoint: i), radius: drag == nil ? 7 : 9,
        color: RGBA8(255, 214, 10), outline: .white, outlineWidth: 2)
    }
  }
}
