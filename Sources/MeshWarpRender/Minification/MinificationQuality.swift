/// How carefully a warp is filtered where it shrinks the content (a
/// genie's funnel neck and tip, a strongly squeezed face of any mesh).
///
/// Plain bilinear sampling takes one content sample per output pixel; where
/// one output pixel covers m content pixels it skips the rest, and fine
/// detail aliases into moiré that crawls from frame to frame. The renderer
/// therefore supersamples adaptively (`MinificationFilter`): it measures
/// the minification m of every face per axis, and re-renders each 16 px
/// tile that needs it with `ceil(1 + samplesPerTexel · (m − 1))` samples per
/// axis (anisotropic, at most ``maxSamplesPerAxis``), box-filtered. Pixels where
/// the warp shrinks the content by at most 1.25× (where one bilinear sample
/// is the better estimate) keep the plain bilinear render, so an identity
/// warp (and the genie at progress 0) stays bit-exact.
public struct MinificationQuality: Hashable, Sendable {
  /// Samples per content pixel, per axis, taken where the warp minifies
  /// strongly (α; where it shrinks m-fold, about α·m samples per output
  /// pixel per axis). 0 is ``off``.
  /// Range 0 or 1…4; default 2 (empirical, Documentation/Genie.md: against
  /// an α = 4 reference, 2 leaves about half the error and half the
  /// frame-to-frame flicker that 1.5 leaves, for about 1.3× its time).
  public var samplesPerTexel: Double
  /// The most samples per output pixel per axis (1…64, default 32):
  /// squeezes beyond `maxSamplesPerAxis / samplesPerTexel` alias a little.
  public var maxSamplesPerAxis: Int

  /// - Parameters:
  ///   - samplesPerTexel: samples per content pixel per axis where the warp
  ///     minifies: 0 (off) or 1…4; default 2.
  ///   - maxSamplesPerAxis: the most samples per output pixel per axis,
  ///     1…64; default 32.
  public init(samplesPerTexel: Double = 2, maxSamplesPerAxis: Int = 32) {
    self.samplesPerTexel = samplesPerTexel
    self.maxSamplesPerAxis = maxSamplesPerAxis
  }

  /// The default: adaptive supersampling at 2 samples per content pixel.
  public static let standard = MinificationQuality()
  /// No minification filter: one bilinear sample per pixel (fastest; fine
  /// detail aliases where the warp shrinks the content).
  public static let off = MinificationQuality(samplesPerTexel: 0)
  /// 3 samples per content pixel, up to 64 per axis: about two thirds of
  /// the standard's error for about 1.2–2× its time.
  public static let high = MinificationQuality(samplesPerTexel: 3, maxSamplesPerAxis: 64)

  /// Whether the filter runs (``samplesPerTexel`` > 0).
  public var isEnabled: Bool { samplesPerTexel > 0 }

  /// What is wrong with the settings, or `nil` when they are in range.
  public var problem: String? {
    guard samplesPerTexel == 0 || (1...4).contains(samplesPerTexel) else {
      return "samplesPerTexel \(samplesPerTexel) must be 0 (off) or in 1...4"
    }
    guard (1...64).contains(maxSamplesPerAxis) else {
      return "maxSamplesPerAxis \(maxSamplesPerAxis) must be in 1...64"
    }
    return nil
  }
}
