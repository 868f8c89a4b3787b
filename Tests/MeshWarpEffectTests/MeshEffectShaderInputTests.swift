import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness
import _TestSupport

@_spi(Benchmarks) @testable import MeshWarpEffect

/// What `MeshEffectModifier` does per evaluation of its `visualEffect`
/// (`MeshEffectShaderInput`, the part that runs on Linux): the work per
/// frame, the layer effect off at rest, lens cameras alike at every
/// display scale, animations from one kind to another, and the sample
/// offset against the shipped shader's taps.
@Suite struct MeshEffectShaderInputTests {
  static let view = CGSize(width: 300, height: 300)

  /// The most floats a frame may pack: the field's header and, for a
  /// bulge or a ripple, its radial table.
  static let fieldFloats = ShaderFieldData.headerCount + WarpField.radialTableCount

  /// Effects a frame at a time: an animated twirl, a ripple whose phase
  /// runs, and each built-in transition walked through 21 states.
  static func animations() -> [(name: String, frames: [MeshEffect])] {
    let steps = (0...20).map { Double($0) / 20 }
    var list: [(String, [MeshEffect])] = [
      ("twirl", steps.map { MeshEffect.twirl(degrees: 360 * $0) }),
      ("ripple", steps.map { MeshEffect.ripple(amplitude: 0.01, wavelength: 0.08, phase: 6 * $0) }),
    ]
    for (name, states) in MeshEffectTransitionTests.transitions {
      list.append(
        (
          "transition " + name,
          steps.map { states.active.interpolated(to: states.identity, fraction: $0) }
        ))
    }
    return list
  }

  /// Per frame the effect path resolves one field and packs its floats
  /// (at most 40 + 257), and makes no mesh plan; a frame whose effect did
  /// not change (the view's store) does nothing at all.
  @Test func aFrameCostsTheFieldsFloatsAndNoMesh() {
    for (name, frames) in Self.animations() {
      let store = LastPlanStore<MeshEffectShaderInput.Key, MeshEffectShaderInput>()
      for (i, effect) in frames.enumerated() {
        var input: MeshEffectShaderInput?
        let work = EffectWorkLog.record {
          input = MeshEffectShaderInput.cached(
            effect: effect, viewSize: Self.view, displayScale: 3, addressMode: .clampToEdge,
            in: store)
        }
        let drawn = !effect.isIdentity
        #expect(work.meshPlans == 0 && work.meshFloats == 0, "\(name) frame \(i): \(work)")
        #expect(work.fields == (drawn ? 1 : 0), "\(name) frame \(i): \(work)")
        #expect(work.fieldFloats <= Self.fieldFloats, "\(name) frame \(i): \(work)")
        #expect(work.fieldFloats == (drawn ? input?.data.count : 0), "\(name) frame \(i)")
        #expect(input?.isEnabled == drawn, "\(name) frame \(i): \(effect)")
        // The same frame again: the view's last input, no work.
        let again = EffectWorkLog.record {
          _ = MeshEffectShaderInput.cached(
            effect: effect, viewSize: Self.view, displayScale: 3, addressMode: .clampToEdge,
            in: store)
        }
        #expect(again == EffectWorkLog.Counts(), "\(name) frame \(i) again: \(again)")
      }
    }
  }

  /// The layer effect is off for the identity and for an empty view, and
  /// for parameters that fold (drawn untouched, the reason kept).
  @Test func offAtRestAndForFoldingParameters() {
    for effect in [
      MeshEffect.twirl(degrees: 0), .bulge(strength: 0), .ripple(amplitude: 0, wavelength: 0.1),
      .wave(amplitude: 0, wavelength: 0.3), .lens(distortion: LensDistortion()),
    ] {
      let input = MeshEffectShaderInput.make(effect: effect, viewSize: Self.view, displayScale: 2)
      #expect(!input.isEnabled && input.maxSampleOffset == .zero && input.problem == nil)
    }
    let empty = MeshEffectShaderInput.make(
      effect: .twirl(degrees: 90), viewSize: .zero, displayScale: 2)
    #expect(!empty.isEnabled)
    for effect in [MeshEffect.bulge(strength: -1), .ripple(amplitude: 0.03, wavelength: 0.1)] {
      let input = MeshEffectShaderInput.make(effect: effect, viewSize: Self.view, displayScale: 2)
      #expect(!input.isEnabled && input.problem != nil, "\(effect.kind)")
    }
    // The pinch of the transition is drawn: a field needs no cells.
    let pinch = MeshEffectShaderInput.make(
      effect: .bulge(strength: -0.9), viewSize: Self.view, displayScale: 3)
    #expect(pinch.isEnabled && pinch.pixelWidth == 900)
  }

