import MeshWarpRender

/// How a file says its pixel values are to be interpreted, carried from the
/// input to the output unchanged: a warp moves pixels, it does not change
/// their colour space, so values are read raw and this travels beside them.
///
/// Outputs keep what they can hold: PNG all of it (`iCCP`, `sRGB`, `gAMA`,
/// `cHRM`), JPEG and WebP the ICC profile. An empty description means the
/// file said nothing (viewers then assume sRGB).
public struct ColorDescription: Sendable, Equatable {
  /// The ICC profile (PNG `iCCP` after inflating, JPEG APP2 `ICC_PROFILE`
  /// segments joined, WebP `ICCP`).
  public var iccProfile: [UInt8]?
  /// PNG `gAMA`: the file gamma × 100000.
  public var gamma: UInt32?
  /// PNG `cHRM`: white point x, y, then red, green, blue x, y, each × 100000.
  public var chromaticities: [UInt32]?
  /// PNG `sRGB`: the rendering intent (0–3).
  public var sRGBIntent: UInt8?

  /// A description; every part is optional.
  public init(
    iccProfile: [UInt8]? = nil, gamma: UInt32? = nil, chromaticities: [UInt32]? = nil,
    sRGBIntent: UInt8? = nil
  ) {
    self.iccProfile = iccProfile
    self.gamma = gamma
    self.chromaticities = chromaticities
    self.sRGBIntent = sRGBIntent
  }

  /// Whether the file said nothing about colour.
  public var isEmpty: Bool {
    iccProfile == nil && gamma == nil && chromaticities == nil && sRGBIntent == nil
  }
}

/// A decoded still image and what the file said about it.
public struct DecodedImage: Sendable {
  /// The pixels, straight-alpha RGBA, values as stored in the file: 8 bits
  /// a value, or 16 where the file holds more than 8 (16-bit PNG and TIFF,
  /// 10-bit HEIC), so that they stay deep to a deep output.
  public var pixels: PixelImage
  /// The pixels at 8 bits (deep ones rounded once, here); setting it
  /// replaces ``pixels`` with an 8-bit picture.
  public var image: RGBAImage {
    get { pixels.rgba8 }
    set { pixels = .rgba8(newValue) }
  }
  /// The format the bytes were recognised as.
  public var format: ImageFormat
  /// The file's colour description, to be written to the output.
  public var color: ColorDescription
  /// The file's EXIF, XMP and density, to be written to the output; the
  /// EXIF orientation is already applied to `image` and its tag set to 1.
  public var metadata: ImageMetadata
  /// Whether the file stores grey only (PNG grey or grey+alpha, greyscale
  /// JPEG); a PNG output of a warp then stays grey.
  public var isGrayscale: Bool
  /// One-line notes for the user (e.g. a HEIF image's depth map left out).
  public var notes: [String]

  /// A decoded 8-bit image.
  public init(
    image: RGBAImage, format: ImageFormat, color: ColorDescription = ColorDescription(),
    metadata: ImageMetadata = ImageMetadata(), isGrayscale: Bool = false, notes: [String] = []
  ) {
    self.init(
      pixels: .rgba8(image), format: format, color: color, metadata: metadata,
      isGrayscale: isGrayscale, notes: notes)
  }

  /// A decoded image of either depth.
  public init(
    pixels: PixelImage, format: ImageFormat, color: ColorDescription = ColorDescription(),
    metadata: ImageMetadata = ImageMetadata(), isGrayscale: Bool = false, notes: [String] = []
  ) {
    self.pixels = pixels
    self.format = format
    self.color = color
    self.metadata = metadata
    self.isGrayscale = isGrayscale
    self.notes = notes
  }
}
