import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Synchronization
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// Deep video through `VideoWarp`: 10-bit SDR and HDR clips made here
/// from known code values (ProRes 422 HQ, x265 lossless), kept deep where
/// the output holds them and tone-mapped where it does not.
@Suite(.enabled(if: VideoTools.available && VideoTools.hasEncoder("libx265")))
struct DeepVideoTests {
  static let identity = WarpMesh.identity(columns: 2, rows: 2)

  /// Writes `frames` copies of 10-bit planes (`pixelFormat`, little-endian)
  /// through ffmpeg with `codec` arguments, tagged with `color`.
  static func clip(
    _ planes: [UInt16], width: Int, height: Int, pixelFormat: String, frames: Int = 3,
    codec: [String], color: (primaries: String, transfer: String, matrix: String),
    to path: String
  ) throws {
    let bytes = planes.withUnsafeBytes { [UInt8]($0) }
    let input = [[UInt8]](repeating: bytes, count: frames).flatMap { $0 }
    let tags =
      "setparams=color_primaries=\(color.primaries):color_trc=\(color.transfer):colorspace=\(color.matrix):range=tv"
    let (status, _) = try ToolProcess.run(
      VideoTools.ffmpeg!,
      [
        "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s",
        "\(width)x\(height)", "-r", "30", "-i", "-", "-vf", tags,
      ] + codec + [
        "-color_primaries", color.primaries, "-color_trc", color.transfer, "-colorspace",
        color.matrix, "-color_range", "tv", "-y", path,
      ], input: input, showsErrors: true)
    #expect(status == 0)
  }

  /// The first frame's planes, as `pixelFormat` (10 bits: little-endian values).
  static func planes(of path: String, pixelFormat: String) throws -> [UInt16] {
    let bytes = try VideoTools.output([
      "-v", "error", "-nostdin", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
      pixelFormat, "-",
    ])
    return bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
  }

  /// ffprobe's `key=value` lines of the first video stream.
  static func stream(_ path: String) throws -> [String: String] {
    let text = try ToolProcess.output(
      VideoTools.ffprobe!, ["-v", "error", "-select_streams", "v:0", "-show_streams", path])
    var fields: [String: String] = [:]
    for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
  }

  /// A 160 × 16 4:2:2 10-bit ramp: Y′ 448 … 607, one level a column (160
  /// levels in a row), neutral chroma on top, a mild colour below.
  static func ramp422() -> [UInt16] {
    let (width, height) = (160, 16)
    var y: [UInt16] = []
    for _ in 0..<height { y += (0..<width).map { UInt16(448 + $0) } }
    var cb: [UInt16] = []
    var cr: [UInt16] = []
    for row in 0..<height {
      cb += [UInt16](repeating: row < 8 ? 512 : 472, count: width / 2)
      cr += [UInt16](repeating: row < 8 ? 512 : 552, count: width / 2)
    }
    return y + cb + cr
  }

  /// A smooth 4:2:0 10-bit picture (Y′ 200 … 800 across, chroma gently
  /// varied): in gamut everywhere, so that RGB holds it without clipping.
  static func smooth420(width: Int = 96, height: Int = 48) -> [UInt16] {
    var y: [UInt16] = []
    for _ in 0..<height {
      y += (0..<width).map { UInt16((200 + 600 * Double($0) / Double(width - 1)).rounded()) }
    }
    var cb: [UInt16] = []
    var cr: [UInt16] = []
    for row in 0..<(height / 2) {
      for column in 0..<(width / 2) {
        cb.append(UInt16((480 + 60 * Double(row) / Double(height / 2 - 1)).rounded()))
        cr.append(UInt16((540 - 60 * Double(column) / Double(width / 2 - 1)).rounded()))
      }
    }
    return y + cb + cr
  }

