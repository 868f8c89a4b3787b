import MeshWarpRender

/// What a still image says about itself beside its colours: EXIF (camera,
/// date, GPS, …), XMP and the pixel density. A warp carries it from the
/// input to the output unchanged, as Pillow and ImageMagick do, except for
/// the orientation: decoders turn the pixels upright and set the EXIF
/// orientation tag (and XMP's `tiff:Orientation`) to 1, so the metadata
/// describes the pixels they return.
///
/// Nothing else is rewritten: EXIF sizes (`PixelXDimension`) and GPS stay
/// as the camera wrote them, and the EXIF thumbnail is not regenerated —
/// the link to IFD1 (the thumbnail's directory) is cleared instead, so no
/// viewer shows the unwarped picture as the output's thumbnail (its bytes
/// stay in the EXIF block, unreferenced).
///
/// Read from and written to: JPEG (APP1 `Exif`, APP1 XMP, the JFIF
/// density), PNG (`eXIf`, `iTXt` `XML:com.adobe.xmp`, `pHYs`) and still
/// WebP (`EXIF`, `XMP ` chunks in the extended `VP8X` format; WebP has no
/// density field). GIF input has none. Animated outputs and video write
/// none of it.
public struct ImageMetadata: Sendable, Equatable {
  /// The EXIF block: a TIFF structure starting with its byte order (`II`
  /// or `MM`), without JPEG's `Exif\0\0` header.
  public var exif: [UInt8]?
  /// The XMP packet (UTF-8 XML), as stored.
  public var xmp: [UInt8]?
  /// The pixel density (JPEG JFIF, PNG `pHYs`); nil when the file gives
  /// none. EXIF's XResolution and YResolution stay inside `exif`.
  public var density: PixelDensity?

  /// Metadata; every part is optional (none: write nothing).
  public init(exif: [UInt8]? = nil, xmp: [UInt8]? = nil, density: PixelDensity? = nil) {
    self.exif = exif
    self.xmp = xmp
    self.density = density
  }

  /// Whether there is nothing to write.
  public var isEmpty: Bool { exif == nil && xmp == nil && density == nil }

  /// `image` turned as the EXIF orientation tag says
  /// (`RGBAImage.oriented(exif:)`), with this metadata set to match: the
  /// tag 1, XMP's `tiff:Orientation` 1 when the tag was there, and no
  /// IFD1 link.
  func uprighting(_ image: RGBAImage) -> (RGBAImage, ImageMetadata) {
    let (upright, metadata) = uprighting(PixelImage.rgba8(image))
    guard case .rgba8(let result) = upright else { preconditionFailure("depth kept") }
    return (result, metadata)
  }

  /// The picture turned upright at its own depth, as
  /// `uprighting(_: RGBAImage)`.
  func uprighting(_ image: PixelImage) -> (PixelImage, ImageMetadata) {
    guard let exif else { return (image, self) }
    var result = self
    let orientation = EXIF.orientation(exif)
    result.exif = EXIF.upright(exif)
    if let xmp, orientation != nil { result.xmp = XMPOrientation.upright(xmp) }
    return (image.oriented(exif: orientation ?? 1), result)
  }
}

/// Pixels per unit length, as JPEG's JFIF header and PNG's `pHYs` chunk
/// store them; converted between the two as Pillow does (1 inch = 0.0254 m:
/// dots per inch × 39.3701, rounded, are pixels a metre).
public struct PixelDensity: Sendable, Equatable {
  /// The unit `horizontal` and `vertical` count pixels in.
  public enum Unit: Sendable, Equatable {
    /// Pixels per inch (JFIF unit 1).
    case inch
    /// Pixels per centimetre (JFIF unit 2).
    case centimetre
    /// Pixels per metre (PNG `pHYs` unit 1).
    case metre
    /// No unit: only the pixels' aspect ratio (JFIF and `pHYs` unit 0).
    case aspectRatio
  }

  /// Pixels per unit across, ≥ 1.
  public var horizontal: Int
  /// Pixels per unit down, ≥ 1.
  public var vertical: Int
  /// The unit.
  public var unit: Unit

  /// A density of `horizontal` × `vertical` pixels per `unit`.
  public init(horizontal: Int, vertical: Int, unit: Unit) {
    self.horizontal = horizontal
    self.vertical = vertical
    self.unit = unit
  }

  /// JFIF's units byte and densities (each 1…65535): inches and
  /// centimetres as they are, pixels a metre as dots per inch (× 0.0254,
  /// rounded), an aspect ratio with unit 0.
  var jfif: (unit: UInt8, x: UInt16, y: UInt16) {
    func clamp(_ v: Int) -> UInt16 { UInt16(min(max(v, 1), 65535)) }
    switch unit {
    case .inch: return (1, clamp(horizontal), clamp(vertical))
    case .centimetre: return (2, clamp(horizontal), clamp(vertical))
    case .metre:
      let dpi = { (v: Int) in Int((Double(v) * 0.0254).rounded()) }
      return (1, clamp(dpi(horizontal)), clamp(dpi(vertical)))
    case .aspectRatio: return (0, clamp(horizontal), clamp(vertical))
    }
  }

  /// PNG `pHYs`'s unit byte and pixels per unit (each 1…2³¹−1): metres
  /// as they are, inches × 39.3701 and centimetres × 100, rounded.
  var pHYs: (unit: UInt8, x: UInt32, y: UInt32) {
    func clamp(_ v: Double) -> UInt32 { UInt32(min(max(v.rounded(), 1), 2_147_483_647)) }
    let scale: Double =
      switch unit {
      case .inch: 39.3701
      case .centimetre: 100
      case .metre, .aspectRatio: 1
      }
    return (
      unit == .aspectRatio ? 0 : 1, clamp(Double(horizontal) * scale),
      clamp(Double(vertical) * scale)
    )
  }
}
