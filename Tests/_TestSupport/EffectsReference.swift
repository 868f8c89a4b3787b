import Foundation
import MeshWarpCore
import MeshWarpRender

/// Runs Tests/Reference/effects_reference.py, the effects' independent
/// per-pixel references (numpy: the formulas inverted by Newton's method;
/// OpenCV: `cv2.undistort`).
public enum EffectsReference {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Reference/effects_reference.py").path

  /// Whether the tests' Python imports numpy.
  public static let numpyAvailable: Bool = TestPython.imports("numpy")
  /// Whether the tests' Python imports numpy and OpenCV.
  public static let openCVAvailable: Bool = TestPython.imports("numpy", "cv2")

  static func answer(_ request: [String: Any]) throws -> [String: Any] {
    let input = try JSONSerialization.data(withJSONObject: request)
    let output = try NumpyReference.run([script], input: input)
    guard let answer = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
      throw NSError(domain: "EffectsReference", code: 1)
    }
    return answer
  }

  static func image(_ answer: [String: Any], width: Int, height: Int) throws -> RGBAImage {
    guard let text = answer["image"] as? String, let data = Data(base64Encoded: text),
      data.count == width * height * 4
    else { throw NSError(domain: "EffectsReference", code: 2) }
    return RGBAImage(width: width, height: height, pixels: [UInt8](data))
  }

  /// The effect's parameters as the script reads them.
  static func parameters(_ e: MeshEffect, width: Int, height: Int) -> [String: Any] {
    let cam = e.camera ?? .standard(width: width, height: height)
    let d = e.distortion
    return [
      "kind": e.kind.rawValue, "angle": e.angle, "strength": e.strength,
      "amplitude": e.amplitude, "wavelength": e.wavelength, "phase": e.phase,
      "center": [Double(e.center.x), Double(e.center.y)], "radius": e.radius,
      "axis": e.axis.rawValue, "camera": [cam.fx, cam.fy, cam.cx, cam.cy],
      "distortion": [d.k1, d.k2, d.p1, d.p2, d.k3], "inverse": e.inverse,
      "aspect": e.aspect.rawValue,
    ]
  }

  /// `source` drawn through `effect` by the reference: each output pixel
  /// centre's content point by Newton's method on the forward formula,
  /// sampled bilinearly (clamp-to-edge). `converged` is the fraction of
  /// pixels where Newton converged; the others are transparent.
  public static func warp(_ source: RGBAImage, effect: MeshEffect) throws -> (
    image: RGBAImage, converged: Double
  ) {
    let (w, h) = (source.width, source.height)
    let answer = try answer([
      "kind": "warp", "width": w, "height": h,
      "effect": parameters(effect, width: w, height: h),
      "image": Data(source.pixels).base64EncodedString(),
    ])
    return (try image(answer, width: w, height: h), answer["converged"] as? Double ?? 0)
  }

  /// `cv2.undistort(source, K, D)` (OpenCV's default border: zeros).
  public static func undistort(_ source: RGBAImage, camera: LensCamera, distortion: LensDistortion)
    throws -> RGBAImage
  {
    let (w, h) = (source.width, source.height)
    let d = distortion
    let answer = try answer([
      "kind": "undistort", "width": w, "height": h,
      "camera": [camera.fx, camera.fy, camera.cx, camera.cy],
      "distortion": [d.k1, d.k2, d.p1, d.p2, d.k3],
      "image": Data(source.pixels).base64EncodedString(),
    ])
    return try image(answer, width: w, height: h)
  }
}