  static let hlg = (primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc")

  static func hlgClip(in folder: borrowing TemporaryDirectory) throws -> String {
    let path = folder.file("hlg.mov")
    try clip(
      smooth420(), width: 96, height: 48, pixelFormat: "yuv420p10le",
      codec: [
        "-c:v", "libx265", "-x265-params",
        "log-level=error:lossless=1:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc",
        "-tag:v", "hvc1",
      ], color: hlg, to: path)
    return path
  }

  /// The decoder's conversion of a 10-bit ramp: at co-sited samples
  /// within 1/65535 of BT.709's formula (R′ = Y′ + 1.5748·Pr, B′ = Y′ +
  /// 1.8556·Pb, G′ from K_R, K_B; Y′ = (Y − 64)/876, P = (C − 512)/896).
  @Test func deepDecodeFollowsTheMatrixFormula() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("ramp.mov")
    let source = Self.ramp422()
    try Self.clip(
      source, width: 160, height: 16, pixelFormat: "yuv422p10le",
      codec: ["-c:v", "prores_ks", "-profile:v", "3"],
      color: ("bt709", "bt709", "bt709"), to: path)
    let decoded = try Self.planes(of: path, pixelFormat: "yuv422p10le")
    let reader = try VideoReader(path: path)
    #expect(reader.info.color.bitDepth == 10)
    try reader.decode(.deep(reader.info.color))
    let frame = try #require(try reader.nextDeepFrame()).image
    let (kr, kb) = (0.2126, 0.0722)
    var worst = 0.0
    for row in 0..<16 {
      for column in stride(from: 0, to: 160, by: 2) {
        let y = (Double(decoded[row * 160 + column]) - 64) / 876
        let pb = (Double(decoded[2560 + row * 80 + column / 2]) - 512) / 896
        let pr = (Double(decoded[2560 + 1280 + row * 80 + column / 2]) - 512) / 896
        let r = y + 2 * (1 - kr) * pr
        let b = y + 2 * (1 - kb) * pb
        let g = (y - kr * r - kb * b) / (1 - kr - kb)
        let pixel = frame[column, row]
        for (value, expected) in [(pixel.r, r), (pixel.g, g), (pixel.b, b)] {
          worst = max(worst, abs(Double(value) - min(max(expected, 0), 1) * 65535))
        }
      }
    }
    #expect(worst <= 1, "decoded RGB differs from the formula by \(worst) of 65535")
  }

