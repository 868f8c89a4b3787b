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
    /// ``meshWarpEffect(_:maxSampleOffset:edges:addressMode:edgeColor:smooth:filterMinification:)`` with `.origin` for the
    /// original package's smear of the origin pixel, or `.unwarped` for the
    /// unwarped content (both inside the view's bounds; uncovered pixels
    /// beyond them are always transparent).
    ///
    /// - Parameters:
    ///   - pointPairs: the vertices, each an original and a warped point in
    ///     normalized coordinates ((0, 0) top-left, (1, 1) bottom-right, y down).
    ///   - faces: quads of four indices into `pointPairs` in perimeter order;
    ///     where warped faces overlap, the first wins. In debug builds an
    ///     invalid face (bowtie, index out of range, …) prints a warning.
    ///   - maxSampleOffset: how far, in points per axis, content may travel
    ///     beyond the view's bounds; a lower bound: the modifier raises it to
    ///     what the mesh needs (``WarpMesh/requiredSampleOffset(viewSize:addressMode:edges:displayScale:filterMinification:)``).
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
    /// ```swift
    /// var mesh = WarpMesh.identity(columns: 4, rows: 4)
    /// mesh.pointPairs[5].to.x += 0.1
    /// Image("photo")
    ///   .meshWarpEffect(mesh, maxSampleOffset: .zero, smooth: true)
    /// ```
    ///
    /// - Parameters:
    ///   - mesh: the warp in normalized coordinates of this view, e.g.
    ///     `WarpMesh.identity(columns:rows:)` with moved warped points.
    ///   - maxSampleOffset: how far, in points per axis, content may travel
    ///     beyond the view's bounds; a lower bound: the modifier raises it to
    ///     what the drawn mesh needs (``WarpMesh/requiredSampleOffset(viewSize:addressMode:edges:displayScale:filterMinification:)``,
    ///     of the smoothed mesh when `smooth`), so `.zero` is always safe.
    ///   - edges: what to show where no warped face covers a pixel inside
    ///     the view's bounds (beyond them, in the `maxSampleOffset` margin,
    ///     uncovered pixels are transparent whatever the policy):
    ///     `.transparent` (default), `.unwarped` (the content unwarped),
    ///     `.origin` (the content's top-left pixel smeared, as the original
    ///     package), or `.color` (`edgeColor`).
    ///   - addressMode: how content is sampled where `from` points lie
    ///     outside 0…1, as Metal's sampler address modes: `.clampToEdge`
    ///     (default: the edge pixel), `.repeat` (tiles), `.mirrorRepeat`
    ///     (tiles mirrored at every edge) or `.clampToZero` (transparent).
    ///   - edgeColor: the colour of `edges: .color`; default clear.
    ///   - smooth: draw the bicubic Catmull-Rom surface through the grid
    ///     (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)`` at this
    ///     view's size in pixels, within 0.1 px) instead of bilinear faces;
    ///     the points stay where they are. A mesh without grid structure
    ///     draws piecewise (debug builds print a warning).
    ///   - filterMinification: where the warp shrinks the content, average
    ///     several samples per pixel (up to 16 per axis, about two per
    ///     source pixel, as the CPU renderer's filter) so fine patterns come
    ///     out smooth instead of as moiré; default on. Off: one sample per
    ///     pixel, cheaper where the warp squeezes hard.
    /// - Complexity: O(faces) per update (of the smoothed mesh with `smooth`);
    ///   O(1) average per pixel, times the samples where the filter works.
    public func meshWarpEffect(
      _ mesh: WarpMesh, maxSampleOffset: CGSize, edges: EdgePolicy = .transparent,
      addressMode: AddressMode = .clampToEdge, edgeColor: Color = .clear, smooth: Bool = false,
      filterMinification: Bool = true
    ) -> some View {
      modifier(
        MeshWarpModifier(
          mesh: mesh, maxSampleOffset: maxSampleOffset, edges: edges, addressMode: addressMode,
          edgeColor: edgeColor, smooth: smooth, filterMinification: filterMinification))
    }
  }
#endif
