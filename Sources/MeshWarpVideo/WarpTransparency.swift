import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender

/// Whether a warp's frames can have transparent pixels, decided from the
/// request alone (before any frame is rendered): what picks a MOV's ProRes
/// when no codec is given (``VideoContainer/defaultCodec(transparent:)``).
///
/// Conservative: true unless every frame is provably opaque, i.e. an
/// opaque background under it, or an opaque source and either an edge
/// policy that fills with something opaque (the content unwarped or at its
/// origin, an opaque edge colour) or a mesh that covers the whole output
/// at every time sampled (``OutputCoverage``: border pinned, every face
/// drawn), and no content read beyond its edges as transparent
/// (`AddressMode.clampToZero`).
enum WarpTransparency {
  /// - Parameters:
  ///   - sourceIsOpaque: the content has no transparent pixel (a still
  ///     scanned, a video whose pixel format has no alpha).
  ///   - mesh: the warp's mesh over time.
  ///   - warp: the renderer's settings (edge policy, edge colour, address mode).
  ///   - background: composited under every frame, if any.
  ///   - times: the mesh times of the frames (seconds); for an animated
  ///     mesh, the keyframe times are checked too.
  static func possible(
    sourceIsOpaque: Bool, mesh: MeshAnimation, warp: WarpOptions, background: RGBA8?,
    times: [Double]
  ) -> Bool {
    if let background, background.a == 255 { return false }
    guard sourceIsOpaque, warp.addressMode != .clampToZero else { return true }
    switch warp.edges {
    case .unwarped, .origin: return false
    case .color where warp.edgeColor.a == 255: return false
    case .color, .transparent: break
    }
    let checked = times + mesh.keyframeTimes
    return !checked.allSatisfy {
      switch mesh.geometry(at: $0) {
      case .mesh(let m): OutputCoverage.isComplete(m.withGridInferred)
      // An effect's field gives every output pixel a content point.
      case .effect: true
      }
    }
  }

  /// The mesh times of a video's frames, for ``possible(sourceIsOpaque:mesh:warp:background:times:)``:
  /// every `1 / framesPerSecond` from 0 to the mesh's last keyframe (the
  /// mesh stays as it is after it); just 0 for a still mesh.
  static func sampleTimes(of mesh: MeshAnimation, framesPerSecond: Double) -> [Double] {
    guard mesh.isAnimated, let last = mesh.keyframeTimes.last, last > 0 else { return [0] }
    let step = 1 / max(framesPerSecond, 1)
    let count = min(Int((last / step).rounded(.up)), 100_000)
    return (0...count).map { min(Double($0) * step, last) }
  }
}