  /// A 10-bit ProRes ramp (160 levels in a row) through an identity warp
  /// into .mov: every 10-bit level and the mean kept.
  @Test func tenBitProResRampKeepsEveryLevel() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("ramp.mov")
    try Self.clip(
      Self.ramp422(), width: 160, height: 16, pixelFormat: "yuv422p10le",
      codec: ["-c:v", "prores_ks", "-profile:v", "3"],
      color: ("bt709", "bt709", "bt709"), to: path)
    let out = folder.file("out.mov")
    let plan = try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: out)
    ).plan()
    #expect(plan.isDeep && plan.encoding.resolvedCodec == .prores422hq)
    try plan.run()
    let before = try Self.planes(of: path, pixelFormat: "yuv422p10le")
    let after = try Self.planes(of: out, pixelFormat: "yuv422p10le")
    try #require(before.count == after.count)
    let differences = zip(before, after).map { abs(Int($0) - Int($1)) }
    #expect(differences.max()! <= 1, "a 10-bit level moved by \(differences.max()!)")
    #expect(Set(after[0..<160]).count == Set(before[0..<160]).count)
    #expect(Set(after[0..<160]).count >= 65)
    let mean = zip(before, after).reduce(0) { $0 + Int($1.1) - Int($1.0) }
    #expect(abs(Double(mean) / Double(before.count)) < 0.05)
    #expect(try Self.stream(out)["color_primaries"] == "bt709")
  }

  /// The same ramp into FFV1 (`.mkv`, lossless, 4:4:4): 10 bits kept, and
  /// every 10-bit level of the luma, the ramp's, exactly.
  @Test func tenBitRampIntoFFV1IsKeptExactly() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("ramp.mov")
    try Self.clip(
      Self.ramp422(), width: 160, height: 16, pixelFormat: "yuv422p10le",
      codec: ["-c:v", "prores_ks", "-profile:v", "3"],
      color: ("bt709", "bt709", "bt709"), to: path)
    let out = folder.file("out.mkv")
    let plan = try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: out, encoding: VideoEncoding(codec: .ffv1))
    ).plan()
    #expect(plan.isDeep && plan.encoding.resolvedCodec == .ffv1)
    try plan.run()
    let stream = try Self.stream(out)
    #expect(stream["codec_name"] == "ffv1" && stream["pix_fmt"] == "yuva444p10le")
    // The luma planes (the first 160 × 16 values of each frame).
    let before = try Self.planes(of: path, pixelFormat: "yuv444p10le")
    let after = try Self.planes(of: out, pixelFormat: "yuv444p10le")
    try #require(before.count == after.count)
    let luma = 160 * 16
    let differences = zip(before[0..<luma], after[0..<luma]).map { abs(Int($0) - Int($1)) }
    #expect(differences.max()! <= 1, "a 10-bit level moved by \(differences.max()!)")
    #expect(Set(after[0..<160]).count == Set(before[0..<160]).count)
  }

  /// A 12-bit ramp (FFV1, 4:4:4, one level of 12 bits a column, 160 in a
  /// row) into FFV1 through an identity warp keeps every level within one
  /// level of 12 bits: a 10-bit path would round to every fourth level
  /// (differences of 2, 40 levels left), an 8-bit one to every sixteenth.
  @Test func twelveBitRampIntoFFV1KeepsTwelveBits() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("ramp12.mkv")
    let (width, height) = (160, 16)
    var planes: [UInt16] = []
    for _ in 0..<height { planes += (0..<width).map { UInt16(1800 + $0) } }
    planes += [UInt16](repeating: 2048, count: width * height * 2)
    try Self.clip(
      planes, width: width, height: height, pixelFormat: "yuv444p12le",
      codec: ["-c:v", "ffv1", "-level", "3"], color: ("bt709", "bt709", "bt709"), to: path)
    let out = folder.file("out.mkv")
    let plan = try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: out, encoding: VideoEncoding(codec: .ffv1))
    ).plan()
    #expect(plan.isDeep)
    try plan.run()
    let format = try Self.stream(out)["pix_fmt"] ?? ""
    #expect(format.contains("12") || format.contains("16"), "\(format)")
    let before = try Self.planes(of: path, pixelFormat: "yuv444p12le")
    let after = try Self.planes(of: out, pixelFormat: "yuv444p12le")
    try #require(before.count == after.count)
    let luma = width * height
    let differences = zip(before[0..<luma], after[0..<luma]).map { abs(Int($0) - Int($1)) }
    #expect(differences.max()! <= 1, "a 12-bit level moved by \(differences.max()!)")
    #expect(Set(after[0..<width]).count == width)
  }

  /// The ramp into a PNG sequence: 16-bit PNG frames that keep its
  /// levels (an 8-bit clip's frames stay 8-bit).
  @Test func tenBitRampIntoAPNGSequenceIsSixteenBit() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("ramp.mov")
    try Self.clip(
      Self.ramp422(), width: 160, height: 16, pixelFormat: "yuv422p10le",
      codec: ["-c:v", "prores_ks", "-profile:v", "3"],
      color: ("bt709", "bt709", "bt709"), to: path)
    let pattern = folder.file("frame_%03d.png")
    try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: pattern)
    ).run()
    let frame = try ImageDecoder.decodeFile(path: folder.file("frame_000.png"))
    guard case .rgba16(let picture) = frame.pixels else {
      Issue.record("the frame was written at 8 bits")
      return
    }
    let row = (0..<160).map { picture[$0, 8].g }
    #expect(Set(row).count >= 65, "\(Set(row).count) levels in a row")
  }

  /// A wide-gamut SDR clip (BT.2020 primaries, 10 bits) into 8-bit H.264
  /// is converted to BT.709 primaries, not relabelled: its pixels match
  /// zscale's own BT.2020 → BT.709 conversion of the input within 3 levels.
  @Test func sdrBT2020IntoH264IsConvertedNotRelabelled() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("wide.mp4")
    _ = try VideoTools.output([
      "-v", "error", "-nostdin", "-f", "lavfi", "-i",
      "color=c=0x40a060:size=64x48:rate=10:duration=0.3", "-vf",
      "format=yuv420p10le,setparams=color_primaries=bt2020:color_trc=bt709:colorspace=bt2020nc:range=tv",
      "-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le",
      "-color_primaries", "bt2020", "-color_trc", "bt709", "-colorspace", "bt2020nc", "-y", path,
    ])
    let out = folder.file("out.mp4")
    let notes = Mutex<[String]>([])
    try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: out, encoding: VideoEncoding(codec: .h264))
    ).run(note: { text in notes.withLock { $0.append(text) } })
    #expect(notes.withLock { $0 }.contains { $0.contains("converted to BT.709 primaries") })
    #expect(try Self.stream(out)["color_primaries"] == "bt709")
    func firstPixel(_ file: String) throws -> [Int] {
      let bytes = try VideoTools.output([
        "-v", "error", "-nostdin", "-i", file, "-frames:v", "1", "-vf",
        "zscale=p=bt709:m=bt709:t=bt709,format=rgb24", "-f", "rawvideo", "-",
      ])
      return bytes.prefix(3).map(Int.init)
    }
    let expected = try firstPixel(path)
    let written = try firstPixel(out)
    #expect(zip(expected, written).allSatisfy { abs($0 - $1) <= 3 }, "\(written) vs \(expected)")
  }

  /// An HLG BT.2020 clip to HEVC: Main 10, HLG, BT.2020, and on an
  /// identity warp its code values within 2 levels of 10 bits.
  @Test func hlgStaysHLGThroughHEVC() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.hlgClip(in: folder)
    let out = folder.file("out.mov")
    let notes = Mutex<[String]>([])
    try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(
        path: out, encoding: VideoEncoding(constantRateFactor: 0, codec: .hevc))
    ).run(note: { text in notes.withLock { $0.append(text) } })
    let stream = try Self.stream(out)
    #expect(stream["profile"] == "Main 10" && stream["pix_fmt"] == "yuv420p10le")
    #expect(stream["color_transfer"] == "arib-std-b67")
    #expect(stream["color_primaries"] == "bt2020" && stream["color_space"] == "bt2020nc")
    #expect(notes.withLock { $0 }.contains { $0.contains("kept at 10 bits") })
    let before = try Self.planes(of: path, pixelFormat: "yuv420p10le")
    let after = try Self.planes(of: out, pixelFormat: "yuv420p10le")
    try #require(before.count == after.count)
    let worst = zip(before, after).map { abs(Int($0) - Int($1)) }.max()!
    #expect(worst <= 2, "an HLG code value moved by \(worst) levels of 10 bits")
  }

  /// The same clip into 8-bit H.264: tone-mapped (not its code values
  /// relabelled), tagged BT.709, with a note naming the method.
  @Test func hlgIntoH264IsToneMappedWithANote() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.hlgClip(in: folder)
    let out = folder.file("out.mp4")
    let notes = Mutex<[String]>([])
    try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: out, encoding: VideoEncoding(codec: .h264))
    ).run(note: { text in notes.withLock { $0.append(text) } })
    let stream = try Self.stream(out)
    #expect(stream["pix_fmt"] == "yuv420p" && stream["color_transfer"] == "bt709")
    #expect(stream["color_primaries"] == "bt709" && stream["color_space"] == "bt709")
    #expect(
      notes.withLock { $0 }.contains {
        $0.contains("tone-mapped to SDR BT.709") && $0.contains("hable")
      })
    // Relabelled, the colours would keep their BT.2020 chroma codes (/ 4);
    // converted to BT.709's smaller gamut, the same colours lie about
    // twice as far from grey (HLG's luma is close to SDR's by design).
    let after = try VideoTools.output([
      "-v", "error", "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
    ])
    let before = try Self.planes(of: path, pixelFormat: "yuv420p10le")
    let luma = 96 * 48
    var chromaBefore = 0.0
    var chromaAfter = 0.0
    for i in luma..<(luma * 3 / 2) {
      chromaBefore += abs(Double(before[i]) / 4 - 128) / Double(luma / 2)
      chromaAfter += abs(Double(after[i]) - 128) / Double(luma / 2)
    }
    #expect(
      chromaAfter > 1.5 * chromaBefore,
      "chroma \(chromaAfter) from grey against \(chromaBefore) relabelled: not converted")
  }

  /// A PQ clip's mastering display and MaxCLL/MaxFALL survive HEVC.
  @Test func pqKeepsItsHDRSideData() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("pq.mp4")
    try Self.clip(
      Self.smooth420(), width: 96, height: 48, pixelFormat: "yuv420p10le",
      codec: [
        "-c:v", "libx265", "-x265-params",
        "log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):max-cll=1000,400:hdr10=1",
      ], color: (primaries: "bt2020", transfer: "smpte2084", matrix: "bt2020nc"), to: path)
    let input = try VideoReader(path: path).info
    let display = try #require(input.masteringDisplay)
    #expect(display.x265 == "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)")
    let out = folder.file("out.mp4")
    try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: out, encoding: VideoEncoding(codec: .hevc))
    ).run()
    let written = try VideoReader(path: out).info
    #expect(written.colorTransfer == "smpte2084" && written.color.bitDepth == 10)
    #expect(written.masteringDisplay == display)
    #expect(written.contentLightLevel == ContentLightLevel(maxContent: 1000, maxFrameAverage: 400))
  }

  /// An 8-bit clip stays on the 8-bit path (its 4:2:0 planes converted here).
  @Test func eightBitInputStaysEightBit() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("clip.mp4")
    try ToolProcess.output(
      VideoTools.ffmpeg!,
      [
        "-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-t",
        "0.3", "-c:v", "libx264", "-pix_fmt", "yuv420p", path,
      ])
    let plan = try VideoWarp(
      input: .video(path: path), mesh: .still(Self.identity),
      output: VideoWarp.Output(path: folder.file("out.mp4"))
    ).plan()
    #expect(!plan.isDeep && plan.encoding.deepOutput == nil)
    #expect(plan.reader?.decoding == .rgba8 && plan.reader?.yuv != nil)
  }
}

