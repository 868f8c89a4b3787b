import MeshWarpCore
import MeshWarpRender

/// The clickable switch drawn into the demo's content: a white card holding a
/// pill-shaped track (green when on, grey when off) with a white knob, and an
/// "ON"/"OFF" label. A click anywhere on the card flips it.
///
/// Everything is placed in normalized content coordinates, so the toggle sits
/// at the same relative place on any content size: the card spans
/// ``cardUnitRect`` inside the top-left cell of a 3×3 grid, away from the
/// grid's lines so the overlay never hides it.
package struct EditorToggle: Hashable, Sendable {
  /// Whether the switch is on.
  package var isOn: Bool

  package init(isOn: Bool = false) { self.isOn = isOn }

  /// The card's min corner and size in normalized content coordinates
  /// (empirical: 240×84 px on the 800×600 default).
  package static let cardUnitOrigin = Vector2(0.12, 0.19)
  package static let cardUnitSize = Vector2(0.30, 0.14)

  /// The track colour when on (iOS-style green) and off (grey).
  package static let onColor = RGBA8(52, 199, 89)
  package static let offColor = RGBA8(142, 142, 147)
  static let cardColor = RGBA8(250, 250, 252)
  static let cardOutline = RGBA8(60, 60, 67)
  static let labelColor = RGBA8(28, 28, 30)

  /// The card's pixel rectangle (origin, size) on content `contentSize`.
  package static func cardRect(contentSize: Vector2) -> (origin: Vector2, size: Vector2) {
    (cardUnitOrigin * contentSize, cardUnitSize * contentSize)
  }

  /// The track's pixel rectangle (origin, size): as tall as 55 % of the card,
  /// 2.4 times as wide as tall, inset from the card's left edge by the
  /// vertical margin. Its centre always shows the track colour: the knob,
  /// of radius h/2 − 3 at ±0.7h from the centre, stops 0.2h + 3 px short of it.
  package static func trackRect(contentSize: Vector2) -> (origin: Vector2, size: Vector2) {
    let card = cardRect(contentSize: contentSize)
    let h = card.size.y * 0.55
    let margin = (card.size.y - h) / 2
    return (card.origin + Vector2(margin, margin), Vector2(2.4 * h, h))
  }

  /// The track's centre in normalized content coordinates: the point whose
  /// colour tells the state (``onColor`` or ``offColor``).
  package static func trackCentreUnit(contentSize: Vector2) -> Vector2 {
    let t = trackRect(contentSize: contentSize)
    return (t.origin + t.size / 2) / contentSize
  }

  /// Whether a content point (pixels) lies on the card.
  package static func contains(contentPoint p: Vector2, contentSize: Vector2) -> Bool {
    let card = cardRect(contentSize: contentSize)
    return p.x >= card.origin.x && p.y >= card.origin.y && p.x <= card.origin.x + card.size.x
      && p.y <= card.origin.y + card.size.y
  }

  /// Draws the toggle into `image`, whose size is the content size.
  package func draw(into image: inout RGBAImage) {
    draw(into: &image, contentSize: image.size, offset: .zero)
  }

  /// The toggle alone on a transparent sprite and the content pixel where
  /// the sprite's top-left corner goes: compositing it there (source-over)
  /// gives the same picture as ``draw(into:)``, at a fraction of the cost
  /// (the demo draws the sprite every frame and the toggle once per state).
  package func sprite(contentSize: Vector2) -> (image: RGBAImage, x: Int, y: Int) {
    let card = Self.cardRect(contentSize: contentSize)
    let x = Int(card.origin.x.rounded(.down)) - 2
    let y = Int(card.origin.y.rounded(.down)) - 2
    var image = RGBAImage(
      width: Int(card.size.x.rounded(.up)) + 5, height: Int(card.size.y.rounded(.up)) + 5)
    draw(into: &image, contentSize: contentSize, offset: Vector2(Double(-x), Double(-y)))
    return (image, x, y)
  }

  /// Draws for content of `contentSize` into `image`, shifted by `offset`
  /// pixels (the sprite's placement).
  func draw(into image: inout RGBAImage, contentSize size: Vector2, offset: Vector2) {
    var card = Self.cardRect(contentSize: size)
    card.origin += offset
    image.fillRoundedRect(
      origin: card.origin, size: card.size, radius: card.size.y * 0.22, color: Self.cardColor,
      outline: Self.cardOutline, outlineWidth: max(1.5, card.size.y / 40))
    var track = Self.trackRect(contentSize: size)
    track.origin += offset
    let h = track.size.y
    image.fillRoundedRect(
      origin: track.origin, size: track.size, radius: h / 2,
      color: isOn ? Self.onColor : Self.offColor)
    let centre = track.origin + track.size / 2
    let knobX = centre.x + (isOn ? 0.7 : -0.7) * h
    image.fillCircle(
      centre: Vector2(knobX, centre.y), radius: h / 2 - 3, color: .white,
      outline: RGBA8(0, 0, 0, 40), outlineWidth: 1)
    let label = isOn ? "ON" : "OFF"
    let capHeight = card.size.y * 0.30
    let labelX = track.origin.x + track.size.x + (card.size.y - h) / 2 + capHeight * 0.3
    image.drawText(
      label, at: Vector2(labelX, centre.y - capHeight / 2), capHeight: capHeight,
      thickness: max(2, capHeight / 7), color: Self.labelColor)
  }
}
