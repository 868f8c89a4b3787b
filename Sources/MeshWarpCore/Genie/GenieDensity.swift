/// How many mesh vertices the genie mesh has along and across the travel
/// direction.
///
/// - `alongTravel` (default 48, range 2…4096): vertex lines across the
///   content, evenly spaced in the content along the travel direction. The
///   funnel's sides are polylines through these lines' ends, so this sets
///   how smooth they look. A side moving sideways by A px over a funnel L px
///   long, with lines h px apart, deviates from its curve by at most
///   max|profile″|·A·h²/(8L²), max|profile″| ≈ 5.52 (derived, see
///   `genieFunnelProfile(_:)`); since the funnel is at least as long as
///   the view is deep, h ≤ L/47 with the default and the deviation is at
///   most 3.2·10⁻⁴·A: under 0.2 px for sideways travel up to 600 px (0.02 px
///   for the 640×480 dock example). A line band straddling the target's near
///   edge, where the squeeze starts, is interpolated linearly across that
///   kink, which displaces its content by at most a quarter of a band (h/4)
///   along the travel direction for that moment.
/// - `across` (default 2, range 2…4096): vertices on each line. Every line
///   of the model is straight and the content is spread evenly along it, so
///   two vertices (one quad per band) are exact under an inverse-bilinear
///   warp (``WarpMesh``'s renderers): a trapezoid with two parallel sides
///   maps evenly along each line. Raise it only for a renderer that splits
///   quads into affine triangles (e.g. a Core Animation mesh), where the
///   diagonal shows as a crease in each band.
public struct GenieDensity: Hashable, Sendable, Codable {
  /// Vertex lines along the travel direction (≥ 2).
  public var alongTravel: Int
  /// Vertices per line, across the travel direction (≥ 2).
  public var across: Int

  public init(alongTravel: Int = 48, across: Int = 2) {
    self.alongTravel = alongTravel
    self.across = across
  }

  /// 48 lines of 2 vertices: smooth sides, 47 quads.
  public static let standard = GenieDensity()

  /// The largest count accepted on either axis (empirical: far beyond any
  /// visible gain, small enough that a mistyped value cannot exhaust memory).
  public static let maximum = 4096

  /// - Throws: ``GenieError/invalidDensity(detail:)``.
  public func validate() throws(GenieError) {
    for (name, n) in [("alongTravel", alongTravel), ("across", across)] {
      guard (2...Self.maximum).contains(n) else {
        throw .invalidDensity(detail: "\(name) = \(n); it must be in 2...\(Self.maximum)")
      }
    }
  }
}
