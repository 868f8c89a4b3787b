import MeshWarpCore

/// Where the warp appears in the window: the content's aspect ratio kept,
/// as large as the window allows, centred, with bars (letterbox or
/// pillarbox) around it. The warp mesh's `to` points are normalized to this
/// rectangle, so a 451×300 photo in an 800×600 window shows 800×532 pixels
/// 34 rows down, unstretched; content of the window's shape fills it.
package struct EditorViewport: Hashable, Sendable {
  /// The rectangle in window pixels: top-left corner and size (≥ 1 each way).
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int

  /// The largest rectangle of the content's aspect ratio that fits a
  /// `frameWidth × frameHeight` window, centred (sizes rounded to pixels).
  package init(contentWidth: Int, contentHeight: Int, frameWidth: Int, frameHeight: Int) {
    let scale = min(
      Double(frameWidth) / Double(max(contentWidth, 1)),
      Double(frameHeight) / Double(max(contentHeight, 1)))
    width = min(frameWidth, max(1, Int((Double(contentWidth) * scale).rounded())))
    height = min(frameHeight, max(1, Int((Double(contentHeight) * scale).rounded())))
    x = (frameWidth - width) / 2
    y = (frameHeight - height) / 2
  }

  /// The whole window.
  package init(frameWidth: Int, frameHeight: Int) {
    (x, y, width, height) = (0, 0, frameWidth, frameHeight)
  }

  /// The top-left corner, in window pixels.
  package var origin: Vector2 { Vector2(Double(x), Double(y)) }
  /// The size, in window pixels.
  package var size: Vector2 { Vector2(Double(width), Double(height)) }

  /// The unit (mesh `to`) point under window point `p`.
  package func unit(forWindowPoint p: Vector2) -> Vector2 { (p - origin) / size }

  /// The window point of unit point `u`.
  package func windowPoint(forUnit u: Vector2) -> Vector2 { u * size + origin }

  /// `p` moved to the nearest point inside the rectangle.
  package func clamp(_ p: Vector2) -> Vector2 {
    pointwiseMin(pointwiseMax(p, origin), origin + size)
  }
}
