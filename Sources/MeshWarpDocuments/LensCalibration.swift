import Foundation
import MeshWarpCore
import MeshWarpFiles

/// A camera calibration read from a file: OpenCV's `cv2.FileStorage` YAML
/// or the same keys in JSON.
///
/// ```yaml
/// %YAML:1.0
/// ---
/// image_width: 1920
/// image_height: 1080
/// camera_matrix: !!opencv-matrix
///    rows: 3
///    cols: 3
///    dt: d
///    data: [ 1.4e+03, 0., 9.595e+02, 0., 1.4e+03, 5.395e+02, 0., 0., 1. ]
/// distortion_coefficients: !!opencv-matrix
///    rows: 1
///    cols: 5
///    dt: d
///    data: [ -0.21, 0.04, 0., 0., 0. ]
/// ```
///
/// - The camera matrix is the first of `camera_matrix`, `cameraMatrix`,
///   `K` or `mtx`: an `!!opencv-matrix` (or any mapping with `data`, as
///   ROS's camera_info files), a 3 × 3 nested list or 9 numbers. Its skew
///   must be 0 and its last row 0, 0, 1.
/// - The coefficients are the first of `distortion_coefficients`,
///   `distCoeffs`, `dist_coeffs`, `D` or `dist`: 2, 4, 5 or 8 numbers in
///   OpenCV's order (12 or 14 when the thin-prism and tilt terms are zero),
///   or 4 for the fisheye model, which `distortion_model: fisheye` (or
///   ROS's `equidistant`) selects; `plumb_bob`, `rational_polynomial` and
///   no `distortion_model` mean OpenCV's standard model.
/// - The image size, when given (`image_width` and `image_height`, or
///   `image_size` as [W, H]), becomes the camera's
///   `LensCamera.calibrationSize`, so that the matrix scales to the
///   picture it corrects.
public struct LensCalibration: Hashable, Sendable {
  /// The camera matrix, with the calibration's image size when the file
  /// gives one.
  public var camera: LensCamera
  /// The distortion coefficients and their model.
  public var distortion: LensDistortion

  /// A calibration of `camera` and `distortion`.
  public init(camera: LensCamera, distortion: LensDistortion) {
    self.camera = camera
    self.distortion = distortion
  }

  /// The names the camera matrix goes by, in the order they are looked for.
  public static let cameraKeys = ["camera_matrix", "cameraMatrix", "K", "mtx"]
  /// The names the distortion coefficients go by.
  public static let distortionKeys = [
    "distortion_coefficients", "distCoeffs", "dist_coeffs", "D", "dist",
  ]

  /// The largest calibration file read: 1 MiB.
  public static let maximumFileBytes = 1 << 20

  /// Reads the calibration at `path` (`"-"`: standard input).
  ///
  /// - Throws: `FileError.fileSystem`, or ``LensCalibrationError`` naming
  ///   the file, the line and what is wrong.
  public static func read(_ path: String) throws -> LensCalibration {
    let bytes = try FileInput.readBytes(path: path, maxBytes: maximumFileBytes)
    let source = path == FileInput.standardInputPath ? "standard input" : path
    return try LensCalibration(bytes: bytes, source: source)
  }

