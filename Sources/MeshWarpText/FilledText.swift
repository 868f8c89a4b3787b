import MeshWarpRender

/// The blog's effect: a text whose letters show a fill image (a mesh
/// gradient) stretched to the text's bounds, on a transparent or coloured
/// background.
///
/// The blog layers a gradient behind a clear `Text` (to size it) and masks
/// it with the same `Text`. Here the text is rasterized once to a
/// `CoverageMask` of its frame; each frame of an animation then only
/// renders the fill at the mask's size and composites it
/// (`CoverageMask/composited(fill:over:)`), so per-frame cost is the
/// fill plus one pass over the mask.
public struct FilledText: Sendable {
  /// The shaped text.
  public let layout: TextLayout
  /// The mask's rectangle in layout pixels (the fill's extent).
  public let frame: PixelRect
  /// The text's coverage over ``frame``.
  public let mask: CoverageMask

  /// Rasterizes a laid-out text over one of its frames.
  ///
  /// - Parameters:
  ///   - layout: The text.
  ///   - frame: Which box the fill stretches to; default `.ink`.
  ///   - padding: Pixels around that box, `≥ 0`; default 0.
  public init(layout: TextLayout, frame: TextFrame = .ink, padding: Int = 0) {
    self.layout = layout
    self.frame = layout.frame(frame, padding: padding)
    mask = layout.coverageMask(in: self.frame)
  }

  /// Lays out and rasterizes `text`.
  ///
  /// - Throws: ``FontError`` from rasterizing.
  public init(
    _ text: String, font: FontFace, options: TextLayoutOptions = TextLayoutOptions(),
    frame: TextFrame = .ink, padding: Int = 0
  ) throws {
    self.init(
      layout: try TextLayout(text, font: font, options: options), frame: frame, padding: padding)
  }

  /// Width of the fill and of the result, pixels.
  public var width: Int { mask.width }
  /// Height of the fill and of the result, pixels.
  public var height: Int { mask.height }

  /// The text filled with `fill`, over `background`.
  ///
  /// - Parameters:
  ///   - fill: A straight-alpha image of ``width`` × ``height``.
  ///   - background: Default transparent.
  /// - Returns: An image of ``width`` × ``height``.
  /// - Precondition: `fill` has the mask's size.
  public func render(fill: RGBAImage, background: RGBA8 = .transparent) -> RGBAImage {
    mask.composited(fill: fill, over: background)
  }

  /// The text filled with a deep `fill` (a 16-bit mesh gradient,
  /// `GradientRenderer.render16`), over `background`: the result keeps 16
  /// bits a value.
  ///
  /// - Precondition: `fill` has the mask's size.
  public func render(fill: RGBA16Image, background: RGBA8 = .transparent) -> RGBA16Image {
    mask.composited(fill: fill, over: background)
  }

  /// The text filled with the image `fill` makes for its size, over
  /// `background` — e.g. `{ w, h in renderGradient(width: w, height: h) }`.
  ///
  /// - Parameters:
  ///   - background: Default transparent.
  ///   - fill: Called once with (``width``, ``height``); must return an
  ///     image of that size.
  public func render(
    background: RGBA8 = .transparent, fill: (_ width: Int, _ height: Int) throws -> RGBAImage
  ) rethrows -> RGBAImage {
    render(fill: try fill(width, height), background: background)
  }

  /// The filled text centred on a canvas of its own size: the text keeps
  /// its frame's size (the fill is still stretched to the text, not the
  /// canvas), `background` everywhere else; a text larger than the canvas
  /// is clipped.
  ///
  /// - Parameters:
  ///   - fill: A straight-alpha image of ``width`` × ``height``.
  ///   - background: Default transparent.
  ///   - canvasWidth: Pixels, `≥ 0`.
  ///   - canvasHeight: Pixels, `≥ 0`.
  /// - Returns: An image of `canvasWidth × canvasHeight`.
  public func render(
    fill: RGBAImage, background: RGBA8 = .transparent, canvasWidth: Int, canvasHeight: Int
  ) -> RGBAImage {
    var canvas = RGBAImage(width: canvasWidth, height: canvasHeight, fill: background)
    let (x, y) = origin(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    canvas.drawOver(mask.filled(with: fill), at: x, y)
    return canvas
  }

  /// ``render(fill:background:canvasWidth:canvasHeight:)`` with a deep
  /// fill: the result keeps 16 bits a value.
  public func render(
    fill: RGBA16Image, background: RGBA8 = .transparent, canvasWidth: Int, canvasHeight: Int
  ) -> RGBA16Image {
    var canvas = RGBA16Image(
      width: canvasWidth, height: canvasHeight, fill: RGBA16(background))
    let (x, y) = origin(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    canvas.drawOver(mask.filled(with: fill), at: x, y)
    return canvas
  }

  /// Where the text's frame goes on a canvas: centred, by the floor of the
  /// half difference, so a too-large text overhangs evenly.
  func origin(canvasWidth: Int, canvasHeight: Int) -> (x: Int, y: Int) {
    (
      Int((Double(canvasWidth - width) / 2).rounded(.down)),
      Int((Double(canvasHeight - height) / 2).rounded(.down))
    )
  }
}
