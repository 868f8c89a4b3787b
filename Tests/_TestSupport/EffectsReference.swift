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

  /// `source` drawn through `effect` by the reference at 16 bits: as
  /// ``warp(_:effect:)``, with the unrounded straight-alpha values (four a
  /// pixel, 0…65535) of the float64 samples.
  public static func warp(_ source: RGBA16Image, effect: MeshEffect) throws -> (
    values: [Double], converged: Double
  ) {
    let (w, h) = (source.width, source.height)
    let bytes = source.pixels.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let answer = try answer([
      "kind": "warp", "width": w, "height": h, "depth": 16,
      "effect": parameters(effect, width: w, height: h),
      "image": Data(bytes).base64EncodedString(),
    ])
    guard let text = answer["values"] as? String, let data = Data(base64Encoded: text),
      data.count == w * h * 4 * 8
    else { throw NSError(domain: "EffectsReference", code: 3) }
    let values = data.withUnsafeBytes { raw in
      (0..<(w * h * 4)).map {
        Double(
          bitPattern: UInt64(
            littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
      }
    }
    return (values, answer["converged"] as? Double ?? 0)
  }

  /// `cv2.undistort(source, K, D)` (OpenCV's default border: zeros).
  public static func undistort(_ source: RGBAImage, camera: LensCamera, distortion: LensDistortion)
    throws -> RGBAImage
  {
    try openCVUndistort(source, camera: camera, distortion: distortion).image
  }

  /// OpenCV's correction of `source` and the new camera it drew for:
  /// `cv2.undistort(source, K, D, None, newK)` with newK =
  /// `cv2.getOptimalNewCameraMatrix(K, D, (W, H), alpha)` (K itself
  /// without `alpha`); for the fisheye model
  /// `cv2.fisheye.undistortImage(source, K, D, Knew=newK)` with newK from
  /// `estimateNewCameraMatrixForUndistortRectify(…, balance=alpha)` (K
  /// without `alpha`).
  public static func openCVUndistort(
    _ source: RGBAImage, camera: LensCamera, distortion: LensDistortion, alpha: Double? = nil
  ) throws -> (image: RGBAImage, newCamera: LensCamera) {
    let (w, h) = (source.width, source.height)
    var request: [String: Any] = [
      "kind": "undistort", "width": w, "height": h,
      "camera": [camera.fx, camera.fy, camera.cx, camera.cy],
      "distortion": distortion.openCVCoefficients,
      "fisheye": distortion.model == .fisheye,
      "image": Data(source.pixels).base64EncodedString(),
    ]
    if let alpha { request["alpha"] = alpha }
    let answer = try answer(request)
    guard let k = answer["new_camera"] as? [Double], k.count == 4 else {
      throw NSError(domain: "EffectsReference", code: 3)
    }
    return (
      try image(answer, width: w, height: h), LensCamera(fx: k[0], fy: k[1], cx: k[2], cy: k[3])
    )
  }

  /// Writes a calibration file with `cv2.FileStorage` (YAML for a `.yaml`
  /// or `.yml` path, JSON for `.json`): the image size when given, then
  /// the camera matrix and the coefficients (a 1 × n matrix) under
  /// `cameraKey` and `distortionKey`.
  public static func writeCalibration(
    _ path: String, camera: LensCamera, distortion: [Double], size: (Int, Int)? = nil,
    cameraKey: String = "camera_matrix", distortionKey: String = "distortion_coefficients"
  ) throws {
    var request: [String: Any] = [
      "kind": "calibration", "path": path, "camera": [camera.fx, camera.fy, camera.cx, camera.cy],
      "distortion": distortion, "camera_key": cameraKey, "distortion_key": distortionKey,
    ]
    if let size { request["size"] = [size.0, size.1] }
    _ = try answer(request)
  }
}
