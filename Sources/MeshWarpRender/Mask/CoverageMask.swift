/// How much of each pixel a shape covers: `width × height` bytes, row-major
/// from the top-left, no row padding.
///
/// Coverage is stored as `UInt8`: 0 = not covered, 255 = fully covered,
/// value/255 in between (the anti-aliased edge). This is FreeType's
/// 8-bit grey format, so glyph bitmaps copy in without conversion, and one
/// byte per pixel keeps a 1000×250 mask at 250 kB.
///
/// Pixel (x, y) covers [x, x+1] × [y, y+1], as in ``RGBAImage``.
public struct CoverageMask: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// `width · height` coverage values, 0…255.
  public var values: [UInt8]

  /// An empty (all-zero) mask.
  ///
  /// - Precondition: `width, height ≥ 0`.
  public init(width: Int, height: Int) {
    precondition(width >= 0 && height >= 0, "negative mask size \(width)×\(height)")
    self.width = width
    self.height = height
    values = [UInt8](repeating: 0, count: width * height)
  }

  /// Wraps existing coverage values.
  ///
  /// - Precondition: `width, height ≥ 0` and `values.count == width·height`.
  public init(width: Int, height: Int, values: [UInt8]) {
    precondition(width >= 0 && height >= 0, "negative mask size \(width)×\(height)")
    precondition(
      values.count == width * height,
      "\(values.count) values for a \(width)×\(height) mask (expected \(width * height))")
    self.width = width
    self.height = height
    self.values = values
  }

  /// The coverage at (x, y), 0…255.
  ///
  /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
  public subscript(x: Int, y: Int) -> UInt8 {
    get {
      precondition(
        x >= 0 && x < width && y >= 0 && y < height, "(\(x), \(y)) outside \(width)×\(height)")
      return values[y * width + x]
    }
    set {
      precondition(
        x >= 0 && x < width && y >= 0 && y < height, "(\(x), \(y)) outside \(width)×\(height)")
      values[y * width + x] = newValue
    }
  }

  /// The mask's own rectangle: origin (0, 0), its size.
  public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// The tightest rectangle holding every pixel with coverage > 0, or `nil`
  /// when the mask is blank.
  ///
  /// - Complexity: O(width · height).
  public var inkBounds: PixelRect? {
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    values.withUnsafeBufferPointer { v in
      for y in 0..<height {
        let row = y * width
        var first = -1
        for x in 0..<width where v[row + x] != 0 {
          first = x
          break
        }
        guard first >= 0 else { continue }
        var last = first
        for x in stride(from: width - 1, to: first, by: -1) where v[row + x] != 0 {
          last = x
          break
        }
        minX = Swift.min(minX, first)
        maxX = Swift.max(maxX, last)
        if minY == height { minY = y }
        maxY = y
      }
    }
    guard maxX >= 0 else { return nil }
    return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  /// The part of this mask inside `rect` (in this mask's pixels) as a new
  /// mask of `rect`'s size; pixels of `rect` outside the mask are 0.
  ///
  /// - Complexity: O(rect.width · rect.height).
  public func cropped(to rect: PixelRect) -> CoverageMask {
    var out = CoverageMask(width: rect.width, height: rect.height)
    out.combine(self, at: -rect.x, -rect.y, rule: .replace)
    return out
  }

  /// This mask placed with its top-left at `origin` on an empty canvas of
  /// `width × height` pixels; parts outside the canvas are clipped.
  ///
  /// - Parameters:
  ///   - width: Canvas width in pixels, `≥ 0`.
  ///   - height: Canvas height in pixels, `≥ 0`.
  ///   - x: Canvas column of this mask's column 0 (may be negative).
  ///   - y: Canvas row of this mask's row 0 (may be negative).
  /// - Complexity: O(canvas + overlap).
  public func placed(inWidth width: Int, height: Int, at x: Int, _ y: Int) -> CoverageMask {
    var out = CoverageMask(width: width, height: height)
    out.combine(self, at: x, y, rule: .replace)
    return out
  }
}
