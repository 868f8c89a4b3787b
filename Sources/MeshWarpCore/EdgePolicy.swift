/// What a warp shows at output points that no warped face covers.
///
/// One meaning only: the region outside the mesh. How the content is read
/// beyond its own edges (inside the mesh) is ``AddressMode``.
///
/// Shared by the Metal shader (through ``ShaderMeshData``) and the CPU
/// renderer, so both draw the same picture outside the mesh.
///
/// Raw values are the names tools use (`transparent`, `unwarped`,
/// `origin`, `color`); the former name `clamp` still decodes, as
/// ``unwarped``.
public enum EdgePolicy: String, Hashable, Sendable, CaseIterable, Codable {
  /// Nothing: the point stays transparent. The default.
  case transparent
  /// The content unwarped: the source point is the output point itself
  /// (the same normalized position), clamped to the content's bounds, so a
  /// mesh that covers part of the view leaves the rest as it was. Formerly
  /// named `clamp`.
  case unwarped
  /// The original MeshWarpEffect package's behaviour: sample the content at
  /// its origin (0, 0), which smears the top-left pixel over uncovered
  /// regions (the original MeshWarpEffect README's `.padding(1)` trick makes
  /// that pixel transparent). The SwiftUI modifier smears it inside the
  /// view's own bounds only; beyond them (its `maxSampleOffset` margin)
  /// uncovered pixels stay transparent, as with every policy.
  case origin
  /// One colour, given by the renderer's options (the CPU renderer's
  /// `WarpOptions.edgeColor`; the SwiftUI modifier's `edgeColor`, inside
  /// the view's own bounds).
  case color

  /// The former name of ``unwarped``, kept so that existing code compiles.
  @available(*, deprecated, renamed: "unwarped")
  public static var clamp: EdgePolicy { .unwarped }

  /// The policy named `rawValue`; `"clamp"` (the former name) is ``unwarped``.
  public init?(rawValue: String) {
    switch rawValue {
    case "transparent": self = .transparent
    case "unwarped", "clamp": self = .unwarped
    case "origin": self = .origin
    case "color", "colour": self = .color
    default: return nil
    }
  }
}

/// How content is sampled beyond its own edges: where `from` points lie
/// outside 0…1, or where a filter's taps reach past the border. Named, and
/// defined, as Metal's sampler address modes.
public enum AddressMode: String, Hashable, Sendable, CaseIterable, Codable {
  /// Taps beyond an edge read the edge pixel. The default.
  case clampToEdge
  /// The content tiles the plane: tap index i reads i mod size.
  case `repeat`
  /// The content tiles the plane mirrored at every edge: …, 1, 0, 0, 1, …,
  /// n−1, n−1, n−2, ….
  case mirrorRepeat
  /// Taps beyond an edge read transparent black.
  case clampToZero

  /// The texel index that tap `i` reads along an axis of `size` texels, or
  /// `nil` for a transparent tap (``clampToZero`` beyond the edge).
  @inlinable public func texelIndex(_ i: Int, size: Int) -> Int? {
    switch self {
    case .clampToEdge: return min(max(i, 0), size - 1)
    case .repeat:
      let m = i % size
      return m < 0 ? m + size : m
    case .mirrorRepeat:
      let period = 2 * size
      var m = i % period
      if m < 0 { m += period }
      return m < size ? m : period - 1 - m
    case .clampToZero: return i >= 0 && i < size ? i : nil
    }
  }
}

/// How content is reconstructed between its pixel centres.
public enum Interpolation: String, Hashable, Sendable, CaseIterable, Codable {
  /// The pixel the point falls in (no blending).
  case nearest
  /// Premultiplied bilinear blend of the 2 × 2 nearest pixels. The default.
  case bilinear
  /// Keys cubic convolution (a = −0.5, as Pillow's BICUBIC) over the 4 × 4
  /// nearest pixels, on premultiplied colour, each channel clamped to
  /// [0, alpha] (R. Keys, "Cubic convolution interpolation for digital
  /// image processing", IEEE TASSP 29(6), 1981).
  case bicubic
}