  /// G in points, through the shipped shader, at `points` of a view of
  /// `size` points drawn at `scale`.
  static func sources(_ effect: MeshEffect, size: CGSize, scale: Double, at points: [Vector2])
    -> [Vector2]
  {
    let input = MeshEffectShaderInput.make(effect: effect, viewSize: size, displayScale: scale)
    return points.map { p in
      var sx: Float = 0
      var sy: Float = 0
      let drawn = meshwarp_field_call(
        input.data, Int32(input.data.count), Float(size.width), Float(size.height), Float(p.x),
        Float(p.y), &sx, &sy)
      return drawn == 1 ? Vector2(Double(sx), Double(sy)) : Vector2(-1, -1)
    }
  }

  /// A lens camera in unit or point coordinates corrects a view alike at
  /// @2x and @3x: the same G in points (within float rounding); the same
  /// numbers in pixels do not.
  @Test func lensCamerasInUnitsAndPointsCorrectAlikeAtEveryScale() {
    let size = CGSize(width: 300, height: 200)
    var rng = SeededRandom(seed: 17)
    let points = (0..<400).map { _ in Vector2(rng.unit() * 300, rng.unit() * 200) }
    let distortion = LensDistortion(k1: -0.3, k2: 0.06, p1: 0.002)
    let cameras = [
      LensCamera(fx: 0.9, fy: 1.35, cx: 0.52, cy: 0.47, units: .unit),
      LensCamera(fx: 270, fy: 270, cx: 156, cy: 94, units: .points),
    ]
    for camera in cameras {
      for inverse in [false, true] {
        let effect = MeshEffect.lens(camera: camera, distortion: distortion, inverse: inverse)
        let at2 = Self.sources(effect, size: size, scale: 2, at: points)
        let at3 = Self.sources(effect, size: size, scale: 3, at: points)
        let worst = zip(at2, at3).map { distance($0, $1) }.max()!
        #expect(worst < 1e-3, "\(camera.units), inverse \(inverse): \(worst) pt")
        // And the content really moves: not the identity.
        let moved = zip(points, at2).map { distance($0, $1) }.max()!
        #expect(moved > 5, "\(camera.units): \(moved) pt")
      }
    }
    // The unit camera is the point camera over the view's size (fx, cx of
    // its width, fy, cy of its height): one picture.
    let a = Self.sources(
      .lens(camera: cameras[0], distortion: distortion), size: size, scale: 2, at: points)
    let b = Self.sources(
      .lens(camera: cameras[1], distortion: distortion), size: size, scale: 2, at: points)
    #expect(zip(a, b).allSatisfy { distance($0, $1) < 1e-3 })
    // In pixels the same numbers are a different camera at each scale.
    var pixels = cameras[1]
    pixels.units = .pixels
    let p2 = Self.sources(
      .lens(camera: pixels, distortion: distortion), size: size, scale: 2, at: points)
    let p3 = Self.sources(
      .lens(camera: pixels, distortion: distortion), size: size, scale: 3, at: points)
    #expect(zip(p2, p3).map { distance($0, $1) }.max()! > 1)
  }

