import Foundation
import MeshWarpCore
import MeshWarpDocuments
import Testing
import _TestSupport

/// Calibration files: what OpenCV's `cv2.FileStorage` writes (YAML and
/// JSON) reads back to the numbers written, the other common spellings
/// (nested lists, `K`/`D`, ROS's camera_info) read the same, and broken
/// files say where and what.
@Suite struct LensCalibrationTests {
  static let camera = LensCamera(fx: 1402.5, fy: 1398.25, cx: 959.7, cy: 541.3)
  static let coefficients = [-0.2134, 0.0487, 0.00112, -0.00073, 0.0061]
  static let expected = LensCalibration(
    camera: LensCamera(
      fx: 1402.5, fy: 1398.25, cx: 959.7, cy: 541.3,
      calibrationSize: CGSize(width: 1920, height: 1080)),
    distortion: LensDistortion(k1: -0.2134, k2: 0.0487, p1: 0.00112, p2: -0.00073, k3: 0.0061))

  static func read(_ text: String) throws -> LensCalibration {
    try LensCalibration(bytes: Array(text.utf8), source: "calib.yaml")
  }

  /// Files written by `cv2.FileStorage`, YAML and JSON, under the names
  /// OpenCV's samples and tutorials use, read back to the same numbers
  /// (FileStorage writes 17 significant digits).
  @Test(
    .enabled(if: EffectsReference.openCVAvailable),
    arguments: ["calib.yaml", "calib.yml", "calib.json"])
  func readsWhatFileStorageWrites(_ name: String) throws {
    let dir = try TemporaryDirectory()
    for (cameraKey, distortionKey) in [
      ("camera_matrix", "distortion_coefficients"), ("cameraMatrix", "distCoeffs"),
      ("K", "D"), ("mtx", "dist_coeffs"),
    ] {
      try EffectsReference.writeCalibration(
        dir.file(name), camera: Self.camera, distortion: Self.coefficients, size: (1920, 1080),
        cameraKey: cameraKey, distortionKey: distortionKey)
      let read = try LensCalibration.read(dir.file(name))
      #expect(read == Self.expected, "\(name) with \(cameraKey), \(distortionKey)")
    }
    // The rational model's eight coefficients.
    let eight = Self.coefficients + [0.11, 0.021, 0.0031]
    try EffectsReference.writeCalibration(
      dir.file(name), camera: Self.camera, distortion: eight)
    let read = try LensCalibration.read(dir.file(name))
    #expect(read.distortion.openCVCoefficients == eight && read.camera.calibrationSize == nil)
  }

  /// The same calibration in the other spellings: a nested 3 × 3 list, 9
  /// numbers, an object with `data`, `dist_coeffs` as numpy's [[…]],
  /// `image_size`, flow-style OpenCV matrices, comments and quoted keys.
  @Test func readsTheCommonSpellings() throws {
    let texts = [
      """
      {"camera_matrix": [[1402.5, 0, 959.7], [0, 1398.25, 541.3], [0, 0, 1]],
       "dist_coeffs": [[-0.2134, 0.0487, 0.00112, -0.00073, 0.0061]],
       "image_width": 1920, "image_height": 1080}
      """,
      """
      {"K": [1402.5, 0, 959.7, 0, 1398.25, 541.3, 0, 0, 1.0],
       "D": [-0.2134, 0.0487, 0.00112, -0.00073, 0.0061], "image_size": [1920, 1080]}
      """,
      """
      {"cameraMatrix": {"rows": 3, "cols": 3, "data": [1402.5, 0, 959.7, 0, 1398.25, 541.3, 0, 0, 1]},
       "distCoeffs": {"data": [-0.2134, 0.0487, 0.00112, -0.00073, 0.0061]},
       "imageSize": [1920, 1080]}
      """,
      """
      %YAML:1.0
      ---
      # made by hand
      image_width: 1920   # pixels
      image_height: 1080
      camera_matrix: !!opencv-matrix {rows: 3, cols: 3, dt: d,
        data: [1402.5, 0., 959.7, 0., 1398.25, 541.3, 0., 0., 1.]}
      "distortion_coefficients": !!opencv-matrix
         rows: 5
         cols: 1
         dt: d
         data: [ -2.1340000000000001e-01, 4.8700000000000003e-02,
             1.1199999999999999e-03, -7.2999999999999996e-04, .0061 ]
      """,
      // ROS's camera_info YAML (camera_calibration_parsers).
      """
      image_width: 1920
      image_height: 1080
      camera_name: narrow_stereo
      camera_matrix:
        rows: 3
        cols: 3
        data: [1402.5, 0, 959.7, 0, 1398.25, 541.3, 0, 0, 1]
      distortion_model: plumb_bob
      distortion_coefficients:
        rows: 1
        cols: 5
        data: [-0.2134, 0.0487, 0.00112, -0.00073, 0.0061]
      rectification_matrix:
        rows: 3
        cols: 3
        data: [1, 0, 0, 0, 1, 0, 0, 0, 1]
      """,
      // Block sequences.
      """
      K:
        - [1402.5, 0, 959.7]
        - [0, 1398.25, 541.3]
        - [0, 0, 1]
      D:
      - -0.2134
      - 0.0487
      - 0.00112
      - -0.00073
      - 0.0061
      image_size: [1920, 1080]
      """,
    ]
    for text in texts {
      #expect(try Self.read(text) == Self.expected, "\(text)")
    }
  }

