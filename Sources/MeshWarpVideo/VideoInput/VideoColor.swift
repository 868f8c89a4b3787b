/// A video stream's depth and colour, as ffprobe names them: bits per
/// value of its pixel format, primaries, transfer, matrix and range, and
/// the HDR side data (mastering display, content light level).
///
/// Names are ffprobe's (`bt709`, `bt2020`, `arib-std-b67`, `smpte2084`,
/// `bt2020nc`, `tv`, …), "" when the stream names none; they are what
/// ffmpeg's `-color_primaries`, `-color_trc`, `-colorspace` and
/// `-color_range` take, and what x265 and zscale (libzimg) take too.
public struct VideoColor: Hashable, Sendable {
  /// Bits per value of the stream's pixel format (8 for `yuv420p`, 10 for
  /// `yuv420p10le` and `yuv422p10le`, 12, 16).
  public var bitDepth: Int
  /// ffprobe's `color_primaries`, "" when none.
  public var primaries: String
  /// ffprobe's `color_transfer`, "" when none.
  public var transfer: String
  /// ffprobe's `color_space` (the Y′CbCr matrix), "" when none.
  public var matrix: String
  /// ffprobe's `color_range`: "tv" (limited) or "pc" (full), "" when none.
  public var range: String
  /// The mastering display colour volume (SMPTE ST 2086), when the stream
  /// carries it.
  public var masteringDisplay: MasteringDisplay?
  /// The content light level (CTA-861.3 MaxCLL, MaxFALL in cd/m²), when
  /// the stream carries it.
  public var contentLightLevel: ContentLightLevel?

  public init(
    bitDepth: Int = 8, primaries: String = "", transfer: String = "", matrix: String = "",
    range: String = "", masteringDisplay: MasteringDisplay? = nil,
    contentLightLevel: ContentLightLevel? = nil
  ) {
    self.bitDepth = bitDepth
    self.primaries = primaries
    self.transfer = transfer
    self.matrix = matrix
    self.range = range
    self.masteringDisplay = masteringDisplay
    self.contentLightLevel = contentLightLevel
  }

  /// The SDR BT.709 of HD video (what the 8-bit writer converts to and tags).
  public static let bt709 = VideoColor(
    bitDepth: 8, primaries: "bt709", transfer: "bt709", matrix: "bt709", range: "tv")

  /// Whether the stream holds more than 8 bits a value.
  public var isDeep: Bool { bitDepth > 8 }

  /// Whether the transfer is a high dynamic range one: HLG
  /// (`arib-std-b67`) or PQ (`smpte2084`).
  public var isHDR: Bool { transfer == "arib-std-b67" || transfer == "smpte2084" }

  /// The transfer's name for messages ("HLG", "PQ", or ffprobe's name).
  public var transferDisplayName: String {
    switch transfer {
    case "arib-std-b67": "HLG"
    case "smpte2084": "PQ"
    case "": "unnamed"
    default: transfer
    }
  }

  /// The bits per value of an ffmpeg pixel format: the number a planar or
  /// packed little/big-endian format ends with (`yuv420p10le` 10,
  /// `p010le` 10, `gray12le` 12), per value for packed RGB (`rgb48le` and
  /// `rgba64le` 16), 16 for float formats; 8 for every format without an
  /// endianness (`yuv420p`, `nv12`, `rgb24`, `pal8`).
  public static func bitDepth(pixelFormat: String) -> Int {
    var name = Substring(pixelFormat)
    guard name.hasSuffix("le") || name.hasSuffix("be") else { return 8 }
    name = name.dropLast(2)
    let digits = name.reversed().prefix(while: \.isNumber).reversed()
    guard let bits = Int(String(digits)), bits > 0 else { return 8 }
    if name.hasPrefix("rgb") || name.hasPrefix("bgr") {
      // rgb48: 3 values of 16; rgba64: 4 of 16.
      return name.contains("a") ? bits / 4 : bits / 3
    }
    if name.contains("f") && (bits == 16 || bits == 32) { return 16 }
    // 4:2:2 packed and semi-planar names that give their layout, not bits.
    switch name {
    case "nv20", "y210": return 10
    case "y212": return 12
    default: return min(bits, 16)
    }
  }
}

/// The mastering display colour volume (SMPTE ST 2086): the display's
/// primaries and white point (CIE 1931 x, y) and its luminance range.
public struct MasteringDisplay: Hashable, Sendable {
  /// Red, green, blue and white point, x and y each: 8 values in 0…1.
  public var chromaticities: [Double]
  /// The least and greatest luminance in cd/m².
  public var minLuminance: Double
  public var maxLuminance: Double

  public init(chromaticities: [Double], minLuminance: Double, maxLuminance: Double) {
    self.chromaticities = chromaticities
    self.minLuminance = minLuminance
    self.maxLuminance = maxLuminance
  }

  /// x265's `master-display` value, `G(x,y)B(x,y)R(x,y)WP(x,y)L(max,min)`:
  /// chromaticities in units of 0.00002, luminance in 0.0001 cd/m²
  /// (HEVC's SEI units, ITU-T H.265 D.3.28).
  public var x265: String {
    func c(_ i: Int) -> Int { Int((chromaticities[i] * 50000).rounded()) }
    func l(_ v: Double) -> Int { Int((v * 10000).rounded()) }
    return "G(\(c(2)),\(c(3)))B(\(c(4)),\(c(5)))R(\(c(0)),\(c(1)))WP(\(c(6)),\(c(7)))"
      + "L(\(l(maxLuminance)),\(l(minLuminance)))"
  }
}

/// The content light level (CTA-861.3): the brightest pixel (MaxCLL) and
/// the brightest frame average (MaxFALL), in cd/m².
public struct ContentLightLevel: Hashable, Sendable {
  public var maxContent: Int
  public var maxFrameAverage: Int

  public init(maxContent: Int, maxFrameAverage: Int) {
    self.maxContent = maxContent
    self.maxFrameAverage = maxFrameAverage
  }

  /// x265's `max-cll` value, `MaxCLL,MaxFALL`.
  public var x265: String { "\(maxContent),\(maxFrameAverage)" }
}
