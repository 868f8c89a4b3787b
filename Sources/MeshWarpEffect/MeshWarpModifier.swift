#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// Warps the content it modifies through a ``WarpMesh`` with the Metal
  /// layer-effect shader `meshWarpLayer` (Shaders/MeshWarp.metal), which
  /// samples the view's layer where the mesh maps each pixel (after the
  /// address mode; several samples averaged where the warp shrinks the
  /// content) and returns the edge colour or transparent where no face
  /// covers it.
  ///
  /// The warped points are the animatable data, so changing the mesh inside
  /// `withAnimation` animates the warp. Use it through
  /// `View/meshWarpEffect(_:maxSampleOffset:edges:addressMode:edgeColor:smooth:filterMinification:)`
  /// or the original MeshWarpEffect package's
  /// `View/meshWarpEffect(pointPairs:faces:maxSampleOffset:)`.
  ///
  /// Per new mesh, size or option it packs the mesh with
  /// ``ShaderMeshData/pack(_:edges:)`` (O(faces); with `smooth`, O(faces of
  /// the smoothed mesh)) once, and keeps the result with the view for the
  /// following frames (its last plan, in its state: other warped views do
  /// not evict it); per pixel the shader costs O(1) on average.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshWarpModifier: ViewModifier, Animatable {
    /// The mesh, in normalized coordinates of the modified view.
    public var mesh: WarpMesh
    /// How far, in points per axis, content may travel beyond the view's
    /// bounds: a lower bound. The modifier renders with the larger of this
    /// and what the drawn mesh needs
    /// (``WarpMesh/requiredSampleOffset(viewSize:addressMode:edges:displayScale:filterMinification:)``).
    public var maxSampleOffset: CGSize
    /// What to show where no warped face covers a pixel inside the view's
    /// own bounds; beyond them (the `maxSampleOffset` margin) uncovered
    /// pixels are transparent whatever the policy.
    public var edges: EdgePolicy
    /// How content is sampled beyond its own edges (where `from` points lie
    /// outside 0…1).
    public var addressMode: AddressMode
    /// The colour of the ``EdgePolicy/color`` policy.
    public var edgeColor: Color
    /// Draw the bicubic Catmull-Rom surface through the grid instead of
    /// bilinear faces (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)``
    /// at the view's size in pixels); a mesh without grid structure draws
    /// piecewise.
    public var smooth: Bool
    /// Average several samples per pixel where the warp shrinks the content
    /// (up to 16 per axis, as the CPU renderer's filter: about two per
    /// source pixel), so fine patterns do not alias into moiré. Default on.
    public var filterMinification: Bool

    @Environment(\.displayScale) private var displayScale
    /// The view's last render plan and its key.
    @State private var plans = LastPlanStore<MeshWarpRenderPlan.Key, MeshWarpRenderPlan>()

    /// - Parameters:
    ///   - mesh: the warp, in normalized coordinates of the view.
    ///   - maxSampleOffset: the farthest, in points per axis, that any pixel
    ///     of content moves; a lower bound (the modifier raises it to what
    ///     the drawn mesh needs), `.zero` to let the mesh decide.
    ///   - edges: what to show outside the warped mesh, inside the view's
    ///     own bounds (beyond them uncovered pixels are transparent).
    ///   - addressMode: how content is sampled beyond its own edges:
    ///     `.clampToEdge` (default), `.repeat`, `.mirrorRepeat` or
    ///     `.clampToZero` (transparent), as Metal's sampler address modes.
    ///   - edgeColor: the colour of `edges: .color` (inside the view's own
    ///     bounds; transparent beyond them); default clear.
    ///   - smooth: draw the smooth surface through a grid mesh.
    ///   - filterMinification: filter where the warp shrinks the content
    ///     (default on; off: one sample per pixel, faster, may alias).
    nonisolated public init(
      mesh: WarpMesh, maxSampleOffset: CGSize, edges: EdgePolicy = .transparent,
      addressMode: AddressMode = .clampToEdge, edgeColor: Color = .clear, smooth: Bool = false,
      filterMinification: Bool = true
    ) {
      self.mesh = mesh
      self.maxSampleOffset = maxSampleOffset
      self.edges = edges
      self.addressMode = addressMode
      self.edgeColor = edgeColor
      self.smooth = smooth
      self.filterMinification = filterMinification
    }

    /// The warped points, `[x0, y0, x1, y1, …]` (see ``MeshWarpAnimatableData``).
    /// `nonisolated` because `Animatable` is (the modifier is main-actor
    /// isolated through `ViewModifier`); it touches only the Sendable mesh.
    nonisolated public var animatableData: MeshWarpAnimatableData {
      get { MeshWarpAnimatableData(mesh.warpedCoordinates) }
      set { mesh.warpedCoordinates = newValue.values }
    }

    public func body(content: Content) -> some View {
      let (mesh, smooth, edges, addressMode) = (mesh, smooth, edges, addressMode)
      let (offset, edgeColor, displayScale) = (maxSampleOffset, edgeColor, displayScale)
      let (filterMinification, plans) = (filterMinification, plans)
      content
        .visualEffect { effect, proxy in
          // The mesh the shader draws (smoothed at this size when asked),
          // packed, and the offset that covers its taps: kept with the
          // view, since SwiftUI runs this closure every frame.
          let plan = MeshWarpRenderPlan.cached(
            mesh: mesh, smooth: smooth, viewSize: proxy.size, displayScale: displayScale,
            maxSampleOffset: offset, addressMode: addressMode, edges: edges,
            filterMinification: filterMinification, in: plans)
          return effect.layerEffect(
            MeshWarpShader.shader(
              data: plan.data, size: proxy.size,
              addressMode: addressMode, displayScale: displayScale,
              filterMinification: filterMinification, edgeColor: edgeColor),
            maxSampleOffset: plan.maxSampleOffset)
        }
        .modifier(MeshWarpDiagnostics(mesh: mesh, smooth: smooth))
    }
  }
#endif
