/// The one quality scale of every lossy output: 1 (smallest) … 100 (best),
/// the scale of JPEG and lossy WebP, which video encoders map to their own
/// setting (`VideoQuality`).
public enum EncoderQuality {
  /// The quality when none is given: 90, Pillow's and most photo tools'
  /// "high".
  public static let defaultValue = 90
  /// The scale, 1…100.
  public static let range = 1...100

  /// `quality` brought into ``range`` (values below 1 become 1, above 100
  /// become 100), for encoders that take any integer.
  public static func clamped(_ quality: Int) -> Int {
    min(max(quality, range.lowerBound), range.upperBound)
  }
}
