import MeshWarpCore

/// Renders genie frames: the content warped through
/// `GenieMeshGenerator`'s mesh onto the canvas, filtered where it shrinks
/// (``MinificationQuality``).
///
/// ```swift
/// let layout = try GenieLayout(
///   canvasSize: CGSize(width: 640, height: 480),
///   viewRect: CGRect(x: 170, y: 40, width: 300, height: 200),
///   targetRect: CGRect(x: 420, y: 436, width: 60, height: 40), edge: .bottom)
/// let renderer = try GenieRenderer(content: card, generator: GenieMeshGenerator(layout: layout))
/// let half = try renderer.frame(progress: 0.5)
/// try renderer.animate(GenieAnimation(duration: 0.6, fps: 60)) { frame in
///   try writer.append(frame.image)  // e.g. an APNG or MP4 writer
/// }
/// ```
///
/// The canvas is transparent wherever the content is not; composite it over
/// a background if needed. The content image is the view's own picture at
/// any resolution: `from` points are normalized to it, so a 600×400 (2×)
/// snapshot of a 300×200 view renders into the same layout, the filter
/// shrinking it.
public struct GenieRenderer: Sendable {
  /// The view's picture.
  public let content: RGBAImage
  /// The effect's layout, timing and mesh density.
  public let generator: GenieMeshGenerator
  /// The minification filter where the funnel shrinks the content.
  public let minification: MinificationQuality
  /// Worker threads; 0 uses every core.
  public let threads: Int

  /// The output size in pixels: the layout's canvas size.
  public var canvasWidth: Int { Int(generator.layout.canvasSize.width) }
  public var canvasHeight: Int { Int(generator.layout.canvasSize.height) }

  /// - Throws: `GenieError/invalidRendering(detail:)` for an empty
  ///   content image, a canvas whose size is not a whole number of pixels
  ///   (or above 2¹⁴ per side), or `minification` out of range.
  public init(
    content: RGBAImage, generator: GenieMeshGenerator,
    minification: MinificationQuality = .standard,
    threads: Int = 0
  ) throws(GenieError) {
    guard content.width > 0, content.height > 0 else {
      throw .invalidRendering(
        detail: "the content image is empty (\(content.width)×\(content.height))")
    }
    let size = generator.layout.canvasSize
    guard size.width == size.width.rounded(), size.height == size.height.rounded(),
      size.width <= 16384, size.height <= 16384
    else {
      throw .invalidRendering(
        detail:
          "the canvas \(size.width)×\(size.height) must be whole pixels, at most 16384 per side")
    }
    if let problem = minification.problem { throw .invalidRendering(detail: problem) }
    self.content = content
    self.generator = generator
    self.minification = minification
    self.threads = threads
  }

  /// The frame at `progress` (0 = the view untouched, 1 = inside the
  /// target; genie-out: pass 1 − p), `canvasWidth × canvasHeight`.
  ///
  /// At progress 0 with a view rect on whole pixels whose size equals the
  /// content's, the result is the content copied onto a transparent canvas,
  /// bit for bit.
  ///
  /// - Throws: `GenieError/progressOutOfRange(_:)`.
  public func frame(progress: Double) throws(GenieError) -> RGBAImage {
    let mesh = try generator.mesh(progress: progress)
    return MinificationFilter.render(
      content, mesh: mesh, width: canvasWidth, height: canvasHeight, quality: minification,
      threads: threads)
  }

  /// Renders every frame of `animation` in order and hands each to `body`
  /// (e.g. to stream it into an animated PNG or MP4 writer); frames are not
  /// kept. Stops at the first error `body` throws.
  public func animate<E: Error>(
    _ animation: GenieAnimation, _ body: (GenieFrame) throws(E) -> Void
  ) throws(E) {
    let count = animation.frameCount
    for index in 0..<count {
      let progress = animation.progress(ofFrame: index)
      let image: RGBAImage
      do {
        image = try frame(progress: progress)
      } catch {
        preconditionFailure("progress \(progress) of frame \(index) is in 0…1: \(error)")
      }
      try body(
        GenieFrame(
          index: index, count: count, time: animation.time(ofFrame: index), progress: progress,
          image: image))
    }
  }
}

/// One rendered frame of a genie animation.
public struct GenieFrame: Sendable {
  /// 0-based frame number.
  public let index: Int
  /// Frames in the animation.
  public let count: Int
  /// When the frame starts, seconds.
  public let time: Double
  /// The mesh progress shown (0 = view, 1 = target).
  public let progress: Double
  /// The canvas.
  public let image: RGBAImage
}
