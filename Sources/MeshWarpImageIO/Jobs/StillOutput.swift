import MeshWarpFiles
import MeshWarpRender

/// Where and how a finished still picture is written: the one writer of
/// stills, used by ``ImageWarp`` and by every command that writes one.
///
/// It composites ``background`` under the picture (a JPEG over it or
/// white, since JPEG has no alpha), carries the input's colour and
/// metadata unless told not to, encodes, and writes the file atomically,
/// writing through to a FIFO or a device (`OutputFile`), or hands back the
/// bytes for standard output.
public struct StillOutput: Sendable, Equatable {
  /// Where the bytes go.
  public enum Destination: Sendable, Equatable {
    /// A file (replaced atomically), a FIFO or a device (written through).
    case file(String)
    /// Returned to the caller (standard output).
    case bytes
  }

  /// Where the bytes go.
  public var destination: Destination
  /// The format written.
  public var format: ImageFormat
  /// JPEG and lossy WebP quality, 1…100.
  public var quality: Int
  /// WebP: lossless instead of lossy.
  public var lossless: Bool
  /// JPEG: the chroma sampling; nil: by quality.
  public var jpegSubsampling: JPEGEncoder.ChromaSubsampling?
  /// Composited under the picture (its alpha kept in PNG and WebP); nil or
  /// transparent: none (a JPEG then goes over white).
  public var background: RGBA8?
  /// Whether the input's EXIF, XMP, density and colour description are
  /// written (false: as ImageMagick's `-strip`).
  public var keepsMetadata: Bool
  /// Encoder threads; 0: every core.
  public var threads: Int
  /// The bits a value written; nil: the picture's own (16 for a deep
  /// picture where ``format`` holds it, else 8).
  public var depth: SampleDepth?
  /// TIFF: the compression of the image data (default Deflate).
  public var tiffCompression: TIFFEncoder.Compression
  /// PNG: the encoder's settings (default `.balanced`, zlib level 6;
  /// `.level(n)` for another level).
  public var pngSpeed: PNGEncoder.Speed = .balanced
  /// Whether the pixels are converted from the input's RGB ICC profile to
  /// sRGB (``SRGBConversion``) and written as sRGB, with no foreign
  /// profile; false (default): values and profile travel unchanged.
  public var convertsToSRGB: Bool

  /// An output at `path`: `"-"` hands back the bytes (standard output).
  ///
  /// - Parameters:
  ///   - path: the file, or `"-"`.
  ///   - format: the format whatever the path says; nil: the path's
  ///     extension (PNG for `"-"`).
  ///   - quality: JPEG and lossy WebP quality, 1…100.
  ///   - lossless: WebP lossless.
  ///   - jpegSubsampling: JPEG chroma sampling; nil: by quality.
  ///   - background: composited under the picture; nil: none.
  ///   - keepsMetadata: write the input's metadata and colour (default true).
  ///   - threads: encoder threads (0: every core).
  ///   - depth: the bits a value written; nil (default): the picture's
  ///     own where the format holds it.
  ///   - tiffCompression: TIFF's compression (default Deflate).
  ///   - convertsToSRGB: convert the pixels from the input's RGB ICC
  ///     profile to sRGB (default false).
  /// - Throws: `ImageCodecError.unsupportedOutput` for a format not
  ///   written, for 16 bits in a format that holds 8, or
  ///   `.missingOutputFormat` (see `ImageEncoder.outputFormat(path:format:)`).
  public init(
    path: String, format: ImageFormat? = nil, quality: Int = EncoderQuality.defaultValue,
    lossless: Bool = false, jpegSubsampling: JPEGEncoder.ChromaSubsampling? = nil,
    background: RGBA8? = nil, keepsMetadata: Bool = true, threads: Int = 0,
    depth: SampleDepth? = nil, tiffCompression: TIFFEncoder.Compression = .deflate,
    convertsToSRGB: Bool = false
  ) throws {
    self.destination = path == StandardOutput.path ? .bytes : .file(path)
    self.format = try format ?? ImageEncoder.outputFormat(path: path)
    guard self.format.isWritable else {
      throw ImageCodecError.unsupportedOutput(
        path: path,
        reason: "\(self.format.name) is read, not written (\(ImageFormat.writableExtensionList))")
    }
    self.quality = quality
    self.lossless = lossless
    self.jpegSubsampling = jpegSubsampling
    self.background = background
    self.keepsMetadata = keepsMetadata
    self.threads = threads
    self.depth = depth
    self.tiffCompression = tiffCompression
    self.convertsToSRGB = convertsToSRGB
    if depth == .bits16 && !self.format.holdsDeepSamples {
      throw ImageCodecError.unsupportedOutput(
        path: path,
        reason: "\(self.format.name) holds 8 bits a value; 16-bit output is written as PNG or TIFF")
    }
  }

