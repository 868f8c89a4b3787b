import MeshWarpFiles
import MeshWarpRender

/// How a still image is written: the format and its settings.
public struct ImageEncodingOptions: Sendable, Equatable {
  /// The file format (GIF is not written).
  public var format: ImageFormat
  /// JPEG and lossy WebP quality, 1…100.
  public var quality: Int
  /// WebP: lossless instead of lossy.
  public var lossless: Bool
  /// JPEG: the colour transparent pixels are composited over.
  public var background: RGBA8
  /// The input's colour description, written where the format holds it.
  public var color: ColorDescription
  /// The input's EXIF, XMP and density, written where the format holds
  /// them (see `ImageMetadata`); empty: none.
  public var metadata: ImageMetadata
  /// Write grey samples when the image has no colour (PNG, JPEG).
  public var grayscale: Bool
  /// JPEG: the chroma sampling; nil: 4:4:4 at quality 90 and above, 4:2:0
  /// below (`JPEGEncoder.ChromaSubsampling.default(quality:)`).
  public var jpegSubsampling: JPEGEncoder.ChromaSubsampling?
  /// PNG: libpng's trade between time and size.
  public var pngSpeed: PNGEncoder.Speed
  /// TIFF: the compression of the image data (default Deflate).
  public var tiffCompression: TIFFEncoder.Compression
  /// PNG and JPEG encoder threads; 0: every core.
  public var threads: Int

  /// Options; defaults: quality 90, lossy, white background, every core.
  public init(
    format: ImageFormat, quality: Int = EncoderQuality.defaultValue, lossless: Bool = false,
    background: RGBA8 = .white, color: ColorDescription = ColorDescription(),
    metadata: ImageMetadata = ImageMetadata(), grayscale: Bool = false,
    jpegSubsampling: JPEGEncoder.ChromaSubsampling? = nil,
    pngSpeed: PNGEncoder.Speed = .balanced, threads: Int = 0,
    tiffCompression: TIFFEncoder.Compression = .deflate
  ) {
    self.format = format
    self.quality = quality
    self.lossless = lossless
    self.background = background
    self.color = color
    self.metadata = metadata
    self.grayscale = grayscale
    self.jpegSubsampling = jpegSubsampling
    self.pngSpeed = pngSpeed
    self.tiffCompression = tiffCompression
    self.threads = threads
  }
}

/// Encodes a still image in the format an output asks for.
public enum ImageEncoder {
  /// The format for an output path: `format` (a format's name: png, jpg,
  /// jpeg, webp, tif, tiff) when given, else the path's extension.
  ///
  /// - Throws: `ImageCodecError.unsupportedOutput` listing what is written,
  ///   for an unknown or read-only format; `.missingOutputFormat` for a path
  ///   without an extension and no `format`. Standard output (`-`) without
  ///   `format` is PNG.
  public static func outputFormat(path: String, format: String? = nil) throws -> ImageFormat {
    let supported = "supported: \(ImageFormat.writableExtensionList)"
    if let format {
      guard let chosen = ImageFormat(name: format), chosen.isWritable else {
        throw ImageCodecError.unsupportedOutput(
          path: path, reason: "cannot write format '\(format)' (\(supported))")
      }
      return chosen
    }
    if path == StandardOutput.path { return .png }
    guard let ext = ImageFormat.fileExtension(of: path) else {
      throw ImageCodecError.missingOutputFormat(
        path: path, supported: ImageFormat.writableExtensionList)
    }
    guard let chosen = ImageFormat(fileExtension: ext), chosen.isWritable else {
      throw ImageCodecError.unsupportedOutput(
        path: path, reason: "cannot write .\(ext) images (\(supported))")
    }
    return chosen
  }

