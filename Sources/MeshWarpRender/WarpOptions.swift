/// How ``WarpRenderer`` renders a warp.
public struct WarpOptions: Hashable, Sendable {
  /// Output width in pixels; `nil` takes the source's.
  public var width: Int?
  /// Output height in pixels; `nil` takes the source's.
  public var height: Int?
  /// What uncovered pixels show.
  public var edges: EdgePolicy
  /// Samples per axis for the coverage of pixels on the warped mesh's outer
  /// edge (the silhouette): 1 draws hard edges, 4 (default) gives 16 levels
  /// of coverage. Range 1…16.
  public var antialias: Int
  /// Samples per axis for the whole image, for heavy minification (1 = off,
  /// the default). Range 1…8; cost grows with its square.
  public var supersample: Int
  /// Worker threads; 0 (default) uses every core.
  public var threads: Int

  public init(
    width: Int? = nil, height: Int? = nil, edges: EdgePolicy = .transparent,
    antialias: Int = 4, supersample: Int = 1, threads: Int = 0
  ) {
    self.width = width
    self.height = height
    self.edges = edges
    self.antialias = antialias
    self.supersample = supersample
    self.threads = threads
  }
}
