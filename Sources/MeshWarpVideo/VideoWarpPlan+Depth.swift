/// How deep a warp's frames go and what its output is tagged: the input's
/// depth and colour (``VideoColor``) against what the output holds
/// (``VideoCodec/depths``) and the depth asked for (``VideoEncoding/depth``).
package struct DepthChoice: Equatable {
  /// How the reader decodes the video.
  package var decoding: VideoReader.Decoding
  /// The deep output's colour and bits; nil: 8-bit BT.709.
  package var deepOutput: DeepOutput?
  /// Whether frames are warped and sent at 16 bits.
  package var framesAreDeep: Bool
  /// What a user should know (the depth kept, a tone mapping), if anything.
  package var note: String?

  /// The choice for a video (`input`: its colour; nil for a still, which
  /// is 8-bit sRGB) into `format` with `codec` (nil: not an ffmpeg format),
  /// `requested` bits (nil: the input's, as deep as the output holds);
  /// `outputName`: the output in notes (nil: the codec's or format's name).
  ///
  /// - Deep output (bits > 8): a deep input decoded, warped and encoded at
  ///   16 bits, tagged with its own colour; an 8-bit one encoded at `bits`
  ///   in BT.709.
  /// - 8-bit output: an HDR input tone-mapped to SDR BT.709 with
  ///   `toneMapping`, a deep SDR one converted exactly to 8 bits, each
  ///   with a note; an 8-bit input as ever.
  ///
  /// - Throws: `VideoError.unsupportedOutput` when `requested` is not a
  ///   depth the output holds.
  package static func decide(
    input: VideoColor?, format: OutputFormat, codec: VideoCodec?, requested: Int?,
    toneMapping: ToneMapping, width: Int, height: Int, path: String, outputName: String? = nil
  ) throws -> DepthChoice {
    let color = input ?? VideoColor.bt709
    // A PNG sequence holds 16 bits a value, but no HLG or PQ description:
    // an HDR video into one is tone-mapped.
    var pngSequence = false
    if case .pngSequence = format { pngSequence = true }
    let holds = codec?.depths ?? (pngSequence && !color.isHDR ? [8, 16] : [8])
    let name = outputName ?? codec?.displayName ?? Self.name(of: format)
    if let requested, !holds.contains(requested) {
      throw VideoError.unsupportedOutput(
        path: path,
        reason:
          "\(name) is written at \(holds.map(String.init).joined(separator: " or ")) bits, not \(requested); 10 and 12 bits: --codec hevc (.mp4, .mov, .mkv) or vp9 (.webm, .mkv); 10: ProRes (.mov)"
      )
    }
    let deepest = holds.max() ?? 8
    let bits =
      requested
      ?? (color.isDeep ? holds.filter { $0 >= min(color.bitDepth, deepest) }.min() ?? 8 : 8)
    let described =
      color.isHDR
      ? "\(color.transferDisplayName) \(Self.primariesName(color))"
      : "SDR \(Self.primariesName(color))"
    if bits > 8 {
      guard color.isDeep else {
        return DepthChoice(
          decoding: .rgba8,
          deepOutput: DeepOutput(color: VideoColor.bt709, bits: bits), framesAreDeep: false)
      }
      var tagged = DeepVideoFilters.resolved(color, width: width, height: height)
      tagged.bitDepth = bits
      return DepthChoice(
        decoding: .deep(color), deepOutput: DeepOutput(color: tagged, bits: bits),
        framesAreDeep: true,
        note:
          "the \(color.bitDepth)-bit \(described) video is kept at \(bits) bits (\(name)\(pngSequence ? "" : ", tagged \(described)"))"
      )
    }
    // Why 8 bits, and how to keep more where the container allows.
    let why = requested == 8 ? "--depth 8 asks for 8 bits" : "\(name) holds 8 bits"
    let deeper = format.container?.codecs.first { $0.depths.max() ?? 8 > 8 }
    let hint = requested == 8 ? "" : deeper.map { "; --codec \($0.rawValue) keeps more" } ?? ""
    // Wide-gamut SDR (BT.2020, P3) into 8-bit BT.709: the primaries
    // converted in linear light (the tone-mapping chain with `clip`, which
    // leaves SDR values as they are), never relabelled.
    if !color.isHDR, ["bt2020", "smpte431", "smpte432"].contains(color.primaries) {
      return DepthChoice(
        decoding: .toneMapped(color, .clip), deepOutput: nil, framesAreDeep: false,
        note:
          "the \(described) video is converted to BT.709 primaries (zscale, in linear light; colours outside BT.709 clipped): \(why)\(hint)"
      )
    }
    if color.isHDR {
      return DepthChoice(
        decoding: .toneMapped(color, toneMapping), deepOutput: nil, framesAreDeep: false,
        note:
          "the \(described) video is tone-mapped to SDR BT.709 (\(toneMapping.rawValue), through zscale and ffmpeg's tonemap; --tone-map picks the curve): \(why)\(hint)"
      )
    }
    if color.isDeep {
      return DepthChoice(
        decoding: .exact8(color), deepOutput: nil, framesAreDeep: false,
        note: "the \(color.bitDepth)-bit video is written at 8 bits: \(why)\(hint)")
    }
    return DepthChoice(decoding: .rgba8, deepOutput: nil, framesAreDeep: false)
  }

  /// The primaries' name for notes ("BT.2020", "BT.709", ffprobe's name).
  static func primariesName(_ color: VideoColor) -> String {
    switch color.primaries {
    case "bt2020": "BT.2020"
    case "bt709": "BT.709"
    case "": color.isHDR ? "BT.2020" : "BT.709"
    default: color.primaries
    }
  }

  /// A format without a codec, for messages.
  static func name(of format: OutputFormat) -> String {
    switch format {
    case .png: "a PNG"
    case .apng: "an animated PNG"
    case .pngSequence: "a PNG sequence"
    case .jpegSequence: "a JPEG sequence"
    case .video(let container): container.displayName
    }
  }
}
