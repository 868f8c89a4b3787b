import MeshWarpRender
import Testing

/// Coverage merging rules and mask placement, on hand-computed values.
@Suite struct MaskCombineTests {
  @Test func rulesOnHandComputedValues() {
    #expect(CoverageCombineRule.replace.combine(200, 7) == 7)
    #expect(CoverageCombineRule.maximum.combine(100, 200) == 200)
    #expect(CoverageCombineRule.maximum.combine(200, 100) == 200)
    #expect(CoverageCombineRule.saturatingAdd.combine(200, 100) == 255)
    #expect(CoverageCombineRule.saturatingAdd.combine(100, 100) == 200)
    // union: a + round(b·(255 − a)/255): 128 + round(128·127/255 = 63.75) = 192.
    #expect(CoverageCombineRule.union.combine(128, 128) == 192)
    // 64 + round(64·191/255 = 47.94) = 112.
    #expect(CoverageCombineRule.union.combine(64, 64) == 112)
  }

  @Test func everyRuleSaturatesAndKeepsZeroNeutral() {
    for rule in CoverageCombineRule.allCases where rule != .replace {
      for a in stride(from: 0, through: 255, by: 15) {
        for b in stride(from: 0, through: 255, by: 17) {
          let v = Int(rule.combine(UInt8(a), UInt8(b)))
          #expect(v >= max(a, b), "\(rule)(\(a), \(b)) = \(v) below max")
          #expect(v <= min(a + b, 255), "\(rule)(\(a), \(b)) = \(v) above clamped sum")
        }
        #expect(rule.combine(UInt8(a), 0) == UInt8(a))
        #expect(rule.combine(0, UInt8(a)) == UInt8(a))
        #expect(rule.combine(255, UInt8(a)) == 255)
      }
    }
  }

  @Test func combineClipsAndOffsets() {
    var canvas = CoverageMask(width: 4, height: 3)
    let stamp = CoverageMask(width: 2, height: 2, values: [10, 20, 30, 40])
    canvas.combine(stamp, at: 3, -1, rule: .maximum)  // only stamp (0,1) lands, at (3,0)
    #expect(canvas.values == [0, 0, 0, 30, 0, 0, 0, 0, 0, 0, 0, 0])
    canvas.combine(stamp, at: 1, 1, rule: .saturatingAdd)
    #expect(canvas.values == [0, 0, 0, 30, 0, 10, 20, 0, 0, 30, 40, 0])
    canvas.combine(stamp, at: 1, 1, rule: .saturatingAdd)
    #expect(canvas[1, 1] == 20 && canvas[2, 2] == 80)
    canvas.combine(stamp, at: -5, 9, rule: .replace)  // outside: nothing
    #expect(canvas[3, 0] == 30)
  }

  @Test func placedCroppedAndInkBounds() {
    let mask = CoverageMask(width: 3, height: 2, values: [0, 5, 0, 0, 0, 9])
    #expect(mask.inkBounds == PixelRect(x: 1, y: 0, width: 2, height: 2))
    #expect(CoverageMask(width: 5, height: 5).inkBounds == nil)

    let placed = mask.placed(inWidth: 4, height: 4, at: 1, 2)
    #expect(placed.inkBounds == PixelRect(x: 2, y: 2, width: 2, height: 2))
    #expect(placed[2, 2] == 5 && placed[3, 3] == 9)

    let cropped = mask.cropped(to: PixelRect(x: 1, y: 0, width: 3, height: 3))
    #expect(cropped.width == 3 && cropped.height == 3)
    #expect(cropped.values == [5, 0, 0, 0, 9, 0, 0, 0, 0])
  }

  @Test func pixelRectAlgebra() {
    let a = PixelRect(x: -2, y: 1, width: 4, height: 3)
    let b = PixelRect(x: 1, y: 0, width: 5, height: 2)
    #expect(a.union(b) == PixelRect(x: -2, y: 0, width: 8, height: 4))
    #expect(a.intersection(b) == PixelRect(x: 1, y: 1, width: 1, height: 1))
    #expect(a.intersection(PixelRect(x: 2, y: 1, width: 1, height: 1)) == nil)  // touching only
    #expect(a.padded(by: 2) == PixelRect(x: -4, y: -1, width: 8, height: 7))
    #expect(a.padded(by: 2).contains(a) && !a.contains(b))
    #expect(a.union(PixelRect(x: 50, y: 50, width: 0, height: 0)) == a)
  }
}
