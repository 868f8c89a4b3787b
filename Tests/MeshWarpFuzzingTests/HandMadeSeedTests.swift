import Foundation
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpVideo
import Testing

@testable import MeshWarpFuzzing

/// The hand-made seeds of the keyframe, point-set and video corpora mean
/// what their names say: the valid ones decode (a corpus whose "valid"
/// seeds fail explores nothing), the `bad_` ones are refused.
@Suite struct HandMadeSeedTests {
  /// Keyframe seeds through the tool's loader (references resolved in a
  /// folder that does not exist, so the reference seed fails there and is
  /// checked as a document).
  @Test func keyframeSeedsDecodeAsNamed() throws {
    let seeds = FuzzCorpus.files(.keyframes).filter { FuzzCorpus.isHandMade($0.name) }
    #expect(seeds.count >= 10)
    for seed in seeds where !seed.name.contains("reference") {
      let mesh = try? KeyframeFile.decode(
        WarpMesh.self, from: seed.bytes, source: seed.name, referencesRelativeTo: "/nonexistent")
      let gradient = try? KeyframeFile.decode(
        GradientMesh.self, from: seed.bytes, source: seed.name,
        referencesRelativeTo: "/nonexistent")
      let decoded = mesh != nil || gradient != nil
      #expect(decoded != seed.name.hasPrefix("bad_"), "\(seed.name)")
    }
    let document = try JSONFile.decode(
      KeyframeDocument<WarpMesh>.self,
      from: FuzzCorpus.seed(.keyframes, "mesh_pingpong_reference.json"), source: "reference")
    #expect(document.repeatMode == .pingPong && document.keyframes.count == 2)
  }

  /// The errors of the bad keyframe seeds name the keyframe and key that
  /// are wrong, with a line and column.
  @Test(arguments: [
    ("bad_topology.json", "keyframes[1].mesh"),
    ("bad_unsorted_times.json", "keyframes[1].time"),
    ("bad_duplicate_times.json", "keyframes[1].time"),
    ("bad_negative_duration.json", "duration"),
    ("bad_negative_time.json", "keyframes[0].time"),
  ])
  func badKeyframeSeedsArePlaced(name: String, place: String) {
    do {
      _ = try KeyframeFile.decode(
        WarpMesh.self, from: FuzzCorpus.seed(.keyframes, name), source: name,
        referencesRelativeTo: "/nonexistent")
      Issue.record("\(name) was accepted")
    } catch {
      let text = "\(error)"
      #expect(text.hasPrefix("\(name):1:"), "\(text)")
      #expect(text.contains(place), "\(text)")
    }
  }

  @Test func pointSetSeedsDecodeAsNamed() {
    let seeds = FuzzCorpus.files(.pointset).filter { FuzzCorpus.isHandMade($0.name) }
    #expect(seeds.count >= 8)
    for seed in seeds {
      let mesh = try? JSONFile.decode(WarpPointSet.self, from: seed.bytes, source: seed.name)
        .mesh(outputSize: Vector2(24, 20), contentSize: Vector2(16, 16))
      #expect((mesh == nil) == seed.name.hasPrefix("bad_"), "\(seed.name)")
    }
  }

  /// ffprobe seeds parse (or are refused) as named; raw seeds cut into the
  /// frames their header bytes say.
  @Test func videoSeedsParseAsNamed() throws {
    for seed in FuzzCorpus.files(.video) where seed.name.contains("probe") {
      let info = try? VideoProbe.parse(seed.bytes, path: seed.name)
      #expect((info == nil) == seed.name.hasPrefix("bad_"), "\(seed.name)")
    }
    let rotated = try VideoProbe.parse(
      FuzzCorpus.seed(.video, "probe_rotated_no_count.json"), path: "rotated")
    #expect(rotated.rotation == 270 && rotated.width == 48 && rotated.height == 64)
    #expect(rotated.estimatedFrameCount == 60)
    let vp9 = try VideoProbe.parse(
      FuzzCorpus.seed(.video, "probe_vp9_alpha_audio.json"), path: "vp9")
    #expect(
      vp9.hasAlpha && vp9.hasAudio
        && vp9.frameRate == FrameRate(numerator: 30000, denominator: 1001))

    let raw = FuzzCorpus.seed(.video, "raw_2x3_two_frames.bin")
    var parser = try RawVideoFrameParser(
      width: 2, height: 3, framesPerSecond: 30, source: "raw")
    let frames = try parser.frames(in: Array(raw[3...]))
    #expect(frames.count == 2 && frames[1].timestamp == 1.0 / 30)
    #expect(frames[0].image.pixels == Array(0..<24))
    var short = try RawVideoFrameParser(width: 2, height: 3, framesPerSecond: 30, source: "s")
    #expect(
      throws: VideoInputError.endedEarly(
        source: "s", framesRead: 1, partialBytes: 5, frameBytes: 24)
    ) {
      _ = try short.frames(in: Array(FuzzCorpus.seed(.video, "bad_raw_ended_early.bin")[3...]))
    }
  }

  /// A container claiming 10³⁰⁰ seconds: the frame estimate is unknown
  /// (nil), not a trap converting 3·10³⁰¹ to `Int` (in a child process:
  /// the old code trapped).
  @Test func hugeClaimedDurationHasNoFrameEstimate() async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String] in
      ChildProcess.announce("video/probe_huge_duration.json", log: log)
      let info = try? VideoProbe.parse(
        FuzzCorpus.seed(.video, "probe_huge_duration.json"), path: "huge")
      guard let info, info.duration == 1e300, info.estimatedFrameCount == nil else {
        fatalError("probe_huge_duration.json: \(String(describing: info))")
      }
    }
    child.report(result)
  }
}
