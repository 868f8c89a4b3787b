import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore

/// The effects' formulas, meshes and parameter checks (`MeshEffect`,
/// `EffectMap`): the inverse against the forward formula, the mesh's
/// accuracy at every pixel, its economy, and the folding limits.
@Suite struct MeshEffectTests {
  static let effects: [MeshEffect] = [
    .twirl(degrees: 150, center: CGPoint(x: 0.4, y: 0.55)),
    .bulge(strength: 0.7),
    .bulge(strength: -0.6, radius: 0.35),
    .ripple(amplitude: 0.01, wavelength: 0.1, phase: 0),
    .wave(amplitude: 0.03, wavelength: 0.2, phase: 1, axis: .y),
    .lens(distortion: LensDistortion(k1: -0.2, k2: 0.03, p1: 0.001), inverse: true),
  ]

  /// G inverts F: F(G(q)) = q to 1e-6 px at random points of the frame.
  @Test(arguments: effects) func sourceInvertsForward(_ effect: MeshEffect) {
    let map = WarpField(unchecked: effect, width: 150, height: 110)
    var rng = SeededRandom(seed: 3)
    for _ in 0..<500 {
      let q = Vector2(rng.double(in: 0...150), rng.double(in: 0...110))
      let back = map.forward(map.source(q))
      #expect(abs(back.x - q.x) < 1e-6 && abs(back.y - q.y) < 1e-6, "\(q) -> \(back)")
    }
  }

  /// The twirl turns clockwise on screen (y down) for a positive angle: a
  /// point right of the centre moves down; the bulge magnifies the centre
  /// by 1 + k.
  @Test func directions() {
    let twirl = WarpField(unchecked: .twirl(degrees: 30), width: 100, height: 100)
    #expect(twirl.forward(Vector2(60, 50)).y > 50)
    let bulge = WarpField(unchecked: .bulge(strength: 0.5), width: 100, height: 100)
    let moved = bulge.forward(Vector2(50.01, 50))
    #expect(abs((moved.x - 50) / 0.01 - 1.5) < 1e-3)
  }

  /// The mesh's content point at every quarter pixel (through the mesh's
  /// own inverse-bilinear mapping) is within 0.25 px of G; with two fewer
  /// cells across some point is beyond 0.24 px (no more points than
  /// needed, to 4 %), except where the fewest is already 2.
  @Test(arguments: effects) func meshIsWithinAQuarterPixel(_ effect: MeshEffect) throws {
    let (w, h) = (96, 72)
    let map = WarpField(unchecked: effect, width: w, height: h)
    func worst(_ mesh: WarpMesh) -> Double {
      let mapping = MeshMapping(mesh: mesh)
      var worst = 0.0
      for y in 0..<(4 * h) {
        for x in 0..<(4 * w) {
          let q = Vector2(Double(x) + 0.5, Double(y) + 0.5) / 4
          guard let p = mapping.sourcePoint(forDestination: q / map.size) else {
            return .infinity
          }
          let e = p * map.size - map.source(q)
          worst = max(worst, (e * e).sum().squareRoot())
        }
      }
      return worst
    }
    let cells = try effect.cellsAcross(width: w, height: h)
    let mesh = try effect.mesh(width: w, height: h)
    let error = worst(mesh)
    #expect(error <= 0.25, "\(cells) cells across: \(error) px")
    if cells > 2 {
      let fewer = worst(try effect.mesh(width: w, height: h, cellsAcross: cells - 2))
      #expect(fewer > 0.24, "\(cells - 2) cells across: \(fewer) px")
    }
  }

  /// A ripple animated over a whole period of its phase, at the density its
  /// most demanding keyframe needs (as `meshwarp mesh ripple --phase
  /// 0:6.283 --duration 1 --fps 10` writes it), gives valid meshes at every
  /// phase: where sin ϕ < 0 the formula leaves a hole of radius A·s·|sin ϕ|
  /// around c, and lattice points inside it must not all collapse onto c.
  /// G stays one to one there (its radial profile increases).
  @Test(arguments: [(0.01, 0.1, 256), (0.02, 0.2, 128), (0.03, 0.3, 96)])
  func rippleKeyframesOverAWholePeriodAreValid(amplitude: Double, wavelength: Double, side: Int)
    throws
  {
    let frames = (0...10).map {
      MeshEffect.ripple(
        amplitude: amplitude, wavelength: wavelength, phase: 6.283 * Double($0) / 10)
    }
    let cells = try frames.map { try $0.cellsAcross(width: side, height: side) }.max()!
    for effect in frames {
      let mesh = try effect.mesh(width: side, height: side, cellsAcross: cells)
      let errors = mesh.validate().filter { $0.severity == .error }
      #expect(errors.isEmpty, "phase \(effect.phase), \(cells) cells: \(errors.prefix(2))")
      let map = WarpField(unchecked: effect, width: side, height: side)
      var last = -1.0
      for k in 1...400 {
        let q = map.c + Vector2(Double(k) * 0.01, 0)
        let r = (map.source(q) - map.c).x
        guard r > last else {
          Issue.record("phase \(effect.phase): G turns back at \(q.x - map.c.x) px")
          break
        }
        last = r
      }
    }
  }