  /// The name messages give the destination: the path, or "standard output".
  public var name: String {
    switch destination {
    case .file(let path): path
    case .bytes: StandardOutput.path
    }
  }

  /// Encodes `image` and writes it, or returns its bytes for ``Destination/bytes``.
  ///
  /// - Parameters:
  ///   - image: the finished picture, straight alpha.
  ///   - color: the input's colour description.
  ///   - metadata: the input's EXIF, XMP and density.
  ///   - grayscale: the input was grey and the result may stay grey.
  ///   - note: what a user should know (a JPEG's transparency composited,
  ///     metadata too large for its segment).
  /// - Returns: the bytes for ``Destination/bytes``, else nil.
  /// - Throws: the encoder's `ImageCodecError`, or `FileError`.
  @discardableResult
  public func write(
    _ image: RGBAImage, color: ColorDescription = ColorDescription(),
    metadata: ImageMetadata = ImageMetadata(), grayscale: Bool = false,
    note: (String) -> Void = { _ in }
  ) throws -> [UInt8]? {
    try write(
      PixelImage.rgba8(image), color: color, metadata: metadata, grayscale: grayscale, note: note)
  }

  /// Encodes `picture` at ``depth`` (nil: its own, rounded once to 8 bits
  /// with a note where ``format`` holds no more) and writes it, or returns
  /// its bytes for ``Destination/bytes``.
  ///
  /// - Parameters:
  ///   - picture: the finished picture, straight alpha, 8 or 16 bits.
  ///   - color: the input's colour description.
  ///   - metadata: the input's EXIF, XMP and density.
  ///   - grayscale: the input was grey and the result may stay grey.
  ///   - note: what a user should know (a deep picture rounded for an
  ///     8-bit format, a JPEG's transparency composited, metadata too large
  ///     for its segment).
  /// - Returns: the bytes for ``Destination/bytes``, else nil.
  /// - Throws: the encoder's `ImageCodecError`, or `FileError`.
  @discardableResult
  public func write(
    _ picture: PixelImage, color: ColorDescription = ColorDescription(),
    metadata: ImageMetadata = ImageMetadata(), grayscale: Bool = false,
    note: (String) -> Void = { _ in }
  ) throws -> [UInt8]? {
    var (picture, color) = (picture, color)
    if convertsToSRGB {
      if let converted = SRGBConversion.convert(picture, from: color, threads: threads) {
        (picture, color) = converted
      } else if let icc = color.iccProfile {
        note(
          "\(name): the input's ICC profile is not an RGB profile LittleCMS reads (\(icc.count) bytes): the pixels are not converted to sRGB and keep it"
        )
      } else if color.gamma != nil || color.chromaticities != nil {
        note(
          "\(name): the input has no ICC profile, only PNG gAMA/cHRM: the pixels are not converted to sRGB and keep them"
        )
      }
    }
    var options = ImageEncodingOptions(
      format: format, quality: quality, lossless: lossless,
      color: keepsMetadata ? color : ColorDescription(),
      metadata: keepsMetadata ? metadata : ImageMetadata(), grayscale: grayscale,
      jpegSubsampling: jpegSubsampling, pngSpeed: pngSpeed, threads: threads,
      tiffCompression: tiffCompression)
    if let background { options.background = RGBA8(background.r, background.g, background.b) }
    let (bytes, notes) = try ImageEncoder.encode(
      flattened(at(depth, picture), note: note), options: options, destination: name)
    for line in notes { note(line) }
    switch destination {
    case .file(let path):
      try OutputFile.write(bytes, to: path)
      return nil
    case .bytes:
      return bytes
    }
  }

  /// `picture` at `depth`: rounded to 8 bits (`RGBA16Image.rounded8()`),
  /// widened to 16 (each value × 257), or as it is (nil).
  private func at(_ depth: SampleDepth?, _ picture: PixelImage) -> PixelImage {
    switch depth {
    case nil: picture
    case .bits8: .rgba8(picture.rgba8)
    case .bits16: .rgba16(picture.rgba16)
    }
  }

  /// `picture` over ``background`` (JPEG's encoder composites its own).
  /// A deep picture over an opaque background stays deep
  /// (`RGBA16Image.flattened(over:)`); over a translucent one it goes
  /// through the 8-bit routine, rounded to 8 bits first, with a note.
  private func flattened(_ picture: PixelImage, note: (String) -> Void) -> PixelImage {
    guard format != .jpeg, let background, background.a > 0 else { return picture }
    switch picture {
    case .rgba8(let image):
      return .rgba8(image.flattened(over: background, threads: threads))
    case .rgba16(let image):
      if image.isOpaque { return picture }
      if background.a == 255 { return .rgba16(image.flattened(over: RGBA16(background))) }
      note(
        "\(name): a translucent background is composited at 8 bits: the 16-bit picture rounded to 8 bits first"
      )
      return .rgba8(image.rounded8().flattened(over: background, threads: threads))
    }
  }
}
