#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// A ``MeshEffect`` (twirl, bulge, ripple, wave, lens correction) on any
  /// view, drawn exactly: the layer-effect shader `effectWarpLayer`
  /// evaluates the effect's inverse map per pixel (its ``WarpField`` for
  /// the view's size in pixels, points × display scale), with no mesh. Per
  /// frame the CPU packs the field's few numbers (and, for a bulge or a
  /// ripple, its 257-entry radial table): no mesh is searched for, built
  /// or packed, and a view that does not change reuses its last input.
  ///
  /// Animatable: change the effect inside `withAnimation` and its numbers
  /// interpolate (``MeshEffect/interpolated(to:fraction:)``); from one kind
  /// to another the animation passes through the identity (the old kind
  /// fades out over the first half, the new one grows over the second). The
  /// layer effect is off while the effect is the identity (angle 0,
  /// strength 0, amplitude 0), as a transition's view at rest.
  ///
  /// Parameters that fold the picture at the view's size draw the view
  /// untouched (debug builds print the reason); check them with
  /// ``MeshEffect/validate(width:height:)``. A lens camera in
  /// ``LensCamera/Units/unit`` or ``LensCamera/Units/points`` corrects
  /// alike at every display scale; one in ``LensCamera/Units/pixels`` is
  /// in the view's pixels.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshEffectModifier: ViewModifier, Animatable {
    /// The effect.
    public var effect: MeshEffect
    /// How content is sampled beyond its own edges: `.clampToEdge`, or
    /// `.clampToZero` for OpenCV's empty border around a corrected photo.
    public var addressMode: AddressMode
    /// The kind weights of an animation from one kind to another
    /// (``MeshEffectAnimation``); `nil` at rest.
    private var kindWeights: [Double]?
    /// The value of the deprecated ``tolerance``.
    private var unusedTolerance = 0.25

    /// The mesh's tolerance of earlier versions, which drew the effect
    /// through a mesh; the effect is now drawn exactly and ignores it.
    @available(*, deprecated, message: "the effect is drawn exactly, with no mesh; remove it")
    public var tolerance: Double {
      get { unusedTolerance }
      set { unusedTolerance = newValue }
    }

    @Environment(\.displayScale) private var displayScale
    /// The view's last shader input and its key (``MeshEffectShaderInput``).
    @State private var inputs = LastPlanStore<MeshEffectShaderInput.Key, MeshEffectShaderInput>()

    /// `nonisolated` so that transitions (not main-actor isolated) can
    /// build it under Swift 6's strict concurrency checking.
    ///
    /// - Parameters:
    ///   - effect: the effect.
    ///   - addressMode: how content is sampled beyond its own edges.
    nonisolated public init(effect: MeshEffect, addressMode: AddressMode = .clampToEdge) {
      self.effect = effect
      self.addressMode = addressMode
    }

    /// As ``init(effect:addressMode:)``; `tolerance` is ignored.
    @available(
      *, deprecated, message: "the effect is drawn exactly, with no mesh; remove tolerance"
    )
    nonisolated public init(
      effect: MeshEffect, tolerance: Double, addressMode: AddressMode = .clampToEdge
    ) {
      self.init(effect: effect, addressMode: addressMode)
      unusedTolerance = tolerance
    }

    /// The kind weights (five), then the effect's numbers in
    /// ``MeshEffect/animatableValues`` order (``MeshEffectAnimation``).
    nonisolated public var animatableData: MeshWarpAnimatableData {
      get { MeshWarpAnimatableData(MeshEffectAnimation.vector(effect, kindWeights: kindWeights)) }
      set { MeshEffectAnimation.apply(newValue.values, to: &effect, kindWeights: &kindWeights) }
    }

    public func body(content: Content) -> some View {
      let effect = MeshEffectAnimation.drawn(effect, kindWeights: kindWeights)
      let (addressMode, displayScale, inputs) = (addressMode, displayScale, inputs)
      content.visualEffect { visual, proxy in
        // The field's floats for this size, or the last ones when nothing
        // changed: no mesh.
        let input = MeshEffectShaderInput.cached(
          effect: effect, viewSize: proxy.size, displayScale: displayScale,
          addressMode: addressMode, in: inputs)
        return visual.layerEffect(
          MeshEffectShader.shader(
            data: input.data, size: proxy.size, addressMode: addressMode,
            displayScale: displayScale),
          maxSampleOffset: input.maxSampleOffset, isEnabled: input.isEnabled)
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
    /// Applies a mesh effect, drawn exactly for this view's size
    /// (``MeshEffectModifier``):
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
    ///   - addressMode: how content is sampled beyond its edges; default
    ///     `.clampToEdge`.
    public func meshWarpEffect(_ effect: MeshEffect, addressMode: AddressMode = .clampToEdge)
      -> some View
    {
      modifier(MeshEffectModifier(effect: effect, addressMode: addressMode))
    }

    /// As ``meshWarpEffect(_:addressMode:)``; `tolerance` is ignored (the
    /// effect is drawn exactly, with no mesh).
    @available(
      *, deprecated, message: "the effect is drawn exactly, with no mesh; remove tolerance"
    )
    public func meshWarpEffect(
      _ effect: MeshEffect, tolerance: Double, addressMode: AddressMode = .clampToEdge
    ) -> some View {
      modifier(MeshEffectModifier(effect: effect, addressMode: addressMode))
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
