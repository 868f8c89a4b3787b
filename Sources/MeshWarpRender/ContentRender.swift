import MeshWarpCore

extension WarpRenderer {
  /// Sets up the samplers of `source` for `options` once (`sourceOpaque`,
  /// when known, spares the scan of the source's alpha) and has `body`
  /// draw all of `output` through them (``RenderImage/draw(_:options:sourceOpaque:into:_:)``:
  /// at 8 bits ``BilinearSampler`` itself where the options are the
  /// default, else a ``ContentSampler``; at 16 a ``DeepSampler``); an
  /// empty source draws transparent black.
  static func draw<Image: RenderImage, Body: ContentRender>(
    _ source: Image, options: WarpOptions, sourceOpaque: Bool?, into output: inout Image,
    _ body: Body
  ) {
    guard source.width > 0, source.height > 0 else {
      output.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      return
    }
    Image.draw(source, options: options, sourceOpaque: sourceOpaque, into: &output, body)
  }
}

extension ContentSampler: ContentReader {
  var pixels: UnsafePointer<UInt8> { bilinear.pixels }
  var width: Int { bilinear.width }
  var height: Int { bilinear.height }

  @inline(__always) func storeStraight(_ c: SIMD4<Float>, to out: UnsafeMutablePointer<UInt8>) {
    MeshWarpRender.storeStraight(c, to: out)
  }
}