  /// Encodes `image`.
  ///
  /// An ICC profile is written only over pixels of its colour space (RGB,
  /// or grey for a grey PNG or JPEG): a CMYK profile never is.
  ///
  /// - Returns: the bytes and one-line notes for the user (JPEG output of
  ///   transparent pixels: composited over the background; EXIF or XMP too
  ///   large for a JPEG segment: left out).
  /// - Throws: `ImageCodecError.encodingFailed` or `.unsupportedOutput`.
  public static func encode(
    _ image: RGBAImage, options: ImageEncodingOptions, destination: String
  ) throws -> (bytes: [UInt8], notes: [String]) {
    let metadata = options.metadata
    switch options.format {
    case .png:
      let bytes = try PNGEncoder.encode(
        image, speed: options.pngSpeed, destination: destination, color: options.color,
        metadata: metadata, grayscale: options.grayscale, threads: options.threads)
      return (bytes, [])
    case .jpeg:
      var notes: [String] = []
      var opaque = image
      if image.composite(over: options.background, threads: options.threads, into: &opaque) {
        let b = options.background
        notes.append(
          "\(destination): JPEG has no transparency; transparent pixels composited over rgb(\(b.r),\(b.g),\(b.b))"
        )
      }
      for (name, data, header) in [
        ("EXIF", metadata.exif, JPEGMarkers.exifHeader),
        ("XMP", metadata.xmp, JPEGMarkers.xmpHeader),
      ] {
        if let data, !JPEGMarkers.fitsOneSegment(data, header: header) {
          notes.append(
            "\(destination): the \(name) (\(data.count) bytes) is larger than a JPEG segment holds; left out"
          )
        }
      }
      let gray = options.grayscale && opaque.isGray
      let bytes = try JPEGEncoder.encode(
        opaque, quality: options.quality, grayscale: gray, subsampling: options.jpegSubsampling,
        iccProfile: options.color.fitting(gray: gray).iccProfile, metadata: metadata,
        threads: options.threads, destination: destination)
      return (bytes, notes)
    case .webp:
      let bytes = try WebPEncoder.encode(
        image, quality: options.quality, lossless: options.lossless,
        iccProfile: options.color.fitting(gray: false).iccProfile,
        metadata: metadata, destination: destination)
      return (bytes, [])
    case .tiff:
      let bytes = try TIFFEncoder.encode(
        image, compression: options.tiffCompression,
        iccProfile: options.color.fitting(gray: false).iccProfile, metadata: metadata,
        destination: destination)
      return (bytes, [])
    case .gif, .heic, .avif:
      throw ImageCodecError.unsupportedOutput(
        path: destination,
        reason: "\(options.format.name) is read, not written (\(ImageFormat.writableExtensionList))"
      )
    }
  }
}

extension ImageEncoder {
  /// Encodes `picture` at its own depth: an 8-bit one as
  /// ``encode(_:options:destination:)``; a deep one at 16 bits where the
  /// format holds them (PNG, TIFF), else rounded once to 8
  /// (`RGBA16Image.rounded8()`) with a note.
  ///
  /// - Returns: the bytes and one-line notes for the user.
  /// - Throws: `ImageCodecError.encodingFailed` or `.unsupportedOutput`.
  public static func encode(
    _ picture: PixelImage, options: ImageEncodingOptions, destination: String
  ) throws -> (bytes: [UInt8], notes: [String]) {
    switch picture {
    case .rgba8(let image):
      return try encode(image, options: options, destination: destination)
    case .rgba16(let image):
      switch options.format {
      case .png:
        let bytes = try PNGEncoder.encode(
          image, destination: destination, color: options.color, metadata: options.metadata,
          grayscale: options.grayscale, threads: options.threads)
        return (bytes, [])
      case .tiff:
        let bytes = try TIFFEncoder.encode(
          image, compression: options.tiffCompression,
          iccProfile: options.color.fitting(gray: false).iccProfile, metadata: options.metadata,
          destination: destination)
        return (bytes, [])
      case .jpeg, .webp, .gif, .heic, .avif:
        let (bytes, notes) = try encode(
          image.rounded8(), options: options, destination: destination)
        return (
          bytes,
          [
            "\(destination): \(options.format.name) holds 8 bits a value: the 16-bit picture rounded to 8 bits"
          ] + notes
        )
      }
    }
  }
}

extension RGBAImage {
  /// Whether every pixel has r = g = b.
  package var isGray: Bool {
    pixels.withUnsafeBufferPointer { p in
      !stride(from: 0, to: p.count, by: 4).contains { p[$0] != p[$0 + 1] || p[$0] != p[$0 + 2] }
    }
  }
}
