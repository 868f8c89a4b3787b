#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// Warps the content it modifies through a ``WarpMesh`` with the Metal
  /// layer-effect shader `meshWarpLayer` (Shaders/MeshWarp.metal), which
  /// samples the view's layer where the mesh maps each pixel and returns
  /// transparent where the edge policy draws nothing.
  ///
  /// The warped points are the animatable data, so changing the mesh inside
  /// `withAnimation` animates the warp. Use it through
  /// `View/meshWarpEffect(_:maxSampleOffset:edges:)` or the original
  /// MeshWarpEffect package's `View/meshWarpEffect(pointPairs:faces:maxSampleOffset:)`.
  ///
  /// Per update it packs the mesh with ``ShaderMeshData/pack(_:edges:)``
  /// (O(faces)); per pixel the shader costs O(1) on average.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshWarpModifier: ViewModifier, Animatable {
    /// The mesh, in normalized coordinates of the modified view.
    public var mesh: WarpMesh
    /// How far, in points per axis, content may travel beyond the view's
    /// bounds; SwiftUI pads the region it renders by this much.
    public var maxSampleOffset: CGSize
    /// What to show where no warped face covers a pixel.
    public var edges: EdgePolicy

    /// - Parameters:
    ///   - mesh: the warp, in normalized coordinates of the view.
    ///   - maxSampleOffset: the farthest, in points per axis, that any pixel
    ///     of content moves; `.zero` when the warped mesh stays inside the
    ///     unit square.
    ///   - edges: what to show outside the warped mesh.
    nonisolated public init(
      mesh: WarpMesh, maxSampleOffset: CGSize, edges: EdgePolicy = .transparent
    ) {
      self.mesh = mesh
      self.maxSampleOffset = maxSampleOffset
      self.edges = edges
    }

    /// The warped points, `[x0, y0, x1, y1, …]` (see ``MeshWarpAnimatableData``).
    /// `nonisolated` because `Animatable` is (the modifier is main-actor
    /// isolated through `ViewModifier`); it touches only the Sendable mesh.
    nonisolated public var animatableData: MeshWarpAnimatableData {
      get { MeshWarpAnimatableData(mesh.warpedCoordinates) }
      set { mesh.warpedCoordinates = newValue.values }
    }

    public func body(content: Content) -> some View {
      let data = ShaderMeshData.pack(mesh, edges: edges)
      let offset = maxSampleOffset
      content
        .visualEffect { effect, proxy in
          effect.layerEffect(
            MeshWarpShader.shader(data: data, size: proxy.size), maxSampleOffset: offset)
        }
        .modifier(MeshWarpDiagnostics(mesh: mesh))
    }
  }
#endif
