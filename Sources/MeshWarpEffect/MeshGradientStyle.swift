#if canImport(SwiftUI) && !os(watchOS)
  import CoreGraphics
  import MeshWarpCore
  import SwiftUI

  /// A mesh gradient as a `ShapeStyle`, to fill shapes, text or any view's
  /// foreground on every OS version this package supports: SwiftUI's
  /// `MeshGradient` where it exists (iOS 18, macOS 15, tvOS 18, visionOS 2;
  /// a `MeshGradient` is itself a shape style), and below that a bitmap of
  /// the package's CPU renderer painted as an `ImagePaint`, from the same
  /// ``GradientMesh``.
  ///
  /// ```swift
  /// Circle()
  ///   .fill(.meshGradient(GradientPresets.meshing(at: 0), size: CGSize(width: 200, height: 200)))
  ///   .frame(width: 200, height: 200)
  /// ```
  ///
  /// ## Why it takes a size
  ///
  /// From iOS 18 the gradient stretches over the bounds of whatever it
  /// fills, as every unit-space style does, and `size` is not used. Below
  /// iOS 18 a shape style cannot learn those bounds: SwiftUI hands a custom
  /// style only its environment (`resolve(in:)` takes `EnvironmentValues`,
  /// which holds the display scale but no geometry), and the only styles
  /// that see the filled bounds are SwiftUI's own unit-space styles and a
  /// Metal `Shader` (its `boundingRect` argument). The CPU renderer needs a
  /// pixel size before anything is drawn, and a shader would have to
  /// evaluate the gradient on the GPU, which this package does not do. So
  /// below iOS 18 the style renders the gradient for `size` points at the
  /// display scale as an `ImagePaint`, which repeats its image over a larger
  /// area: give it the size of what it fills. Where the size is not
  /// known in advance, or the gradient animates, use ``MeshGradientView``
  /// (which measures itself and renders off the main thread) as a
  /// background, overlay or mask.
  ///
  /// Below iOS 18 the bitmap is rendered while SwiftUI resolves the style
  /// (on the thread that draws it, usually the main thread), once per mesh,
  /// size and display scale: the few most recent bitmaps (up to 4096² pixels
  /// in all) are kept and reused. Its pixels are `GradientRenderer`'s, the
  /// renderer the gradient tests compare with an independent reference.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshGradientStyle: ShapeStyle {
    /// The gradient.
    public var mesh: GradientMesh
    /// The size, in points, of what the style fills: the bitmap's size
    /// below iOS 18; unused from iOS 18, where the gradient stretches over
    /// the filled bounds.
    public var size: CGSize

    /// Bitmaps already rendered, as the image paint that shows them.
    private static let cache = MeshGradientCache<ImagePaint>(
      maximumPixels: MeshGradientRaster.maximumSide * MeshGradientRaster.maximumSide)

    /// - Parameters:
    ///   - mesh: a valid gradient mesh (`width × height` locations and
    ///     colours); a malformed one draws nothing.
    ///   - size: the size in points of the shape or view it fills (see
    ///     "Why it takes a size").
    nonisolated public init(_ mesh: GradientMesh, size: CGSize) {
      self.mesh = mesh
      self.size = size
    }

    /// SwiftUI's `MeshGradient` of the mesh from iOS 18; below, the CPU
    /// rendering at `size` and the environment's display scale, as an
    /// `ImagePaint`.
    nonisolated public func resolve(in environment: EnvironmentValues) -> AnyShapeStyle {
      if #available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *) {
        return AnyShapeStyle(MeshGradient(mesh))
      }
      let scale = environment.displayScale > 0 ? environment.displayScale : 1
      let key = MeshGradientRaster.Key(mesh: mesh, size: size, scale: Double(scale))
      let paint = Self.cache.value(for: key) {
        let bytes = MeshGradientRaster.premultipliedPixels(key)
        return MeshGradientBitmap.makeImage(bytes, width: key.width, height: key.height).map {
          ImagePaint(image: Image(decorative: $0, scale: scale))
        }
      }
      return paint.map { AnyShapeStyle($0) } ?? AnyShapeStyle(Color.clear)
    }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension ShapeStyle where Self == MeshGradientStyle {
    /// A mesh gradient shape style: ``MeshGradientStyle``, SwiftUI's
    /// `MeshGradient` from iOS 18 and the package's CPU rendering at `size`
    /// below.
    ///
    /// - Parameters:
    ///   - mesh: the gradient.
    ///   - size: the size in points of what it fills (used below iOS 18).
    public static func meshGradient(_ mesh: GradientMesh, size: CGSize) -> MeshGradientStyle {
      MeshGradientStyle(mesh, size: size)
    }
  }
#endif
