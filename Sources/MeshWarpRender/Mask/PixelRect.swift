import MeshWarpCore

/// An axis-aligned rectangle of whole pixels: columns `x ..< x + width`,
/// rows `y ..< y + height`, y down.
///
/// Used for glyph boxes, ink bounds and mask placement. The origin may be
/// negative (a glyph that overhangs the pen's start, a mask placed partly
/// off a canvas).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  /// Left column (inclusive).
  public var x: Int
  /// Top row (inclusive).
  public var y: Int
  /// Number of columns, `≥ 0`.
  public var width: Int
  /// Number of rows, `≥ 0`.
  public var height: Int

  /// - Precondition: `width ≥ 0` and `height ≥ 0`.
  public init(x: Int, y: Int, width: Int, height: Int) {
    precondition(width >= 0 && height >= 0, "negative rectangle size \(width)×\(height)")
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// One past the right-most column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }
  /// True when the rectangle holds no pixel.
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// The centre in pixel coordinates (pixel i covers [i, i+1]).
  public var center: Vector2 {
    Vector2(Double(x) + Double(width) / 2, Double(y) + Double(height) / 2)
  }

  /// The smallest rectangle holding both; an empty operand is ignored.
  public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let minX = Swift.min(x, other.x)
    let minY = Swift.min(y, other.y)
    return PixelRect(
      x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
      height: Swift.max(maxY, other.maxY) - minY)
  }

  /// The pixels in both, or `nil` when they share none.
  public func intersection(_ other: PixelRect) -> PixelRect? {
    let minX = Swift.max(x, other.x)
    let minY = Swift.max(y, other.y)
    let maxX = Swift.min(self.maxX, other.maxX)
    let maxY = Swift.min(self.maxY, other.maxY)
    guard minX < maxX, minY < maxY else { return nil }
    return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// True when every pixel of `other` is in this rectangle (an empty
  /// `other` is contained anywhere).
  public func contains(_ other: PixelRect) -> Bool {
    other.isEmpty
      || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
  }

  /// The rectangle grown by `amount ≥ 0` pixels on every side.
  public func padded(by amount: Int) -> PixelRect {
    precondition(amount >= 0, "negative padding \(amount)")
    return PixelRect(
      x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
  }

  /// The same size moved by (`dx`, `dy`).
  public func offsetBy(dx: Int, dy: Int) -> PixelRect {
    PixelRect(x: x + dx, y: y + dy, width: width, height: height)
  }

  public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}
