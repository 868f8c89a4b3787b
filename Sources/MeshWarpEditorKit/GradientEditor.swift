import Foundation
import MeshWarpCore
import MeshWarpRender

/// Gradient mode's state: the mesh gradient, the selected vertex, the
/// bezier handles' visibility, a hex colour being typed and a vertex or
/// handle being dragged. Positions are normalized to the whole window.
final class GradientEditor {
  unowned let host: any EditorHost
  /// The mesh gradient.
  var gradient = GradientEditing.defaultGradient
  /// The selected vertex.
  var selectedPoint: Int?
  /// Whether the vertices' bezier handles are shown (and draggable) (B).
  var showHandles = false
  /// The hex colour being typed (Return started it), or `nil`.
  var hexEntry: String?
  /// A vertex or handle being dragged.
  var drag: EditorDrag?
  /// The gradient's last render, reused while the gradient is unchanged.
  var cache: (gradient: GradientMesh, width: Int, height: Int, image: RGBAImage)?

  init(host: any EditorHost) { self.host = host }

  var frameSize: Vector2 { host.frameSize }

  func mouseDown(_ p: Vector2, paletteShown: Bool) {
    if paletteShown, let k = GradientEditing.swatch(at: p, frameSize: frameSize) {
      setGradientColor(GradientEditing.color(hex: GradientEditing.palette[k]))
      return
    }
    guard let (i, handle) = target(at: p) else { return }
    let grabbed = handle.map { handlePositions[i][$0]! } ?? gradient.positions[i]
    drag = EditorDrag(
      index: i, grab: grabbed * frameSize - p, moved: false, before: host.snapshot,
      handle: handle)
    if selectedPoint != i {
      selectedPoint = i
      host.log("selected: gradient point \(i) (\(GradientEditing.hexText(gradient.colors[i])))")
    }
  }

  /// The vertex, or (while they are shown and no vertex is hit) the bezier
  /// handle, nearest to window point `p` within
  /// ``ControlPointPicker/defaultRadius``.
  func target(at p: Vector2) -> (index: Int, handle: GradientHandle?)? {
    let r2 = ControlPointPicker.defaultRadius * ControlPointPicker.defaultRadius
    func nearest(_ candidates: [(Int, GradientHandle?, Vector2)]) -> (Int, GradientHandle?)? {
      var best: (Int, GradientHandle?, Double)?
      for (i, handle, q) in candidates {
        let d = q * frameSize - p
        let d2 = (d * d).sum()
        if d2 <= r2, best == nil || d2 < best!.2 { best = (i, handle, d2) }
      }
      return best.map { ($0.0, $0.1) }
    }
    if let hit = nearest(gradient.positions.enumerated().map { ($0.offset, nil, $0.element) }) {
      return hit
    }
    guard showHandles else { return nil }
    return nearest(
      handlePositions.enumerated().flatMap { i, handles in
        handles.map { (i, Optional($0.key), $0.value) }
      })
  }

  /// Each vertex's drawn handles (those with an edge) at their unit
  /// positions: explicit ones, or the automatic ones for
  /// ``GradientMesh/Locations/points(_:)``.
  var handlePositions: [[GradientHandle: Vector2]] {
    let (w, h) = (gradient.width, gradient.height)
    return gradient.resolvedBezierPoints.enumerated().map { i, point in
      var handles: [GradientHandle: Vector2] = [:]
      for handle in GradientHandle.allCases
      where handle.exists(column: i % w, row: i / w, width: w, height: h) {
        handles[handle] = point[keyPath: handle.keyPath]
      }
      return handles
    }
  }

  func mouseMove(_ p: Vector2) {
    guard var d = drag else { return }
    let unit = pointwiseMin(pointwiseMax(p + d.grab, .zero), frameSize) / frameSize
    if let handle = d.handle {
      guard unit != handlePositions[d.index][handle] else { return }
      if !d.moved {
        host.record("drag gradient handle \(d.index) \(handle.rawValue)", before: d.before)
      }
      moveGradientHandle(d.index, handle, to: unit)
    } else {
      guard unit != gradient.positions[d.index] else { return }
      if !d.moved { host.record("drag gradient point \(d.index)", before: d.before) }
      moveGradientPoint(d.index, to: unit)
    }
    d.moved = true
    drag = d
  }

  func mouseUp(_ p: Vector2) {
    guard drag != nil else { return }
    mouseMove(p)
    let d = drag!
    drag = nil
    guard d.moved else { return }
    if let handle = d.handle {
      logGradientHandle(d.index, handle)
    } else {
      logGradientPoint(d.index, verb: "moved to")
    }
  }

  /// Moves one handle of vertex `i` to the unit point `unit`. Automatic
  /// handles (``GradientMesh/Locations/points(_:)``) first become explicit
  /// ones at the same places, so the rest of the shape does not change.
  func moveGradientHandle(_ i: Int, _ handle: GradientHandle, to unit: Vector2) {
    var points = gradient.resolvedBezierPoints
    points[i][keyPath: handle.keyPath] = unit
    gradient.locations = .bezierPoints(points)
  }

  /// "gradient handle 4 trailing at 512.0 300.0 px (0.6400 0.5000)".
  func logGradientHandle(_ i: Int, _ handle: GradientHandle) {
    guard let unit = handlePositions[i][handle] else { return }
    let px = unit * frameSize
    host.log(
      "gradient handle \(i) \(handle.rawValue) at "
        + "\(logNumber(px.x, 1)) \(logNumber(px.y, 1)) px "
        + "(\(logNumber(unit.x, 4)) \(logNumber(unit.y, 4)))")
  }

