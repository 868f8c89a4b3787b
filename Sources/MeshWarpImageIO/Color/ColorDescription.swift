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
  /// The pixels: 8-bit straight-alpha RGBA, values as stored in the file.
  public var image: RGBAImage
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
  /// One-line notes for the user (e.g. 16-bit samples reduced to 8 bits).
  public var notes: [String]

  /// A decoded image.
  public init(
    image: RGBAImage, format: ImageFormat, color: ColorDescription = ColorDescription(),
    metadata: ImageMetadata = ImageMetadata(), isGrayscale: Bool = false, notes: [String] = []
  ) {
    self.image = image
    self.format = format
    self.color = color
    self.metadata = metadata
    self.isGrayscale = isGrayscale
    self.notes = notes
  }
}
