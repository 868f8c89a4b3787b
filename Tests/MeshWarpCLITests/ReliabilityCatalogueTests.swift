import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// The catalogue of hostile inputs in Documentation/Reliability.md ("Hostile
/// inputs"): each runs the tool and checks the four promises —
/// a clear message (naming the file or the problem, no Swift internals), a
/// non-zero exit, no partial output (the folder holds exactly what it held
/// before), and the old output file untouched.
@Suite(
  .enabled(
    if: VideoTools.available,
    "ffmpeg and ffprobe are not on PATH"))
struct ReliabilityCatalogueTests {
  static let old = "old contents"

  /// The committed fuzz corpus (hand-made seeds of every format).
  static func seed(_ kind: String, _ name: String) -> [UInt8] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Fuzz/Corpus/\(kind)/\(name)").path
    return [UInt8](FileManager.default.contents(atPath: path) ?? Data())
  }

  /// A folder with `out.*` holding the old contents and an identity mesh.
  static func folder(output: String) -> (TemporaryFolder, String, String) {
    let folder = TemporaryFolder()
    let out = folder.write(old, output)
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    return (folder, out, mesh)
  }

  static func write(_ bytes: [UInt8], _ folder: TemporaryFolder, _ name: String) -> String {
    let path = folder.file(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  static func listing(_ folder: String) -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
  }

  /// The four promises.
  static func expectRefused(
    status: Int32, errors: String, folder: String, before: Set<String>, output: String,
    mentions: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(status != 0, "exit 0; stderr: \(errors)", sourceLocation: sourceLocation)
    for word in mentions {
      #expect(errors.contains(word), "\(word) not in: \(errors)", sourceLocation: sourceLocation)
    }
    for leaked in ["Swift.", "DecodingError", "Fatal error", "Optional("] {
      #expect(!errors.contains(leaked), "\(errors)", sourceLocation: sourceLocation)
    }
    #expect(
      (try? String(contentsOfFile: output, encoding: .utf8)) == old,
      "the old output changed", sourceLocation: sourceLocation)
    #expect(
      listing(folder) == before, "files left: \(listing(folder).subtracting(before))",
      sourceLocation: sourceLocation)
  }

  /// A 64×48 one-second H.264 clip (10 fps).
  static func clip(_ folder: TemporaryFolder, seconds: Int = 1, size: String = "64x48") throws
    -> String
  {
    let path = folder.file("clip-\(size)-\(seconds).mp4")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=10:duration=\(seconds)", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", path,
    ])
    return path
  }

  // MARK: Truncated and corrupt files

  /// Cut in half, and every byte after the first 16 scrambled (so the
  /// signature still says what the file is): each format through `warp`
  /// (still formats into PNG, animated ones into APNG).
  @Test(arguments: [
    ("jpeg", "rgb_16x16.jpg", "in.jpg", "out.png"),
    ("webp", "lossless_8x8.webp", "in.webp", "out.png"),
    ("gif", "animated_2frames.gif", "in.gif", "out.apng"),
    ("gif", "palette_16x12.gif", "in.gif", "out.png"),
    ("png", "apng_2frames.png", "in.png", "out.apng"),
  ])
  func truncatedAndCorruptImages(kind: String, seedName: String, name: String, output: String) {
    let good = Self.seed(kind, seedName)
    #expect(good.count > 40)
    var corrupt = good
    for i in 16..<corrupt.count { corrupt[i] ^= 0xA5 }
    for (label, bytes) in [("truncated", Array(good.prefix(good.count / 2))), ("corrupt", corrupt)]
    {
      let (folder, out, mesh) = Self.folder(output: output)
      let input = Self.write(bytes, folder, name)
      let before = Self.listing(folder.path)
      let run = ToolRun(["warp", input, "--mesh", mesh, "-o", out])
      // A scrambled APNG has no readable acTL chunk: it is taken for a
      // still; as it is no readable image either, the decoder's error
      // (naming the input) comes before the refusal of the .apng output.
      Self.expectRefused(
        status: run.status, errors: run.errors, folder: folder.path, before: before, output: out,
        mentions: ["meshwarp warp: ", name])
      #expect(run.status == 1, "\(label) \(seedName): exit \(run.status)")
    }
  }

  @Test func truncatedAndCorruptMP4() throws {
    let (folder, out, mesh) = Self.folder(output: "out.mp4")
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.clip(folder))))
    var corrupt = good
    for i in 0..<min(corrupt.count, 64) where i % 4 == 0 { corrupt[i] ^= 0x5A }
    for (label, bytes) in [
      ("cut", Array(good.prefix(good.count / 2))), ("corrupt", corrupt),
      ("header only", Array(good.prefix(40))),
    ] {
      // A scrambled header is no container at all: the input is taken for
      // a still, and as no image decoder reads it either, that error
      // (naming the input) is shown rather than a refusal of the output.
      let input = Self.write(bytes, folder, "in.mp4")
      let before = Self.listing(folder.path)
      let run = ToolRun(["warp", input, "--mesh", mesh, "-o", out])
      Self.expectRefused(
        status: run.status, errors: run.errors, folder: folder.path, before: before, output: out,
        mentions: ["in.mp4"])
      #expect(run.status == 1, "\(label): \(run.status)")
    }
  }

  // MARK: ffmpeg missing, dying, or a stream that ends early

  /// A folder holding a fake `ffmpeg` (the shell `body`) and the real
  /// ffprobe beside it, for PATH.
  static func fakeTools(_ folder: TemporaryFolder, ffmpeg body: String?) throws -> String {
    let bin = folder.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin + "/ffprobe", withDestinationPath: VideoTools.ffprobe!)
    if let body {
      let script = bin + "/ffmpeg"
      try ("#!/bin/sh\n" + body + "\n").write(toFile: script, atomically: true, encoding: .utf8)
      chmod(script, 0o755)
    }
    return bin
  }

  /// The built binary with `PATH` replaced; returns status and stderr.
  static func binary(_ arguments: [String], path: String) throws -> (Int32, String) {
    try binary(arguments, environment: ["PATH": path])
  }

  /// The built binary with the variables in `environment` set over this
  /// process's; returns status and stderr.
  static func binary(
    _ arguments: [String], environment overrides: [String: String]
  ) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: VideoCommandTests.binary!)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(overrides) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// ffmpeg missing (PATH without it, ffprobe there or not); ffmpeg killed
  /// after one frame; a stream that ends inside the second frame (ffmpeg
  /// exits 0). Output APNG: the writer is ours, so only the reader uses ffmpeg.
  @Test(
    .enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"),
    arguments: [
      ("missing", nil, ["ffmpeg"]),
      ("killed", "/usr/bin/head -c 12288 /dev/zero; kill -9 $$", ["in.mp4", "ffmpeg"]),
      ("ended early", "/usr/bin/head -c 18000 /dev/zero; exit 0", ["in.mp4", "ended"]),
    ] as [(String, String?, [String])])
  func ffmpegMissingKilledOrEndingEarly(label: String, script: String?, mentions: [String]) throws {
    let (folder, out, mesh) = Self.folder(output: "out.apng")
    let clip = try Self.clip(folder)
    try FileManager.default.moveItem(atPath: clip, toPath: folder.file("in.mp4"))
    let bin = try Self.fakeTools(folder, ffmpeg: script)
    let before = Self.listing(folder.path)
    let (status, errors) = try Self.binary(
      ["warp", folder.file("in.mp4"), "--mesh", mesh, "-o", out], path: bin)
    Self.expectRefused(
      status: status, errors: errors, folder: folder.path, before: before, output: out,
      mentions: mentions)
    #expect(status == 1, "\(label): \(errors)")
  }

  // MARK: A disk that fills

  static let canMount: Bool = {
    guard getuid() == 0 else { return false }
    let folder = TemporaryFolder()
    defer { umount2(folder.file("t"), Int32(MNT_DETACH)) }
    try? FileManager.default.createDirectory(
      atPath: folder.file("t"), withIntermediateDirectories: true)
    return mount("tmpfs", folder.file("t"), "tmpfs", 0, "size=64k") == 0
  }()

  /// A 1 MB tmpfs filling during a video export (lossless H.264 through
  /// ffmpeg) and during an APNG export (our writer): ENOSPC is a clear
  /// error, the old file stays, no temporary file is left in the full
  /// folder.
  @Test(
    .enabled(if: canMount, "needs root to mount a tmpfs"),
    arguments: ["out.mp4", "out.apng"])
  func diskFillingDuringExport(output: String) throws {
    let folder = TemporaryFolder()
    // Noise (incompressible) at 160×120: ≥ 28 KB a frame even losslessly
    // compressed, 100 frames: more than the 1 MB the output folder holds.
    let input = folder.file("noise.mp4")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "nullsrc=s=160x120:r=10:d=10,geq=random(1)*255:128:128", "-c:v",
      "libx264", "-crf", "0", "-pix_fmt", "yuv420p", input,
    ])
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    let full = folder.file("full")
    try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
    try #require(mount("tmpfs", full, "tmpfs", 0, "size=1m") == 0)
    defer { umount2(full, Int32(MNT_DETACH)) }
    let out = full + "/" + output
    try Self.old.write(toFile: out, atomically: false, encoding: .utf8)
    let before = Self.listing(full)
    let lossless = output.hasSuffix(".mp4") ? ["--crf", "0"] : []
    let run = ToolRun(["warp", input, "--mesh", mesh, "-o", out] + lossless)
    Self.expectRefused(
      status: run.status, errors: run.errors, folder: full, before: before, output: out,
      mentions: [output])
    #expect(
      run.errors.lowercased().contains("space") || run.errors.contains("ENOSPC")
        || run.errors.contains("ffmpeg"), "\(run.errors)")
    if output.hasSuffix(".mp4") {
      // ffmpeg's failure in our words, its own output in the log named.
      #expect(
        run.errors.contains("the disk is full; ffmpeg's output is in "), "\(run.errors)")
      #expect(!run.errors.contains("its last output"), "\(run.errors)")
      if let start = run.errors.range(of: "ffmpeg's output is in ")?.upperBound {
        unlink(String(run.errors[start...].prefix { !$0.isWhitespace }))
      }
    }
  }

  // MARK: Keyframes, point sets, smooth meshes

  @Test(arguments: [
    ("bad_topology.json", "keyframes[1].mesh"),
    ("bad_unsorted_times.json", "keyframes[1].time"),
    ("bad_duplicate_times.json", "keyframes[1].time"),
    ("bad_negative_duration.json", "duration"),
  ])
  func badKeyframeFiles(name: String, place: String) {
    let (folder, out, _) = Self.folder(output: "out.apng")
    let keyframes = Self.write(Self.seed("keyframes", name), folder, name)
    let input = folder.write(RGBAImage(width: 8, height: 8), "in.png")
    let before = Self.listing(folder.path)
    let run = ToolRun(["warp", input, "--mesh", keyframes, "-o", out])
    Self.expectRefused(
      status: run.status, errors: run.errors, folder: folder.path, before: before, output: out,
      mentions: ["\(name):1:", place])
  }

  @Test func badPointSets() {
    var random = SeededRandom(seed: 19)
    let enormous = (0..<100_000).map { _ in
      let (x, y) = (random.unit(), random.unit())
      return "[\(x),\(y)]"
    }.joined(separator: ",")
    let cases: [(String, String, [String])] = [
      (
        "collinear",
        #"{"pinCorners": false, "from": [[0,0],[0.5,0.6],[1,1]], "to": [[0,0],[0.5,0.5],[1,1]]}"#,
        ["line"]
      ),
      ("duplicated", #"{"from": [[0.3,0.3],[0.5,0.5]], "to": [[0.4,0.4],[0.4,0.4]]}"#, ["same"]),
      ("enormous", #"{"from": [\#(enormous)], "to": [\#(enormous)]}"#, ["100000", "2000"]),
    ]
    for (label, json, words) in cases {
      let (folder, out, _) = Self.folder(output: "out.png")
      let points = folder.write(json, "\(label).json")
      let input = folder.write(RGBAImage(width: 8, height: 8), "in.png")
      let before = Self.listing(folder.path)
      let start = Date()
      let run = ToolRun(["warp", input, "--mesh", points, "-o", out])
      // Wall time of a debug build on a shared machine: generous. (The
      // limit itself is checked before any spline work:
      // ThinPlateSplineTests.tooManyPointsFailsFast, < 1 s.)
      #expect(Date().timeIntervalSince(start) < 300, "\(label) took too long")
      Self.expectRefused(
        status: run.status, errors: run.errors, folder: folder.path, before: before, output: out,
        mentions: ["\(label).json"] + words)
    }
  }

  /// A 3×3 grid whose centre is pulled 10⁵ image widths away: its smooth
  /// subdivision would need 67 million faces (4096² per cell), above the
  /// limit of 2²². (At ordinary sizes `--max-pixels` bounds the output long
  /// before curvature does.)
  @Test func smoothSubdivisionBeyondTheLimit() {
    let (folder, out, _) = Self.folder(output: "out.png")
    let mesh = folder.write(
      #"{"columns": 3, "rows": 3, "to": [[0,0],[0.5,0],[1,0],[0,0.5],[100000,0.5],[1,0.5],[0,1],[0.5,1],[1,1]]}"#,
      "far.json")
    let input = folder.write(RGBAImage(width: 8, height: 8), "in.png")
    let before = Self.listing(folder.path)
    let run = ToolRun(["warp", input, "--mesh", mesh, "--smooth", "--size", "64x64", "-o", out])
    Self.expectRefused(
      status: run.status, errors: run.errors, folder: folder.path, before: before, output: out,
      mentions: ["far.json", "67108864 faces", "4194304"])
  }

  // MARK: --max-pixels on every decoded frame

  @Test(arguments: [("clip.mp4", "out.mp4"), ("anim.apng", "out.apng"), ("anim.gif", "out.apng")])
  func maxPixelsAppliesToVideoAndAnimationInputs(name: String, output: String) throws {
    let (folder, out, mesh) = Self.folder(output: output)
    let input = folder.file(name)
    try VideoCommandTests.ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=0.3", "-plays", "0", input,
      ].filter { name.hasSuffix(".apng") || ($0 != "-plays" && $0 != "0") })
    let before = Self.listing(folder.path)
    let run = ToolRun(["warp", input, "--mesh", mesh, "--max-pixels", "3000", "-o", out])
    Self.expectRefused(
      status: run.status, errors: run.errors, folder: folder.path, before: before, output: out,
      mentions: [name, "64×48", "3000"])
    let fits = ToolRun(["warp", input, "--mesh", mesh, "--max-pixels", "3072", "-o", out])
    #expect(fits.status == 0, "\(fits.errors)")
  }

  // MARK: Signals during every export kind

  /// Each export kind, interrupted by SIGINT, SIGTERM, SIGHUP (the
  /// terminal closed) or SIGQUIT once under way: exit 128 + the signal,
  /// the old file kept, no temporary file and no child left (SIGHUP and
  /// SIGQUIT killed the tool, leaving `.out.mp4.meshwarp-*` files and
  /// `.meshwarp-frames-*` folders). (A PNG sequence keeps the frames it finished: each frame is
  /// written atomically, and only whole frames may be there.)
  @Test(
    .enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"),
    arguments: [
      ("gradient-mp4", SIGINT), ("gradient-apng", SIGTERM), ("gradient-sequence", SIGINT),
      ("warp-video-mp4", SIGINT), ("warp-video-apng", SIGTERM), ("warp-still-webp", SIGINT),
      ("genie-mp4", SIGTERM), ("warp-video-mp4", SIGHUP), ("gradient-sequence", SIGHUP),
      ("warp-video-apng", SIGQUIT),
    ] as [(String, Int32)])
  func signalDuringExport(kind: String, signal: Int32) throws {
    let folder = TemporaryFolder()
    var arguments: [String]
    let output: String
    switch kind {
    case "gradient-mp4", "gradient-apng":
      output = folder.write(Self.old, kind.hasSuffix("mp4") ? "out.mp4" : "out.apng")
      arguments = ["gradient", "--preset", "meshing", "--size", "640x640", "--duration", "60"]
    case "gradient-sequence":
      try FileManager.default.createDirectory(
        atPath: folder.file("frames"), withIntermediateDirectories: true)
      output = folder.file("frames/frame_%04d.png")
      arguments = ["gradient", "--preset", "meshing", "--size", "640x640", "--duration", "60"]
    case "warp-video-mp4", "warp-video-apng":
      output = folder.write(Self.old, kind.hasSuffix("mp4") ? "out.mp4" : "out.apng")
      let clip = try Self.clip(folder, seconds: 30, size: "320x240")
      let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
      arguments = ["warp", clip, "--mesh", mesh]
    case "warp-still-webp":
      output = folder.write(Self.old, "out.webp")
      let input = folder.write(RGBAImage(width: 640, height: 640), "in.png")
      let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
      arguments = ["warp", input, "--mesh", mesh, "--duration", "60"]
    default:
      output = folder.write(Self.old, "out.mp4")
      let input = folder.write(RGBAImage(width: 640, height: 640), "in.png")
      arguments = ["genie", input, "--size", "800x800", "--duration", "60"]
    }
    arguments += ["-o", output]
    let before = Self.listing(folder.path)
    let process = Process()
    // With every signal's default action, whatever this test inherited
    // (a background job ignores SIGQUIT, nohup SIGHUP): env execs the tool
    // in its own process.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal=HUP,QUIT", VideoCommandTests.binary!] + arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Under way: children running, or a temporary file or frame written.
    var children: [String] = []
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      children = VideoCommandTests.children(of: process.processIdentifier)
      let sequenceStarted = Self.listing(folder.file("frames")).count >= 1
      if !children.isEmpty || Self.listing(folder.path) != before || sequenceStarted { break }
      usleep(50_000)
    }
    usleep(300_000)
    children = VideoCommandTests.children(of: process.processIdentifier)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + signal, "\(kind)")
    for pid in children { #expect(kill(Int32(pid)!, 0) != 0, "\(kind): child \(pid) still runs") }
    if kind == "gradient-sequence" {
      for frame in Self.listing(folder.file("frames")) {
        #expect(frame.hasPrefix("frame_") && frame.hasSuffix(".png"), "\(frame)")
        let bytes = [UInt8](FileManager.default.contents(atPath: folder.file("frames/" + frame))!)
        #expect((try? PNGDecoder.decode(bytes)) != nil, "\(frame) is not a whole PNG")
      }
    } else {
      #expect((try? String(contentsOfFile: output, encoding: .utf8)) == Self.old, "\(kind)")
      #expect(Self.listing(folder.path) == before, "\(kind): \(Self.listing(folder.path))")
    }
  }

  /// Temporary files an export killed outright left a day ago (a
  /// `.NAME.meshwarp-XXXXXX` file, a GIF pass's frames, a sequence's
  /// staging folder) are removed by the next export into the folder, with
  /// a note naming them; fresh ones, which a running export may own, and
  /// files that only look alike are kept (all were left for ever).
  @Test(.enabled(if: VideoTools.available, "ffmpeg and ffprobe are not on PATH"))
  func staleTemporaryFilesAreRemoved() throws {
    let folder = TemporaryFolder()
    let clip = try Self.clip(folder)
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    let stale = [
      ".out.mp4.meshwarp-Ab12Cd", ".old.gif.meshwarp-xY34zW.frames.mkv",
      ".meshwarp-frames-0a1b2c3d",
    ]
    let kept = [".out.mp4.meshwarp-Fr3shX", ".notes.meshwarp-x", "a.meshwarp-Ab12Cd"]
    for name in stale + kept {
      if name.hasPrefix(".meshwarp-frames-") {
        try FileManager.default.createDirectory(
          atPath: folder.file(name), withIntermediateDirectories: false)
        _ = folder.write("frame", name + "/frame_0000.png")
      } else {
        _ = folder.write("partial", name)
      }
      if !name.contains("Fr3sh") {
        try FileManager.default.setAttributes(
          [.modificationDate: Date().addingTimeInterval(-2 * 24 * 60 * 60)],
          ofItemAtPath: folder.file(name))
      }
    }
    let run = ToolRun(["warp", clip, "--mesh", mesh, "-o", folder.file("out.mp4")])
    #expect(run.status == 0, "\(run.errors)")
    let left = Self.listing(folder.path)
    for name in stale {
      #expect(!left.contains(name), "\(name) left")
      #expect(run.errors.contains(folder.file(name)), "\(name) not named: \(run.errors)")
    }
    for name in kept { #expect(left.contains(name), "\(name) removed") }
    #expect(run.errors.contains("note: removed temporary files"), "\(run.errors)")
  }
}
