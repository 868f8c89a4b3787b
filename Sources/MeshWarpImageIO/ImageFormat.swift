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
  /// TIFF (the first image; written as 8-bit RGB or RGBA).
  case tiff

  /// The name users know ("PNG", "JPEG", "WebP", "GIF", "TIFF").
  public var name: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .webp: "WebP"
    case .gif: "GIF"
    case .tiff: "TIFF"
    }
  }

  /// Whether MeshWarp can write this format (GIF is read only).
  public var isWritable: Bool { self != .gif }

  /// The formats recognised in input, for messages: "PNG, JPEG, WebP, GIF,
  /// TIFF".
  public static let readableList = allCases.map(\.name).joined(separator: ", ")

  /// The output extensions, for messages: ".png, .jpg/.jpeg, .webp,
  /// .tif/.tiff".
  public static let writableExtensionList = ".png, .jpg/.jpeg, .webp, .tif/.tiff"

  /// The format for a file extension (case-insensitive, without the dot):
  /// png, jpg, jpeg, webp, gif, tif, tiff; nil for anything else.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "png": self = .png
    case "jpg", "jpeg": self = .jpeg
    case "webp": self = .webp
    case "gif": self = .gif
    case "tif", "tiff": self = .tiff
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
  /// `II*\0` or `MM\0*`, and BigTIFF's `II+\0` or `MM\0+`).
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
      if ["heic", "heix", "mif1", "avif"].contains(brand) { return "a HEIF/AVIF image" }
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
