import MeshWarpImageIO

/// `EncoderQuality`'s scale (1 … 100, default 90) mapped to each video
/// encoder's own setting.
///
/// | encoder | quality 100 | 90 (default) | 1 | between |
/// | --- | --- | --- | --- | --- |
/// | H.264 (libx264 CRF 0…51, lower is better) | CRF 0 | CRF 18 | CRF 51 | linear in 90…100 and in 1…90 |
/// | HEVC (libx265 CRF 0…51) | CRF 0 | CRF 23 | CRF 51 | linear in 90…100 and in 1…90 |
/// | VP9 (libvpx-vp9 CRF 0…63) | CRF 0 | CRF 24 | CRF 63 | linear in 90…100 and in 1…90 |
/// | animated WebP (libwebp quality 0…100) | 100 | 90 | 1 | the quality itself |
/// | ProRes 4444, 422 HQ | — | — | — | no effect: the profile fixes the quality |
/// | GIF | — | — | — | no effect: the palette decides |
///
/// CRF 18 is x264's "visually lossless" point and CRF 24 is a little better
/// than the CRF 31 that the VP9 encoding guide gives for 1080p; x264's CRF 23
/// (ffmpeg's default) is quality 77. x265's CRF 28 looks like x264's 23
/// (the x265 documentation), so HEVC's anchor is x264's 18 moved by 5.
public enum VideoQuality {
  /// The constant rate factors `codec`'s encoder takes: libx264 and
  /// libx265 0…51, libvpx-vp9 0…63; nil for an encoder without one.
  package static func constantRateFactorRange(_ codec: VideoCodec) -> ClosedRange<Int>? {
    switch codec {
    case .h264, .hevc: 0...51
    case .vp9: 0...63
    case .prores422hq, .prores4444, .ffv1, .gif, .webp: nil
    }
  }

  /// The constant rate factor for `quality` (clamped to 1…100) with
  /// `codec`, nil for an encoder without one (ProRes, GIF, WebP).
  ///
  /// - Parameters:
  ///   - quality: 1 … 100 (clamped).
  ///   - codec: the encoder.
  public static func constantRateFactor(quality: Int, codec: VideoCodec) -> Int? {
    guard let range = constantRateFactorRange(codec) else { return nil }
    let anchor: Double = codec == .h264 ? 18 : codec == .hevc ? 23 : 24
    let worst = Double(range.upperBound)
    let q = Double(EncoderQuality.clamped(quality))
    let crf =
      q >= 90
      ? anchor * (100 - q) / 10
      : anchor + (worst - anchor) * (90 - q) / 89
    return Int(crf.rounded())
  }
}
