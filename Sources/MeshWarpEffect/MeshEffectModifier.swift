#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// A ``MeshEffect`` (twirl, bulge, ripple, wave, lens correction) on any
  /// view: the effect's mesh is generated for the view's size in pixels at
  /// render time (``MeshEffect/mesh(width:height:tolerance:)``, within
  /// `tolerance` pixels of the formula) and drawn by the same layer-effect
  /// shader as `meshWarpEffect`. Animatable: change the effect's numbers
  /// inside `withAnimation` and they interpolate
  /// (``MeshEffect/interpolated(to:fraction:)``).
  ///
  /// Parameters that fold the picture draw the view untouched (debug builds
  /// print the reason); check them with ``MeshEffect/validate(width:height:)``.
  /// A lens camera is in the view's pixels (points × display scale).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshEffectModifier: ViewModifier, Animatable {
    /// The effect.
    public var effect: MeshEffect
    /// The largest distance in pixels between the drawn mesh and the
    /// formula (> 0).
    public var tolerance: Double
    /// How content is sampled beyond its own edges: `.clampToEdge`, or
    /// `.clampToZero` for OpenCV's empty border around a corrected photo.
    public var addressMode: AddressMode

    @Environment(\.displayScale) private var displayScale

    /// `nonisolated` so that transitions (not main-actor isolated) can
    /// build it under Swift 6's strict concurrency checking.
    nonisolated public init(
      effect: MeshEffect, tolerance: Double = 0.25, addressMode: AddressMode = .clampToEdge
    ) {
      self.effect = effect
      self.tolerance = tolerance
      self.addressMode = addressMode
    }

    /// The effect's numbers, in ``MeshEffect/animatableValues`` order.
    nonisolated public var animatableData: MeshWarpAnimatableData {
      get { MeshWarpAnimatableData(effect.animatableValues) }
      set { effect.animatableValues = newValue.values }
    }

    public func body(content: Content) -> some View {
      let (effect, tolerance, addressMode, displayScale) = (
        effect, tolerance, addressMode, displayScale
      )
      content.visualEffect { visual, proxy in
        let scale = displayScale.isFinite && displayScale > 0 ? Double(displayScale) : 1
        let width = max(1, Int((Double(proxy.size.width) * scale).rounded()))
        let height = max(1, Int((Double(proxy.size.height) * scale).rounded()))
        let mesh =
          (try? effect.mesh(width: width, height: height, tolerance: tolerance))
          ?? WarpMesh.identity(columns: 2, rows: 2)
        let plan = MeshWarpRenderPlan(
          mesh: mesh, smooth: false, viewSize: proxy.size, displayScale: displayScale,
          maxSampleOffset: .zero, addressMode: addressMode)
        return visual.layerEffect(
          MeshWarpShader.shader(
            data: ShaderMeshData.pack(plan.mesh), size: proxy.size, addressMode: addressMode,
            displayScale: displayScale),
          maxSampleOffset: plan.maxSampleOffset)
      }
      .modifier(MeshEffectDiagnostics(effect: effect))
    }
  }

  /// Prints, in debug builds, why an effect draws the view untouched: its
  /// parameters are out of range or fold the picture (checked at 1024 ×
  /// 1024 pixels; a lens's fold depends on the size and is not checked here).
  struct MeshEffectDiagnostics: ViewModifier {
    let effect: MeshEffect

    func body(content: Content) -> some View {
      #if DEBUG
        content.onChange(of: Self.problem(effect), initial: true) { _, problem in
          if let problem { print("MeshWarpEffect: \(problem); drawing the view untouched") }
        }
      #else
        content
      #endif
    }

    static func problem(_ effect: MeshEffect) -> String? {
      guard effect.kind != .lens else { return nil }
      do {
        try effect.validate(width: 1024, height: 1024)
        return nil
      } catch {
        return "\(effect.kind.rawValue): \(error)"
      }
    }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension View {
    /// Applies a mesh effect, sized from this view's geometry:
    ///
    /// ```swift
    /// Image("photo")
    ///   .meshWarpEffect(.twirl(angle: .degrees(90)))
    /// Image("photo")
    ///   .meshWarpEffect(.ripple(amplitude: 0.01, wavelength: 0.1, phase: phase))
    /// ```
    ///
    /// - Parameters:
    ///   - effect: `.twirl`, `.bulge`, `.ripple`, `.wave` or `.lens`
    ///     (see ``MeshEffect`` for the formulas and ranges).
    ///   - tolerance: the largest distance in pixels between the drawn
    ///     mesh and the formula; default 0.25.
    ///   - addressMode: how content is sampled beyond its edges; default
    ///     `.clampToEdge`.
    public func meshWarpEffect(
      _ effect: MeshEffect, tolerance: Double = 0.25, addressMode: AddressMode = .clampToEdge
    ) -> some View {
      modifier(MeshEffectModifier(effect: effect, tolerance: tolerance, addressMode: addressMode))
    }
  }

  extension MeshEffect {
    /// A twirl by `angle` (positive turns clockwise on screen, as
    /// `rotationEffect`) at `center` (fractions of the size) within
    /// `radius` (a fraction of min(width, height)).
    public static func twirl(
      angle: Angle, center: CGPoint = CGPoint(x: 0.5, y: 0.5), radius: Double = 0.5
    ) -> MeshEffect {
      .twirl(degrees: angle.degrees, center: center, radius: radius)
    }
  }
#endif
