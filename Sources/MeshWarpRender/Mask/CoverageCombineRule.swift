/// How a new coverage value `b` is merged into an existing value `a`
/// (both 0…255, read as a/255 and b/255), for drawing several shapes —
/// the glyphs of a text — into one ``CoverageMask``.
///
/// Every rule saturates: the result stays in 0…255.
public enum CoverageCombineRule: Hashable, Sendable, CaseIterable {
  /// `b` — overwrite.
  case replace
  /// `max(a, b)`. Overlapping parts do not thicken, but two anti-aliased
  /// edges that abut in one pixel (½ + ½) stay at ½, a faint seam.
  case maximum
  /// `min(a + b, 255)`. Abutting edges sum to full coverage, but an
  /// overlap's edge pixels come out too dark.
  case saturatingAdd
  /// `a + b − a·b/255`, rounded: coverage `b` drawn over `a` with
  /// source-over, as when each glyph is painted in turn with the same
  /// colour. Between ``maximum`` and ``saturatingAdd`` in both cases above.
  case union

  /// The merged value.
  @inlinable
  public func combine(_ a: UInt8, _ b: UInt8) -> UInt8 {
    switch self {
    case .replace: return b
    case .maximum: return Swift.max(a, b)
    case .saturatingAdd:
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? 255 : sum
    case .union:
      // a + round(b·(255 − a)/255); exact integer rounding since 255 is odd.
      let rest = UInt32(b) * UInt32(255 - a)
      return a + UInt8((rest + 127) / 255)
    }
  }
}

extension CoverageMask {
  /// Merges `other` into this mask with its top-left at (`x`, `y`) of this
  /// mask; the parts of `other` outside this mask are clipped.
  ///
  /// - Parameters:
  ///   - other: The coverage to add, e.g. one glyph's bitmap.
  ///   - x: This mask's column for `other`'s column 0 (may be negative).
  ///   - y: This mask's row for `other`'s row 0 (may be negative).
  ///   - rule: How the values merge (see ``CoverageCombineRule``).
  /// - Complexity: O(overlap area); no allocation.
  public mutating func combine(
    _ other: CoverageMask, at x: Int, _ y: Int, rule: CoverageCombineRule
  ) {
    let target = PixelRect(x: x, y: y, width: other.width, height: other.height)
    guard let overlap = bounds.intersection(target) else { return }
    let dstWidth = width
    let srcWidth = other.width
    other.values.withUnsafeBufferPointer { src in
      values.withUnsafeMutableBufferPointer { dst in
        for row in overlap.y..<overlap.maxY {
          let dstRow = row * dstWidth
          let srcRow = (row - y) * srcWidth - x
          switch rule {
          case .replace:
            for col in overlap.x..<overlap.maxX { dst[dstRow + col] = src[srcRow + col] }
          default:
            for col in overlap.x..<overlap.maxX {
              dst[dstRow + col] = rule.combine(dst[dstRow + col], src[srcRow + col])
            }
          }
        }
      }
    }
  }
}
