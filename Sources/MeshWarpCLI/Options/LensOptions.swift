import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments

/// The lens correction's options (in ``EffectOptions``): the camera and
/// its distortion from a calibration file or numbers, OpenCV's standard,
/// rational or fisheye model, and the output camera (`--alpha`).
struct LensOptions: ParsableArguments {
  @Option(
    placeholder: "FILE",
    help:
      "lens: a camera calibration, OpenCV's FileStorage YAML or JSON (camera_matrix, distortion_coefficients, image_width, image_height); --camera, --distortion and --fisheye override its numbers."
  )
  var calibration: String?
  @Option(
    placeholder: "WxH",
    help:
      "lens: the picture size the camera matrix was measured at; the matrix is scaled to the picture's size.",
    defaultHelp: "the calibration file's image size, else the picture's")
  var calibrationSize: PixelSize?
  @Option(
    placeholder: "FX,FY,CX,CY",
    help: "lens: camera matrix in pixels, OpenCV's convention (pixel centres at integers).",
    defaultHelp: "focal max(W,H), centre of the picture")
  var camera: EffectCamera?
  @Option(
    placeholder: "K1,K2,P1,P2,…",
    help:
      "lens: OpenCV's distortion coefficients, K1,K2[,P1,P2[,K3[,K4,K5,K6]]] (8: the rational model); the photo is undistorted as cv2.undistort.",
    defaultHelp: "0,0,0,0")
  var distortion: EffectDistortion?
  @Option(
    placeholder: "K1,K2,K3,K4",
    help: "lens: OpenCV's fisheye model instead (cv2.fisheye), its four coefficients.")
  var fisheye: EffectFisheye?
  @Option(
    placeholder: "A", range: 0...1,
    help:
      "lens: draw for OpenCV's new camera matrix, cv2.getOptimalNewCameraMatrix's alpha (0: only pixels the photo covers; 1: all of the photo); the fisheye's balance.",
    defaultHelp: "the photo's camera")
  var alpha: Double?
  @Flag(help: "lens: apply the distortion instead of removing it.") var inverse: Bool

  /// Every lens option and its spelling on the command line (nil: absent).
  var given: [(flag: String, givenAs: String?)] {
    [
      ("--calibration", $calibration.givenAs), ("--calibration-size", $calibrationSize.givenAs),
      ("--camera", $camera.givenAs), ("--distortion", $distortion.givenAs),
      ("--fisheye", $fisheye.givenAs), ("--alpha", $alpha.givenAs),
      ("--inverse", inverse ? "--inverse" : nil),
    ]
  }

  func validate() throws {
    if let d = $distortion.givenAs, let f = $fisheye.givenAs {
      throw CLIError.usage(
        "\(d) and \(f) do not go together: --distortion is OpenCV's standard model, --fisheye its fisheye model"
      )
    }
  }

  /// Sets the lens parameters of `effect`: the calibration file's camera
  /// and coefficients, then the numbers given, the calibration size, the
  /// output camera and `--inverse`.
  ///
  /// - Throws: `CLIError` for a calibration file that cannot be read, or
  ///   `--calibration-size` without a camera to scale.
  func apply(to effect: inout MeshEffect) throws {
    if let path = calibration {
      do {
        let file = try LensCalibration.read(path)
        effect.camera = file.camera
        effect.distortion = file.distortion
      } catch let error as LensCalibrationError {
        throw CLIError.failure("\(error)")
      }
    }
    if let c = camera {
      effect.camera = LensCamera(
        fx: c.values[0], fy: c.values[1], cx: c.values[2], cy: c.values[3])
    }
    if let size = calibrationSize {
      guard effect.camera != nil else {
        throw CLIError.usage(
          "\($calibrationSize.givenAs!) scales a camera matrix: give one with --camera or --calibration"
        )
      }
      effect.camera?.calibrationSize = CGSize(width: size.width, height: size.height)
    }
    if let d = distortion {
      let v = d.values + Array(repeating: 0, count: 8 - d.values.count)
      effect.distortion = LensDistortion(
        k1: v[0], k2: v[1], p1: v[2], p2: v[3], k3: v[4], k4: v[5], k5: v[6], k6: v[7])
    }
    if let f = fisheye {
      effect.distortion = .fisheye(
        k1: f.values[0], k2: f.values[1], k3: f.values[2], k4: f.values[3])
    }
    if let alpha { effect.outputCamera = .optimal(alpha: alpha) }
    effect.inverse = inverse
  }

  /// The option, or the calibration file, that a library parameter of the
  /// lens came from (`distortion.k1` → `--distortion (K1)`, `--fisheye
  /// (K1)` or `calib.yaml's k1`); nil for a parameter of no lens.
  func flag(for parameter: String) -> String? {
    func part(_ prefix: String) -> String? {
      parameter.hasPrefix(prefix) ? String(parameter.dropFirst(prefix.count)) : nil
    }
    if parameter == "alpha" { return "--alpha" }
    if part("camera.calibrationSize") != nil {
      return calibrationSize != nil || calibration == nil
        ? "--calibration-size" : "\(calibration!)'s image size"
    }
    if let name = part("camera.") {
      if camera == nil, let file = calibration { return "\(file)'s \(name)" }
      return "--camera (\(name.uppercased()))"
    }
    if let name = part("distortion.") {
      if fisheye != nil { return "--fisheye (\(name.uppercased()))" }
      if distortion == nil, let file = calibration { return "\(file)'s \(name)" }
      return "--distortion (\(name.uppercased()))"
    }
    return nil
  }

  /// What to warn about in `effect`'s cameras on a `width × height`
  /// picture: a principal point outside the picture (a calibration made
  /// at another size), a calibration size of another aspect ratio.
  static func warnings(_ effect: MeshEffect, width: Int, height: Int) -> [String] {
    guard effect.kind == .lens else { return [] }
    var warnings: [String] = []
    let camera = effect.lensCameras(width: width, height: height).input
    let (w, h) = (Double(width), Double(height))
    if !(-0.5...(w - 0.5)).contains(camera.cx) || !(-0.5...(h - 0.5)).contains(camera.cy) {
      warnings.append(
        "the principal point (\(MeshEffectError.number(camera.cx)), \(MeshEffectError.number(camera.cy))) lies outside the \(width)x\(height) picture: was the calibration made at another size? Give that size with --calibration-size WxH"
      )
    }
    if let size = effect.camera?.calibrationSize {
      let (a, b) = (Double(size.width) / Double(size.height), w / h)
      if abs(a / b - 1) > 0.01 {
        warnings.append(
          "the camera was calibrated at \(Int(size.width))x\(Int(size.height)), another shape than the \(width)x\(height) picture: its matrix is stretched to fit (a cropped picture needs its own calibration)"
        )
      }
    }
    return warnings
  }
}

/// `K1,K2,K3,K4`: OpenCV's fisheye coefficients.
struct EffectFisheye: ExpressibleByArgument, Sendable {
  var values: [Double]
  static var argumentParser: ValueParser<EffectFisheye> {
    ValueParser(
      placeholder: "K1,K2,K3,K4",
      expectation: "the fisheye's four coefficients K1,K2,K3,K4 (e.g. 0.05,-0.01,0,0)",
      parse: { commaSeparatedNumbers($0, counts: [4]).map { EffectFisheye(values: $0) } })
  }
}
