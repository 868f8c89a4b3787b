import MeshWarpCore

/// How ``WarpRenderer`` renders a warp.
public struct WarpOptions: Hashable, Sendable {
  /// Output width in pixels; `nil` takes the source's.
  public var width: Int?
  /// Output height in pixels; `nil` takes the source's.
  public var height: Int?
  /// What output pixels outside every warped face show.
  public var edges: EdgePolicy
  /// The colour of `EdgePolicy/color` (straight alpha). Default transparent.
  public var edgeColor: RGBA8
  /// How the content is read beyond its own edges (where `from` points lie
  /// outside 0…1, or a filter's taps reach past the border). Default
  /// `AddressMode/clampToEdge`.
  public var addressMode: AddressMode
  /// How the content is reconstructed between pixel centres. Default
  /// `Interpolation/bilinear`.
  public var interpolation: Interpolation
  /// How to supersample, adaptively and per axis, where the warp shrinks
  /// the content (see ``MinificationQuality``), so that fine detail
  /// averages instead of aliasing into moiré; `MinificationQuality/off`
  /// takes one bilinear sample per pixel. Default
  /// `MinificationQuality/standard`; pixels that are not minified keep the
  /// plain render. Ignored when ``supersample`` > 1.
  public var minification: MinificationQuality
  /// Whether to render a grid mesh as the smooth Catmull-Rom surface
  /// through its points (`WarpMesh/smoothed(outputSize:tolerance:)`)
  /// instead of piecewise bilinear faces. Meshes without grid structure
  /// render piecewise: call `WarpMesh/smoothed(outputSize:tolerance:)`
  /// yourself to get the error. Default `false`.
  public var smooth: Bool
  /// Samples per axis for the coverage of pixels on the warped mesh's outer
  /// edge (the silhouette): 1 draws hard edges, 4 (default) gives 16 levels
  /// of coverage. Range 1…16.
  public var antialias: Int
  /// Samples per axis for the whole image, for heavy minification (1 = off,
  /// the default). Range 1…8; cost grows with its square.
  public var supersample: Int
  /// Worker threads; 0 (default) uses every core.
  public var threads: Int
  /// Whether runs of an opaque source go through the AVX2 span kernel
  /// where the CPU has it (``SpanKernel/isAvailable``; the default), or
  /// always through the portable Swift loop, which writes the same bytes
  /// (`meshwarp bench` times it so).
  package var usesSpanKernel = true

  public init(
    width: Int? = nil, height: Int? = nil, edges: EdgePolicy = .transparent,
    edgeColor: RGBA8 = .transparent, addressMode: AddressMode = .clampToEdge,
    interpolation: Interpolation = .bilinear, minification: MinificationQuality = .standard,
    smooth: Bool = false, antialias: Int = 4, supersample: Int = 1, threads: Int = 0
  ) {
    self.width = width
    self.height = height
    self.edges = edges
    self.edgeColor = edgeColor
    self.addressMode = addressMode
    self.interpolation = interpolation
    self.minification = minification
    self.smooth = smooth
    self.antialias = antialias
    self.supersample = supersample
    self.threads = threads
  }
}