  /// Moves vertex `i` to the unit point `unit` (its explicit handles, if
  /// any, move with it).
  func moveGradientPoint(_ i: Int, to unit: Vector2) {
    switch gradient.locations {
    case .points(var points):
      points[i] = unit
      gradient.locations = .points(points)
    case .bezierPoints(var points):
      let delta = unit - points[i].position
      points[i].position = unit
      points[i].leadingControlPoint += delta
      points[i].topControlPoint += delta
      points[i].trailingControlPoint += delta
      points[i].bottomControlPoint += delta
      gradient.locations = .bezierPoints(points)
    }
  }

  func logGradientPoint(_ i: Int, verb: String) {
    let unit = gradient.positions[i]
    let px = unit * frameSize
    host.log(
      "gradient point \(i) (column \(i % gradient.width), row \(i / gradient.width)) \(verb) "
        + "\(logNumber(px.x, 1)) \(logNumber(px.y, 1)) px "
        + "(\(logNumber(unit.x, 4)) \(logNumber(unit.y, 4)))")
  }

  /// One line describing the gradient.
  func logGradient() {
    host.log(
      "gradient: \(gradient.width)x\(gradient.height), smoothsColors \(gradient.smoothsColors), "
        + "colorSpace \(gradient.colorSpace.rawValue)")
  }

  /// Gives the selected vertex `colour` (an undoable edit).
  func setGradientColor(_ color: GradientColor) {
    guard let i = selectedPoint else {
      host.log("colour: no gradient point selected (click one first)")
      return
    }
    guard gradient.colors[i] != color else { return }
    host.record("colour of gradient point \(i)")
    gradient.colors[i] = color
    host.log("colour: gradient point \(i) = \(GradientEditing.hexText(color))")
  }

  /// Gradient mode's keys; `false` for keys it leaves to the warp mode's
  /// handling (help, save, quit, undo, …).
  func press(_ key: EditorKey) -> Bool {
    switch key {
    case .density(let n) where n <= GradientEditing.palette.count:
      setGradientColor(GradientEditing.color(hex: GradientEditing.palette[n - 1]))
    case .nudge(let dx, let dy):
      guard let i = selectedPoint else {
        host.log("nudge: no gradient point selected (click one first)")
        return true
      }
      let p = gradient.positions[i] * frameSize + Vector2(Double(dx), Double(dy))
      let unit = pointwiseMin(pointwiseMax(p, .zero), frameSize) / frameSize
      guard unit != gradient.positions[i] else { return true }
      host.record("nudge gradient point \(i) by \(dx) \(dy) px")
      moveGradientPoint(i, to: unit)
      logGradientPoint(i, verb: "moved to")
    case .gradientColumns(let d), .gradientRows(let d):
      var (w, h) = (gradient.width, gradient.height)
      if case .gradientColumns = key { w += d } else { h += d }
      guard (2...9).contains(w), (2...9).contains(h) else {
        host.log("gradient size: \(w)x\(h) is outside 2-9")
        return true
      }
      host.record("gradient size \(w)x\(h)")
      gradient = GradientResampler.resample(gradient, width: w, height: h)
      selectedPoint = nil
      host.log("gradient size: \(w)x\(h) (shape kept)")
    case .smoothsColors:
      host.record("smoothsColors")
      gradient.smoothsColors.toggle()
      host.log("smoothsColors: \(gradient.smoothsColors)")
    case .bezierHandles:
      showHandles.toggle()
      let kind = if case .bezierPoints = gradient.locations { "explicit" } else { "automatic" }
      host.log("bezier handles: \(showHandles ? "shown (\(kind))" : "hidden")")
    case .colorSpace:
      host.record("colour space")
      gradient.colorSpace = gradient.colorSpace == .device ? .perceptual : .device
      host.log("colorSpace: \(gradient.colorSpace.rawValue)")
    case .hexEntry:
      guard selectedPoint != nil else {
        host.log("hex: no gradient point selected (click one first)")
        return true
      }
      hexEntry = ""
      host.log("hex: type RRGGBB, Return applies, Escape cancels")
    case .reset:
      guard gradient != GradientEditing.defaultGradient else { return true }
      host.record("reset gradient")
      gradient = GradientEditing.defaultGradient
      selectedPoint = nil
      host.log("reset: default gradient")
    default:
      return false
    }
    return true
  }

  /// Keys while a hex colour is typed: Return applies, Backspace deletes,
  /// Escape cancels; the rest are ignored (their characters arrive as text).
  func hexEntryKey(_ key: EditorKey) {
    guard let text = hexEntry else { return }
    switch key {
    case .hexEntry:
      hexEntry = nil
      // The one colour parser (gradient JSON and the command line read
      // colours with it too).
      guard let color = GradientColor(text: text) else {
        host.log("hex: '\(text)' is not RRGGBB or RRGGBBAA")
        return
      }
      setGradientColor(color)
    case .backspace:
      hexEntry = String(text.dropLast())
    case .quit:
      hexEntry = nil
      host.log("hex: cancelled")
    default:
      break
    }
  }

  /// Typed text: hex digits go into the entry (at most 8).
  func typeHex(_ text: String) {
    guard var entry = hexEntry else { return }
    for ch in text where ch.isHexDigit && entry.count < 8 { entry.append(ch) }
    hexEntry = entry.uppercased()
  }
}
