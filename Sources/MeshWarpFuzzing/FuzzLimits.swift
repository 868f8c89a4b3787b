/// Size limits of the fuzz entries: large enough to reach every code path,
/// small enough that one input runs in milliseconds (libFuzzer's value is in
/// executions per second). All are empirical.
public enum FuzzLimits {
  /// Largest decoded PNG, in pixels (1 Mi pixels, 4 MiB of RGBA): headers
  /// claiming more are refused by the decoder before it allocates.
  public static let pngMaxPixels = 1 << 20
  /// Meshes with more faces are decoded and validated only (not mapped,
  /// packed or rendered). Inputs of libFuzzer's default 4 KiB cannot
  /// reach it; it bounds the cost of big corpus files.
  public static let meshMaxRenderedFaces = 4096
  /// Gradients with more vertices (`width · height`) are decoded and
  /// validated but not rendered.
  public static let gradientMaxRenderedVertices = 64
  /// The finest tessellation of fuzzed gradients (the renderer's
  /// `maximumLevel`; its default is 8). A patch far larger than the image
  /// needs the finest level, and the cost grows as 4^level: an 8 × 8 mesh
  /// scattered over ±1000 image sizes takes 25 s per render at level 8 in a
  /// debug build, too slow for libFuzzer's 10 s timeout. Level 6 runs the
  /// same code with 16 times fewer cells.
  public static let gradientMaxLevel = 6
  /// Output size of the tiny renders, in pixels (deliberately not square
  /// and not equal to the source, so that scaling is exercised).
  public static let renderWidth = 24
  public static let renderHeight = 20
  /// Point sets with more pairs are decoded only: the spline solve is
  /// O(n³), and 64 pairs reach every path of it.
  public static let splineMaxPoints = 64
  /// Keyframed meshes with more faces are evaluated but not rendered.
  public static let keyframeMaxRenderedFaces = 256
  /// Times every fuzzed timeline is evaluated at, besides fractions of its
  /// duration: before the start, 0, far beyond, and the non-finite ones.
  public static let keyframeProbeTimes: [Double] = [
    -1, 0, 0.5, 1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
  ]
}
