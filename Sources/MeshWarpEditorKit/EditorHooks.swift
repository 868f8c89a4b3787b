import Foundation
import MeshWarpCore
import MeshWarpRender
import MeshWarpText

/// The two places where features built elsewhere plug into the demo (both
/// filled in now). Each may return `nil` (no genie layout, no font); the
/// demo then logs "not available yet" for its key and the help marks the
/// key so.
package enum EditorHooks {
  /// G — the genie: the warp at `progress` of the minimize animation into
  /// `target`, or `nil` while the genie generator is not available.
  ///
  /// Fill in with the core's genie mesh generator (dense rows, ≈48). The
  /// demo plays progress 0 → 1 over ``GeniePlayback/duration`` seconds,
  /// holds, and plays back 1 → 0, rendering the returned mesh in place of the
  /// user's control grid; the returned mesh's `to` points are normalized to
  /// the window, `from` points to the content.
  ///
  /// - Parameters:
  ///   - progress: 0 (the content as it is) … 1 (fully inside `target`).
  ///   - target: the dock-like target rectangle, normalized to the window
  ///     (``genieTarget``: a small slot at the bottom centre).
  package static func genieMesh(progress: Double, target: CGRect) -> WarpMesh? {
    // The content plays a window card above the slot (the target must lie
    // beyond the view); the genie model is unit-free, so a unit canvas
    // gives window-normalized points directly.
    let card = CGRect(x: 0.1, y: 0.04, width: 0.8, height: min(0.8, target.minY - 0.04))
    guard
      let layout = try? GenieLayout(
        canvasSize: CGSize(width: 1, height: 1), viewRect: card, targetRect: target),
      let generator = try? GenieMeshGenerator(layout: layout)
    else { return nil }
    return try? generator.mesh(progress: min(max(progress, 0), 1))
  }

  /// T — the animated "Meshing" mesh-gradient text as content: the frame at
  /// animation time `time`, `width × height` pixels, or `nil` while the
  /// gradient-text renderer is not available.
  ///
  /// The gradient renderer fills the text mask with the MeshGradient blog
  /// post's cosine animation (``GradientPresets/meshing(at:)``). Called once
  /// per frame while the text is shown; `time` stops while the animation is
  /// paused.
  ///
  /// - Parameters:
  ///   - time: animation time in seconds (≥ 0).
  ///   - width, height: the content size in pixels.
  package static func gradientText(time: Double, width: Int, height: Int) -> RGBAImage? {
    guard let text = meshingText else { return nil }
    let fill = GradientRenderer(options: GradientRenderOptions(threads: 1))
      .render(GradientPresets.meshing(at: time), width: text.width, height: text.height)
    return text.render(fill: fill, background: .black, canvasWidth: width, canvasHeight: height)
  }

  /// The blog's label, laid out once: "Meshing", bold, expanded width
  /// (synthesized when no wide face is installed), 110 px so that it fits
  /// the default 800-pixel window; `nil` if no font can be loaded.
  static let meshingText: FilledText? = try? FilledText(
    "Meshing", font: FontFace(.defaultBoldSans, width: .expanded),
    options: TextLayoutOptions(sizePixels: 110), padding: 4)

  /// The genie's target slot, normalized to the window: 12 % wide, 6 % tall,
  /// centred at the bottom (empirical: a dock icon's proportions).
  package static let genieTarget = CGRect(x: 0.44, y: 0.92, width: 0.12, height: 0.06)

  /// Whether the genie hook is filled in.
  package static var genieAvailable: Bool {
    genieMesh(progress: 0, target: genieTarget) != nil
  }

  /// Whether the gradient-text hook is filled in.
  package static var gradientTextAvailable: Bool {
    gradientText(time: 0, width: 8, height: 8) != nil
  }
}

/// The genie's playback: 0 → 1, a hold, 1 → 0.
package struct GeniePlayback: Hashable, Sendable {
  /// Seconds for each direction (empirical: macOS's genie takes about 0.5 s;
  /// slower here so it can be watched).
  package static let duration = 0.9
  /// Seconds to hold in the target before coming back.
  package static let hold = 0.4

  /// Seconds since the playback started.
  package var elapsed = 0.0

  package init() {}

  /// The genie progress now, or `nil` once the playback is over.
  package var progress: Double? {
    let d = Self.duration
    switch elapsed {
    case ..<d: return elapsed / d
    case ..<(d + Self.hold): return 1
    case ..<(2 * d + Self.hold): return 1 - (elapsed - d - Self.hold) / d
    default: return nil
    }
  }
}
