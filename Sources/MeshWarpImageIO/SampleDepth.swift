/// How many bits each value of an output picture is written with.
public enum SampleDepth: String, Sendable, CaseIterable {
  /// 8 bits a value: what every format holds; a deep picture is rounded
  /// once, at the end (`RGBA16Image.rounded8()`).
  case bits8 = "8"
  /// 16 bits a value: PNG and TIFF only (``ImageFormat/holdsDeepSamples``).
  case bits16 = "16"

  /// The number of bits, 8 or 16.
  public var bits: Int { self == .bits8 ? 8 : 16 }
}

extension ImageFormat {
  /// Whether the format is written with 16 bits a value (PNG, TIFF); the
  /// others (JPEG, WebP, GIF) hold 8.
  public var holdsDeepSamples: Bool { self == .png || self == .tiff }
}
