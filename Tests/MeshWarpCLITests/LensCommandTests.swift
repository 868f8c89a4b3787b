import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// `meshwarp mesh lens` with calibration files, OpenCV's models and
/// `--alpha`: one calibration given three ways writes the same bytes, and
/// wrong input is refused (or warned about) in words that say what to do.
@Suite struct LensCommandTests {
  /// A calibration made at 320 × 240, used on a 160 × 120 picture: as
  /// OpenCV's FileStorage YAML, as JSON and as numbers with
  /// `--calibration-size`, the mesh files are byte for byte the same,
  /// with `--alpha` too; and they differ from the matrix taken unscaled.
  @Test func oneCalibrationThreeWays() throws {
    let dir = TemporaryFolder()
    let yaml = dir.write(
      """
      %YAML:1.0
      ---
      image_width: 320
      image_height: 240
      camera_matrix: !!opencv-matrix
         rows: 3
         cols: 3
         dt: d
         data: [ 3.0050000000000000e+02, 0., 1.6130000000000001e+02, 0.,
             2.9875000000000000e+02, 1.1860000000000000e+02, 0., 0., 1. ]
      distortion_coefficients: !!opencv-matrix
         rows: 1
         cols: 5
         dt: d
         data: [ -2.1000000000000001e-01, 4.0000000000000001e-02,
             1.0000000000000000e-03, -5.0000000000000001e-04,
             2.0000000000000000e-03 ]

      """, "calib.yaml")
    let json = dir.write(
      """
      {"K": [[300.5, 0, 161.3], [0, 298.75, 118.6], [0, 0, 1]],
       "D": [-0.21, 0.04, 0.001, -0.0005, 0.002], "image_size": [320, 240]}
      """, "calib.json")
    let numbers = [
      "--camera", "300.5,298.75,161.3,118.6", "--distortion", "-0.21,0.04,0.001,-0.0005,0.002",
      "--calibration-size", "320x240",
    ]
    for extra in [[], ["--alpha", "0.5"]] {
      var outputs: [[UInt8]] = []
      for (i, source) in [["--calibration", yaml], ["--calibration", json], numbers].enumerated() {
        let out = dir.file("mesh\(i).json")
        let run = ToolRun(["mesh", "lens", "--size", "160x120", "-o", out] + source + extra)
        #expect(run.status == 0, "\(run.errors)")
        outputs.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
      }
      #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2], "\(extra)")
      let unscaled = dir.file("unscaled.json")
      _ = ToolRun(
        ["mesh", "lens", "--size", "160x120", "-o", unscaled] + numbers.dropLast(2) + extra)
      #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: unscaled))) != outputs[0])
    }
  }

  /// `--alpha` reports OpenCV's new camera matrix; `--fisheye` writes the
  /// fisheye model's mesh, the library's.
  @Test func alphaAndFisheye() throws {
    let dir = TemporaryFolder()
    let run = ToolRun([
      "mesh", "lens", "--distortion", "-0.2,0.05,0,0", "--alpha", "0", "--size", "160x120", "-o",
      dir.file("a.json"),
    ])
    // cv2.getOptimalNewCameraMatrix(K, D, (160, 120), 0) with the default
    // camera (focal 160, centre 79.5, 59.5), within 1e-6.
    let opencv = [150.77194214, 154.11146545, 78.94732259, 58.97430529]
    let printed = run.errors.components(separatedBy: "output camera ").last!
      .prefix { $0 != ")" }.split(separator: ",").compactMap { Double($0) }
    #expect(printed.count == 4, "\(run.errors)")
    for (a, b) in zip(printed, opencv) { #expect(abs(a / b - 1) < 1e-6, "\(printed)") }
    let fisheye = ToolRun([
      "mesh", "lens", "--fisheye", "0.1,0.02,0,0", "--size", "96x64", "-o", dir.file("f.json"),
    ])
    #expect(fisheye.status == 0, "\(fisheye.errors)")
    let written = try JSONDecoder().decode(
      WarpMesh.self, from: Data(contentsOf: URL(fileURLWithPath: dir.file("f.json"))))
    let mesh = try MeshEffect.lens(distortion: .fisheye(k1: 0.1, k2: 0.02)).mesh(
      width: 96, height: 64)
    #expect(written.pointPairs.count == mesh.pointPairs.count)
    for (a, b) in zip(written.pointPairs, mesh.pointPairs) {
      #expect(abs(a.from.x - b.from.x) < 1e-8 && abs(a.from.y - b.from.y) < 1e-8)
    }
  }

  /// Wrong input says what is wrong: a file without a camera matrix, 3
  /// coefficients, alpha outside [0, 1], a principal point outside the
  /// picture (a warning), options that do not go together.
  @Test func refusals() {
    let dir = TemporaryFolder()
    let noMatrix = dir.write("distortion_coefficients: [0.1, 0, 0, 0]\n", "nomatrix.yaml")
    var run = ToolRun(["mesh", "lens", "--calibration", noMatrix, "--size", "64x48"])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "nomatrix.yaml: no camera matrix (looked for camera_matrix, cameraMatrix, K, mtx)"),
      "\(run.errors)")
    run = ToolRun(["mesh", "lens", "--distortion", "0.1,0.02,0.001", "--size", "64x48"])
    #expect(run.status == 2)
    #expect(run.errors.contains("--distortion expects 2, 4, 5 or 8 coefficients"), "\(run.errors)")
    run = ToolRun(["mesh", "lens", "--alpha", "1.5", "--size", "64x48"])
    #expect(run.status == 2)
    #expect(run.errors.contains("--alpha expects a number from 0 to 1, got '1.5'"), "\(run.errors)")
    // A 1920 × 1080 calibration's matrix on a 640 × 360 picture.
    run = ToolRun([
      "mesh", "lens", "--camera", "1400,1400,959.5,539.5", "--distortion", "-0.1,0", "--size",
      "640x360", "-o", dir.file("m.json"),
    ])
    #expect(run.status == 0)
    #expect(
      run.errors.contains(
        "warning: the principal point (959.5, 539.5) lies outside the 640x360 picture"),
      "\(run.errors)")
    #expect(run.errors.contains("--calibration-size WxH"))
    run = ToolRun([
      "mesh", "lens", "--camera", "1400,1400,959.5,539.5", "--calibration-size", "1920x1080",
      "--distortion", "-0.1,0", "--size", "640x360", "-o", dir.file("m.json"),
    ])
    #expect(run.status == 0 && !run.errors.contains("warning"), "\(run.errors)")
    run = ToolRun(["mesh", "lens", "--calibration-size", "640x480", "--size", "64x48"])
    #expect(
      run.errors.contains(
        "--calibration-size scales a camera matrix: give one with --camera or --calibration"))
    run = ToolRun([
      "mesh", "lens", "--distortion", "0.1,0", "--fisheye", "0,0,0,0", "--size", "8x8",
    ])
    #expect(run.status == 2 && run.errors.contains("do not go together"))
    run = ToolRun(["mesh", "twirl", "--alpha", "0.5", "--size", "8x8"])
    #expect(run.errors.contains("--alpha does not apply to twirl"))
    // A fold of a coefficient read from the file names the file.
    let strong = dir.write(
      "K: [40, 0, 31.5, 0, 40, 23.5, 0, 0, 1]\nD: [-0.9, 0, 0, 0]\n", "strong.yaml")
    run = ToolRun(["mesh", "lens", "--calibration", strong, "--size", "64x48"])
    #expect(run.status == 2)
    #expect(run.errors.contains("strong.yaml's k1 -0.9 folds the picture"), "\(run.errors)")
  }
}
