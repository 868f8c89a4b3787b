import Foundation
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// `meshwarp warp IN --effect KIND` and effect files: the effect is drawn
/// exactly at each picture's size, ranges animate it, a looping ripple
/// keyframe file is a few hundred bytes, and what does not go together
/// is refused before any work.
@Suite struct EffectWarpCommandTests {
  /// `--effect` draws what the library's renderer draws for the effect at
  /// the input's size, and it agrees with the independent numpy reference
  /// (the formula inverted by Newton's method per pixel) within 45 dB.
  @Test(.enabled(if: EffectsReference.numpyAvailable, "the tests' Python lacks numpy"))
  func effectIsTheLibrarysAndTheFormulas() throws {
    let dir = TemporaryFolder()
    let picture = TestImages.photoLike(width: 90, height: 60)
    let photo = dir.write(picture, "photo.png")
    let run = ToolRun([
      "warp", photo, "--effect", "twirl", "--angle", "120", "--center", "0.45,0.55", "-o",
      dir.file("out.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let written = try PNGDecoder.decodeFile(path: dir.file("out.png"))
    let effect = MeshEffect.twirl(degrees: 120, center: CGPoint(x: 0.45, y: 0.55))
    let library = WarpRenderer.render(picture, geometry: .effect(effect))
    #expect(written.pixels == library.pixels)
    let reference = try EffectsReference.warp(picture, effect: effect)
    #expect(reference.converged > 0.999)
    let db = TestImages.psnr(written, reference.image)
    #expect(db >= 45, "twirl through --effect: \(db) dB against the reference")
  }

  /// An effect file from `mesh KIND` without `--size` is a few bytes and
  /// draws, through `--mesh`, what `--effect` draws, on pictures of either
  /// aspect (the circle stays a circle).
  @Test func effectFileDrawsAtAnySize() throws {
    let dir = TemporaryFolder()
    let file = dir.file("bulge.json")
    var run = ToolRun(["mesh", "bulge", "--strength", "0.4", "--radius", "0.4", "-o", file])
    #expect(run.status == 0, "\(run.errors)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix("{\"effect\": {\"kind\": \"bulge\""), "\(text)")
    #expect(text.utf8.count < 200)
    for (w, h) in [(80, 50), (50, 80)] {
      let photo = dir.write(TestImages.photoLike(width: w, height: h), "p\(w).png")
      run = ToolRun(["warp", photo, "--mesh", file, "-o", dir.file("a\(w).png")])
      #expect(run.status == 0, "\(run.errors)")
      run = ToolRun([
        "warp", photo, "--effect", "bulge", "--strength", "0.4", "--radius", "0.4", "-o",
        dir.file("b\(w).png"),
      ])
      #expect(run.status == 0, "\(run.errors)")
      let a = try PNGDecoder.decodeFile(path: dir.file("a\(w).png"))
      let b = try PNGDecoder.decodeFile(path: dir.file("b\(w).png"))
      #expect(a.width == w && a.height == h && a.pixels == b.pixels)
    }
  }

  /// The documented looping ripple: under 4 KB, read back as an effect
  /// keyframe file that loops, and a still played for 2 s repeats it: the
  /// frame at 1.5 s is the frame at 0.5 s.
  @Test func loopingRippleKeyframesAreSmallAndRepeat() throws {
    let dir = TemporaryFolder()
    let file = dir.file("ripple.json")
    var run = ToolRun([
      "mesh", "ripple", "--amplitude", "0.01", "--phase", "0:6.283", "--duration", "1", "--loop",
      "-o", file,
    ])
    #expect(run.status == 0, "\(run.errors)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(bytes.count < 4096, "\(bytes.count) bytes")
    let document = try DocumentFile.read(file)
    #expect(document.kind == .effectKeyframes)
    let timeline = try document.timeline(MeshEffect.self)
    #expect(timeline.repeatMode == .loop && timeline.duration == 1)
    #expect(timeline.keyframes.map(\.value.phase) == [0, 6.283])
    let photo = dir.write(TestImages.photoLike(width: 64, height: 64), "photo.png")
    try FileManager.default.createDirectory(
      atPath: dir.file("frames"), withIntermediateDirectories: true)
    run = ToolRun([
      "warp", photo, "--mesh", file, "--duration", "2", "--fps", "4", "-o",
      dir.file("frames/f_%02d.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).sorted()
    #expect(frames.count == 8)
    guard frames.count == 8 else { return }
    let at = { (i: Int) in try PNGDecoder.decodeFile(path: dir.file("frames/" + frames[i])) }
    #expect(try at(2).pixels == at(6).pixels, "0.5 s and 1.5 s")
    #expect(try at(1).pixels != at(2).pixels, "the ripple moves")
  }

  /// A range animates a still over `--duration`: the first frame is the
  /// effect at the range's start (angle 0: the picture itself), the next
  /// a twirl.
  @Test func rangeAnimatesAStill() throws {
    let dir = TemporaryFolder()
    let picture = TestImages.photoLike(width: 48, height: 48)
    let photo = dir.write(picture, "photo.png")
    try FileManager.default.createDirectory(
      atPath: dir.file("frames"), withIntermediateDirectories: true)
    let run = ToolRun([
      "warp", photo, "--effect", "twirl", "--angle", "0:180", "--duration", "0.2", "--fps", "10",
      "-o", dir.file("frames/f_%02d.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).sorted()
    #expect(frames.count == 2)
    guard frames.count == 2 else { return }
    let first = try PNGDecoder.decodeFile(path: dir.file("frames/" + frames[0]))
    let second = try PNGDecoder.decodeFile(path: dir.file("frames/" + frames[1]))
    #expect(first.pixels == picture.pixels)
    let expected = WarpRenderer.render(picture, geometry: .effect(.twirl(degrees: 90)))
    #expect(second.pixels == expected.pixels, "at 0.1 s of 0.2: half the range")
  }

  /// Two effect files of one kind animate with `--to-mesh`; a mesh and an
  /// effect do not.
  @Test func toMeshBetweenEffects() throws {
    let dir = TemporaryFolder()
    let photo = dir.write(TestImages.photoLike(width: 40, height: 40), "photo.png")
    for (name, angle) in [("a", "0"), ("b", "90")] {
      #expect(
        ToolRun(["mesh", "twirl", "--angle", angle, "-o", dir.file("\(name).json")]).status == 0)
    }
    #expect(ToolRun(["mesh", "bulge", "-o", dir.file("c.json")]).status == 0)
    #expect(ToolRun(["mesh", "grid", "2x2", "-o", dir.file("g.json")]).status == 0)
    let run = ToolRun([
      "warp", photo, "--mesh", dir.file("a.json"), "--to-mesh", dir.file("b.json"), "--time",
      "1", "-o", dir.file("end.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let end = try PNGDecoder.decodeFile(path: dir.file("end.png"))
    let expected = WarpRenderer.render(
      try PNGDecoder.decodeFile(path: photo), geometry: .effect(.twirl(degrees: 90)))
    #expect(end.pixels == expected.pixels)
    let kinds = ToolRun([
      "warp", photo, "--mesh", dir.file("a.json"), "--to-mesh", dir.file("c.json"), "-o",
      dir.file("x.png"),
    ])
    #expect(
      kinds.status != 0 && kinds.errors.contains("a bulge instead of a twirl"), "\(kinds.errors)")
    let mixed = ToolRun([
      "warp", photo, "--mesh", dir.file("g.json"), "--to-mesh", dir.file("a.json"), "-o",
      dir.file("x.png"),
    ])
    #expect(mixed.status != 0 && mixed.errors.contains("is an effect"), "\(mixed.errors)")
  }

  /// A mesh made for one size records it, and warping a picture of another
  /// aspect says its circles become ellipses.
  @Test func meshRecordsTheSizeItWasMadeFor() throws {
    let dir = TemporaryFolder()
    let file = dir.file("twirl.json")
    #expect(ToolRun(["mesh", "twirl", "--size", "64x64", "-o", file]).status == 0)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\"width\": 64") && text.contains("\"height\": 64"))
    let square = dir.write(TestImages.photoLike(width: 32, height: 32), "square.png")
    let wide = dir.write(TestImages.photoLike(width: 60, height: 30), "wide.png")
    let same = ToolRun(["warp", square, "--mesh", file, "-o", dir.file("a.png")])
    #expect(same.status == 0 && !same.errors.contains("made for"), "\(same.errors)")
    let other = ToolRun(["warp", wide, "--mesh", file, "-o", dir.file("b.png")])
    #expect(other.status == 0)
    #expect(other.errors.contains("made for a 64×64 picture"), "\(other.errors)")
    #expect(other.errors.contains("--effect"))
  }

  /// `validate` checks an effect file's parameters at `--size` (a ripple
  /// that holds at 1024 × 1024 may not matter; one that folds is an error).
  @Test func validateChecksEffects() throws {
    let dir = TemporaryFolder()
    let good = dir.file("good.json")
    #expect(ToolRun(["mesh", "ripple", "--amplitude", "0.01", "-o", good]).status == 0)
    let ok = ToolRun(["validate", good])
    #expect(ok.status == 0, "\(ok.errors)")
    #expect(ok.output.contains("checked at 1024x1024"), "\(ok.output)")
    let bad = dir.write(
      #"{"effect": {"kind": "ripple", "amplitude": 0.05}}"#, "bad.json")
    let folds = ToolRun(["validate", bad])
    #expect(folds.status != 0)
    #expect((folds.output + folds.errors).contains("amplitude 0.05 folds the picture"))
  }

  @Test func refusals() {
    let photo = "photo.png"
    func errors(_ arguments: [String]) -> (Int32, String) {
      let run = ToolRun(arguments)
      return (run.status, run.errors)
    }
    var (status, text) = errors(["warp", photo, "-o", "x.png"])
    #expect(status == 2 && text.contains("give --mesh MESH.json or --effect KIND"))
    (status, text) = errors(["warp", photo, "--mesh", "m.json", "--effect", "twirl", "-o", "x.png"])
    #expect(status == 2 && text.contains("not both"))
    (status, text) = errors(["warp", photo, "--mesh", "m.json", "--angle", "3", "-o", "x.png"])
    #expect(status == 2 && text.contains("--angle is a parameter of --effect"), "\(text)")
    (status, text) = errors([
      "warp", photo, "--effect", "twirl", "--to-mesh", "b.json", "-o", "x.png",
    ])
    #expect(status == 2 && text.contains("animate an effect with a range"))
    (status, text) = errors(["warp", photo, "--effect", "twirl", "--smooth", "-o", "x.png"])
    #expect(status == 2 && text.contains("drawn exactly"))
    (status, text) = errors(["warp", photo, "--effect", "twirl", "--strength", "1", "-o", "x.png"])
    #expect(status == 2 && text.contains("--strength does not apply to twirl"))
    (status, text) = errors(["mesh", "twirl", "--tolerance", "0.1"])
    #expect(status == 2 && text.contains("give --size WxH for a mesh"))
    (status, text) = errors(["mesh", "twirl", "--loop"])
    #expect(status == 2 && text.contains("--loop animates a parameter given as a range"))
    (status, text) = errors(["mesh", "twirl", "--angle", "0:90", "--duration", "1", "--fps", "5"])
    #expect(status == 2 && text.contains("leave out --fps"))
  }

  /// Parameters that fold at the picture's size are refused with the flag
  /// and the limit there, and a range A:B on a still needs `--duration`.
  @Test func foldingAndRangesOnAPicture() {
    let dir = TemporaryFolder()
    let photo = dir.write(TestImages.photoLike(width: 40, height: 40), "photo.png")
    let fold = ToolRun([
      "warp", photo, "--effect", "ripple", "--amplitude", "0.05", "-o", dir.file("x.png"),
    ])
    #expect(fold.status == 2)
    #expect(fold.errors.contains("--amplitude 0.05 folds the picture"), "\(fold.errors)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("x.png")))
    let between = ToolRun([
      "warp", photo, "--effect", "ripple", "--amplitude", "0.01:0.05", "--duration", "1", "-o",
      dir.file("x.apng"),
    ])
    #expect(between.status == 2)
    #expect(between.errors.contains("between keyframes[0] and [1]"), "\(between.errors)")
    let range = ToolRun([
      "warp", photo, "--effect", "twirl", "--angle", "0:90", "-o", dir.file("y.png"),
    ])
    #expect(range.status == 2 && range.errors.contains("add --duration"), "\(range.errors)")
  }

  /// On a video a range spans the clip, and a warp animation that plays
  /// once and ends before the clip says so (it would freeze silently).
  @Test(.enabled(if: ExternalTools.hasFFmpeg, "ffmpeg is not installed"))
  func videoRangesSpanTheClipAndAnEarlyEndIsTold() throws {
    let dir = TemporaryFolder()
    let clip = try ReliabilityCatalogueTests.clip(dir)
    let spanned = ToolRun([
      "warp", clip, "--effect", "twirl", "--angle", "0:180", "-o", dir.file("twirl.mp4"),
    ])
    #expect(spanned.status == 0, "\(spanned.errors)")
    #expect(spanned.errors.contains("10 frames"), "\(spanned.errors)")
    #expect(!spanned.errors.contains("holds its last frame"))
    let once = dir.file("once.json")
    #expect(
      ToolRun([
        "mesh", "ripple", "--amplitude", "0.01", "--phase", "0:3", "--duration", "0.4", "-o", once,
      ]).status == 0)
    let early = ToolRun(["warp", clip, "--mesh", once, "-o", dir.file("once.mp4")])
    #expect(early.status == 0, "\(early.errors)")
    #expect(
      early.errors.contains(
        "the warp's animation lasts 0.4 s and holds its last frame for the remaining 0.6 s"),
      "\(early.errors)")
    let looping = dir.file("loop.json")
    #expect(
      ToolRun([
        "mesh", "ripple", "--amplitude", "0.01", "--phase", "0:3", "--duration", "0.4", "--loop",
        "-o", looping,
      ]).status == 0)
    let repeated = ToolRun(["warp", clip, "--mesh", looping, "-o", dir.file("loop.mp4")])
    #expect(repeated.status == 0 && !repeated.errors.contains("holds its last frame"))
  }
}
