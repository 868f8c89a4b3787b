import MeshWarpCore
import MeshWarpRender

/// What the demo warps, re-rendered for every frame (live content, not a
/// snapshot): a slowly scrolling checkerboard, a loaded picture, a looping
/// video (``LoopingVideo``), or the gradient text of ``EditorHooks/gradientText(time:width:height:)``; the
/// ``EditorToggle`` is drawn on top of each.
package struct EditorContent: Sendable {
  /// The kinds of content.
  package enum Kind: Hashable, Sendable {
    /// The original MeshWarpEffect demo's checkerboard, scrolling diagonally.
    case checkerboard
    /// A picture (e.g. loaded from a PNG), shown still.
    case picture
    /// A video file, looping in real time.
    case video
    /// The animated mesh-gradient text, from ``EditorHooks``.
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
  /// The video, for `.video`.
  package let video: LoopingVideo?
  /// Animation time at which the video's first frame shows.
  let videoStart: Double
  /// The toggle's sprites, off and on, drawn on first use.
  var toggleSprites: [Bool: (image: RGBAImage, x: Int, y: Int)] = [:]
  /// The last content with the toggle drawn in, reused while its
  /// ``frameKey(time:)`` and the toggle's state stay the same.
  var composed: (kind: Kind, key: Double, isOn: Bool, image: RGBAImage)?
  /// This content's identity (a new one for each loaded file): frame
  /// caches compare it.
  package var token: ObjectIdentifier { ObjectIdentifier(identity) }
  let identity = Identity()
  final class Identity: Sendable {}

  /// Content of `width × height` pixels: the picture when given (its own
  /// size wins), else the checkerboard.
  package init(width: Int, height: Int, picture: RGBAImage? = nil) {
    self.width = picture?.width ?? width
    self.height = picture?.height ?? height
    self.picture = picture
    video = nil
    videoStart = 0
    kind = picture == nil ? .checkerboard : .picture
    board = ImageGenerators.checkerboard(
      width: self.width + 2 * Self.cell, height: self.height + 2 * Self.cell, cell: Self.cell)
  }

  /// Content playing `video` (its size), its first frame at animation time
  /// `startTime`.
  package init(video: LoopingVideo, startTime: Double) {
    width = video.width
    height = video.height
    picture = nil
    self.video = video
    videoStart = startTime
    kind = .video
    board = ImageGenerators.checkerboard(
      width: width + 2 * Self.cell, height: height + 2 * Self.cell, cell: Self.cell)
  }

  /// The content's size as a vector.
  package var size: Vector2 { Vector2(Double(width), Double(height)) }

  /// The kind shown when the gradient text is switched off.
  package var baseKind: Kind { video != nil ? .video : picture == nil ? .checkerboard : .picture }

  /// Whether the content changes with animation time.
  package var isAnimated: Bool { kind != .picture }

  /// The content at animation time `time` (seconds) with `toggle` drawn in
  /// (from a sprite cached per state: the same pixels as
  /// ``EditorToggle/draw(into:)``).
  ///
  /// - Complexity: O(width · height) (one row copy per row, plus the toggle).
  package mutating func image(time: Double, toggle: EditorToggle) -> RGBAImage {
    let key = frameKey(time: time)
    if let composed, composed.kind == kind, composed.key == key, composed.isOn == toggle.isOn {
      return composed.image
    }
    var image = background(time: time)
    if toggleSprites[toggle.isOn] == nil {
      toggleSprites[toggle.isOn] = toggle.sprite(contentSize: size)
    }
    let sprite = toggleSprites[toggle.isOn]!
    image.drawOver(sprite.image, at: sprite.x, sprite.y)
    composed = (kind, key, toggle.isOn, image)
    return image
  }

  /// A number that changes exactly when the content's picture changes with
  /// `time`: 0 for a picture, the frame number for a video, the scroll
  /// offset for the checkerboard, the time for the gradient text.
  package func frameKey(time: Double) -> Double {
    switch kind {
    case .picture: return 0
    case .video: return Double(video!.frameNumber(atSeconds: time - videoStart))
    case .gradientText: return time
    case .checkerboard:
      let (ox, oy) = scrollOffset(time: time)
      return Double(ox * 65536 + oy)
    }
  }

  /// The checkerboard's scroll offset at `time`, within one period.
  func scrollOffset(time: Double) -> (x: Int, y: Int) {
    let period = 2 * Self.cell
    let shift = Self.scrollSpeed * time
    return (
      (-Int(shift.x.rounded(.down))).modulo(period), (-Int(shift.y.rounded(.down))).modulo(period)
    )
  }

  /// The content at animation time `time` without the toggle.
  package func background(time: Double) -> RGBAImage {
    var image: RGBAImage
    switch kind {
    case .picture:
      image = picture!
    case .video:
      image = video!.frame(number: video!.frameNumber(atSeconds: time - videoStart))
    case .gradientText:
      image =
        EditorHooks.gradientText(time: time, width: width, height: height)
        ?? RGBAImage(width: width, height: height, fill: .black)
    case .checkerboard:
      image = scrolledBoard(time: time)
    }
    return image
  }

  /// The checkerboard moved by ``scrollSpeed`` · `time`, wrapping every two
  /// cells (the pattern's period).
  func scrolledBoard(time: Double) -> RGBAImage {
    let (ox, oy) = scrollOffset(time: time)
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