  /// From one kind to another SwiftUI blends the modifier's vectors
  /// linearly; the effect drawn at each blend is `interpolated(to:fraction:)`'s,
  /// the identity at one half, and the picture moves a little per step
  /// instead of jumping from one kind to the other.
  @Test func kindToKindPassesThroughTheIdentity() throws {
    let pairs: [(MeshEffect, MeshEffect)] = [
      (.twirl(degrees: 120), .bulge(strength: 0.5)),
      (
        .ripple(amplitude: 0.01, wavelength: 0.08, phase: 1),
        .wave(amplitude: 0.03, wavelength: 0.08)
      ),
      (.bulge(strength: -0.6), .lens(distortion: LensDistortion(k1: -0.3, k2: 0.05))),
    ]
    let size = (width: 240, height: 240)
    var rng = SeededRandom(seed: 5)
    let points = (0..<300).map { _ in Vector2(rng.unit() * 240, rng.unit() * 240) }
    for (from, to) in pairs {
      let a = MeshEffectAnimation.vector(from, kindWeights: nil)
      let b = MeshEffectAnimation.vector(to, kindWeights: nil)
      func g(_ e: MeshEffect) throws -> [Vector2] {
        let field = try WarpField(e, width: size.width, height: size.height)
        return points.map(field.source)
      }
      let ends = (try g(from), try g(to))
      let reach =
        zip(points, ends.0).map { distance($0, $1) }.max()!
        + zip(points, ends.1).map { distance($0, $1) }.max()!
      var previous = ends.0
      for step in 0...40 {
        let t = Double(step) / 40
        // SwiftUI's blend, applied to the new modifier's effect.
        var effect = to
        var weights: [Double]?
        MeshEffectAnimation.apply(
          zip(a, b).map { $0 + ($1 - $0) * t }, to: &effect, kindWeights: &weights)
        let drawn = MeshEffectAnimation.drawn(effect, kindWeights: weights)
        let expected = from.interpolated(to: to, fraction: t)
        #expect(drawn.kind == expected.kind, "\(from.kind) → \(to.kind) at \(t)")
        let values = zip(drawn.animatableValues, expected.animatableValues)
        #expect(values.allSatisfy { abs($0 - $1) < 1e-12 }, "\(from.kind) → \(to.kind) at \(t)")
        if step == 20 { #expect(drawn.isIdentity) }
        let now = try g(drawn)
        let jump = zip(previous, now).map { distance($0, $1) }.max()!
        #expect(jump < reach / 8, "\(from.kind) → \(to.kind) at \(t): \(jump) px of \(reach)")
        previous = now
      }
    }
  }

  /// The modifier's vector round-trips, and an effect at rest draws itself.
  @Test func animatableVectorRoundTrips() {
    let twirl = MeshEffect.twirl(degrees: 45, center: CGPoint(x: 0.2, y: 0.3), radius: 0.4)
    var effect = MeshEffect.bulge(strength: 0.1)
    var weights: [Double]?
    let vector = MeshEffectAnimation.vector(twirl, kindWeights: nil)
    #expect(vector.count == MeshEffectAnimation.count && vector.prefix(5) == [1, 0, 0, 0, 0])
    MeshEffectAnimation.apply(vector, to: &effect, kindWeights: &weights)
    #expect(MeshEffectAnimation.drawn(effect, kindWeights: weights) == twirl)
    #expect(MeshEffectAnimation.vector(effect, kindWeights: weights) == vector)
    MeshEffectAnimation.apply([1, 2, 3], to: &effect, kindWeights: &weights)
    #expect(MeshEffectAnimation.vector(effect, kindWeights: weights) == vector)
  }

  /// The sample offset covers the shipped shader's taps (within a pixel)
  /// and, on its larger axis, is at most 1.5 times the farthest tap plus a
  /// pixel (SwiftUI shades the view grown by it on each side) where G
  /// keeps the content in the frame; where it moves content out (the
  /// applied lens) the address mode pulls the taps back in, closer than
  /// the bound on |G(q) − q| says.
  @Test(arguments: [1.0, 2.0])
  func sampleOffsetCoversTheShadersTaps(displayScale: Double) {
    let size = CGSize(width: 60, height: 40)
    let pixel = 1 / displayScale
    let effects: [(MeshEffect, tight: Bool)] = [
      (.twirl(degrees: 200), true), (.twirl(degrees: 90, center: CGPoint(x: 0.1, y: 0.9)), true),
      (.bulge(strength: 0.7), true), (.bulge(strength: -0.8), true),
      (.ripple(amplitude: 0.012, wavelength: 0.1), true),
      (.wave(amplitude: 0.05, wavelength: 0.3), true),
      (.wave(amplitude: 0.05, wavelength: 0.3, axis: .y), true),
      (.lens(distortion: LensDistortion(k1: -0.4, k2: 0.1)), true),  // but with repeat
      (.lens(distortion: LensDistortion(k1: -0.3), inverse: true), false),
    ]
    for (effect, tight) in effects {
      for mode in AddressMode.allCases {
        for filter in [false, true] {
          let input = MeshEffectShaderInput.make(
            effect: effect, viewSize: size, displayScale: CGFloat(displayScale), addressMode: mode,
            filterMinification: filter)
          var farthest: [Float] = [0, 0]
          let taps = meshwarp_field_farthest_taps(
            input.data, Int32(input.data.count), Float(size.width), Float(size.height),
            Float(pixel), 4, 4, Float(ShaderMeshData.code(for: mode)), filter ? 16 : 1, &farthest)
          #expect(taps > 0)
          let bound = input.maxSampleOffset
          let label =
            "\(effect.kind) \(effect.axis) \(mode), filter \(filter), scale \(displayScale)"
          #expect(
            Double(farthest[0]) <= Double(bound.width) + pixel,
            "\(label): x \(farthest[0]) beyond \(bound)")
          #expect(
            Double(farthest[1]) <= Double(bound.height) + pixel,
            "\(label): y \(farthest[1]) beyond \(bound)")
          let larger = max(Double(bound.width), Double(bound.height))
          let far = Double(max(farthest[0], farthest[1]))
          #expect(
            !tight || (effect.kind == .lens && mode == .repeat) || larger <= 1.5 * far + pixel,
            "\(label): bound \(bound), farthest \(farthest)")
        }
      }
    }
  }
}