  /// `distortion_model: equidistant` (or `fisheye`) reads 4 coefficients
  /// as OpenCV's fisheye model; the standard model takes 2 and 8 too.
  @Test func models() throws {
    let fisheye = try Self.read(
      """
      distortion_model: equidistant
      K: [300, 0, 319.5, 0, 300, 239.5, 0, 0, 1]
      D: [0.05, -0.01, 0.003, -0.001]
      """)
    #expect(fisheye.distortion == .fisheye(k1: 0.05, k2: -0.01, k3: 0.003, k4: -0.001))
    let two = try Self.read("K: [300, 0, 319.5, 0, 300, 239.5, 0, 0, 1]\nD: [-0.1, 0.02]")
    #expect(two.distortion == LensDistortion(k1: -0.1, k2: 0.02))
    let twelve = try Self.read(
      "K: [300, 0, 319.5, 0, 300, 239.5, 0, 0, 1]\nD: [-0.1, 0.02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]")
    #expect(twelve.distortion == LensDistortion(k1: -0.1, k2: 0.02))
  }

  /// Broken files say which file, which line when there is one, and what.
  @Test func refusals() {
    func message(_ text: String) -> String {
      do {
        _ = try Self.read(text)
        return "read"
      } catch {
        return "\(error)"
      }
    }
    let k = "camera_matrix: [300, 0, 319.5, 0, 300, 239.5, 0, 0, 1]\n"
    #expect(
      message("distortion_coefficients: [0.1, 0, 0, 0]")
        == "calib.yaml: no camera matrix (looked for camera_matrix, cameraMatrix, K, mtx)")
    #expect(
      message(k + "distortion_coefficients: [0.1, 0.02, 0.001]")
        == "calib.yaml:2: distortion_coefficients: expected 2, 4, 5 or 8 coefficients (k1, k2[, p1, p2[, k3[, k4, k5, k6]]]), found 3"
    )
    #expect(message(k).hasPrefix("calib.yaml: no distortion coefficients (looked for"))
    #expect(
      message("camera_matrix: [300, 0, 319.5, 0, 300]\nD: [0, 0]")
        == "calib.yaml:1: camera_matrix: expected a 3x3 matrix (9 numbers), found 5 numbers")
    #expect(
      message("K: [300, 2, 319.5, 0, 300, 239.5, 0, 0, 1]\nD: [0, 0]").contains(
        "skew is not supported"))
    #expect(
      message(k + "D: [0.1, oops]")
        == "calib.yaml:2: D: expected a finite number, found \"oops\"")
    #expect(message(k + "D: [0.1, 0.2") == "calib.yaml:2: '[' is never closed")
    #expect(
      message(k + "distortion_model: equidistant\nD: [0.1, 0.2, 0, 0, 0]").contains(
        "the fisheye model takes 4 coefficients"))
    #expect(
      message(k + "D: [0, 0]\nimage_width: 0\nimage_height: 480")
        == "calib.yaml:3: image_width: expected a whole number above 0")
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    #expect(
      throws: LensCalibrationError(
        source: "x.png", line: nil,
        reason: "is a PNG image, not a calibration file (OpenCV YAML or JSON)")
    ) { try LensCalibration(bytes: png, source: "x.png") }
  }
}
