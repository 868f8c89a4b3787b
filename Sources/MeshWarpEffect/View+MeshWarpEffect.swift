#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension View {
    /// Warps this view through a mesh of quads: the content under each
    /// vertex's `from` point appears under its `to` point, bilinearly in
    /// between (the original MeshWarpEffect package's modifier, same signature
    /// and meaning).
    ///
    /// Pixels outside every warped face are transparent; use
    /// ``meshWarpEffect(_:maxSampleOffset:edges:)`` with `.origin` for the
    /// original package's smear of the origin pixel, or `.unwarped` for the
    /// unwarped content (inside the view's bounds; transparent beyond them).
    ///
    /// - Parameters:
    ///   - pointPairs: the vertices, each an original and a warped point in
    ///     normalized coordinates ((0, 0) top-left, (1, 1) bottom-right, y down).
    ///   - faces: quads of four indices into `pointPairs` in perimeter order;
    ///     where warped faces overlap, the first wins. In debug builds an
    ///     invalid face (bowtie, index out of range, …) prints a warning.
    ///   - maxSampleOffset: how far, in points per axis, content may travel
    ///     beyond the view's bounds; `.zero` if the warped mesh stays inside
    ///     the unit square.
    /// - Complexity: O(faces) per update to pack the mesh; O(1) average per pixel.
    public func meshWarpEffect(
      pointPairs: [MeshPointPair], faces: [MeshFace], maxSampleOffset: CGSize
    ) -> some View {
      modifier(
        MeshWarpModifier(
          mesh: WarpMesh(pointPairs: pointPairs, faces: faces), maxSampleOffset: maxSampleOffset))
    }

    /// Warps this view through `mesh`; animatable: change the mesh inside
    /// `withAnimation` and the warped points interpolate.
    ///
    /// - Parameters:
    ///   - mesh: the warp in normalized coordinates of this view, e.g.
    ///     `WarpMesh.identity(columns:rows:)` with moved warped points.
    ///   - maxSampleOffset: how far, in points per axis, content may travel
    ///     beyond the view's bounds.
    ///   - edges: what to show where no warped face covers a pixel:
    ///     `.transparent` (default), `.unwarped` (the content unwarped inside the
    ///     view's bounds, transparent beyond them) or `.origin`.
    public func meshWarpEffect(
      _ mesh: WarpMesh, maxSampleOffset: CGSize, edges: EdgePolicy = .transparent
    ) -> some View {
      modifier(MeshWarpModifier(mesh: mesh, maxSampleOffset: maxSampleOffset, edges: edges))
    }
  }
#endif
