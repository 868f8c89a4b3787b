import Foundation
import MeshWarpCore
import MeshWarpRender

/// Morph mode's state: picture A (the session's content) and picture B,
/// the ``MorphDocument`` whose `a` points the user drags over A and `b`
/// points over B, the progress t the scrubber sets, and the point selected
/// or dragged. The window shows A and B side by side above the morph at t,
/// with the scrubber below (``MorphLayout``).
final class MorphEditor {
  unowned let host: any EditorHost
  /// The two point sets.
  var document: MorphDocument
  /// Picture A: the content's picture (or checkerboard) at time 0.
  var pictureA: RGBAImage
  /// Picture B, from `--morph`.
  var pictureB: RGBAImage
  /// Progress shown in the morph pane, 0…1.
  var t = 0.5
  /// The selected point (both sides show it), which the arrow keys nudge
  /// on the side it was last pressed on.
  var selected: (side: MorphSide, index: Int)?
  /// A point being dragged, on one side.
  var drag: (side: MorphSide, drag: EditorDrag)?
  /// Whether the scrubber is being dragged.
  var scrubbing = false
  /// The panes' pictures, reused while the window and pictures are unchanged.
  var paneCache: [MorphSide: RGBAImage] = [:]
  /// The morph's last render, reused while the document and t are unchanged.
  var morphCache: (document: MorphDocument, t: Double, image: RGBAImage)?

  init(host: any EditorHost, document: MorphDocument, a: RGBAImage, b: RGBAImage) {
    self.host = host
    self.document = document
    pictureA = a
    pictureB = b
  }

  var layout: MorphLayout {
    MorphLayout(
      frameWidth: Int(host.frameSize.x), frameHeight: Int(host.frameSize.y),
      a: (pictureA.width, pictureA.height), b: (pictureB.width, pictureB.height))
  }

  /// Picture A replaced (a picture dropped on the window): the panes and
  /// the morph are drawn again from it.
  func replacePictureA(_ picture: RGBAImage) {
    pictureA = picture
    paneCache = [:]
    morphCache = nil
  }

  /// The points of `side`.
  func points(_ side: MorphSide) -> [CGPoint] { side == .a ? document.a : document.b }

  /// Where point `i` of `side` shows in the window.
  func windowPoint(_ side: MorphSide, _ i: Int) -> Vector2 {
    layout.pane(side).windowPoint(forUnit: Vector2(points(side)[i]))
  }

  // MARK: Mouse

  func mouseDown(_ p: Vector2) {
    let layout = layout
    if layout.scrubberHit(p) {
      scrubbing = true
      setProgress(layout.progress(at: p), log: false)
      return
    }
    for side in MorphSide.allCases {
      let pane = layout.pane(side)
      guard
        let i = ControlPointPicker.nearest(
          points(side).map { pane.windowPoint(forUnit: Vector2($0)) }, to: p)
      else { continue }
      drag = (
        side,
        EditorDrag(
          index: i, grab: windowPoint(side, i) - p, moved: false, before: host.snapshot)
      )
      if selected?.index != i || selected?.side != side {
        selected = (side, i)
        host.log("selected: morph point \(i) in \(side.name)")
      }
      return
    }
  }

  func mouseMove(_ p: Vector2) {
    if scrubbing { return setProgress(layout.progress(at: p), log: false) }
    guard var (side, d) = drag else { return }
    let pane = layout.pane(side)
    let unit = pane.unit(forWindowPoint: pane.clamp(p + d.grab))
    guard unit != Vector2(points(side)[d.index]) else { return }
    if !d.moved { host.record("drag morph point \(d.index) in \(side.name)", before: d.before) }
    move(side, d.index, to: unit)
    d.moved = true
    drag = (side, d)
  }

  func mouseUp(_ p: Vector2) {
    if scrubbing {
      mouseMove(p)
      scrubbing = false
      host.log("morph t \(logNumber(t, 2))")
      return
    }
    guard drag != nil else { return }
    mouseMove(p)
    let (side, d) = drag!
    drag = nil
    if d.moved { logPoint(side, d.index) }
  }

  // MARK: Edits

  /// Moves point `i` of `side` to the unit point `unit` of its picture.
  func move(_ side: MorphSide, _ i: Int, to unit: Vector2) {
    let point = CGPoint(x: unit.x, y: unit.y)
    if side == .a { document.a[i] = point } else { document.b[i] = point }
  }

  /// "morph point 4 in B at 512.0 300.0 px (0.6400 0.5000)": where it
  /// shows in the window, and its normalized place in its picture.
  func logPoint(_ side: MorphSide, _ i: Int) {
    let unit = Vector2(points(side)[i])
    let px = windowPoint(side, i)
    host.log(
      "morph point \(i) in \(side.name) at \(logNumber(px.x, 1)) \(logNumber(px.y, 1)) px "
        + "(\(logNumber(unit.x, 4)) \(logNumber(unit.y, 4)))")
  }

  /// Sets the progress (clamped to 0…1), logging it when `log`.
  func setProgress(_ value: Double, log: Bool) {
    let clamped = min(max(value, 0), 1)
    guard clamped != t else { return }
    t = clamped
    if log { host.log("morph t \(logNumber(t, 2))") }
  }

  /// Morph mode's own keys: [ and ] step t to the next multiple of 0.05,
  /// arrows nudge the selected point on its side, 2–9 and R make an
  /// identity grid of that density (the current one for R), K smooth.
  /// - Returns: whether the key was morph mode's.
  func press(_ key: EditorKey) -> Bool {
    switch key {
    case .gradientColumns(let step):
      setProgress((t * 20).rounded() / 20 + Double(step) * 0.05, log: true)
    case .nudge(let dx, let dy):
      guard let (side, i) = selected else { return true }
      host.record("nudge morph point \(i) in \(side.name)")
      let pane = layout.pane(side)
      let moved = pane.clamp(windowPoint(side, i) + Vector2(Double(dx), Double(dy)))
      move(side, i, to: pane.unit(forWindowPoint: moved))
      logPoint(side, i)
    case .density(let n) where n >= 2:
      reset(columns: n, rows: n, label: "density \(n)x\(n)")
    case .reset:
      let columns = document.grid?.columns ?? 3
      reset(columns: columns, rows: document.grid?.rows ?? columns, label: "reset")
    case .toggleSmooth:
      host.record("smooth")
      document.smooth.toggle()
      host.log("morph smooth: \(document.smooth ? "on" : "off")")
    default:
      return false
    }
    return true
  }

  /// An identity morph grid of `columns × rows` (easings and smoothness
  /// kept), recorded for undo as `label`.
  func reset(columns: Int, rows: Int, label: String) {
    host.record(label)
    var fresh = MorphDocument.identity(columns: columns, rows: rows)
    fresh.smooth = document.smooth
    fresh.warpEasing = document.warpEasing
    fresh.dissolveEasing = document.dissolveEasing
    document = fresh
    selected = nil
    host.log("morph grid: \(columns)x\(rows) points")
  }
}

/// The two pictures of a morph.
package enum MorphSide: CaseIterable, Hashable, Sendable {
  case a, b
  /// "A" or "B", for log lines.
  package var name: String { self == .a ? "A" : "B" }
}
