import MeshWarpCore
import MeshWarpRender

/// Gradient mode's pixels: the gradient and its overlay.
extension GradientEditor {
  /// The gradient at `width × height`, rendered again only when it or
  /// the size changed.
  func render(width: Int, height: Int, threads: Int) -> RGBAImage {
    if let cache, cache.gradient == gradient, cache.width == width, cache.height == height {
      return cache.image
    }
    let image = GradientRenderer(options: GradientRenderOptions(threads: threads))
      .render(gradient, width: width, height: height)
    cache = (gradient, width, height, image)
    return image
  }

  /// Draws the overlay over `image` (the window): the vertex grid, the
  /// handles while shown, the points, the palette strip and the hex entry.
  func drawOverlay(into image: inout RGBAImage) {
    let points = gradient.positions.map { $0 * frameSize }
    let (w, h) = (gradient.width, gradient.height)
    let line = RGBA8(255, 255, 255, 170)
    for r in 0..<h {
      for c in 0..<w {
        let p = points[r * w + c]
        if c + 1 < w { image.drawLine(from: p, to: points[r * w + c + 1], color: line) }
        if r + 1 < h { image.drawLine(from: p, to: points[(r + 1) * w + c], color: line) }
      }
    }
    if showHandles {
      let handleColor = RGBA8(255, 214, 10, 230)
      for (i, handles) in handlePositions.enumerated() {
        for (_, q) in handles.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
          image.drawLine(from: points[i], to: q * frameSize, color: handleColor)
          image.fillCircle(
            centre: q * frameSize, radius: 4, color: RGBA8(20, 20, 24), outline: handleColor,
            outlineWidth: 2)
        }
      }
    }
    for (i, p) in points.enumerated() {
      let selected = i == selectedPoint
      image.fillCircle(
        centre: p, radius: selected ? 9 : 6, color: gradient.colors[i].rgba8,
        outline: selected ? RGBA8(255, 214, 10) : .white, outlineWidth: selected ? 3 : 2)
    }
    for (k, hex) in GradientEditing.palette.enumerated() {
      let r = GradientEditing.swatchRect(k, frameSize: frameSize)
      image.fillRoundedRect(
        origin: r.origin, size: r.size, radius: 5,
        color: GradientEditing.color(hex: hex).rgba8, outline: RGBA8(255, 255, 255, 200))
      image.drawText(
        "\(k + 1)", at: r.origin + Vector2(9, -14), capHeight: 9, color: .white)
    }
    if let entry = hexEntry {
      let origin = Vector2(
        GradientEditing.margin + 9 * (GradientEditing.swatch + GradientEditing.gap) + 10,
        frameSize.y - GradientEditing.margin - GradientEditing.swatch)
      image.fillRoundedRect(
        origin: origin, size: Vector2(150, GradientEditing.swatch), radius: 5,
        color: RGBA8(20, 20, 24, 220), outline: .white)
      image.drawText(
        "HEX " + entry + "_", at: origin + Vector2(8, 7), capHeight: 12, color: .white)
    }
  }
}
