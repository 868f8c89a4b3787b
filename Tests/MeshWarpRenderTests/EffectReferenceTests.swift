import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore
@testable import MeshWarpRender

/// The effects drawn by the CPU renderer, through their fields (per pixel)
/// and through their meshes, against independent references
/// (Tests/Reference/effects_reference.py): numpy's inversion of each
/// forward formula by Newton's method, and OpenCV's `cv2.undistort`.
@Suite struct EffectReferenceTests {
  /// The renderer's settings for comparisons with a per-pixel reference:
  /// no minification filter (the reference samples one point a pixel).
  static func options(_ address: AddressMode = .clampToEdge) -> WarpOptions {
    WarpOptions(addressMode: address, minification: .off)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var effect: MeshEffect
    var width: Int
    var height: Int
    var testDescription: String { "\(name) at \(width)x\(height)" }
  }

  static let cases: [Case] = [
    Case(name: "twirl 120°", effect: .twirl(degrees: 120), width: 160, height: 120),
    Case(
      name: "twirl −200° off centre",
      effect: .twirl(degrees: -200, center: CGPoint(x: 0.35, y: 0.6), radius: 0.7), width: 96,
      height: 144),
    Case(
      name: "bulge 0.6", effect: .bulge(strength: 0.6, center: CGPoint(x: 0.55, y: 0.45)),
      width: 150, height: 100),
    Case(name: "pinch −0.5", effect: .bulge(strength: -0.5, radius: 0.4), width: 128, height: 128),
    Case(
      name: "ripple", effect: .ripple(amplitude: 0.012, wavelength: 0.1), width: 160, height: 120),
    Case(
      name: "ripple with phase",
      effect: .ripple(
        amplitude: 0.01, wavelength: 0.12, phase: 1.2, center: CGPoint(x: 0.4, y: 0.5),
        radius: 0.6), width: 120, height: 160),
    Case(
      name: "wave x", effect: .wave(amplitude: 0.03, wavelength: 0.3, phase: 0.7), width: 200,
      height: 100),
    Case(
      name: "wave y", effect: .wave(amplitude: 0.04, wavelength: 0.25, axis: .y), width: 100,
      height: 150),
    Case(
      name: "lens, distortion applied",
      effect: .lens(
        camera: LensCamera(fx: 140, fy: 150, cx: 83.2, cy: 57.1),
        distortion: LensDistortion(k1: -0.22, k2: 0.05, p1: 0.002, p2: -0.001), inverse: true),
      width: 160, height: 120),
  ]

  static func fill(_ effect: MeshEffect) -> MeshEffect {
    var e = effect
    e.aspect = .fill
    return e
  }

  /// The cases above, and more for the fields: ellipses over non-square
  /// pictures (`aspect: .fill`), a strong pinch, a ripple with a hole, a
  /// lens correction with the standard camera.
  static let fieldCases: [Case] =
    cases + [
      Case(name: "twirl 150° fill", effect: fill(.twirl(degrees: 150)), width: 200, height: 120),
      Case(
        name: "bulge 0.5 fill off centre",
        effect: fill(.bulge(strength: 0.5, center: CGPoint(x: 0.45, y: 0.55))), width: 110,
        height: 170),
      Case(
        name: "ripple fill", effect: fill(.ripple(amplitude: 0.008, wavelength: 0.09)),
        width: 180, height: 120),
      Case(name: "pinch −0.9", effect: .bulge(strength: -0.9), width: 150, height: 150),
      Case(
        name: "ripple with a hole",
        effect: .ripple(amplitude: 0.012, wavelength: 0.1, phase: -1.5), width: 160, height: 120),
      Case(
        name: "lens k1 −0.2", effect: .lens(distortion: LensDistortion(k1: -0.2)), width: 144,
        height: 108),
    ]

