/// The pixel limit every decoder checks a header against before it
/// allocates pixel memory.
public enum DecodeLimits {
  /// The default pixel limit: 100 megapixels (400 MB of RGBA), chosen
  /// (empirical) to accept any photograph or 8K frame (33 MP) while refusing
  /// a header that claims absurd dimensions.
  public static let defaultMaxPixels = 100_000_000
}
