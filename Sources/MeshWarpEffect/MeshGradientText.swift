#if canImport(SwiftUI) && !os(watchOS)
  import Foundation
  import SwiftUI

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
  extension View {
    /// Fills this view's foreground (text, symbols, shapes drawn with the
    /// foreground style) with an animated mesh gradient: the better way the
    /// blog asks for, `foregroundStyle(MeshGradient(…))` instead of a
    /// gradient masked by text.
    ///
    /// A `TimelineView(.animation)` redraws it every frame with
    /// `gradient(t)`, where t is the time in seconds since the view appeared.
    ///
    /// ```swift
    /// Text("Meshing")
    ///   .font(.system(size: 150, weight: .bold).width(.expanded))
    ///   .meshGradientForeground(GradientPresets.meshing(at:))
    /// ```
    ///
    /// - Parameter gradient: the gradient at a time in seconds (≥ 0), e.g.
    ///   `GradientPresets.meshing(at:)`, the blog's cosine animation.
    public func meshGradientForeground(
      _ gradient: @escaping @Sendable (Double) -> GradientMesh
    ) -> some View {
      modifier(MeshGradientForeground(gradient: gradient))
    }

    /// Fills this view's foreground with a still mesh gradient.
    public func meshGradientForeground(_ gradient: GradientMesh) -> some View {
      foregroundStyle(MeshGradient(gradient))
    }
  }

  /// The animated foreground behind `meshGradientForeground(_:)`.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
  struct MeshGradientForeground: ViewModifier {
    let gradient: @Sendable (Double) -> GradientMesh
    @State private var start = Date()

    func body(content: Content) -> some View {
      TimelineView(.animation) { context in
        content.foregroundStyle(MeshGradient(gradient(context.date.timeIntervalSince(start))))
      }
    }
  }

  /// Text filled with an animated mesh gradient: by default the blog's
  /// "Meshing" animation (`GradientPresets.meshing(at:)`) on the blog's font,
  /// bold, expanded width, 150 pt.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
  public struct MeshGradientText: View {
    /// The text to fill.
    public var text: String
    /// The font; the blog's by default.
    public var font: Font
    /// The gradient at a time in seconds.
    public var gradient: @Sendable (Double) -> GradientMesh

    /// - Parameters:
    ///   - text: the string to draw.
    ///   - font: its font (default: system, 150 pt, bold, expanded width).
    ///   - gradient: the gradient at a time in seconds (default: the
    ///     blog's `meshing` preset).
    public init(
      _ text: String = "Meshing",
      font: Font = .system(size: 150, weight: .bold).width(.expanded),
      gradient: @escaping @Sendable (Double) -> GradientMesh = GradientPresets.meshing(at:)
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