  /// The PSNR in dB of `ours` (`c` drawn) against the reference, over the
  /// pixels where the reference's Newton converged (all but the ripple's
  /// torn centre, which is left out of both).
  static func psnrAgainstReference(_ ours: RGBAImage, _ photo: RGBAImage, _ c: Case) throws
    -> Double
  {
    let (reference, converged) = try EffectsReference.warp(photo, effect: c.effect)
    #expect(converged > 0.98, "Newton converged on \(converged) of the pixels")
    // The ripple's centre tears (d/|d| has no direction there): leave out
    // the disc of radius 2·|A·s·sin ϕ| + 1 px around it.
    let map = WarpField(unchecked: c.effect, width: c.width, height: c.height)
    let tear =
      c.effect.kind == .ripple ? 2 * abs(c.effect.amplitude * map.s * sin(c.effect.phase)) + 1 : 0
    return TestImages.psnr(ours, reference) { x, y in
      let d = (Vector2(Double(x) + 0.5, Double(y) + 0.5) - map.c) * map.stretch
      return reference[x, y].a != 0 && (d * d).sum() >= tear * tear
    }
  }

  /// Each effect's mesh, rendered, agrees with the reference within the
  /// mesh's 0.25 px: at least 38 dB on a photo-like picture.
  @Test(.enabled(if: EffectsReference.numpyAvailable), arguments: cases)
  func meshMatchesTheFormula(_ c: Case) throws {
    let photo = TestImages.photoLike(width: c.width, height: c.height)
    let mesh = try c.effect.mesh(width: c.width, height: c.height)
    let ours = WarpRenderer.render(photo, mesh: mesh, options: Self.options())
    let psnr = try Self.psnrAgainstReference(ours, photo, c)
    #expect(psnr >= 38, "\(c.testDescription): \(psnr) dB with \(mesh.pointPairs.count) points")
  }

  /// Each effect drawn through its field, per pixel, agrees with the
  /// reference to within the sampler's rounding: at least 45 dB on a
  /// photo-like picture, at several sizes, centres and aspects.
  @Test(.enabled(if: EffectsReference.numpyAvailable), arguments: fieldCases)
  func fieldMatchesTheFormula(_ c: Case) throws {
    let photo = TestImages.photoLike(width: c.width, height: c.height)
    let ours = WarpRenderer.render(photo, geometry: .effect(c.effect), options: Self.options())
    let psnr = try Self.psnrAgainstReference(ours, photo, c)
    #expect(psnr >= 45, "\(c.testDescription): \(psnr) dB")
  }

  /// Lens correction matches `cv2.undistort` on a photo-like picture at
  /// ≥ 45 dB, border included: OpenCV's border is zeros, which the
  /// renderer's `clampToZero` address mode gives (compared composited
  /// over black, the colour OpenCV shows there). Through the field, and
  /// through a mesh generated to 0.02 px (OpenCV's own remap is exact to
  /// 1/32 px).
  @Test(.enabled(if: EffectsReference.openCVAvailable), arguments: [false, true])
  func lensMatchesOpenCV(throughMesh: Bool) throws {
    let (w, h) = (160, 120)
    let camera = LensCamera(fx: 150, fy: 145, cx: 82.3, cy: 57.6)
    let distortion = LensDistortion(k1: 0.25, k2: 0.06, p1: 0.0015, p2: -0.002, k3: 0.01)
    let photo = TestImages.photoLike(width: w, height: h)
    let effect = MeshEffect.lens(camera: camera, distortion: distortion)
    let ours =
      throughMesh
      ? WarpRenderer.render(
        photo, mesh: try effect.mesh(width: w, height: h, tolerance: 0.02),
        options: Self.options(.clampToZero))
      : WarpRenderer.render(photo, geometry: .effect(effect), options: Self.options(.clampToZero))
    let opencv = try EffectsReference.undistort(photo, camera: camera, distortion: distortion)
    var overBlack = ours.premultipliedForComparison
    for i in stride(from: 3, to: overBlack.pixels.count, by: 4) { overBlack.pixels[i] = 255 }
    var cv = opencv
    for i in stride(from: 3, to: cv.pixels.count, by: 4) { cv.pixels[i] = 255 }
    let psnr = TestImages.psnr(overBlack, cv)
    #expect(psnr >= 45, "\(psnr) dB against cv2.undistort (through the mesh: \(throughMesh))")
    // The border is really there (the corners come from outside the photo),
    // empty in both.
    #expect(opencv[0, 0].a == 0 && ours[0, 0].a == 0)
  }
}