  /// The calibration in `bytes` (YAML or JSON); errors name `source`.
  ///
  /// - Throws: ``LensCalibrationError``.
  public init(bytes: [UInt8], source: String) throws(LensCalibrationError) {
    func fail(_ line: Int?, _ reason: String) -> LensCalibrationError {
      LensCalibrationError(source: source, line: line, reason: reason)
    }
    if let found = DocumentKind.foreignFile(bytes) {
      throw fail(nil, "is \(found), not a calibration file (OpenCV YAML or JSON)")
    }
    let root: CalibrationNode
    do { root = try CalibrationYAML.parse(bytes) } catch { throw fail(error.line, error.reason) }
    guard case .mapping = root else {
      throw fail(root.line, "expected keys and values (camera_matrix: …), found a list or a value")
    }
    func find(_ keys: [String], _ what: String) throws(LensCalibrationError) -> (
      String, CalibrationNode
    ) {
      for key in keys { if let node = root[key] { return (key, node) } }
      throw fail(nil, "no \(what) (looked for \(keys.joined(separator: ", ")))")
    }
    let (cameraKey, cameraNode) = try find(Self.cameraKeys, "camera matrix")
    let (distortionKey, distortionNode) = try find(Self.distortionKeys, "distortion coefficients")
    let k = try Self.numbers(cameraNode, cameraKey, source: source)
    guard k.values.count == 9, k.shape.map({ $0 == (3, 3) || $0 == (1, 9) || $0 == (9, 1) }) ?? true
    else {
      throw fail(
        cameraNode.line, "\(cameraKey): expected a 3x3 matrix (9 numbers), found \(k.description)")
    }
    let m = k.values
    guard m[1] == 0, m[3] == 0, m[6] == 0, m[7] == 0, m[8] == 1 else {
      throw fail(
        cameraNode.line,
        "\(cameraKey): not a camera matrix [[fx, 0, cx], [0, fy, cy], [0, 0, 1]] (skew is not supported)"
      )
    }
    guard m[0] > 0, m[4] > 0 else {
      throw fail(cameraNode.line, "\(cameraKey): the focal lengths must be above 0")
    }
    let model = try Self.model(root["distortion_model"], source: source)
    let d = try Self.numbers(distortionNode, distortionKey, source: source).values
    let counts = model == .fisheye ? [4] : [2, 4, 5, 8, 12, 14]
    guard counts.contains(d.count) else {
      throw fail(
        distortionNode.line,
        model == .fisheye
          ? "\(distortionKey): the fisheye model takes 4 coefficients (k1, k2, k3, k4), found \(d.count)"
          : "\(distortionKey): expected 2, 4, 5 or 8 coefficients (k1, k2[, p1, p2[, k3[, k4, k5, k6]]]), found \(d.count)"
      )
    }
    if d.count > 8, d[8...].contains(where: { $0 != 0 }) {
      throw fail(
        distortionNode.line,
        "\(distortionKey): the thin-prism and tilt coefficients (s1…s4, τx, τy) are not supported; only zeros there"
      )
    }
    let v = d + Array(repeating: 0, count: max(0, 8 - d.count))
    distortion =
      model == .fisheye
      ? .fisheye(k1: v[0], k2: v[1], k3: v[2], k4: v[3])
      : LensDistortion(
        k1: v[0], k2: v[1], p1: v[2], p2: v[3], k3: v[4], k4: v[5], k5: v[6], k6: v[7])
    camera = LensCamera(
      fx: m[0], fy: m[4], cx: m[2], cy: m[5],
      calibrationSize: try Self.imageSize(root, source: source))
  }

