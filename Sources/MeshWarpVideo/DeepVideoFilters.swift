/// The ffmpeg filters that take deep and HDR video between Y′CbCr and the
/// RGB frames the renderer warps, all through zscale (libzimg), which
/// computes in floating point and rounds once; the input's matrix and
/// range are always given, never left to a default.
///
/// - Decoding (``decode(_:alpha:deep:width:height:)``): `zscale=min=M:rin=R:r=full`,
///   then `gbrp16le` (deep: repacked to `rgba64le`) or `gbrp` (8 bits,
///   rounded to nearest by zimg, no dither). On a ProRes 422 HQ 10-bit ramp
///   against numpy's BT.709 formula (R′ = Y′ + 2(1 − K_R)·Pr, …, ITU-R
///   BT.709-6 table 3) the co-sited samples are within 0.5 of 65535
///   (mean 0.00); swscale's `accurate_rnd` conversion was 126/65535
///   (2 levels of 10 bits) dark on average, and its default 10 → 8 bits
///   1.6 levels of 8 bits dark.
/// - Encoding (``encode(_:pixelFormat:alpha:)``): `zscale=m=M:r=R` from
///   `gbrp16le` to the codec's 10- or 12-bit format: a decode and encode
///   round trip returns the ramp's 10-bit codes unchanged (swscale: 1.7
///   levels high on average).
/// - Tone mapping (``toneMap(_:method:alpha:)``): HLG or PQ to SDR BT.709,
///   `zscale=tin=T:min=M:pin=P:rin=R:t=linear:npl=100,format=gbrpf32le,`
///   `zscale=p=bt709,tonemap=METHOD:desat=0,zscale=t=bt709:m=bt709:r=full`:
///   linear light with 100 cd/m² as SDR white, BT.2020 primaries to
///   BT.709, ffmpeg's `tonemap` curve, then the BT.709 transfer.
package enum DeepVideoFilters {
  /// The matrix zimg is given for `color`: the stream's when zimg knows
  /// it; for a stream that names none (or one zimg lacks), BT.2020 for HDR,
  /// else what players assume by size (`YUV420ToRGBA.untaggedMatrix`).
  static func matrix(_ color: VideoColor, width: Int, height: Int) -> String {
    let known = ["bt709", "bt2020nc", "bt2020c", "smpte170m", "bt470bg", "fcc", "ycgco", "gbr"]
    if known.contains(color.matrix) { return color.matrix }
    if color.isHDR || color.primaries == "bt2020" { return "bt2020nc" }
    return YUV420ToRGBA.untaggedMatrix(width: width, height: height) == .bt709
      ? "bt709" : "smpte170m"
  }

  /// zimg's range for `color`: "full" for `pc`, else "limited" (what an
  /// untagged stream is).
  static func range(_ color: VideoColor) -> String { color.range == "pc" ? "full" : "limited" }

  /// The primaries zimg is given: the stream's, else BT.2020 for HDR,
  /// else BT.709.
  static func primaries(_ color: VideoColor) -> String {
    if !color.primaries.isEmpty { return color.primaries }
    return color.isHDR ? "bt2020" : "bt709"
  }

  /// `color` with every tag that an output needs named (the stream's,
  /// else the assumption the decoder made): what a deep output is tagged.
  static func resolved(_ color: VideoColor, width: Int, height: Int) -> VideoColor {
    var tagged = color
    tagged.matrix = matrix(color, width: width, height: height)
    tagged.range = color.range == "pc" ? "pc" : "tv"
    tagged.primaries = primaries(color)
    if tagged.transfer.isEmpty { tagged.transfer = "bt709" }
    return tagged
  }

  /// Y′CbCr of `color` to full-range RGB, 16 bits a value (`deep`) or 8;
  /// `alpha`: with its alpha plane.
  static func decode(_ color: VideoColor, alpha: Bool, deep: Bool, width: Int, height: Int)
    -> [String]
  {
    [
      "zscale=min=\(matrix(color, width: width, height: height)):rin=\(range(color)):r=full",
      "format=" + (alpha ? "gbrap" : "gbrp") + (deep ? "16le" : ""),
    ]
  }

  /// Full-range RGB frames (as the reader sent them) to `pixelFormat` in
  /// `color`'s matrix and range, the frames tagged with all of `color`.
  static func encode(_ color: VideoColor, pixelFormat: String, alpha: Bool) -> [String] {
    [
      "format=" + (alpha ? "gbrap16le" : "gbrp16le"),
      "zscale=m=\(color.matrix):r=\(color.range == "pc" ? "full" : "limited")",
      "format=\(pixelFormat)",
      "setparams=color_primaries=\(color.primaries):color_trc=\(color.transfer):colorspace=\(color.matrix):range=\(color.range)",
    ]
  }

  /// HDR (HLG or PQ) Y′CbCr of `color` to 8-bit full-range SDR BT.709 RGB.
  static func toneMap(
    _ color: VideoColor, method: ToneMapping, alpha: Bool, width: Int, height: Int
  )
    -> [String]
  {
    [
      "zscale=tin=\(color.transfer):min=\(matrix(color, width: width, height: height)):pin=\(primaries(color)):rin=\(range(color)):t=linear:npl=100",
      "format=" + (alpha ? "gbrapf32le" : "gbrpf32le"),
      "zscale=p=bt709",
      "tonemap=\(method.rawValue):desat=0",
      "zscale=t=bt709:m=bt709:r=full",
      "format=" + (alpha ? "gbrap" : "gbrp"),
    ]
  }
}

/// How HDR frames are brought to SDR for an output that holds 8 bits:
/// ffmpeg's `tonemap` filter's curves, applied in linear light with
/// 100 cd/m² as SDR white.
public enum ToneMapping: String, Sendable, CaseIterable {
  /// John Hable's filmic curve (Uncharted 2): keeps detail in highlights
  /// and shadows; darkens mid-tones a little.
  case hable
  /// Mobius: linear up to a point, then a smooth roll-off; closest to the
  /// source where it is within SDR.
  case mobius
  /// Reinhard's simple `x / (1 + x)`.
  case reinhard
  /// Clipped at SDR white: highlights above it are lost.
  case clip
}
