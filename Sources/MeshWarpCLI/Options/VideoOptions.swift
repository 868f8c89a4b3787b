import MeshWarpArguments
import MeshWarpRender
import MeshWarpVideo

/// `--codec NAME`: the encoder of a video output (the container from its
/// extension must hold it); `--crf N`: an expert override of the
/// H.264/HEVC/VP9 constant rate factor; video quality is otherwise
/// `--quality` (`ImageOutputOptions`), mapped per encoder by
/// `VideoQuality`. Used only when an export goes through ffmpeg.
struct VideoOptions: ParsableArguments {
  @Option(
    placeholder: "CODEC",
    help:
      "The video codec: .mov takes prores4444 (alpha), prores422hq, h264, hevc; .mp4 h264, hevc; .mkv h264, hevc, vp9; .webm vp9.",
    defaultHelp:
      ".mp4 and .mkv h264, .webm vp9; .mov prores4444 when the frames have transparency, else prores422hq (a note says which)"
  )
  var codec: VideoCodec?
  @Option(
    placeholder: "N", range: 0...63,
    help:
      "Expert: the H.264 and HEVC (0-51) or VP9 (0-63) constant rate factor itself, lower is better; overrides --quality.",
    defaultHelp: "from --quality: 90 is H.264 CRF 18, HEVC CRF 23, VP9 CRF 24")
  var crf: Int?
  @Option(
    placeholder: "PRESET", help: Self.presetHelp, defaultHelp: "medium, as x264's own")
  var preset: VideoEncoding.Preset?

  static let presetHelp =
    "H.264 and HEVC: x264's and x265's speed preset, ultrafast … veryslow; a slower one makes a smaller file at the same --quality."

  init() {}

  /// These options with the encoder preset flag named `presetFlag`, for a
  /// command whose `--preset` names something else (gradient's presets).
  init(presetFlag: String) {
    _preset = Option(
      name: presetFlag, placeholder: "PRESET", help: Self.presetHelp,
      defaultHelp: "medium, as x264's own")
  }

  /// The encoder settings (frame rate and container are set by the sink
  /// factory): codec from `--codec`, quality from `--quality`, background
  /// from `--background` (black when none or transparent; its alpha is
  /// ignored), a sequence's old frames replaced with `--overwrite`, frames
  /// encoded at once on `threads` threads (`--threads`; 0: every core).
  func encoding(_ image: ImageOutputOptions, threads: Int) -> VideoEncoding {
    var options = Self.encoding(image, crf: crf, codec: codec, threads: threads)
    if let preset { options.preset = preset }
    return options
  }

  /// `encoding(_:threads:)` for a command without `--crf` and `--codec` (demo).
  static func encoding(
    _ image: ImageOutputOptions, crf: Int? = nil, codec: VideoCodec? = nil, threads: Int = 0
  ) -> VideoEncoding {
    var options = VideoEncoding(quality: image.quality, constantRateFactor: crf, codec: codec)
    if let b = image.background?.rgba, b.a > 0 { options.background = RGBA8(b.r, b.g, b.b) }
    options.replacesExistingFrames = image.overwrite
    options.concurrentFrames = threads
    return options
  }
}

extension VideoCodec: ArgumentChoices {
  /// The video codecs (GIF and WebP have one codec each: their extension).
  package static var choices: [(word: String, value: VideoCodec)] {
    [.prores4444, .prores422hq, .h264, .hevc, .vp9, .ffv1].map { ($0.rawValue, $0) }
  }
  package static var synonyms: [(word: String, value: VideoCodec)] {
    [("h265", .hevc), ("x264", .h264), ("x265", .hevc)]
  }
}

extension VideoEncoding.Preset: ArgumentChoices {
  /// x264's and x265's presets, fastest first.
  package static var choices: [(word: String, value: VideoEncoding.Preset)] {
    allCases.map { ($0.rawValue, $0) }
  }
}

extension ToneMapping: ArgumentChoices {
  /// ffmpeg's tone-mapping curves, the default first.
  package static var choices: [(word: String, value: ToneMapping)] {
    allCases.map { ($0.rawValue, $0) }
  }
}
