import Foundation
import Testing
import _TestSupport

@testable import MeshWarpEditorKit

@Suite struct EditorContentTests {
  /// The cached sprite composites to the same pixels as drawing the toggle
  /// straight into the content (up to blend rounding), also where the card's
  /// corner is not on a whole pixel.
  @Test func toggleSpriteMatchesDirectDrawing() {
    for (w, h) in [(800, 600), (333, 257)] {
      for on in [false, true] {
        var content = EditorContent(width: w, height: h)
        let toggle = EditorToggle(isOn: on)
        let viaSprite = content.image(time: 0, toggle: toggle)
        var direct = content.background(time: 0)
        toggle.draw(into: &direct)
        let diff = ImageDiff(viaSprite, direct)
        print("\(w)x\(h) on=\(on):", diff)
        #expect(diff.max <= 2)
        #expect(viaSprite != content.background(time: 0))
      }
    }
  }

  @Test func trackCentreShowsTheStateColor() {
    for on in [false, true] {
      var content = EditorContent(width: 400, height: 300)
      let image = content.image(time: 0, toggle: EditorToggle(isOn: on))
      let c = EditorToggle.trackCentreUnit(contentSize: content.size) * content.size
      #expect(image[Int(c.x), Int(c.y)] == (on ? EditorToggle.onColor : EditorToggle.offColor))
    }
  }

  /// The checkerboard scrolls by ``EditorContent/scrollSpeed`` pixels a
  /// second: content at time t, shifted back, equals content at time 0.
  @Test func checkerboardScrolls() {
    let content = EditorContent(width: 200, height: 120)
    let a = content.background(time: 0)
    let b = content.background(time: 1)  // moved by (30, 20) px
    #expect(a != b)
    for (x, y) in [(0, 0), (17, 5), (120, 80), (169, 99)] {
      #expect(b[x + 30, y + 20] == a[x, y])
    }
    // One period (two 50-px cells) later, (300, 200) px, it repeats.
    #expect(content.background(time: 10) == content.background(time: 0))
  }

  @Test func strokeFontCoversTheHelp() {
    for line in EditorHelp.text {
      #expect(line.allSatisfy { StrokeFont.glyphs[Character($0.uppercased())] != nil })
    }
  }
}
