/// How carefully a genie frame is filtered where the warp shrinks the
/// content (the funnel's neck, the squeezed tip).
///
/// Plain bilinear sampling takes one content sample per output pixel; where
/// one output pixel covers m content pixels it skips the rest, and fine
/// detail aliases into moiré that crawls from frame to frame. The renderer
/// therefore supersamples adaptively (`MinificationFilter`): it measures
/// the minification m of every face per axis, and re-renders each 16 px
/// tile that needs it with `ceil(1 + samplesPerTexel · (m − 1))` samples per
/// axis (anisotropic, at most ``maxSamplesPerAxis``), box-filtered. Pixels where
/// the warp shrinks the content by at most 1.25× (where one bilinear sample
/// is the better estimate) keep the plain bilinear render, so progress 0
/// stays bit-exact.
public struct GenieQuality: Hashable, Sendable {
  /// Samples per content pixel, per axis, taken where the warp minifies
  /// strongly (α; where it shrinks m-fold, about α·m samples per output
  /// pixel per axis). 0 turns the filter off (plain bilinear: fastest,
  /// aliases at the tip).
  /// Range 0 or 1…4; default 2 (empirical, Documentation/Genie.md: against
  /// an α = 4 reference, 2 leaves about half the error and half the
  /// frame-to-frame flicker that 1.5 leaves, for about 1.3× its time).
  public var samplesPerTexel: Double
  /// The most samples per output pixel per axis (1…64, default 32):
  /// squeezes beyond `maxSamplesPerAxis / samplesPerTexel` alias a little.
  public var maxSamplesPerAxis: Int
  /// Silhouette anti-aliasing samples per axis (``WarpOptions/antialias``).
  public var antialias: Int

  public init(samplesPerTexel: Double = 2, maxSamplesPerAxis: Int = 32, antialias: Int = 4) {
    self.samplesPerTexel = samplesPerTexel
    self.maxSamplesPerAxis = maxSamplesPerAxis
    self.antialias = antialias
  }

  /// The default: adaptive supersampling at 2 samples per content pixel.
  public static let standard = GenieQuality()
  /// No minification filter: one bilinear sample per pixel (previews).
  public static let draft = GenieQuality(samplesPerTexel: 0)
  /// 3 samples per content pixel, up to 64 per axis: about two thirds of
  /// the standard's error for about 1.2–2× its time.
  public static let high = GenieQuality(samplesPerTexel: 3, maxSamplesPerAxis: 64)

  /// - Throws: `GenieError/invalidRendering(detail:)`.
  public func validate() throws(GenieError) {
    guard samplesPerTexel == 0 || (1...4).contains(samplesPerTexel) else {
      throw .invalidRendering(
        detail: "samplesPerTexel \(samplesPerTexel) must be 0 (off) or in 1...4")
    }
    guard (1...64).contains(maxSamplesPerAxis) else {
      throw .invalidRendering(detail: "maxSamplesPerAxis \(maxSamplesPerAxis) must be in 1...64")
    }
    guard (1...16).contains(antialias) else {
      throw .invalidRendering(detail: "antialias \(antialias) must be in 1...16")
    }
  }
}
