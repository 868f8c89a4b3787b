/// `--crf N`: the quality of video outputs (.mp4, .webm, .webp), used only
/// when an export goes through ffmpeg.
struct VideoOptions: ParsableArguments {
  @Option(
    placeholder: "N", range: 0...51,
    help:
      "Video quality: H.264/VP9 constant rate factor, lower is better (animated WebP: quality 100 − N)."
  )
  var crf = 18

  /// The encoder settings for `framesPerSecond` (set by the sink factory).
  var encoding: MP4Options { MP4Options(constantRateFactor: crf) }
}
