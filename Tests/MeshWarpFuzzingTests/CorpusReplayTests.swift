import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpFuzzing

/// Replays the committed corpus (`Fuzz/Corpus/`) through the fuzz entries,
/// so that every input the fuzzers kept is re-run by `swift test`, and
/// checks that the hand-made seeds still mean what their names say (a
/// corpus whose "valid" seeds no longer decode explores nothing).
@Suite struct CorpusReplayTests {
  @Test(arguments: FuzzCorpus.Kind.allCases)
  func corpusFolderIsPresentAndSmall(kind: FuzzCorpus.Kind) {
    let files = FuzzCorpus.files(kind)
    #expect(files.count >= 5, "Fuzz/Corpus/\(kind.rawValue) has \(files.count) files")
    let bytes = files.reduce(0) { $0 + $1.bytes.count }
    #expect(bytes < 1 << 20, "Fuzz/Corpus/\(kind.rawValue) holds \(bytes) bytes")
  }

  /// Each corpus file of `kind` through its entry, in a child process.
  @Test(
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason)),
    arguments: FuzzCorpus.Kind.allCases)
  func replayCorpus(kind: FuzzCorpus.Kind) async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String, kind] in
      for file in FuzzCorpus.files(kind) {
        ChildProcess.announce("\(kind.rawValue)/\(file.name)", log: log)
        kind.fuzz(file.bytes)
      }
    }
    child.report(result)
  }

  /// Corpus files through the other entries as well: wrong-format input is
  /// input too. Every hand-made seed, and the first 40 fuzzer-found files
  /// of each kind (by SHA-1 name: an arbitrary sample) — nine entries on
  /// every file of every corpus would take minutes in a debug build.
  @Test(.enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason)))
  func crossFeedEveryCorpusFile() async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String] in
      for kind in FuzzCorpus.Kind.allCases {
        let files = FuzzCorpus.files(kind)
        let sample =
          files.filter { FuzzCorpus.isHandMade($0.name) }
          + files.filter { !FuzzCorpus.isHandMade($0.name) }.prefix(40)
        for file in sample {
          ChildProcess.announce("\(kind.rawValue)/\(file.name) (cross-fed)", log: log)
          for other in FuzzCorpus.Kind.allCases where other != kind { other.fuzz(file.bytes) }
        }
      }
    }
    child.report(result)
  }

  @Test func validPNGSeedsDecode() throws {
    let seeds = FuzzCorpus.files(.png).filter {
      FuzzCorpus.isHandMade($0.name) && !$0.name.hasPrefix("bad_")
    }
    #expect(seeds.count >= 10)
    for seed in seeds {
      let image = try PNGDecoder.decode(seed.bytes, source: seed.name)
      #expect(image.width > 0 && image.height > 0, "\(seed.name)")
    }
    for seed in FuzzCorpus.files(.png) where seed.name.hasPrefix("bad_") {
      #expect(throws: ImageCodecError.self, "\(seed.name)") {
        _ = try PNGDecoder.decode(seed.bytes, source: seed.name)
      }
    }
  }

  /// The JPEG and WebP seeds decode as their names say; `bad_` ones are
  /// refused with an error (truncated, header only, animated WebP).
  @Test(arguments: [FuzzCorpus.Kind.jpeg, .webp, .gif]) func photoSeedsDecodeAsNamed(
    kind: FuzzCorpus.Kind
  ) {
    let seeds = FuzzCorpus.files(kind).filter { FuzzCorpus.isHandMade($0.name) }
    #expect(seeds.count >= 8)
    for seed in seeds {
      let decoded = try? ImageDecoder.decode(bytes: seed.bytes, source: seed.name)
      #expect((decoded == nil) == seed.name.hasPrefix("bad_"), "\(seed.name)")
    }
    #expect(
      (try? ImageDecoder.decode(bytes: FuzzCorpus.seed(.jpeg, "orientation6_16x8.jpg")))?.image
        .width == 8)
  }

  /// The HEIF seeds decode as their names say (the 10-bit one deep); the
  /// `bad_` ones (truncated, an `ftyp` box alone) are refused.
  @Test func heifSeedsDecodeAsNamed() {
    let seeds = FuzzCorpus.files(.heif).filter { FuzzCorpus.isHandMade($0.name) }
    #expect(seeds.count >= 6)
    for seed in seeds {
      let decoded = try? ImageDecoder.decode(bytes: seed.bytes, source: seed.name)
      #expect((decoded == nil) == seed.name.hasPrefix("bad_"), "\(seed.name)")
      if seed.name.hasPrefix("ten_bit") { #expect(decoded?.pixels.isDeep == true) }
    }
  }

  /// The hand-written APNG seed is read by APNGReader as written: 4 × 4,
  /// frame 2 a half-transparent blue 2 × 2 blended over the red frame 1
  /// at (1, 1). Expected values derived by hand from `Fuzz/make_corpus.py`,
  /// which writes the seed.
  @Test func animatedPNGSeedReads() throws {
    let animation = try APNGReader.read(FuzzCorpus.seed(.png, "apng_2frames.png"))
    #expect(animation.isAnimated && animation.frames.count == 2)
    #expect(animation.width == 4 && animation.height == 4)
    let second = animation.frames[1].image
    #expect(second[0, 0] == RGBA8(255, 0, 0, 255))
    // Blue at alpha 128/255 over opaque red: red 255·127/255 = 127, blue 128.
    let blended = second[1, 1]
    #expect(abs(Int(blended.r) - 127) <= 1 && blended.g == 0 && abs(Int(blended.b) - 128) <= 1)
    #expect(blended.a == 255)
  }

  @Test func meshSeedsDecodeAsNamed() throws {
    let card = try JSONFile.decode(
      WarpMesh.self, from: FuzzCorpus.seed(.mesh, "seed_readme_card.json"), source: "card")
    #expect(card == MeshPresets.originalCard)
    let demo = try JSONFile.decode(
      WarpMesh.self, from: FuzzCorpus.seed(.mesh, "seed_demo_warp.json"), source: "demo")
    #expect(demo == MeshPresets.originalDemoWarp)
    for file in FuzzCorpus.files(.mesh)
    where FuzzCorpus.isHandMade(file.name) && !file.name.hasPrefix("bad_") {
      #expect(throws: Never.self, "\(file.name)") {
        _ = try JSONFile.decode(WarpMesh.self, from: file.bytes, source: file.name)
      }
    }
    let bowtie = try JSONFile.decode(
      WarpMesh.self, from: FuzzCorpus.seed(.mesh, "bad_bowtie.json"), source: "bowtie")
    #expect(bowtie.validationErrors.map(\.rule) == [.perimeterOrder])
  }

  /// The preset seed is the blog's gradient at t = 0, written by the Python
  /// script `Fuzz/make_corpus.py` (its `meshing`): an independent check of
  /// both.
  @Test func meshingPresetSeedMatchesThePreset() throws {
    let mesh = try GradientMesh(
      jsonData: Data(FuzzCorpus.seed(.gradient, "meshing_preset_t0.json")))
    let preset = GradientPresets.meshing(at: 0)
    #expect(mesh.width == 3 && mesh.height == 3)
    #expect(mesh.colors == preset.colors)
    #expect(mesh.background == preset.background)
    #expect(mesh.smoothsColors == preset.smoothsColors && mesh.colorSpace == preset.colorSpace)
    for (a, b) in zip(mesh.positions, preset.positions) {
      #expect(abs(a.x - b.x) <= 1e-12 && abs(a.y - b.y) <= 1e-12)
    }
    for file in FuzzCorpus.files(.gradient)
    where FuzzCorpus.isHandMade(file.name) && !file.name.hasPrefix("bad_") {
      if file.name == Self.hugeColorSeed {
        // Colour components above 1 are a JSON error.
        #expect(throws: GradientMeshJSONError.self) {
          _ = try GradientMesh(jsonData: Data(file.bytes))
        }
        continue
      }
      #expect(throws: Never.self, "\(file.name)") {
        _ = try GradientMesh(jsonData: Data(file.bytes))
      }
    }
  }

  /// The seed whose absurd colours once trapped the Oklab renderer.
  static let hugeColorSeed = "crash_huge_colour_oklab.json"

  /// The JSON refuses its colours now, but code can still build them: the
  /// renderer must survive that seed's mesh (the Oklab overflow).
  @Test func hugeColorSeedStillRendersWhenBuiltInCode() {
    let mesh = GradientMesh(
      width: 2, height: 2, points: [Vector2(5, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)],
      colors: [
        GradientColor(red: 2, green: 0, blue: 0),
        GradientColor(red: 9.2233720368547758e19, green: 1, blue: 0),
        GradientColor(red: 0, green: 0, blue: 1),
        GradientColor(red: 1, green: 1, blue: 1, alpha: 0.5),
      ], smoothsColors: false, colorSpace: .perceptual)
    #expect(mesh.validationErrors.isEmpty)
    exercise(mesh)
  }
}
