#if canImport(SwiftUI) && !os(watchOS)
  import Foundation
  import MeshWarpCore
  import SwiftUI

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension View {
    /// Fills this view's foreground (text, symbols, shapes drawn with the
    /// foreground style) with an animated mesh gradient: the better way the
    /// MeshGradient blog post asks for, instead of a gradient masked by text.
    ///
    /// A `TimelineView(.animation)` redraws it every frame with
    /// `gradient(t)`, where t is the time in seconds since the view appeared.
    /// From iOS 18 / macOS 15 / tvOS 18 / visionOS 2 it is
    /// `foregroundStyle(MeshGradient(…))`; below, the view is used as the
    /// mask of a ``MeshGradientView`` (the package's CPU renderer, one bitmap
    /// per frame at the view's size).
    ///
    /// ```swift
    /// Text("Meshing")
    ///   .font(.system(size: 150, weight: .bold).width(.expanded))
    ///   .meshGradientForeground(GradientPresets.meshing(at:))
    /// ```
    ///
    /// - Parameter gradient: the gradient at a time in seconds (≥ 0), e.g.
    ///   `GradientPresets.meshing(at:)`, the blog post's cosine animation.
    ///   It runs on the main actor (inside the timeline view's body), so it
    ///   may capture main-actor state such as a view's properties.
    public func meshGradientForeground(
      _ gradient: @escaping @MainActor (Double) -> GradientMesh
    ) -> some View {
      modifier(AnimatedMeshGradientForeground(gradient: gradient))
    }

    /// Fills this view's foreground with a still mesh gradient (see
    /// ``SwiftUI/View/meshGradientForeground(_:)-(@MainActor (Double) -> GradientMesh)``
    /// for the OS versions).
    public func meshGradientForeground(_ gradient: GradientMesh) -> some View {
      modifier(MeshGradientForeground(mesh: gradient))
    }
  }

  /// A still mesh-gradient foreground: `foregroundStyle(MeshGradient)` from
  /// iOS 18, the CPU-rendered gradient masked by the content below.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct MeshGradientForeground: ViewModifier {
    let mesh: GradientMesh

    func body(content: Content) -> some View {
      if #available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *) {
        content.foregroundStyle(MeshGradient(mesh))
      } else {
        content
          .overlay { MeshGradientView(mesh) }
          .mask { content }
      }
    }
  }

  /// The animated foreground behind `meshGradientForeground(_:)`.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct AnimatedMeshGradientForeground: ViewModifier {
    let gradient: @MainActor (Double) -> GradientMesh
    @State private var start = Date()

    func body(content: Content) -> some View {
      TimelineView(.animation) { context in
        content.modifier(
          MeshGradientForeground(mesh: gradient(context.date.timeIntervalSince(start))))
      }
    }
  }

  /// Text filled with an animated mesh gradient: by default the MeshGradient
  /// blog post's "Meshing" animation (`GradientPresets.meshing(at:)`) on its
  /// font, bold, expanded width, 150 pt. Works from iOS 17 / macOS 14 /
  /// tvOS 17 / visionOS 1 (see `meshGradientForeground(_:)`).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshGradientText: View {
    /// The text to fill.
    public var text: String
    /// The font; the blog post's by default.
    public var font: Font
    /// The gradient at a time in seconds; runs on the main actor.
    public var gradient: @MainActor (Double) -> GradientMesh

    /// - Parameters:
    ///   - text: the string to draw.
    ///   - font: its font (default: system, 150 pt, bold, expanded width).
    ///   - gradient: the gradient at a time in seconds (default: the
    ///     blog post's `meshing` preset); it runs on the main actor, so it
    ///     may capture main-actor state.
    public init(
      _ text: String = "Meshing",
      font: Font = .system(size: 150, weight: .bold).width(.expanded),
      gradient: @escaping @MainActor (Double) -> GradientMesh = GradientPresets.meshing(at:)
    ) {
      self.text = text
      self.font = font
      self.gradient = gradient
    }

    public var body: some View {
      Text(text)
        .font(font)
        .meshGradientForeground(gradient)
    }
  }
#endif
