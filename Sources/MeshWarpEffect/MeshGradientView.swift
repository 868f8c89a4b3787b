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
  /// above 512² pixels are rendered off the main thread (one render at a
  /// time per view, on half the cores), so the previous one stays on screen
  /// until the new one is ready, and a render that a newer mesh or size has
  /// superseded before it started is dropped; one that started is shown
  /// when it finishes, if nothing newer is on screen. During an animation
  /// every frame is a new mesh: small views render each frame; large ones
  /// show the newest bitmap that is ready, at the rate one render allows,
  /// which is coarse for full-screen views on iOS 17.
  ///
  /// Pixels that the mesh does not cover show its background colour, and
  /// nothing is drawn outside the view's bounds. To fill a shape or text
  /// with the gradient, use ``MeshGradientStyle``.
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
  ///
  /// Pixels come only from `MeshGradientRaster.premultipliedPixels` (this
  /// file does not import MeshWarpRender), which Linux tests compare with
  /// `GradientRenderer`'s: directly for small bitmaps, through the view's
  /// `MeshGradientRenderLane` (one background render at a time, superseded
  /// requests dropped before they start) above 512² pixels. A finished
  /// render is published when it is newer than the bitmap on screen (the
  /// lane orders them), even if its task was cancelled meanwhile: under
  /// `TimelineView(.animation)` the key changes every frame, so a render
  /// slower than a frame must still be shown; an older bitmap never
  /// replaces a newer one.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct RenderedMeshGradient: View {
    let mesh: GradientMesh
    @Environment(\.displayScale) private var displayScale
    /// The bitmap on screen and the key it was rendered for.
    @State private var rendered: (key: MeshGradientRaster.Key, image: CGImage)?
    /// This view's background renders (one at a time).
    @State private var lane = MeshGradientRenderLane()

    var body: some View {
      GeometryReader { proxy in
        let key = MeshGradientRaster.Key(
          mesh: mesh, size: proxy.size, scale: Double(displayScale))
        ZStack {
          if let rendered {
            Image(decorative: rendered.image, scale: 1)
              .resizable()
              .frame(width: proxy.size.width, height: proxy.size.height)
          }
        }
        .task(id: key) {
          if rendered?.key == key { return }
          let bytes: [UInt8]?
          if key.rendersAsynchronously {
            // Published whenever it is newer than the bitmap on screen, even
            // if the key moved on while it rendered (every frame of an
            // animation does): otherwise a render slower than a frame would
            // never be shown.
            bytes = await lane.publishableRender(key)?.bytes
          } else {
            let generation = lane.nextGeneration()
            let pixels = MeshGradientRaster.premultipliedPixels(key, threads: 1)
            bytes = lane.publish(generation) ? pixels : nil
          }
          guard let bytes,
            let image = MeshGradientBitmap.makeImage(bytes, width: key.width, height: key.height)
          else { return }
          rendered = (key, image)
        }
      }
    }
  }

  /// Wraps the premultiplied RGBA bytes of `MeshGradientRaster` in a
  /// CGImage. Not main-actor isolated, so ``MeshGradientStyle`` can use it
  /// while SwiftUI resolves the style.
  enum MeshGradientBitmap {
    /// A CGImage of `bytes` through a bitmap context (sRGB, 8 bits per
    /// component, premultiplied last; `makeImage()` copies the bytes).
    nonisolated static func makeImage(_ bytes: [UInt8], width: Int, height: Int) -> CGImage? {
      var bytes = bytes
      guard bytes.count == width * height * 4, let space = CGColorSpace(name: CGColorSpace.sRGB)
      else { return nil }
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