  /// Numbers of a matrix value and its shape when known: an OpenCV matrix
  /// or any mapping with `data` (and `rows`, `cols`), a nested list, or a
  /// flat list.
  private static func numbers(_ node: CalibrationNode, _ key: String, source: String)
    throws(LensCalibrationError) -> (values: [Double], shape: (Int, Int)?, description: String)
  {
    func fail(_ line: Int, _ reason: String) -> LensCalibrationError {
      LensCalibrationError(source: source, line: line, reason: "\(key): \(reason)")
    }
    func number(_ n: CalibrationNode) throws(LensCalibrationError) -> Double {
      guard case .scalar(let text, let line) = n else {
        throw fail(n.line, "expected a number, found a list or a mapping")
      }
      guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite else {
        throw fail(line, "expected a finite number, found \"\(text)\"")
      }
      return v
    }
    switch node {
    case .mapping:
      guard let data = node["data"] else {
        throw fail(node.line, "expected a matrix with \"data\" (rows, cols, data)")
      }
      let values = try numbers(data, key, source: source).values
      var shape: (Int, Int)? = nil
      if let rows = node["rows"], let cols = node["cols"] {
        let (r, c) = (try number(rows), try number(cols))
        guard r >= 1, c >= 1, r == r.rounded(), c == c.rounded(), Int(r) * Int(c) == values.count
        else {
          throw fail(node.line, "rows × cols is not the count of its data (\(values.count))")
        }
        shape = (Int(r), Int(c))
      }
      let description = shape.map { "a \($0.0)x\($0.1) matrix" } ?? "\(values.count) numbers"
      return (values, shape, description)
    case .sequence(let items, _):
      if items.allSatisfy({ if case .sequence = $0 { true } else { false } }), !items.isEmpty {
        var rows: [[Double]] = []
        for item in items {
          guard case .sequence(let row, _) = item else { continue }
          var values: [Double] = []
          for n in row { values.append(try number(n)) }
          rows.append(values)
        }
        guard Set(rows.map(\.count)).count == 1 else {
          throw fail(node.line, "the rows have different lengths")
        }
        let shape = (rows.count, rows[0].count)
        return (rows.flatMap { $0 }, shape, "a \(shape.0)x\(shape.1) matrix")
      }
      var values: [Double] = []
      for n in items { values.append(try number(n)) }
      return (values, nil, "\(values.count) numbers")
    case .scalar(_, let line):
      throw fail(line, "expected a matrix or a list of numbers, found a single value")
    }
  }

  /// The model `distortion_model` names (none: the standard one).
  private static func model(_ node: CalibrationNode?, source: String)
    throws(LensCalibrationError) -> LensDistortion.Model
  {
    guard let node else { return .radialTangential }
    guard case .scalar(let name, let line) = node else {
      throw LensCalibrationError(
        source: source, line: node.line, reason: "distortion_model: expected a name")
    }
    switch name.lowercased() {
    case "", "plumb_bob", "rational_polynomial", "radtan", "radial-tangential", "radialtangential",
      "pinhole", "standard":
      return .radialTangential
    case "fisheye", "equidistant", "kannala_brandt":
      return .fisheye
    default:
      throw LensCalibrationError(
        source: source, line: line,
        reason:
          "distortion_model: \"\(name)\" is not a model read here (plumb_bob, rational_polynomial or fisheye/equidistant)"
      )
    }
  }

  /// The calibration's image size: `image_width` and `image_height`, or
  /// `image_size` (`imageSize`) as [W, H]; nil when none is given.
  private static func imageSize(_ root: CalibrationNode, source: String)
    throws(LensCalibrationError) -> CGSize?
  {
    func whole(_ node: CalibrationNode, _ key: String) throws(LensCalibrationError) -> Int {
      guard case .scalar(let text, _) = node, let v = Int(text), v > 0 else {
        throw LensCalibrationError(
          source: source, line: node.line, reason: "\(key): expected a whole number above 0")
      }
      return v
    }
    if let w = root["image_width"], let h = root["image_height"] {
      return CGSize(
        width: try whole(w, "image_width"), height: try whole(h, "image_height"))
    }
    for key in ["image_size", "imageSize"] {
      guard let node = root[key] else { continue }
      guard case .sequence(let items, _) = node, items.count == 2 else {
        throw LensCalibrationError(
          source: source, line: node.line, reason: "\(key): expected [width, height]")
      }
      return CGSize(width: try whole(items[0], key), height: try whole(items[1], key))
    }
    return nil
  }
}

/// Why a calibration file could not be read: the file, the line when it
/// is known, and what is wrong.
public struct LensCalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as named, or "standard input".
  public var source: String
  /// The 1-based line, when the problem has one.
  public var line: Int?
  public var reason: String

  /// The error of `source` at `line` (nil: none) for `reason`.
  public init(source: String, line: Int?, reason: String) {
    self.source = source
    self.line = line
    self.reason = reason
  }

  public var description: String {
    line.map { "\(source):\($0): \(reason)" } ?? "\(source): \(reason)"
  }
}