/// `DepthChoice`, `VideoColor`: the decisions, without ffmpeg.
@Suite struct DepthChoiceTests {
  static let hlg = VideoColor(
    bitDepth: 10, primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc", range: "tv")

  func decide(
    _ color: VideoColor?, _ format: OutputFormat, _ codec: VideoCodec?, depth: Int? = nil
  ) throws -> DepthChoice {
    try DepthChoice.decide(
      input: color, format: format, codec: codec, requested: depth, toneMapping: .hable,
      width: 1920, height: 1080, path: "out")
  }

  @Test func pixelFormatDepths() {
    let cases: [(String, Int)] = [
      ("yuv420p", 8), ("nv12", 8), ("pal8", 8), ("rgb24", 8), ("yuv420p10le", 10),
      ("yuv422p10le", 10), ("yuva444p12le", 12), ("p010le", 10), ("gray10le", 10),
      ("rgb48le", 16), ("rgba64be", 16), ("yuv444p16le", 16), ("nv20le", 10),
    ]
    for (name, bits) in cases {
      #expect(VideoColor.bitDepth(pixelFormat: name) == bits, "\(name)")
    }
  }

  @Test func hdrIsKeptWhereTheCodecHoldsItAndToneMappedElsewhere() throws {
    let hevc = try decide(Self.hlg, .video(.mp4), .hevc)
    #expect(hevc.framesAreDeep && hevc.deepOutput?.bits == 10)
    #expect(hevc.deepOutput?.color.transfer == "arib-std-b67")
    for (format, codec) in [
      (OutputFormat.video(.mp4), VideoCodec?.some(.h264)), (.video(.gif), .gif),
      (.video(.webp), .webp), (.apng, nil),
    ] {
      let choice = try decide(Self.hlg, format, codec)
      #expect(choice.decoding == .toneMapped(Self.hlg, .hable) && choice.deepOutput == nil)
      #expect(choice.note?.contains("tone-mapped") == true)
    }
    let eight = try decide(Self.hlg, .video(.mp4), .hevc, depth: 8)
    #expect(eight.decoding == .toneMapped(Self.hlg, .hable))
  }

  @Test func depthsTheOutputLacksAreRefused() {
    #expect(throws: VideoError.self) { try decide(Self.hlg, .video(.mp4), .h264, depth: 10) }
    #expect(throws: VideoError.self) { try decide(nil, .video(.mov), .prores422hq, depth: 12) }
  }

  @Test func eightBitInputsStayOnTheEightBitPath() throws {
    let sdr = VideoColor(bitDepth: 8, matrix: "bt709", range: "tv")
    for codec in VideoCodec.allCases {
      let choice = try decide(sdr, .video(codec.usualContainer), codec)
      #expect(choice == DepthChoice(decoding: .rgba8, deepOutput: nil, framesAreDeep: false))
    }
    // Asked for 10 bits: encoded at 10 in BT.709, frames still 8-bit.
    let ten = try decide(sdr, .video(.mp4), .hevc, depth: 10)
    #expect(!ten.framesAreDeep && ten.deepOutput?.bits == 10 && ten.decoding == .rgba8)
  }

  @Test func twelveBitsGoAsDeepAsTheCodecHolds() throws {
    let twelve = VideoColor(bitDepth: 12, primaries: "bt709", transfer: "bt709", matrix: "bt709")
    #expect(try decide(twelve, .video(.mkv), .hevc).deepOutput?.bits == 12)
    #expect(try decide(twelve, .video(.mov), .prores422hq).deepOutput?.bits == 10)
    #expect(try decide(twelve, .video(.mp4), .h264).decoding == .exact8(twelve))
  }

  /// A deep HEVC output: zscale in the frames' matrix and range, the
  /// 10-bit format, every tag, and x265's own colour and HDR settings.
  @Test func deepWriterConvertsAndTagsWithTheFramesColour() {
    var encoding = VideoEncoding(codec: .hevc, container: .mkv)
    var color = Self.hlg
    color.contentLightLevel = ContentLightLevel(maxContent: 1000, maxFrameAverage: 400)
    encoding.deepOutput = DeepOutput(color: color, bits: 10)
    encoding.framesAreDeep = true
    let arguments = VideoWriter.arguments(
      width: 64, height: 36, options: encoding, outputPath: "x"
    ).joined(separator: " ")
    #expect(arguments.contains("-pix_fmt rgba64le"))
    #expect(arguments.contains("zscale=m=bt2020nc:r=limited,format=yuv420p10le"))
    #expect(arguments.contains("-color_trc arib-std-b67") && arguments.contains("-color_range tv"))
    #expect(
      arguments.contains(
        "colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc:range=limited:max-cll=1000,400"
      ))
  }

  /// Side data with values no display has (or that overflow x265's
  /// integers) is dropped, not trusted.
  @Test func implausibleMasteringDisplayIsDropped() throws {
    func probe(_ maxLuminance: String) throws -> MasteringDisplay? {
      let json = """
        {"streams": [{"index": 0, "codec_type": "video", "codec_name": "hevc", "width": 4,
          "height": 4, "pix_fmt": "yuv420p10le", "avg_frame_rate": "30/1",
          "color_transfer": "smpte2084", "side_data_list": [{"red_x": "34000/50000",
          "red_y": "16000/50000", "green_x": "13250/50000", "green_y": "34500/50000",
          "blue_x": "7500/50000", "blue_y": "3000/50000", "white_point_x": "15635/50000",
          "white_point_y": "16450/50000", "min_luminance": "1/10000",
          "max_luminance": "\(maxLuminance)"}]}]}
        """
      return try VideoProbe.parse(Array(json.utf8), path: "x").masteringDisplay
    }
    #expect(try probe("10000000/10000")?.maxLuminance == 1000)
    #expect(try probe("1e300/1") == nil)
  }
}