  /// A ripple whose amplitude reaches its limit folds (its radial profile
  /// turns back, found by walking F along a ray) and is refused, naming
  /// the amplitude and the limit; just below the limit it neither folds
  /// nor is refused.
  @Test func rippleFoldingIsRefused() throws {
    var effect = MeshEffect.ripple(amplitude: 0.01, wavelength: 0.1, phase: 0.5)
    let limit = effect.rippleAmplitudeLimit()
    #expect(limit > 0.008 && limit < 0.1 / (2 * .pi) * 1.5)
    func turnsBack(_ e: MeshEffect) -> Bool {
      let map = WarpField(unchecked: e, width: 200, height: 200)
      var last = -Double.infinity
      for i in 1..<4000 {
        let r = Double(i) / 4000 * 100
        let x = map.forward(Vector2(100 + r, 100)).x
        if x <= last { return true }
        last = x
      }
      return false
    }
    effect.amplitude = limit * 0.98
    #expect(!turnsBack(effect))
    try effect.validate(width: 200, height: 200)
    effect.amplitude = limit * 1.05
    #expect(turnsBack(effect))
    #expect {
      try effect.mesh(width: 200, height: 200)
    } throws: { error in
      guard case MeshEffectError.folds(let name, _, let l, _) = error else { return false }
      return name == "amplitude" && abs(l - limit) < 1e-12
        && "\(error)".contains("amplitude must be below")
    }
  }

  /// A bulge of strength −1 or beyond (the centre collapses) is refused.
  @Test func bulgeRange() {
    #expect(
      throws: MeshEffectError.outOfRange(parameter: "strength", value: -1, range: "in (−1, 1)")
    ) {
      try MeshEffect.bulge(strength: -1).mesh(width: 64, height: 64)
    }
  }

  /// Barrel coefficients that turn the distortion back inside the frame
  /// are refused, naming k1 and the value it must stay above; at that
  /// value the Jacobian is still positive over the frame.
  @Test func lensFoldingIsRefused() throws {
    let effect = MeshEffect.lens(distortion: LensDistortion(k1: -0.9))
    var caught: MeshEffectError?
    do { _ = try effect.mesh(width: 160, height: 120) } catch let e as MeshEffectError {
      caught = e
    }
    guard case .folds(let name, _, let limit, _) = caught else {
      Issue.record("not refused: \(String(describing: caught))")
      return
    }
    #expect(name == "distortion.k1" && limit < 0 && limit > -0.9)
    #expect("\(caught!)".contains("must be above"))
    _ = try MeshEffect.lens(distortion: LensDistortion(k1: limit * 0.99)).mesh(
      width: 160, height: 120)
  }

  /// Interpolating parameters blends the numbers.
  @Test func interpolation() {
    let a = MeshEffect.ripple(amplitude: 0.01, wavelength: 0.1, phase: 0)
    let b = MeshEffect.ripple(amplitude: 0.02, wavelength: 0.1, phase: 2)
    let m = a.interpolated(to: b, fraction: 0.25)
    #expect(abs(m.amplitude - 0.0125) < 1e-12 && abs(m.phase - 0.5) < 1e-12)
  }
}

/// The numbers SwiftUI animates (`animatableValues`) round-trip (the
/// rational coefficients and the output camera's alpha among them), and a
/// camera of none stays none.
@Suite struct MeshEffectAnimatableValuesTests {
  @Test func roundTrip() {
    var lens = MeshEffect.lens(
      camera: LensCamera(fx: 500, fy: 510, cx: 319.5, cy: 239.5),
      distortion: LensDistortion(
        k1: -0.1, k2: 0.01, p1: 0.001, p2: -0.002, k3: 0.003, k4: 0.02, k5: 0.004, k6: 0.001),
      outputCamera: .optimal(alpha: 0.3))
    var copy = MeshEffect(.lens)
    #expect(lens.animatableValues.count == 21)
    copy.animatableValues = lens.animatableValues
    #expect(copy == lens)
    lens.camera = nil
    lens.outputCamera = .input
    copy.animatableValues = lens.animatableValues
    #expect(copy.camera == nil && copy.outputCamera == .input)
    var twirl = MeshEffect.twirl(degrees: 90, center: CGPoint(x: 0.3, y: 0.7), radius: 0.4)
    let values = twirl.animatableValues
    twirl.animatableValues = values.map { $0 * 2 }
    #expect(twirl.angle == 180 && twirl.center.x == 0.6 && twirl.radius == 0.8)
  }
}