/// The built-in transitions (`.twirl`, `.pinch`, `.ripple`): every state
/// SwiftUI draws on the way in or out is valid, so every frame is drawn,
/// and the state at rest turns the layer effect off.
@Suite struct MeshEffectTransitionTests {
  static let transitions: [(name: String, states: (active: MeshEffect, identity: MeshEffect))] = [
    ("twirl", MeshEffectTransitionStates.twirl(degrees: 360)),
    ("twirl -720", MeshEffectTransitionStates.twirl(degrees: -720)),
    ("pinch", MeshEffectTransitionStates.pinch),
    ("ripple", MeshEffectTransitionStates.ripple),
  ]

  @Test func everyStateOfEveryTransitionIsDrawn() throws {
    for (name, states) in Self.transitions {
      for step in 0...20 {
        let t = Double(step) / 20
        let effect = states.active.interpolated(to: states.identity, fraction: t)
        for (width, height) in [(300, 200), (200, 300), (1179, 2556)] {
          #expect(throws: Never.self, "\(name) at \(t), \(width)×\(height)") {
            try effect.validate(width: width, height: height)
          }
        }
        let input = MeshEffectShaderInput.make(
          effect: effect, viewSize: CGSize(width: 393, height: 852), displayScale: 3)
        #expect(input.isEnabled == (step < 20), "\(name) at \(t)")
        #expect(input.problem == nil, "\(name) at \(t)")
      }
    }
  }

  /// The ripple's amplitude keeps a margin below the fold limit of every
  /// phase its walk passes through (sampled finely: 2,001 states), and
  /// below the limit of every phase at all.
  @Test func theRipplesAmplitudeStaysBelowItsFoldLimit() {
    let (active, identity) = MeshEffectTransitionStates.ripple
    var worst = 0.0
    for step in 0...2000 {
      let effect = active.interpolated(to: identity, fraction: Double(step) / 2000)
      guard effect.amplitude > 0 else { continue }
      worst = max(worst, effect.amplitude / effect.rippleAmplitudeLimit())
    }
    #expect(worst < 0.85, "amplitude / limit up to \(worst)")
    var lowest = Double.infinity
    for step in 0...2000 {
      var probe = active
      probe.phase = 2 * .pi * Double(step) / 2000
      lowest = min(lowest, probe.rippleAmplitudeLimit())
    }
    #expect(active.amplitude < lowest, "\(active.amplitude) against \(lowest)")
  }
}

/// The distance between two points.
private func distance(_ a: Vector2, _ b: Vector2) -> Double {
  ((a - b) * (a - b)).sum().squareRoot()
}
