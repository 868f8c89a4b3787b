#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// One view becoming another through a ``MorphDocument``: at `progress` t
  /// the first view is warped from the document's `a` points to the
  /// intermediate points m(t), the second from its `b` points to the same
  /// m(t), each by the Metal warp of
  /// `View/meshWarpEffect(_:maxSampleOffset:edges:addressMode:edgeColor:smooth:filterMinification:)`,
  /// and the two are cross-faded: (1 − d)·A + d·B with d the document's
  /// dissolve weight at t (`MorphDocument.dissolveWeight(at:)`), added with
  /// the `plusLighter` blend mode inside a compositing group, so the sum is
  /// taken on premultiplied colour, as the CPU renderer's morph takes it.
  ///
  /// Both views are laid out in the same frame, and each document side is
  /// in normalized coordinates of its own view. Animatable: change
  /// `progress` inside `withAnimation` and every frame draws the morph at
  /// the animated t, with the document's own warp and dissolve easing on
  /// top of the animation's curve.
  ///
  /// ```swift
  /// struct CatToDog: View {
  ///   let document: MorphDocument
  ///   @State private var progress = 0.0
  ///
  ///   var body: some View {
  ///     VStack {
  ///       MeshMorph(document, progress: progress) {
  ///         Image("cat").resizable()
  ///       } to: {
  ///         Image("dog").resizable()
  ///       }
  ///       .frame(width: 300, height: 300)
  ///       Button("Morph") {
  ///         withAnimation(.linear(duration: 2)) { progress = progress < 0.5 ? 1 : 0 }
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// At t = 0 the picture is the first view alone and at t = 1 the second
  /// alone (the other drawn at opacity 0), each through the identity warp
  /// where the document's ends cover the view.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshMorph<Source: View, Destination: View>: View, Animatable {
    /// The two point sets, their faces and easings.
    public var document: MorphDocument
    /// Progress from 0 (the first view) to 1 (the second); values outside
    /// are clamped.
    public var progress: Double
    private let source: Source
    private let destination: Destination

    /// - Parameters:
    ///   - document: the morph; its `a` points are features of `source`,
    ///     its `b` points the same features of `destination`.
    ///   - progress: 0 shows `source`, 1 shows `destination`.
    ///   - source: the first view (picture A).
    ///   - destination: the second view (picture B).
    public init(
      _ document: MorphDocument, progress: Double, @ViewBuilder from source: () -> Source,
      @ViewBuilder to destination: () -> Destination
    ) {
      self.document = document
      self.progress = progress
      self.source = source()
      self.destination = destination()
    }

    /// The progress, which SwiftUI interpolates during an animation.
    nonisolated public var animatableData: Double {
      get { progress }
      set { progress = newValue }
    }

    public var body: some View {
      let t = min(max(progress, 0), 1)
      let meshes = document.meshes(at: t)
      let d = document.dissolveWeight(at: t)
      let smooth = document.smooth
      ZStack {
        source
          .meshWarpEffect(meshes.a, maxSampleOffset: .zero, smooth: smooth)
          .opacity(1 - d)
        destination
          .meshWarpEffect(meshes.b, maxSampleOffset: .zero, smooth: smooth)
          .opacity(d)
          .blendMode(.plusLighter)
      }
      .compositingGroup()
    }
  }
#endif
