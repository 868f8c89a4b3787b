/// A still-image file format MeshWarp reads or writes.
public enum ImageFormat: String, Sendable, CaseIterable {
  /// PNG (an APNG reads as its default image).
  case png
  /// JPEG (JFIF or Exif).
  case jpeg
  /// WebP stills.
  case webp
  /// GIF, read only (the first frame).
  case gif
  /// TIFF (the first image; written as 8- or 16-bit RGB or RGBA).
  case tiff
  /// HEIC (HEIF with HEVC), read only (the primary image).
  case heic
  /// AVIF (HEIF with AV1), read only (the primary image).
  case avif

  /// The name users know ("PNG", "JPEG", "WebP", "GIF", "TIFF").
  public var name: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .webp: "WebP"
    case .gif: "GIF"
    case .tiff: "TIFF"
    case .heic: "HEIC"
    case .avif: "AVIF"
    }
  }

  /// Whether MeshWarp can write this format (GIF, HEIC and AVIF are read
  /// only).
  public var isWritable: Bool { self != .gif && self != .heic && self != .avif }

  /// The formats recognised in input, for messages: "PNG, JPEG, WebP, GIF,
  /// TIFF, HEIC, AVIF".
  public static let readableList = allCases.map(\.name).joined(separator: ", ")

  /// The output extensions, for messages: ".png, .jpg/.jpeg, .webp,
  /// .tif/.tiff".
  public static let writableExtensionList = ".png, .jpg/.jpeg, .webp, .tif/.tiff"

  /// The format for a file extension (case-insensitive, without the dot):
  /// png, jpg, jpeg, webp, gif, tif, tiff, heic, heif, avif; nil for
  /// anything else.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "png": self = .png
    case "jpg", "jpeg": self = .jpeg
    case "webp": self = .webp
    case "gif": self = .gif
    case "tif", "tiff": self = .tiff
    case "heic", "heif": self = .heic
    case "avif": self = .avif
    default: return nil
    }
  }

  /// The format for a `--format` value: an extension name as above.
  public init?(name: String) { self.init(fileExtension: name) }

  /// The extension of the last path component ("out.JPG" → "JPG"), or nil.
  public static func fileExtension(of path: String) -> String? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    return ext.isEmpty ? nil : String(ext)
  }

  /// Recognises the format by the file's first bytes (signatures: PNG spec
  /// §5.2; JPEG SOI FF D8 FF; RIFF....WEBP; GIF87a/GIF89a; TIFF 6.0 §2
  /// `II*\0` or `MM\0*`, and BigTIFF's `II+\0` or `MM\0+`; HEIC and AVIF
  /// by the brands of their `ftyp` box, `heifBrand(_:)`).
  ///
  /// - Returns: the format, or nil when none matches.
  public static func detect(_ bytes: some Collection<UInt8>) -> ImageFormat? {
    let head = Array(bytes.prefix(12))
    if head.starts(with: PNGDecoder.signature) { return .png }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.count >= 12, head.starts(with: Array("RIFF".utf8)),
      Array(head[8..<12]) == Array("WEBP".utf8)
    {
      return .webp
    }
    if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
      return .gif
    }
    for tiff: [UInt8] in [
      [0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2B, 0], [0x4D, 0x4D, 0, 0x2B],
    ]
    where head.starts(with: tiff) {
      return .tiff
    }
    return heifBrand(bytes)
  }

  /// HEIC or AVIF by the brands of a leading `ftyp` box (ISO/IEC 14496-12
  /// §4.3: size, `ftyp`, the major brand, a minor version, compatible
  /// brands): `avif` is AVIF; `heic`, `heix`, `heim`, `heis` (HEVC stills)
  /// or the generic still brand `mif1` is HEIC. Image sequences (`avis`,
  /// `msf1`, `hevc`) and MP4/QuickTime files are not stills: nil.
  static func heifBrand(_ bytes: some Collection<UInt8>) -> ImageFormat? {
    let head = Array(bytes.prefix(256))
    guard head.count >= 16, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
    let size = min(head.count, head[0..<4].reduce(0) { $0 << 8 | Int($1) })
    guard size >= 16 else { return nil }
    let major = String(decoding: head[8..<12], as: UTF8.self)
    if ["avis", "msf1", "hevc", "hevx"].contains(major) { return nil }
    let brands =
      [major]
      + stride(from: 16, to: size - 3, by: 4).map {
        String(decoding: head[$0..<($0 + 4)], as: UTF8.self)
      }
    if brands.contains("avif") { return .avif }
    if brands.contains(where: { ["heic", "heix", "heim", "heis", "mif1"].contains($0) }) {
      return .heic
    }
    return nil
  }

  /// What the first bytes of an unrecognised file look like, for the error
  /// message: a few well-known formats by name, else the bytes in hex.
  static func describeUnknown(_ bytes: [UInt8]) -> String {
    let known: [(prefix: [UInt8], name: String)] = [
      (Array("BM".utf8), "a BMP image"), (Array("%PDF".utf8), "a PDF document"),
      (Array("<svg".utf8), "an SVG document"), (Array("<?xml".utf8), "an XML document"),
      ([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50], "a JPEG 2000 image"),
      (Array("qoif".utf8), "a QOI image"), (Array("8BPS".utf8), "a Photoshop document"),
      (Array("{".utf8), "JSON or text"),
    ]
    if bytes.isEmpty { return "an empty file" }
    if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
      let brand = String(decoding: bytes[8..<12], as: UTF8.self)
      if ["avis", "msf1", "hevc", "hevx"].contains(brand) { return "a HEIF/AVIF image sequence" }
      return "an MP4/QuickTime file"
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)) {
      return "a RIFF file (\(String(decoding: bytes[8..<12], as: UTF8.self)))"
    }
    for entry in known where bytes.starts(with: entry.prefix) { return entry.name }
    let hex = bytes.prefix(8).map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "data starting with bytes \(hex.joined(separator: " "))"
  }
}
