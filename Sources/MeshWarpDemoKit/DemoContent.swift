/// What the demo warps, re-rendered for every frame (live content, not a
/// snapshot): a slowly scrolling checkerboard, a loaded picture, or the
/// gradient text of ``DemoHooks/gradientText(time:width:height:)``; the
/// ``DemoToggle`` is drawn on top of each.
package struct DemoContent: Sendable {
  /// The kinds of content.
  package enum Kind: Hashable, Sendable {
    /// The original MeshWarpEffect demo's checkerboard, scrolling diagonally.
    case checkerboard
    /// A picture (e.g. loaded from a PNG), shown still.
    case picture
    /// The animated mesh-gradient text, from ``DemoHooks``.
    case gradientText
  }

  /// Checker cell size in pixels (empirical: 16 × 12 cells at 800×600).
  package static let cell = 50
  /// Scroll speed in pixels per second of animation time (empirical: slow
  /// enough to follow, fast enough to show the content is live).
  package static let scrollSpeed = Vector2(30, 20)

  /// The content's size in pixels.
  package let width: Int
  package let height: Int
  /// The current kind; `.picture` only when a picture was given.
  package var kind: Kind
  /// A checkerboard two cells larger than the content each way, from which
  /// each frame copies a window at the scroll offset.
  let board: RGBAImage
  let picture: RGBAImage?
  /// The toggle's sprites, off and on, drawn on first use.
  var toggleSprites: [Bool: (image: RGBAImage, x: Int, y: Int)] = [:]

  /// Content of `width × height` pixels: the picture when given (its own
  /// size wins), else the checkerboard.
  package init(width: Int, height: Int, picture: RGBAImage? = nil) {
    self.width = picture?.width ?? width
    self.height = picture?.height ?? height
    self.picture = picture
    kind = picture == nil ? .checkerboard : .picture
    board = ImageGenerators.checkerboard(
      width: self.width + 2 * Self.cell, height: self.height + 2 * Self.cell, cell: Self.cell)
  }

  /// The content's size as a vector.
  package var size: Vector2 { Vector2(Double(width), Double(height)) }

  /// The kind shown when the gradient text is switched off.
  package var baseKind: Kind { picture == nil ? .checkerboard : .picture }

  /// The content at animation time `time` (seconds) with `toggle` drawn in
  /// (from a sprite cached per state: the same pixels as
  /// ``DemoToggle/draw(into:)``).
  ///
  /// - Complexity: O(width · height) (one row copy per row, plus the toggle).
  package mutating func image(time: Double, toggle: DemoToggle) -> RGBAImage {
    var image = background(time: time)
    if toggleSprites[toggle.isOn] == nil {
      toggleSprites[toggle.isOn] = toggle.sprite(contentSize: size)
    }
    let sprite = toggleSprites[toggle.isOn]!
    image.drawOver(sprite.image, at: sprite.x, sprite.y)
    return image
  }

  /// The content at animation time `time` without the toggle.
  package func background(time: Double) -> RGBAImage {
    var image: RGBAImage
    switch kind {
    case .picture:
      image = picture!
    case .gradientText:
      image =
        DemoHooks.gradientText(time: time, width: width, height: height)
        ?? RGBAImage(width: width, height: height, fill: .black)
    case .checkerboard:
      image = scrolledBoard(time: time)
    }
    return image
  }

  /// The checkerboard moved by ``scrollSpeed`` · `time`, wrapping every two
  /// cells (the pattern's period).
  func scrolledBoard(time: Double) -> RGBAImage {
    let period = 2 * Self.cell
    let shift = Self.scrollSpeed * time
    let ox = (-Int(shift.x.rounded(.down))).modulo(period)
    let oy = (-Int(shift.y.rounded(.down))).modulo(period)
    let rowBytes = width * 4
    let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { dst, count in
      board.pixels.withUnsafeBytes { src in
        for y in 0..<height {
          let from = ((y + oy) * board.width + ox) * 4
          UnsafeMutableRawPointer(dst.baseAddress! + y * rowBytes).copyMemory(
            from: src.baseAddress!.advanced(by: from), byteCount: rowBytes)
        }
      }
      count = rowBytes * height
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}

extension Int {
  /// The non-negative remainder of `self` divided by `m` (> 0).
  func modulo(_ m: Int) -> Int { ((self % m) + m) % m }
}
