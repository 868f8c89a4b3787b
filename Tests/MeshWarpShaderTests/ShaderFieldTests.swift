import Foundation
import MeshWarpCore
import Testing
import _MetalShaderHarness
import _TestSupport

/// The shipped shader's `effectWarpLayer` (compiled as C++) against the
/// core's exact inverse map `WarpField.source` (Double): every effect kind,
/// off-centre discs, both aspects, the ripple's hole, both wave axes, lens
/// correction and its inverse for the standard, rational (8 coefficients)
/// and fisheye models with the photo's camera or OpenCV's optimal one at
/// alpha 0 and 1, on views of several sizes and aspects at 1, 2 and 3
/// pixels per point. The shader gets positions in points and the
/// field packed by `ShaderFieldData.pack`; its source position, in pixels,
/// must lie within 1e-3 px of the core's at every pixel compared.
@Suite struct ShaderFieldTests {
  /// Effects covering every kind and the paths of the shader's G.
  static let effects: [(name: String, effect: MeshEffect)] = {
    var list: [(String, MeshEffect)] = [
      ("twirl 90", .twirl(degrees: 90)),
      (
        "twirl -250 off-centre", .twirl(degrees: -250, center: CGPoint(x: 0.3, y: 0.6), radius: 0.7)
      ),
      ("twirl 720", .twirl(degrees: 720, radius: 0.45)),
      ("bulge 0.6", .bulge(strength: 0.6)),
      ("pinch -0.9", .bulge(strength: -0.9, center: CGPoint(x: 0.55, y: 0.4))),
      ("ripple", .ripple(amplitude: 0.01, wavelength: 0.08)),
      ("ripple phase 1.3", .ripple(amplitude: 0.012, wavelength: 0.08, phase: 1.3)),
      ("ripple hole (phase 4)", .ripple(amplitude: 0.012, wavelength: 0.1, phase: 4, radius: 0.6)),
      ("ripple phase 40", .ripple(amplitude: -0.008, wavelength: 0.07, phase: 40)),
      ("wave x", .wave(amplitude: 0.03, wavelength: 0.3, phase: 0.7)),
      ("wave y", .wave(amplitude: 0.05, wavelength: 0.21, axis: .y)),
      ("lens correction", .lens(distortion: LensDistortion(k1: -0.45, k2: 0.1))),
      (
        "lens applied",
        .lens(distortion: LensDistortion(k1: -0.3, k2: 0.05, p1: 0.01), inverse: true)
      ),
    ]
    // The ripple just below its fold limit, where G stretches most.
    var nearLimit = MeshEffect.ripple(amplitude: 0.01, wavelength: 0.08, phase: 0.5)
    nearLimit.amplitude = 0.97 * nearLimit.rippleAmplitudeLimit()
    list.append(("ripple at 0.97 of its limit", nearLimit))
    // The rational and fisheye models (the fisheye through a short focal
    // length, θ up to about 1.3 rad in the corners; nearer π/2 the inverse
    // is ill-conditioned in float, see Documentation/ShaderDataLayout.md),
    // each drawn for the photo's camera and for OpenCV's new camera at
    // alpha (balance) 0 and 1, both ways.
    let rational = LensDistortion(
      k1: -0.28, k2: 0.07, p1: 0.003, p2: -0.002, k3: 0.01, k4: 0.2, k5: -0.03, k6: 0.01)
    let fisheye = LensDistortion.fisheye(k1: -0.04, k2: 0.015, k3: -0.006, k4: 0.002)
    let fisheyeCamera = LensCamera(fx: 0.55, fy: 0.6, cx: 0.52, cy: 0.48, units: .unit)
    let lenses: [(String, LensCamera?, LensDistortion)] = [
      ("rational", nil, rational), ("fisheye", fisheyeCamera, fisheye),
    ]
    let outputs: [(String, LensOutputCamera)] = [
      ("", .input), (", alpha 0", .optimal(alpha: 0)), (", alpha 1", .optimal(alpha: 1)),
    ]
    for (lens, camera, distortion) in lenses {
      for (output, outputCamera) in outputs {
        for inverse in [false, true] {
          list.append(
            (
              "lens \(lens)\(output)\(inverse ? ", inverse" : "")",
              .lens(
                camera: camera, distortion: distortion, inverse: inverse,
                outputCamera: outputCamera)
            ))
        }
      }
    }
    for (name, effect) in list where effect.kind.actsInDisc {
      var fill = effect
      fill.aspect = .fill
      list.append((name + " fill", fill))
    }
    return list
  }()

