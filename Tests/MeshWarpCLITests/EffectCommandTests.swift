import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// `meshwarp mesh EFFECT`: the still mesh is the library's, a range with
/// `--duration` writes a keyframe file that `warp` plays frame by frame,
/// and folding or misplaced parameters are refused with their flags.
@Suite struct EffectCommandTests {
  /// The written twirl is the library's mesh (coordinates to 1e-8), and
  /// `warp` draws it as the library's renderer does.
  @Test func stillMeshIsTheLibrarys() throws {
    let dir = TemporaryFolder()
    let run = ToolRun([
      "mesh", "twirl", "--angle", "-75", "--center", "0.4,0.6", "--radius", "0.6", "--size",
      "96x64", "-o", dir.file("twirl.json"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let written = try JSONDecoder().decode(
      WarpMesh.self, from: Data(contentsOf: URL(fileURLWithPath: dir.file("twirl.json"))))
    let mesh = try MeshEffect.twirl(degrees: -75, center: CGPoint(x: 0.4, y: 0.6), radius: 0.6)
      .mesh(width: 96, height: 64)
    #expect(written.pointPairs.count == mesh.pointPairs.count && written.faces == mesh.faces)
    for (a, b) in zip(written.pointPairs, mesh.pointPairs) {
      #expect(abs(a.from.x - b.from.x) < 1e-8 && abs(a.from.y - b.from.y) < 1e-8)
      #expect(abs(a.to.x - b.to.x) < 1e-8 && abs(a.to.y - b.to.y) < 1e-8)
    }
  }

  /// `--phase 0:3.1416 --duration 0.2 --fps 10` writes 3 keyframes of one
  /// shape; `warp --fps 10` plays 3 frames, the middle one the still
  /// ripple at phase π/2 drawn through a mesh of the same density.
  @Test func rangeWritesKeyframesThatWarpPlays() throws {
    let dir = TemporaryFolder()
    let photo = dir.write(TestImages.photoLike(width: 64, height: 48), "photo.png")
    var run = ToolRun([
      "mesh", "ripple", "--amplitude", "0.025", "--wavelength", "0.25", "--phase", "0:3.1416",
      "--duration", "0.2", "--fps", "10", "--size", "64x48", "-o", dir.file("ripple.json"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("3 keyframes"))
    try FileManager.default.createDirectory(
      atPath: dir.file("frames"), withIntermediateDirectories: true)
    run = ToolRun([
      "warp", photo, "--mesh", dir.file("ripple.json"), "--fps", "10", "-o",
      dir.file("frames/f_%04d.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).sorted()
    #expect(frames.count == 2, "\(frames)")  // 0.2 s × 10 fps: 0 and 0.1 s
    guard frames.count == 2 else { return }
    let middle = try PNGDecoder.decodeFile(path: dir.file("frames/" + frames[1]))
    let frameEffects = [0, 3.1416 / 2, 3.1416].map {
      MeshEffect.ripple(amplitude: 0.025, wavelength: 0.25, phase: $0)
    }
    // Every keyframe has the density the most demanding frame needs.
    let cells = try frameEffects.map { try $0.cellsAcross(width: 64, height: 48) }.max()!
    let still = WarpRenderer.render(
      try PNGDecoder.decodeFile(path: photo),
      mesh: try frameEffects[1].mesh(width: 64, height: 48, cellsAcross: cells))
    let diff = ImageDiff(middle, still)
    #expect(diff.max <= 1, "\(diff)")
    let firstFrame = try PNGDecoder.decodeFile(path: dir.file("frames/" + frames[0]))
    #expect(ImageDiff(firstFrame, middle).max > 8, "the phase moved the ripple")
  }

  /// The documented animation, a whole period of phase (`--phase
  /// 0:6.283 --duration 1 --fps 10`), here at 128 × 128 with A = 0.02 and
  /// L = 0.2: every keyframe validates and `warp` plays all 10 frames,
  /// through the phases where the ripple opens a hole at its centre.
  @Test func aWholePeriodOfPhasePlays() throws {
    let dir = TemporaryFolder()
    let photo = dir.write(TestImages.photoLike(width: 128, height: 128), "photo.png")
    var run = ToolRun([
      "mesh", "ripple", "--amplitude", "0.02", "--wavelength", "0.2", "--phase", "0:6.283",
      "--duration", "1", "--fps", "10", "--size", "128x128", "-o", dir.file("ripple.json"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    run = ToolRun(["validate", dir.file("ripple.json")])
    #expect(run.status == 0, "\(run.errors)")
    run = ToolRun([
      "warp", photo, "--mesh", dir.file("ripple.json"), "--fps", "10", "-o",
      dir.file("ripple.apng"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    // 1 s at 10 fps: 10 frames, the period's end (= its start) not repeated.
    #expect(run.errors.contains("10 frames"), "\(run.errors)")
  }

  /// Folding parameters, parameters of another effect, a missing size
  /// and a range without a duration are usage errors that say what to do.
  @Test func refusals() {
    let fold = ToolRun(["mesh", "ripple", "--amplitude", "0.03", "--size", "64x64"])
    #expect(fold.status == 2)
    #expect(fold.errors.contains("--amplitude 0.03 folds the picture"))
    #expect(fold.errors.contains("--amplitude must be below 0.019"))
    let lens = ToolRun(["mesh", "lens", "--distortion", "-0.9,0,0,0", "--size", "160x120"])
    #expect(lens.errors.contains("--distortion (K1) must be above -0.85"), "\(lens.errors)")
    let other = ToolRun(["mesh", "twirl", "--amplitude", "0.1", "--size", "64x64"])
    #expect(other.errors.contains("--amplitude does not apply to twirl"))
    // Without --size: the effect itself, drawn at any size.
    #expect(ToolRun(["mesh", "wave"]).output.hasPrefix("{\"effect\": {\"kind\": \"wave\""))
    #expect(
      ToolRun(["mesh", "wave", "--phase", "0:1", "--size", "8x8"]).errors.contains(
        "add --duration"))
    #expect(ToolRun(["mesh", "grid"]).errors.contains("needs its size CxR"))
  }
}
