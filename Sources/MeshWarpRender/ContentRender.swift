import MeshWarpCore

/// A render drawn through whichever ``SpanWriter`` the options ask for:
/// ``BilinearSampler`` itself where they are the default (bilinear,
/// clamped to the edge: the span kernel's fast path), else a
/// ``ContentSampler`` over it. Conformers draw every pixel of `out`.
protocol ContentRender {
  func render<Writer: SpanWriter & Sendable>(
    sampler: Writer, texels: BilinearSampler, out: SharedPointer<UInt8>)
}

extension WarpRenderer {
  /// Sets up the samplers of `source` for `options` once (`sourceOpaque`,
  /// when known, spares the scan of the source's alpha) and has `body`
  /// draw all of `output` through them; an empty source draws transparent
  /// black.
  static func draw<Body: ContentRender>(
    _ source: RGBAImage, options: WarpOptions, sourceOpaque: Bool?,
    into output: inout RGBAImage, _ body: Body
  ) {
    guard source.width > 0, source.height > 0 else {
      output.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      return
    }
    source.pixels.withUnsafeBufferPointer { src in
      let sampler = BilinearSampler(
        pixels: src.baseAddress!, width: source.width, height: source.height,
        opaque: sourceOpaque, spanKernel: options.usesSpanKernel)
      let content = ContentSampler(
        bilinear: sampler, interpolation: options.interpolation, address: options.addressMode)
      output.pixels.withUnsafeMutableBufferPointer { dst in
        let out = SharedPointer(dst.baseAddress!)
        if content.isDefault {
          body.render(sampler: sampler, texels: sampler, out: out)
        } else {
          body.render(sampler: content, texels: sampler, out: out)
        }
      }
    }
  }
}
