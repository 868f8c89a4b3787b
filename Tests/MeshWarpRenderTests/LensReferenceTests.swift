import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore
@testable import MeshWarpRender

/// Lens corrections drawn through `WarpRenderer.render(_:geometry:options:)`
/// against OpenCV (Debian's `python3-opencv`, Tests/Reference/
/// effects_reference.py): `cv2.undistort` with the standard, rational
/// and new-camera (`getOptimalNewCameraMatrix`) variants, and
/// `cv2.fisheye.undistortImage`.
@Suite(.enabled(if: EffectsReference.openCVAvailable)) struct LensReferenceTests {
  static let (width, height) = (160, 120)
  static let camera = LensCamera(fx: 150, fy: 145, cx: 82.3, cy: 57.6)

  /// `effect` drawn on the photo-like picture and OpenCV's answer, both
  /// composited over black (OpenCV's border is zeros, which
  /// `clampToZero` gives), and the PSNR between them.
  static func compare(_ effect: MeshEffect, alpha: Double? = nil) throws -> (
    psnr: Double, ours: RGBAImage, opencv: RGBAImage, newCamera: LensCamera
  ) {
    let photo = TestImages.photoLike(width: width, height: height)
    let options = WarpOptions(addressMode: .clampToZero, minification: .off)
    let ours = WarpRenderer.render(photo, geometry: .effect(effect), options: options)
    let (opencv, newCamera) = try EffectsReference.openCVUndistort(
      photo, camera: effect.camera!, distortion: effect.distortion, alpha: alpha)
    var a = ours.premultipliedForComparison
    var b = opencv
    for i in stride(from: 3, to: a.pixels.count, by: 4) {
      a.pixels[i] = 255
      b.pixels[i] = 255
    }
    return (TestImages.psnr(a, b), ours, opencv, newCamera)
  }

  /// The standard five coefficients, the effect at its defaults (drawn
  /// through its field), sampled one point a pixel as OpenCV's `remap`
  /// (no minification filter) with OpenCV's zero border: ≥ 50 dB against
  /// `cv2.undistort`.
  @Test func standardModel() throws {
    let effect = MeshEffect.lens(
      camera: Self.camera,
      distortion: LensDistortion(k1: 0.25, k2: 0.06, p1: 0.0015, p2: -0.002, k3: 0.01))
    let r = try Self.compare(effect)
    #expect(r.psnr >= 50, "\(r.psnr) dB against cv2.undistort")
    #expect(r.opencv[0, 0].a == 0 && r.ours[0, 0].a == 0, "the border is empty in both")
  }

  /// The rational model (8 coefficients) against `cv2.undistort`.
  @Test func rationalModel() throws {
    let effect = MeshEffect.lens(
      camera: Self.camera,
      distortion: LensDistortion(
        k1: 0.3, k2: 0.08, p1: 0.001, p2: -0.0015, k3: 0.01, k4: 0.12, k5: 0.02, k6: 0.005))
    let r = try Self.compare(effect)
    #expect(r.psnr >= 50, "\(r.psnr) dB against cv2.undistort with 8 coefficients")
  }

  /// `--alpha 0` and `--alpha 1`: the new camera is
  /// `cv2.getOptimalNewCameraMatrix`'s within 1e-6 relative, and the
  /// pictures agree with `cv2.undistort(img, K, D, None, newK)`. Barrel
  /// distortion: alpha 0 crops to the pixels the photo covers (at most a
  /// few empty at the border, as OpenCV's own), alpha 1 keeps the whole
  /// photo (its pincushion-shaped outline leaves empty pixels along the
  /// sides, as many as OpenCV's).
  @Test(arguments: [0.0, 1.0])
  func optimalNewCamera(alpha: Double) throws {
    let effect = MeshEffect.lens(
      camera: Self.camera, distortion: LensDistortion(k1: -0.3, k2: 0.08, p1: 0.002, p2: -0.001),
      outputCamera: .optimal(alpha: alpha))
    let r = try Self.compare(effect, alpha: alpha)
    let ours = effect.lensCameras(width: Self.width, height: Self.height).output
    for (a, b) in [(ours.fx, r.newCamera.fx), (ours.fy, r.newCamera.fy)]
      + [(ours.cx, r.newCamera.cx), (ours.cy, r.newCamera.cy)]
    {
      #expect(abs(a / b - 1) < 1e-6, "alpha \(alpha): \(ours) against OpenCV's \(r.newCamera)")
    }
    #expect(r.psnr >= 50, "alpha \(alpha): \(r.psnr) dB against cv2.undistort with newK")
    // Empty pixels: OpenCV's matrix comes from 5 unconverged undistortion
    // steps, so at alpha 0 its own result can leave a few border pixels
    // empty; the exact field may leave those and a few more, never a band.
    func empty(_ image: RGBAImage) -> Int {
      stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 0 }.count
    }
    let (emptyHere, theirs) = (empty(r.ours), empty(r.opencv))
    if alpha == 0 {
      #expect(
        emptyHere <= theirs + Self.width / 16, "alpha 0: \(emptyHere) empty, OpenCV \(theirs)")
    } else {
      #expect(
        emptyHere > 100 && abs(emptyHere - theirs) <= Self.width / 8,
        "alpha 1: \(emptyHere) empty, OpenCV \(theirs)")
    }
  }

  /// The fisheye model against `cv2.fisheye.undistortImage(img, K, D,
  /// Knew=K)` ≥ 45 dB, and with a balance the new camera is
  /// `estimateNewCameraMatrixForUndistortRectify`'s (fx = fy here, where
  /// OpenCV before and after 4.7 agree).
  @Test func fisheyeModel() throws {
    let distortion = LensDistortion.fisheye(k1: 0.08, k2: -0.02, k3: 0.004, k4: -0.001)
    let effect = MeshEffect.lens(camera: Self.camera, distortion: distortion)
    let r = try Self.compare(effect)
    #expect(r.psnr >= 45, "\(r.psnr) dB against cv2.fisheye.undistortImage")
    let square = LensCamera(fx: 90, fy: 90, cx: 81.3, cy: 58.6)
    for balance in [0.0, 0.6] {
      let balanced = MeshEffect.lens(
        camera: square, distortion: distortion, outputCamera: .optimal(alpha: balance))
      let b = try Self.compare(balanced, alpha: balance)
      let ours = balanced.lensCameras(width: Self.width, height: Self.height).output
      for (x, y) in [(ours.fx, b.newCamera.fx), (ours.fy, b.newCamera.fy)]
        + [(ours.cx, b.newCamera.cx), (ours.cy, b.newCamera.cy)]
      {
        #expect(abs(x / y - 1) < 1e-6, "balance \(balance): \(ours) against \(b.newCamera)")
      }
      #expect(b.psnr >= 45, "balance \(balance): \(b.psnr) dB")
    }
  }
}
