import MeshWarpRender
import MeshWarpText
import Testing
import _TestSupport

/// `FilledText`: the blog's gradient-in-text effect with any fill image.
@Suite struct TextFillTests {
  /// A horizontal two-colour ramp, red at the left to blue at the right.
  private func ramp(_ width: Int, _ height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let t = Double(x) / Double(max(width - 1, 1))
        image[x, y] = RGBA8(UInt8((255 * (1 - t)).rounded()), 0, UInt8((255 * t).rounded()))
      }
    }
    return image
  }

  @Test func fillIsStretchedToTheInkFramePlusPadding() throws {
    let padding = 6
    let text = try FilledText(
      "Meshing", font: FontFixtures.bold(), options: .init(sizePixels: 60), padding: padding)
    let ink = try #require(text.layout.inkBounds)
    #expect(text.frame == ink.padded(by: padding))
    var requested: (Int, Int)?
    let image = text.render { w, h in
      requested = (w, h)
      return ramp(w, h)
    }
    #expect(requested! == (ink.width + 2 * padding, ink.height + 2 * padding))
    #expect(image.width == text.width && image.height == text.height)

    let fill = ramp(text.width, text.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let c = text.mask[x, y]
        let pixel = image[x, y]
        if c == 0 {
          #expect(pixel == .transparent)
        } else {
          let f = fill[x, y]
          #expect(pixel == RGBA8(f.r, f.g, f.b, c), "(\(x), \(y))")
        }
      }
    }
    // The padding ring is empty; the ink reaches all four sides inside it.
    #expect(
      text.mask.inkBounds == PixelRect(x: padding, y: padding, width: ink.width, height: ink.height)
    )
  }

  @Test func coloredBackgroundAndTypographicFrame() throws {
    let text = try FilledText(
      "Hi", font: FontFixtures.bold(), options: .init(sizePixels: 40), frame: .typographic)
    let size = text.layout.typographicSize
    #expect(text.width == Int(size.x.rounded(.up)) && text.height == Int(size.y.rounded(.up)))
    let white = RGBAImage(width: text.width, height: text.height, fill: .white)
    let image = text.render(fill: white, background: .black)
    var sawEdge = false
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x, y]
        let c = text.mask[x, y]
        #expect(p.a == 255 && p.r == p.g && p.g == p.b)
        #expect(p.r == c, "white over black at coverage c is grey c")
        if c > 0 && c < 255 { sawEdge = true }
      }
    }
    #expect(sawEdge)
  }

  @Test func canvasPlacementCentresTheTextBox() throws {
    let text = try FilledText("I", font: FontFixtures.bold(), options: .init(sizePixels: 50))
    let (cw, ch) = (101, 80)
    let fill = RGBAImage(width: text.width, height: text.height, fill: RGBA8(0, 255, 0))
    let canvas = text.render(
      fill: fill, background: RGBA8(10, 20, 30), canvasWidth: cw, canvasHeight: ch)
    #expect(canvas.width == cw && canvas.height == ch)
    let x0 = (cw - text.width) / 2
    let y0 = (ch - text.height) / 2
    #expect(canvas[0, 0] == RGBA8(10, 20, 30))
    let centre = (text.width / 2, text.height / 2)
    #expect(text.mask[centre.0, centre.1] == 255)
    #expect(canvas[x0 + centre.0, y0 + centre.1] == RGBA8(0, 255, 0))
    #expect(canvas[x0 - 1, y0 + centre.1] == RGBA8(10, 20, 30))
  }
}
