#if canImport(SwiftUI) && !os(watchOS)
  import CoreGraphics
  import MeshWarpCore
  import SwiftUI

  /// A mesh gradient on every OS version this package supports: SwiftUI's
  /// `MeshGradient` where it exists (iOS 18, macOS 15, tvOS 18, visionOS 2;
  /// https://developer.apple.com/documentation/swiftui/meshgradient), and
  /// below that the package's CPU renderer (MeshWarpRender's
  /// `GradientRenderer`), from the same ``GradientMesh``: points or Bézier
  /// points, colours, background, `smoothsColors` and colour space.
  ///
  /// It fills the space it is offered, like `MeshGradient`. Animatable:
  /// change the mesh inside `withAnimation` and positions and colours
  /// interpolate (a change of grid shape jumps).
  ///
  /// Below iOS 18 the bitmap is rendered at the display scale and only when
  /// the mesh or the view's size changes (`task(id:)` keyed on both); bitmaps
  /// above 512² pixels are rendered off the main thread, so the previous one
  /// stays on screen until the new one is ready. During an animation every
  /// frame is a new mesh, so each frame renders a new bitmap: fine for small
  /// views, heavy for full-screen ones on iOS 17.
  ///
  /// ```swift
  /// MeshGradientView(GradientPresets.meshing(at: 0))
  ///   .frame(width: 300, height: 200)
  /// ```
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshGradientView: View, Animatable {
    /// The gradient.
    public var mesh: GradientMesh

    /// - Parameter mesh: a valid gradient mesh (`width × height` locations
    ///   and colours); a malformed one draws nothing.
    nonisolated public init(_ mesh: GradientMesh) {
      self.mesh = mesh
    }

    /// Positions and colours as one vector (see ``MeshWarpAnimatableData``).
    nonisolated public var animatableData: MeshWarpAnimatableData {
      get { MeshWarpAnimatableData(mesh.animatableValues) }
      set { mesh.animatableValues = newValue.values }
    }

    public var body: some View {
      if #available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *) {
        MeshGradient(mesh)
      } else {
        RenderedMeshGradient(mesh: mesh)
      }
    }
  }

  /// The CPU-rendered gradient (the iOS 17 / macOS 14 / tvOS 17 path of
  /// ``MeshGradientView``).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct RenderedMeshGradient: View {
    let mesh: GradientMesh
    @Environment(\.displayScale) private var displayScale
    @State private var image: CGImage?

    /// What the bitmap depends on: re-rendered only when this changes.
    struct Key: Hashable, Sendable {
      var mesh: GradientMesh
      var width: Int
      var height: Int
    }

    var body: some View {
      GeometryReader { proxy in
        let pixels = MeshGradientRaster.pixelSize(for: proxy.size, scale: Double(displayScale))
        let key = Key(mesh: mesh, width: pixels.width, height: pixels.height)
        ZStack {
          if let image {
            Image(decorative: image, scale: 1)
              .resizable()
              .frame(width: proxy.size.width, height: proxy.size.height)
          }
        }
        .task(id: key) {
          image = await Self.render(key)
        }
      }
    }

    /// The bitmap for `key`: its premultiplied bytes are rendered off the
    /// main thread when it is large, then wrapped here.
    static func render(_ key: Key) async -> CGImage? {
      let bytes: [UInt8]
      if MeshGradientRaster.rendersAsynchronously(width: key.width, height: key.height) {
        bytes = await Task.detached(priority: .userInitiated) { pixels(key) }.value
      } else {
        bytes = pixels(key)
      }
      return makeImage(bytes, width: key.width, height: key.height)
    }

    /// MeshGradientRaster's pixels for `key`, premultiplied.
    nonisolated static func pixels(_ key: Key) -> [UInt8] {
      MeshGradientRaster.premultipliedBytes(
        MeshGradientRaster.render(key.mesh, width: key.width, height: key.height))
    }

    /// Wraps premultiplied RGBA bytes in a CGImage through a bitmap context
    /// (sRGB, 8 bits per component; `makeImage()` copies the bytes).
    static func makeImage(_ bytes: [UInt8], width: Int, height: Int) -> CGImage? {
      var bytes = bytes
      guard let space = CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
      return bytes.withUnsafeMutableBytes { buffer -> CGImage? in
        let context = CGContext(
          data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
          bytesPerRow: width * 4, space: space,
          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        return context?.makeImage()
      }
    }
  }
#endif
