import MeshWarpCore

/// One value of a pixel as the renderers store it: 8 bits (``RGBAImage``)
/// or 16 (``RGBA16Image``).
protocol PixelChannel: FixedWidthInteger, UnsignedInteger, SIMDScalar, Codable, Sendable {}

extension UInt8: PixelChannel {}
extension UInt16: PixelChannel {}

extension PixelChannel {
  /// The value of 8-bit `v` at this depth (v · max/255: × 1 or × 257).
  @inline(__always) static func widening(_ v: UInt8) -> Self {
    Self(truncatingIfNeeded: Int(v) * Int(Self.max) / 255)
  }
}

/// A source whose texels the renderers copy where a run lies on their
/// centres (an effect's identity rows, the `unwarped` edge's rows): every
/// interpolation returns a texel's values unchanged there.
protocol TexelRows: Sendable {
  associatedtype Channel: PixelChannel
  var pixels: UnsafePointer<Channel> { get }
  var width: Int { get }
  var height: Int { get }
}

/// What the edge fill and the silhouette's anti-aliasing read the content
/// through, besides writing runs: premultiplied colour at a point, in
/// 0…255 units at either depth (so that coverage and outside colours mix
/// the same way), and the store of such a colour.
protocol ContentReader: SpanWriter, TexelRows, Sendable {
  /// The premultiplied colour at `s` (source pixels; 0…255 units, rgb
  /// scaled by alpha); transparent where `s` is not finite.
  func premultiplied(at s: Vector2) -> SIMD4<Float>
  /// Stores premultiplied colour `c` (0…255 units) as straight values.
  func storeStraight(_ c: SIMD4<Float>, to out: UnsafeMutablePointer<Channel>)
}

/// What a render draws through the samplers that ``RenderImage/draw(_:options:sourceOpaque:into:_:)``
/// sets up: `sampler` writes the runs (the fastest writer for the
/// options), `reader` is the same content for everything else (the edge
/// fill, the silhouette, texel rows). Conformers draw every pixel of `out`.
protocol ContentRender {
  func render<Writer: SpanWriter & Sendable, Reader: ContentReader>(
    sampler: Writer, reader: Reader, out: SharedPointer<Reader.Channel>
  ) where Writer.Channel == Reader.Channel
}

/// A picture the renderers draw into and read from: ``RGBAImage`` or
/// ``RGBA16Image``. The geometry (faces, fields, smooth surfaces, the
/// minification filter's runs) is written once, generic over this; what
/// depends on the depth (sampling, storing, box filtering) is the
/// conformers'.
protocol RenderImage: Sendable {
  associatedtype Channel: PixelChannel
  var width: Int { get }
  var height: Int { get }
  var pixels: [Channel] { get set }
  var size: Vector2 { get }
  init(uninitializedWidth: Int, height: Int)
  func isOpaque(threads: Int) -> Bool
  func downsampled(by factor: Int, threads: Int) -> Self
  /// Sets up the samplers of `source` (not empty) for `options` once and
  /// has `body` draw all of `output` through them.
  static func draw<Body: ContentRender>(
    _ source: Self, options: WarpOptions, sourceOpaque: Bool?, into output: inout Self,
    _ body: Body)
  /// Box-filters `large` (a minification run at nₓ × n_y samples a pixel)
  /// into the run's pixels of `out`, a `width`-pixel-wide output; with
  /// `covered`, only the pixels it marks.
  static func resolve(
    _ large: Self, run: MinificationFilter.Run, into out: UnsafeMutablePointer<Channel>,
    width: Int, covered: [Bool]?)
}

extension RenderImage {
  /// Fills every pixel with `colour` (8-bit, straight; widened to this
  /// depth).
  mutating func fill(_ colour: RGBA8) {
    let value = SIMD4<Channel>(
      .widening(colour.r), .widening(colour.g), .widening(colour.b), .widening(colour.a))
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      UnsafeMutableRawPointer(base).bindMemory(to: SIMD4<Channel>.self, capacity: buffer.count / 4)
        .update(repeating: value, count: buffer.count / 4)
    }
  }
}

extension RGBAImage: RenderImage {
  static func draw<Body: ContentRender>(
    _ source: RGBAImage, options: WarpOptions, sourceOpaque: Bool?, into output: inout RGBAImage,
    _ body: Body
  ) {
    source.pixels.withUnsafeBufferPointer { src in
      let sampler = BilinearSampler(
        pixels: src.baseAddress!, width: source.width, height: source.height,
        opaque: sourceOpaque, spanKernel: options.usesSpanKernel)
      let content = ContentSampler(
        bilinear: sampler, interpolation: options.interpolation, address: options.addressMode)
      output.pixels.withUnsafeMutableBufferPointer { dst in
        let out = SharedPointer(dst.baseAddress!)
        if content.isDefault {
          body.render(sampler: sampler, reader: content, out: out)
        } else {
          body.render(sampler: content, reader: content, out: out)
        }
      }
    }
  }

  static func resolve(
    _ large: RGBAImage, run: MinificationFilter.Run, into out: UnsafeMutablePointer<UInt8>,
    width: Int, covered: [Bool]?
  ) {
    MinificationFilter.resolve(large, run: run, into: out, width: width, covered: covered)
  }
}

extension RGBA16Image: RenderImage {
  package func isOpaque(threads: Int) -> Bool { isOpaque }

  static func draw<Body: ContentRender>(
    _ source: RGBA16Image, options: WarpOptions, sourceOpaque: Bool?,
    into output: inout RGBA16Image, _ body: Body
  ) {
    source.pixels.withUnsafeBufferPointer { src in
      let sampler = DeepSampler(
        pixels: src.baseAddress!, width: source.width, height: source.height,
        opaque: sourceOpaque ?? source.isOpaque, interpolation: options.interpolation,
        address: options.addressMode, vectorized: options.usesSpanKernel && SpanKernel.isAvailable)
      output.pixels.withUnsafeMutableBufferPointer { dst in
        body.render(sampler: sampler, reader: sampler, out: SharedPointer(dst.baseAddress!))
      }
    }
  }
}

extension BilinearSampler: TexelRows {}
