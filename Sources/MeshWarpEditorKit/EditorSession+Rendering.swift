import MeshWarpCore
import MeshWarpRender

/// Rendering: the warp (or the gradient) with the overlay and the help
/// panel, and the clean frame that P saves.
extension EditorSession {
  /// A rendered frame and where its time went.
  package struct Frame: Sendable {
    /// The window's pixels: warped content, mesh overlay, help panel.
    package var image: RGBAImage
    /// The frame without any overlay: the warp alone at the content's own
    /// size (as `meshwarp warp` renders it), or the gradient alone, when a
    /// clean save is pending or the overlay is hidden.
    package var clean: RGBAImage?
    /// Milliseconds drawing the content, warping it, and drawing overlays.
    package var contentMilliseconds: Double
    package var warpMilliseconds: Double
    package var overlayMilliseconds: Double
    /// The sum of the three.
    package var totalMilliseconds: Double {
      contentMilliseconds + warpMilliseconds + overlayMilliseconds
    }
  }

  /// What the bars around a warp of another aspect ratio than the window
  /// show: near black, apart from the transparent edges inside.
  package static let letterboxColor = RGBA8(16, 16, 20, 255)

  /// The mesh the frame shows: the genie's while it plays, else the grid.
  package var displayedMesh: WarpMesh { playback.displayedMesh(warp.mesh) }

  /// The render options for the current state, at the viewport's size.
  package var warpOptions: WarpOptions {
    let v = viewport
    return warp.options(width: v.width, height: v.height, threads: threads)
  }

  /// Renders the frame: the content at the current time, warped with
  /// ``WarpRenderer`` into the ``viewport`` (bars around it when the
  /// content's aspect ratio is not the window's), the mesh's lines and
  /// points over it (not during the genie), then the help panel if shown.
  ///
  /// Work is reused between frames (``FrameReuse``): the warp itself while
  /// the content's picture, the toggle, the mesh and the options are all
  /// unchanged (a still picture, or paused content, costs only the overlay),
  /// and the frame buffers. The pixels are those of a fresh
  /// `WarpRenderer.render(source, mesh:options:)`.
  package func renderFrame() -> Frame {
    if mode == .gradient { return renderGradientFrame() }
    if mode == .morph, let morphEditor { return renderMorphFrame(morphEditor) }
    let clock = ContinuousClock()
    let t0 = clock.now
    let shown = displayedMesh
    let options = warpOptions
    let time = playback.time
    let key = FrameReuse.WarpKey(
      content: content.token, kind: content.kind, picture: content.frameKey(time: time),
      toggle: overlayHidden ? nil : toggle.isOn, mesh: shown, options: options)
    var t1 = t0
    var warped: RGBAImage
    if let cached = reuse.warp, cached.key == key {
      warped = cached.image
      t1 = clock.now
    } else {
      let source =
        overlayHidden ? content.background(time: time) : content.image(time: time, toggle: toggle)
      t1 = clock.now
      // The last warp's buffer, taken out of the cache so that it is unique.
      warped = RGBAImage(width: 0, height: 0)
      if reuse.warp != nil {
        swap(&warped, &reuse.warp!.image)
        reuse.warp = nil
      }
      WarpRenderer.render(source, mesh: shown, options: options, into: &warped)
      reuse.warp = (key, warped)
    }
    let t2 = clock.now
    let ownSize = warped.width == content.width && warped.height == content.height
    var clean: RGBAImage?
    if overlayHidden && ownSize {
      clean = warped
    } else if !document.pendingCleanSaves.isEmpty {
      clean = WarpRenderer.render(
        content.background(time: time), mesh: shown,
        options: warp.options(width: content.width, height: content.height, threads: threads))
    }
    let v = viewport
    let full = v == EditorViewport(frameWidth: frameWidth, frameHeight: frameHeight)
    let overlay = playback.genie == nil && !overlayHidden
    var image: RGBAImage
    if overlay || showHelp || !full {
      // Drawn on a copy in a reused buffer: the warp stays clean for reuse.
      image = reuse.takeOverlayBuffer()
      if full {
        FrameReuse.copy(warped, into: &image)
      } else {
        FrameReuse.letterbox(
          warped, at: v, frameWidth: frameWidth, frameHeight: frameHeight,
          bars: Self.letterboxColor, into: &image)
      }
      if overlay { warp.drawOverlay(into: &image) }
      drawHelp(into: &image)
      reuse.overlay = image
    } else {
      image = warped
    }
    let t3 = clock.now
    return Frame(
      image: image, clean: clean, contentMilliseconds: Self.milliseconds(t1 - t0),
      warpMilliseconds: Self.milliseconds(t2 - t1), overlayMilliseconds: Self.milliseconds(t3 - t2))
  }

  /// The gradient (rendered again only when it changed) with its overlay:
  /// the vertex grid, the points, the palette strip and the hex entry.
  func renderGradientFrame() -> Frame {
    let clock = ContinuousClock()
    let t0 = clock.now
    let base = gradientEditor.render(width: frameWidth, height: frameHeight, threads: threads)
    let t1 = clock.now
    var image = base
    let clean: RGBAImage? = overlayHidden || !document.pendingCleanSaves.isEmpty ? base : nil
    if !overlayHidden { gradientEditor.drawOverlay(into: &image) }
    drawHelp(into: &image)
    let t2 = clock.now
    return Frame(
      image: image, clean: clean, contentMilliseconds: Self.milliseconds(t1 - t0),
      warpMilliseconds: 0, overlayMilliseconds: Self.milliseconds(t2 - t1))
  }

  /// Morph mode's frame: A and B with their points, the morph at t and
  /// the scrubber (``MorphLayout``); the clean frame is the morph alone at
  /// A's size, as `meshwarp morph --time` renders it.
  func renderMorphFrame(_ morphEditor: MorphEditor) -> Frame {
    let clock = ContinuousClock()
    let t0 = clock.now
    var image = morphEditor.render(
      width: frameWidth, height: frameHeight, threads: threads, overlay: !overlayHidden,
      background: Self.letterboxColor)
    let t1 = clock.now
    let clean: RGBAImage? =
      document.pendingCleanSaves.isEmpty
      ? nil
      : morphEditor.morph(
        width: morphEditor.pictureA.width, height: morphEditor.pictureA.height, threads: threads)
    drawHelp(into: &image)
    let t2 = clock.now
    return Frame(
      image: image, clean: clean, contentMilliseconds: 0,
      warpMilliseconds: Self.milliseconds(t1 - t0), overlayMilliseconds: Self.milliseconds(t2 - t1))
  }

  /// Draws the key help over `image` when it is shown.
  func drawHelp(into image: inout RGBAImage) {
    if showHelp {
      if helpPanel == nil {
        helpPanel = EditorHelp.panel(maxWidth: frameWidth - 20, maxHeight: frameHeight - 20)
      }
      let panel = helpPanel!
      image.drawOver(
        panel, at: (frameWidth - panel.width) / 2, max(0, (frameHeight - panel.height) / 2))
    }
  }

  static func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
  }
}