  /// Views in pixels and pixels per point.
  static let views: [(width: Int, height: Int, scale: Double)] = [
    (96, 144, 1), (200, 100, 2), (301, 177, 3),
  ]

  /// The shader's source position (pixels) at pixel centre (i + 0.5,
  /// j + 0.5) of a field packed for a view of the field's size over
  /// `scale`, in points.
  static func shaderSource(_ data: [Float], field: WarpField, scale: Double, _ i: Int, _ j: Int)
    -> (drawn: Int32, source: Vector2)
  {
    let (w, h) = (Float(Double(field.width) / scale), Float(Double(field.height) / scale))
    var sx: Float = 0
    var sy: Float = 0
    let drawn = meshwarp_field_call(
      data, Int32(data.count), w, h, Float((Double(i) + 0.5) / scale),
      Float((Double(j) + 0.5) / scale), &sx, &sy)
    return (drawn, Vector2(Double(sx), Double(sy)) * scale)
  }

  @Test func theShadersMapIsTheCoresExactInverse() throws {
    var worst = 0.0
    var compared = 0
    for (name, effect) in Self.effects {
      for view in Self.views {
        let field = try WarpField(effect, width: view.width, height: view.height)
        let data = ShaderFieldData.pack(field)
        var error = 0.0
        var at = (0, 0)
        // Every second row, every pixel of it: the whole disc is crossed.
        for j in stride(from: 0, to: view.height, by: 2) {
          for i in 0..<view.width {
            let (drawn, source) = Self.shaderSource(data, field: field, scale: view.scale, i, j)
            #expect(drawn == 1, "\(name) at \(i), \(j): not drawn (\(drawn))")
            let expected = field.source(Vector2(Double(i) + 0.5, Double(j) + 0.5))
            let e = max(abs(source.x - expected.x), abs(source.y - expected.y))
            if e > error { (error, at) = (e, (i, j)) }
            compared += 1
          }
        }
        #expect(
          error <= 1e-3,
          "\(name), \(view.width)×\(view.height) px at \(view.scale) px/pt: \(error) px at \(at)")
        worst = max(worst, error)
      }
    }
    print("ShaderFieldTests: \(compared) pixels, worst \(worst) px")
    #expect(compared > 400_000)
  }

  /// The layer function samples the layer where G says (clamped to the edge
  /// pixels' centres, the default address mode), nothing beyond the view's
  /// bounds, and draws the content unwarped for invalid data.
  @Test func theLayerFunctionSamplesAtGAndNothingBeyondTheView() throws {
    let effect = MeshEffect.twirl(degrees: 160, center: CGPoint(x: 0.4, y: 0.5), radius: 0.6)
    let field = try WarpField(effect, width: 240, height: 160)
    let data = ShaderFieldData.pack(field)
    let scale = 2.0
    var rng = SeededRandom(seed: 41)
    for _ in 0..<2000 {
      // Positions in points, some beyond the view's 120 × 80 pt.
      let p = Vector2(rng.unit() * 140 - 10, rng.unit() * 100 - 10)
      var rgba = [Float](repeating: -1, count: 4)
      meshwarp_field_layer_call_with(
        data, Int32(data.count), 120, 80, Float(p.x), Float(p.y), 0, Float(1 / scale), 1, &rgba)
      if p.x < 0 || p.y < 0 || p.x > 120 || p.y > 80 {
        #expect(rgba == [0, 0, 0, 0], "\(p)")
        continue
      }
      let g = field.source(p * scale) / scale
      let clamped = Vector2(min(max(g.x, 0.25), 119.75), min(max(g.y, 0.25), 79.75))
      #expect(
        abs(Double(rgba[0]) - clamped.x) < 1e-3 && abs(Double(rgba[1]) - clamped.y) < 1e-3
          && rgba[3] == 1, "\(p): \(rgba), expected \(clamped)")
    }
    var broken = data
    broken[ShaderFieldData.Field.magic.rawValue] = 0
    var rgba = [Float](repeating: -1, count: 4)
    meshwarp_field_layer_call_with(
      broken, Int32(broken.count), 120, 80, 30.25, 40.75, 0, 0.5, 1, &rgba)
    #expect(rgba == [30.25, 40.75, 1, 1])
    // A lens of an unknown model, or with no output focal length: invalid.
    let lens = ShaderFieldData.pack(
      try WarpField(.lens(distortion: LensDistortion(k1: -0.2)), width: 240, height: 160))
    for (slot, value) in [(ShaderFieldData.LensField.model, Float(2)), (.outputFx, 0)] {
      var bad = lens
      bad[slot.rawValue] = value
      rgba = [-1, -1, -1, -1]
      meshwarp_field_layer_call_with(bad, Int32(bad.count), 120, 80, 30.25, 40.75, 0, 0.5, 1, &rgba)
      #expect(rgba == [30.25, 40.75, 1, 1], "\(slot) = \(value)")
    }
    // A count short of the table: invalid too, and nothing read past it.
    let bulge = ShaderFieldData.pack(try WarpField(.bulge(strength: 0.5), width: 64, height: 64))
    var sx: Float = 0
    var sy: Float = 0
    #expect(meshwarp_field_call(bulge, Int32(bulge.count - 1), 64, 64, 20.5, 30.5, &sx, &sy) == 2)
    #expect(sx == 20.5 && sy == 30.5)
  }

  /// The layout's numbers: header length, the table for bulge and ripple
  /// only, and the phase reduced to [0, 2π).
  @Test func packedLayout() throws {
    let twirl = ShaderFieldData.pack(try WarpField(.twirl(degrees: 90), width: 10, height: 20))
    #expect(twirl.count == ShaderFieldData.headerCount)
    #expect(twirl[0] == ShaderFieldData.magic && twirl[3] == 0 && twirl[4] == 10 && twirl[5] == 20)
    let ripple = ShaderFieldData.pack(
      try WarpField(.ripple(amplitude: 0.01, wavelength: 0.1, phase: 7), width: 10, height: 20))
    #expect(ripple.count == ShaderFieldData.headerCount + WarpField.radialTableCount)
    #expect(ripple[ShaderFieldData.Field.totalCount.rawValue] == Float(ripple.count))
    #expect(abs(Double(ripple[ShaderFieldData.Field.phase.rawValue]) - (7 - 2 * .pi)) < 1e-6)
    #expect(
      ShaderFieldData.Field.allCases.count + ShaderFieldData.LensField.allCases.count
        == ShaderFieldData.headerCount)
    #expect(ShaderFieldData.LensField.k4.rawValue == ShaderFieldData.Field.allCases.count)
    // The lens's slots: k4…k6, the model, and the output camera (the
    // photo's own when it has none).
    typealias L = ShaderFieldData.LensField
    let fisheye = try WarpField(
      .lens(
        distortion: .fisheye(k1: 0.02, k2: -0.01, k3: 0.003, k4: -0.001),
        outputCamera: .optimal(alpha: 0.5)), width: 120, height: 80)
    let f = ShaderFieldData.pack(fisheye)
    let out = fisheye.lens.outputCamera
    #expect(f[L.k4.rawValue] == -0.001 && f[L.k5.rawValue] == 0 && f[L.model.rawValue] == 1)
    #expect(
      [
        f[L.outputFx.rawValue], f[L.outputFy.rawValue], f[L.outputCx.rawValue],
        f[L.outputCy.rawValue],
      ]
        == [Float(out.fx), Float(out.fy), Float(out.cx), Float(out.cy)])
    #expect(out.fx != fisheye.lens.camera.fx)
    let rational = ShaderFieldData.pack(
      try WarpField(
        .lens(distortion: LensDistortion(k1: -0.1, k4: 0.2, k5: 0.03, k6: -0.01)), width: 120,
        height: 80))
    typealias F = ShaderFieldData.Field
    #expect(
      rational[L.k4.rawValue] == 0.2 && rational[L.k5.rawValue] == 0.03
        && rational[L.k6.rawValue] == -0.01 && rational[L.model.rawValue] == 0)
    #expect(
      rational[L.outputFx.rawValue...L.outputCy.rawValue]
        == rational[F.fx.rawValue...F.cy.rawValue])
  }
}
