import Foundation
import MeshWarpCore
import MeshWarpRender

/// Where morph mode draws in the window: A and B side by side in the top
/// half, each picture's aspect ratio kept inside its half; the morph at t
/// below them, with A's aspect ratio (the output's size is A's); the
/// scrubber along the bottom edge.
package struct MorphLayout: Hashable {
  /// The panes: picture A, picture B, and the morph.
  package var paneA: EditorViewport
  package var paneB: EditorViewport
  package var result: EditorViewport
  /// The scrubber's track: its left end, and its length (window pixels).
  package var trackStart: Vector2
  package var trackLength: Double

  /// Pixels kept free around each pane, and the scrubber's strip height.
  static let margin = 6
  static let scrubberHeight = 32

  init(frameWidth: Int, frameHeight: Int, a: (Int, Int), b: (Int, Int)) {
    let half = max(1, (frameHeight - Self.scrubberHeight) / 2)
    func pane(_ size: (Int, Int), x: Int, y: Int, width: Int, height: Int) -> EditorViewport {
      let m = Self.margin
      var v = EditorViewport(
        contentWidth: size.0, contentHeight: size.1, frameWidth: max(1, width - 2 * m),
        frameHeight: max(1, height - 2 * m))
      v.x += x + m
      v.y += y + m
      return v
    }
    paneA = pane(a, x: 0, y: 0, width: frameWidth / 2, height: half)
    paneB = pane(b, x: frameWidth / 2, y: 0, width: frameWidth - frameWidth / 2, height: half)
    result = pane(a, x: 0, y: half, width: frameWidth, height: half)
    trackStart = Vector2(16, Double(frameHeight - Self.scrubberHeight / 2))
    trackLength = Double(max(1, frameWidth - 32))
  }

  /// The pane of picture `side`.
  package func pane(_ side: MorphSide) -> EditorViewport { side == .a ? paneA : paneB }

  /// Whether `p` presses the scrubber: within 12 px of its track.
  package func scrubberHit(_ p: Vector2) -> Bool {
    abs(p.y - trackStart.y) <= 12 && p.x >= trackStart.x - 12
      && p.x <= trackStart.x + trackLength + 12
  }

  /// The progress under `p` along the track, clamped to 0…1.
  package func progress(at p: Vector2) -> Double {
    min(max((p.x - trackStart.x) / trackLength, 0), 1)
  }

  /// The knob's centre at progress `t`.
  package func knob(at t: Double) -> Vector2 { trackStart + Vector2(t * trackLength, 0) }
}

extension MorphEditor {
  /// The morph at progress t at `width × height`, rendered again only when
  /// the document, t or the size changed.
  func morph(width: Int, height: Int, threads: Int) -> RGBAImage {
    if let morphCache, morphCache.document == document, morphCache.t == t,
      morphCache.image.width == width, morphCache.image.height == height
    {
      return morphCache.image
    }
    let image = MorphRenderer.render(
      document, at: t, a: pictureA, b: pictureB,
      options: WarpOptions(width: width, height: height, threads: threads))
    morphCache = (document, t, image)
    return image
  }

  /// Picture `side` drawn at its pane's size (an identity warp with the
  /// minification filter), kept for the session: panes do not move.
  func paneImage(_ side: MorphSide, threads: Int) -> RGBAImage {
    if let cached = paneCache[side] { return cached }
    let pane = layout.pane(side)
    let picture = side == .a ? pictureA : pictureB
    let image = WarpRenderer.render(
      picture, mesh: .identity(columns: 2, rows: 2),
      options: WarpOptions(width: pane.width, height: pane.height, threads: threads))
    paneCache[side] = image
    return image
  }

  /// The window: the letterbox colour, both pictures with their points,
  /// the morph at t, the scrubber; the overlay (points, lines, labels,
  /// scrubber) left out when `overlay` is false.
  func render(
    width: Int, height: Int, threads: Int, overlay: Bool, background: RGBA8
  ) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, fill: background)
    let layout = layout
    for side in MorphSide.allCases {
      let pane = layout.pane(side)
      image.drawOver(paneImage(side, threads: threads), at: pane.x, pane.y)
    }
    let result = layout.result
    image.drawOver(
      morph(width: result.width, height: result.height, threads: threads), at: result.x, result.y)
    guard overlay else { return image }
    for side in MorphSide.allCases {
      let pane = layout.pane(side)
      let mesh = WarpMesh(
        pointPairs: points(side).map { MeshPointPair(identity: $0) }, faces: document.faces)
      image.drawMeshOverlay(mesh, offset: pane.origin, scale: pane.size)
      if let (_, i) = selected, i < points(side).count {
        let dragged = drag?.side == side && drag?.drag.index == i
        image.fillCircle(
          centre: windowPoint(side, i), radius: dragged ? 9 : 7, color: RGBA8(255, 214, 10),
          outline: .white, outlineWidth: 2)
      }
      image.drawText(
        side.name, at: pane.origin + Vector2(8, 8), capHeight: 14, color: .white)
    }
    let track = layout.trackStart
    image.drawLine(
      from: track, to: track + Vector2(layout.trackLength, 0), thickness: 4,
      color: RGBA8(255, 255, 255, 150))
    image.fillCircle(
      centre: layout.knob(at: t), radius: scrubbing ? 9 : 7, color: RGBA8(255, 214, 10),
      outline: .white, outlineWidth: 2)
    image.drawText(
      "t \(logNumber(t, 2))", at: result.origin + Vector2(8, 8), capHeight: 14, color: .white)
    return image
  }
}
