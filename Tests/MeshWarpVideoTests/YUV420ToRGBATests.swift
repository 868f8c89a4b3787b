import Foundation
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// `YUV420ToRGBA`: the video reader's limited-range 4:2:0 to RGBA, against
/// the standards' formula, against ffmpeg's own conversion, and through the
/// H.264 writer's conversion and back.
@Suite struct YUV420ToRGBATests {
  static func rgba(
    _ planes: [UInt8], width: Int, height: Int, matrix: YUV420ToRGBA.Matrix,
    vectorized: Bool = true
  ) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    planes.withUnsafeBytes { source in
      pixels.withUnsafeMutableBytes { target in
        YUV420ToRGBA.convert(
          source, width: width, height: height, matrix: matrix, into: target,
          threads: vectorized ? 2 : 1, vectorized: vectorized)
      }
    }
    return pixels
  }

  /// Random planes, a sixth of the samples at each end of the legal range
  /// or beyond it (0 and 255 occur in real streams).
  static func randomPlanes(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var random = SeededRandom(seed: seed)
    return (0..<YUV420RowPair.byteCount(width: width, height: height)).map { _ in
      let v = random.next() % 6
      return v == 0 ? 0 : v == 1 ? 255 : UInt8(truncatingIfNeeded: random.next())
    }
  }

  /// R′G′B′ from the standards' definitions in `Double` (written out here,
  /// apart from the code's fixed-point weights), times 255, rounded and
  /// clamped: E′Y = (Y − 16)/219, and E′Y = K_R·R′ + K_G·G′ + K_B·B′,
  /// Pb = (B′ − E′Y)/(2(1 − K_B)), Pr = (R′ − E′Y)/(2(1 − K_R)).
  static func exact(_ y: UInt8, _ cb: UInt8, _ cr: UInt8, kr: Double, kb: Double) -> [UInt8] {
    let ey = (Double(y) - 16) / 219
    let pb = (Double(cb) - 128) / 224
    let pr = (Double(cr) - 128) / 224
    let r = ey + 2 * (1 - kr) * pr
    let b = ey + 2 * (1 - kb) * pb
    let g = (ey - kr * r - kb * b) / (1 - kr - kb)
    return [r, g, b].map { UInt8(min(max(($0 * 255).rounded(), 0), 255)) } + [255]
  }

  /// Each pixel within 1 of the exact formula (fixed-point rounding), for
  /// both matrices, on random planes including out-of-range samples; each
  /// chroma sample serves its 2 × 2 pixels.
  @Test(arguments: [YUV420ToRGBA.Matrix.bt601, .bt709])
  func matchesTheStandardsFormula(matrix: YUV420ToRGBA.Matrix) {
    let (w, h) = (22, 6)
    let planes = Self.randomPlanes(width: w, height: h, seed: matrix == .bt601 ? 3 : 4)
    let pixels = Self.rgba(planes, width: w, height: h, matrix: matrix)
    let (kr, kb) = matrix == .bt601 ? (0.299, 0.114) : (0.2126, 0.0722)
    var worst = 0
    for y in 0..<h {
      for x in 0..<w {
        let chroma = (y / 2) * (w / 2) + x / 2
        let expected = Self.exact(
          planes[y * w + x], planes[w * h + chroma], planes[w * h + w * h / 4 + chroma],
          kr: kr, kb: kb)
        for c in 0..<4 {
          worst = max(worst, abs(Int(pixels[(y * w + x) * 4 + c]) - Int(expected[c])))
        }
      }
    }
    #expect(worst <= 1, "\(matrix): largest difference \(worst)")
  }

  /// BT.709's table values come back as the primaries: (63, 102, 240) is
  /// red, (173, 42, 26) green, (32, 240, 118) blue, within 1; black and
  /// white exactly. And BT.601's red (81, 90, 240) is red.
  @Test func standardsValuesGiveThePrimaries() {
    for (matrix, ycbcr, expected) in [
      (YUV420ToRGBA.Matrix.bt709, [16, 128, 128], [0, 0, 0]),
      (.bt709, [235, 128, 128], [255, 255, 255]), (.bt709, [63, 102, 240], [255, 0, 0]),
      (.bt709, [173, 42, 26], [0, 255, 0]), (.bt709, [32, 240, 118], [0, 0, 255]),
      (.bt601, [81, 90, 240], [255, 0, 0]),
    ] {
      let planes =
        [UInt8](repeating: UInt8(ycbcr[0]), count: 4) + [UInt8(ycbcr[1]), UInt8(ycbcr[2])]
      let pixels = Self.rgba(planes, width: 2, height: 2, matrix: matrix)
      let worst = (0..<4).map { p in
        (0..<3).map { abs(Int(pixels[p * 4 + $0]) - expected[$0]) }.max()!
      }.max()!
      #expect(worst <= 1, "\(matrix) \(ycbcr): \(Array(pixels[0..<4]))")
      #expect(pixels[3] == 255)
    }
  }

  /// The vector path (eight pixels of a row pair at a time) gives the
  /// scalar path's bytes, for widths that leave 0, 2, 4 and 6 pixels for
  /// the scalar tail.
  @Test(arguments: [(16, 4), (18, 2), (100, 6), (102, 8), (2, 2)])
  func vectorPathMatchesTheScalarPath(width: Int, height: Int) {
    for matrix in [YUV420ToRGBA.Matrix.bt601, .bt709] {
      let planes = Self.randomPlanes(width: width, height: height, seed: UInt64(width + height))
      let vector = Self.rgba(planes, width: width, height: height, matrix: matrix)
      let scalar = Self.rgba(
        planes, width: width, height: height, matrix: matrix, vectorized: false)
      #expect(vector == scalar, "\(matrix) \(width)x\(height)")
    }
  }

  /// A gradient frame through the H.264 writer's conversion and back: each
  /// channel within 4 of where it started (the budget: Y's rounding to 219
  /// steps, about ±0.6; chroma's, up to ±1.1 in B; chroma shared by 2 × 2
  /// pixels of a gradient stepping 3 a pixel, up to ±1.5 more; measured: 4).
  @Test func roundTripsTheWritersConversion() {
    let (w, h) = (64, 32)
    var image = RGBAImage(width: w, height: h, fill: RGBA8(0, 0, 0, 255))
    for y in 0..<h {
      for x in 0..<w {
        image[x, y] = RGBA8(UInt8(x * 3), UInt8(40 + y * 3), UInt8(220 - x - y), 255)
      }
    }
    var planes: [UInt8] = []
    YUV420Conversion.convert(image, into: &planes, threads: 1)
    let back = Self.rgba(planes, width: w, height: h, matrix: .bt709)
    let worst = zip(back, image.pixels).map { abs(Int($0) - Int($1)) }.max()!
    #expect(worst <= 4, "largest difference \(worst)")
  }

  /// The same planes converted here and by ffmpeg (`scale=in_color_matrix=…:
  /// in_range=tv`, swscale's default filter): within 3 per channel and
  /// under 1 on average (swscale's own rounding: measured against the
  /// exact formula, it is off by up to 3, 0.8 on average). A wrong matrix
  /// is off by up to 52 and 7 on average; a wrong range by more.
  @Test(
    .enabled(if: VideoTools.available, "needs ffmpeg"),
    arguments: [(YUV420ToRGBA.Matrix.bt601, "bt601"), (.bt709, "bt709")])
  func agreesWithFFmpegsConversion(matrix: YUV420ToRGBA.Matrix, name: String) throws {
    let (w, h) = (96, 64)
    // Legal values only (swscale clips differently outside them).
    var random = SeededRandom(seed: 11)
    var planes = (0..<(w * h)).map { _ in UInt8(16 + random.next() % 220) }
    planes += (0..<(w * h / 2)).map { _ in UInt8(16 + random.next() % 225) }
    let ours = Self.rgba(planes, width: w, height: h, matrix: matrix)
    let directory = try TemporaryDirectory()
    let input = directory.file("in.yuv")
    try AtomicFile.write(planes, to: input)
    let theirs = try VideoTools.output([
      "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(w)x\(h)",
      "-i", input, "-vf", "scale=in_color_matrix=\(name):in_range=tv,format=rgba", "-f",
      "rawvideo", "-",
    ])
    try #require(theirs.count == ours.count)
    let differences = zip(ours, theirs).map { abs(Int($0) - Int($1)) }
    let worst = differences.max()!
    let mean = Double(differences.reduce(0, +)) / Double(differences.count)
    #expect(worst <= 3, "\(name): largest difference \(worst)")
    #expect(mean < 1, "\(name): mean difference \(mean)")
    print("YUV420ToRGBA \(name): within \(worst) of ffmpeg, mean \(mean)")
  }

  /// Which streams take this conversion: limited-range 8-bit 4:2:0 at
  /// even sides with a matrix read as BT.601 or BT.709 (untagged: by size);
  /// everything else is left to ffmpeg.
  @Test func choosesTheStreamsItConvertsAsFFmpegWould() {
    func info(
      _ format: String, _ matrix: String = "", _ range: String = "", width: Int = 64,
      height: Int = 48, alpha: Bool = false
    ) -> VideoInfo {
      VideoInfo(
        width: width, height: height, storedWidth: width, storedHeight: height, rotation: 0,
        frameRate: FrameRate(numerator: 30, denominator: 1), frameCount: nil, duration: nil,
        hasAudio: false, hasAlpha: alpha, codec: "h264", pixelFormat: format, streamIndex: 0,
        colorMatrix: matrix, colorRange: range)
    }
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p")) == .bt601)
    // Untagged: what players assume, BT.709 from HD on.
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", width: 720, height: 576)) == .bt601)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", width: 1280, height: 720)) == .bt709)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", width: 1080, height: 1920)) == .bt709)
    #expect(
      YUV420ToRGBA.matrix(for: info("yuv420p", "smpte170m", width: 1920, height: 1080)) == .bt601)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", "smpte170m", "tv")) == .bt601)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", "bt470bg")) == .bt601)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", "bt709", "tv")) == .bt709)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", "bt2020nc")) == nil)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", "bt709", "pc")) == nil)
    #expect(YUV420ToRGBA.matrix(for: info("yuvj420p")) == nil)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p10le")) == nil)
    #expect(YUV420ToRGBA.matrix(for: info("yuv422p")) == nil)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", width: 63)) == nil)
    #expect(YUV420ToRGBA.matrix(for: info("yuv420p", alpha: true)) == nil)
    #expect(YUV420ToRGBA.matrix(for: info("rgb24")) == nil)
  }
}
