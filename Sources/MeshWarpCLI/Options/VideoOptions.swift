import MeshWarpRender
import MeshWarpVideo

/// `--crf N`: an expert override of the H.264/VP9 constant rate factor;
/// video quality is otherwise `--quality` (`ImageOutputOptions`), mapped
/// per encoder by `VideoQuality`. Used only when an export goes through
/// ffmpeg.
struct VideoOptions: ParsableArguments {
  @Option(
    placeholder: "N", range: 0...63,
    help:
      "Expert: the H.264 (0-51) or VP9 (0-63) constant rate factor itself, lower is better; overrides --quality.",
    defaultHelp: "from --quality: 90 is H.264 CRF 18, VP9 CRF 24")
  var crf: Int?

  /// The encoder settings (frame rate and codec are set by the sink
  /// factory): quality from `--quality`, background from `--background`
  /// (black when none or transparent; its alpha is ignored), a sequence's
  /// old frames replaced with `--overwrite`, frames encoded at once on
  /// `threads` threads (`--threads`; 0: every core).
  func encoding(_ image: ImageOutputOptions, threads: Int) -> VideoEncoding {
    Self.encoding(image, crf: crf, threads: threads)
  }

  /// `encoding(_:threads:)` for a command without `--crf` (genie, demo).
  static func encoding(
    _ image: ImageOutputOptions, crf: Int? = nil, threads: Int = 0
  ) -> VideoEncoding {
    var options = VideoEncoding(quality: image.quality, constantRateFactor: crf)
    if let b = image.background?.rgba, b.a > 0 { options.background = RGBA8(b.r, b.g, b.b) }
    options.replacesExistingFrames = image.overwrite
    options.concurrentFrames = threads
    return options
  }
}
