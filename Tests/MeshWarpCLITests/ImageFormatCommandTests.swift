import Foundation
import MeshWarpCLI
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

/// 128 bytes of an ICC profile header for colour space `space` (`acsp`
/// at 36): enough for the encoders to tell what the profile describes.
func iccHeader(space: String) -> [UInt8] {
  var header = [UInt8](repeating: 0, count: 128)
  header.replaceSubrange(16..<20, with: Array(space.utf8))
  header.replaceSubrange(36..<40, with: Array("acsp".utf8))
  return header
}

/// Image inputs by their bytes and outputs by extension or `--format`.
@Suite struct ImageFormatCommandTests {
  @Test func jpegInWebPAndJPEGOut() throws {
    let dir = TemporaryFolder()
    let image = RGBAImage(width: 40, height: 30, fill: RGBA8(200, 100, 50))
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let jpeg = try JPEGEncoder.encode(image, quality: 95)
    // A JPEG under a misleading name is still read as JPEG.
    try Data(jpeg).write(to: URL(fileURLWithPath: dir.file("photo.png")))
    let toWebP = ToolRun([
      "warp", dir.file("photo.png"), "-m", mesh, "-o", dir.file("out.webp"), "--lossless",
    ])
    #expect(toWebP.status == 0, "\(toWebP.errors)")
    let webp = try ImageDecoder.decodeFile(path: dir.file("out.webp"))
    #expect(webp.format == .webp && webp.image.width == 40)
    #expect(webp.image == (try JPEGDecoder.decode(jpeg)).image)

    let toJPEG = ToolRun([
      "warp", dir.file("out.webp"), "-m", mesh, "-o", dir.file("odd.name"), "--format", "jpg",
      "--quality", "80",
    ])
    #expect(toJPEG.status == 0, "\(toJPEG.errors)")
    #expect(
      ImageFormat.detect(try Data(contentsOf: URL(fileURLWithPath: dir.file("odd.name")))) == .jpeg)
  }

  /// The input's colour description reaches every output that can hold
  /// it; grey input stays grey in PNG.
  @Test func colorDescriptionAndGrayAreCarriedThrough() throws {
    let dir = TemporaryFolder()
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let profile = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 31) }
    let gray = RGBAImage(width: 12, height: 9, fill: RGBA8(90, 90, 90))
    let tagged = try PNGEncoder.encode(
      gray, color: ColorDescription(iccProfile: profile, gamma: 100_000), grayscale: true)
    try Data(tagged).write(to: URL(fileURLWithPath: dir.file("in.png")))
    for out in ["out.png", "out.jpg", "out.webp"] {
      let run = ToolRun(["warp", dir.file("in.png"), "-m", mesh, "-o", dir.file(out)])
      #expect(run.status == 0, "\(run.errors)")
      let read = try ImageDecoder.decodeFile(path: dir.file(out))
      #expect(read.color.iccProfile == profile, "\(out)")
      if out == "out.png" {
        #expect(read.color.gamma == 100_000)
        #expect(read.isGrayscale && read.image == gray)
      }
      if out == "out.jpg" { #expect(read.isGrayscale) }
    }
  }

  /// A TIFF through an identity warp comes out bit for bit, alpha and
  /// ICC profile included, from `.tif` to `.tiff` and on to PNG.
  @Test func tiffRoundTripsThroughAnIdentityWarp() throws {
    let dir = TemporaryFolder()
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "identity.json")
    var rng = SeededRandom(seed: 0x71ff_0003)
    let image = randomImage(width: 45, height: 31, rng: &rng)
    let profile = iccHeader(space: "RGB ") + [UInt8](repeating: 7, count: 40)
    try Data(try TIFFEncoder.encode(image, iccProfile: profile)).write(
      to: URL(fileURLWithPath: dir.file("in.tif")))
    for (input, output) in [
      ("in.tif", "out.tiff"), ("out.tiff", "out.tif"), ("out.tif", "out.png"),
    ] {
      let run = ToolRun(["warp", dir.file(input), "--mesh", mesh, "-o", dir.file(output)])
      #expect(run.status == 0, "\(run.errors)")
      let read = try ImageDecoder.decodeFile(path: dir.file(output))
      #expect(read.format == (output.hasSuffix(".png") ? .png : .tiff))
      #expect(read.image == image, "\(output)")
      #expect(read.color.iccProfile == profile, "\(output)")
    }
  }

  @Test func transparentPixelsInJPEGAreCompositedWithANote() throws {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 16, height: 16, fill: .transparent), "in.png")
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let run = ToolRun([
      "warp", input, "-m", mesh, "-o", dir.file("out.jpg"), "--background", "#000000",
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("note: ") && run.errors.contains("composited over rgb(0,0,0)"))
    let out = try ImageDecoder.decodeFile(path: dir.file("out.jpg")).image
    #expect(out[8, 8].r < 3 && out[8, 8].a == 255)
  }

  /// `--background` with alpha keeps its alpha in PNG (warp and gradient,
  /// stills and animation frames): a transparent pixel becomes the
  /// background as given, a half-transparent one is "over" it, an opaque
  /// one is unchanged.
  @Test func translucentBackgroundKeepsItsAlpha() throws {
    let dir = TemporaryFolder()
    var picture = RGBAImage(width: 16, height: 16, fill: .transparent)
    for x in 0..<16 {
      picture[x, 0] = RGBA8(0, 0, 255, 255)
      picture[x, 1] = RGBA8(0, 0, 255, 128)
    }
    let input = dir.write(picture, "in.png")
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let still = ToolRun([
      "warp", input, "-m", mesh, "-o", dir.file("out.png"), "--background", "#ff000080",
    ])
    #expect(still.status == 0, "\(still.errors)")
    let out = try ImageDecoder.decodeFile(path: dir.file("out.png")).image
    #expect(out[8, 8] == RGBA8(255, 0, 0, 128))
    #expect(out[8, 0] == RGBA8(0, 0, 255, 255))
    // α = 128 + 128·127/255 ≈ 192; blue's share 128·255/(128·255 + 128·127).
    #expect(out[8, 1] == RGBA8(85, 0, 170, 192), "\(out[8, 1])")
    // A gradient whose colours are all transparent shows the background.
    let clear = dir.write(
      """
      {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
       "colors": [[0,0,1,0],[0,0,1,0],[0,0,1,0],[0,0,1,0]]}
      """, "clear.json")
    let gradient = ToolRun([
      "gradient", clear, "--size", "8x8", "--background", "#00ff0040", "--no-dither", "-o",
      dir.file("g.png"),
    ])
    #expect(gradient.status == 0, "\(gradient.errors)")
    let filled = try ImageDecoder.decodeFile(path: dir.file("g.png")).image
    #expect(filled[4, 4] == RGBA8(0, 255, 0, 64), "\(filled[4, 4])")
    let frames = ToolRun([
      "warp", input, "-m", mesh, "-o", dir.file("seq/"), "--background", "#ff000080",
      "--duration", "0.2", "--fps", "10",
    ])
    #expect(frames.status == 0, "\(frames.errors)")
    let frame = try ImageDecoder.decodeFile(path: dir.file("seq/frame_00000.png")).image
    #expect(frame[8, 8] == RGBA8(255, 0, 0, 128))
  }

  /// `--subsampling` reaches the JPEG; it is refused for other formats and
  /// for values it does not know.
  @Test func subsamplingIsAskedForJPEG() throws {
    let dir = TemporaryFolder()
    let input = dir.write(TestImages.smooth(width: 40, height: 30), "in.png")
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let run = ToolRun([
      "warp", input, "-m", mesh, "-o", dir.file("o.jpg"), "--subsampling", "4:2:2",
    ])
    #expect(run.status == 0, "\(run.errors)")
    let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.file("o.jpg"))))
    let sof = try #require(
      (0..<(jpeg.count - 12)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    #expect(jpeg[sof + 11] == 0x21)
    let png = ToolRun(["warp", input, "-m", mesh, "-o", dir.file("o.png"), "--subsampling", "420"])
    #expect(png.status == 2 && png.errors.contains("applies to JPEG output only"), "\(png.errors)")
    let bad = ToolRun(["warp", input, "-m", mesh, "-o", dir.file("o.jpg"), "--subsampling", "411"])
    #expect(bad.status == 2 && bad.errors.contains("one of 444, 422, 420"), "\(bad.errors)")
  }

  @Test func unsupportedOutputIsAUsageErrorBeforeAnyWork() {
    let dir = TemporaryFolder()
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    // A still under a still mesh: the output is checked before the input is
    // decoded. (A missing input is named before anything else:
    // FirstRunMessageTests.missingInputIsNamedFirst.)
    let input = dir.write(RGBAImage(width: 4, height: 4, fill: .white), "in.png")
    for out in ["out.mp4", "out.bmp", "noextension", "out.gif"] {
      let run = ToolRun(["warp", input, "-m", mesh, "-o", dir.file(out)])
      #expect(run.status == 2, "\(out): \(run.errors)")
      #expect(
        run.errors.contains("supported: .png, .jpg/.jpeg, .webp, .tif/.tiff"), "\(run.errors)")
    }
    // The library speaks of its `format` parameter; the CLI of its flag.
    let noExtension = ToolRun(["warp", input, "-m", mesh, "-o", dir.file("noextension")])
    #expect(
      noExtension.errors
        == "meshwarp warp: \(dir.file("noextension")): the name has no extension: say which image format with --format (supported: .png, .jpg/.jpeg, .webp, .tif/.tiff)\n"
    )
    let badFormat = ToolRun(["warp", input, "-m", mesh, "-o", "-", "--format", "bmp"])
    #expect(badFormat.status == 2)
    #expect(
      badFormat.errors
        == "meshwarp warp: -: cannot write format 'bmp' (supported: .png, .jpg/.jpeg, .webp, .tif/.tiff)\n"
    )
    let lossless = ToolRun(["warp", input, "-m", mesh, "-o", "out.jpg", "--lossless"])
    #expect(lossless.status == 2 && lossless.errors.contains("--lossless applies to WebP"))
  }

  @Test func unknownInputNamesWhatItSaw() {
    let dir = TemporaryFolder()
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let run = ToolRun(["warp", mesh, "-m", mesh, "-o", dir.file("out.png")])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "JSON or text is not a supported image format (supported: PNG, JPEG, WebP, GIF, TIFF, HEIC, AVIF)"
      ))
  }

  @Test func gradientStillAsWebPAndAnimationExtensionsRefused() throws {
    let dir = TemporaryFolder()
    let gradient = ToolRun([
      "gradient", "--preset", "meshing", "--size", "64x48", "-o", dir.file("g.webp"),
    ])
    #expect(gradient.status == 0, "\(gradient.errors)")
    #expect(try ImageDecoder.decodeFile(path: dir.file("g.webp")).image.width == 64)
    let animated = ToolRun(["gradient", "--preset", "meshing", "-o", dir.file("g.mov")])
    #expect(animated.status == 2)
    #expect(
      animated.errors
        == "meshwarp gradient: \(dir.file("g.mov")): a single frame is written as .png, .jpg, .webp or .tif; add --duration S for an animation\n"
    )
  }
}

/// `--depth` and `--compress`: a deep still kept deep, rounded on request,
/// and what cannot be written refused as a usage error before any work.
@Suite struct DepthCommandTests {
  /// A 16-bit PNG input, and an identity mesh.
  static func deepInput(_ dir: TemporaryFolder) throws -> (input: String, mesh: String) {
    let image = DeepTestImages.photoLike(width: 20, height: 14, layout: .rgb)
    try Data(try PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: dir.file("deep.png")))
    return (dir.file("deep.png"), dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json"))
  }

  @Test func depthKeepsOrRounds() throws {
    let dir = TemporaryFolder()
    let (input, mesh) = try Self.deepInput(dir)
    var run = ToolRun(["warp", input, "-m", mesh, "-o", dir.file("kept.tif")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try ImageDecoder.decodeFile(path: dir.file("kept.tif")).pixels.isDeep)
    run = ToolRun(["warp", input, "-m", mesh, "--depth", "8", "-o", dir.file("eight.png")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(!(try ImageDecoder.decodeFile(path: dir.file("eight.png")).pixels.isDeep))
    run = ToolRun(["warp", input, "-m", mesh, "-o", dir.file("out.jpg")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("JPEG holds 8 bits a value: the 16-bit picture rounded to 8 bits"))
  }

  @Test func depthAndCompressionMistakesAreUsageErrors() throws {
    let dir = TemporaryFolder()
    let (input, mesh) = try Self.deepInput(dir)
    var run = ToolRun(["warp", input, "-m", mesh, "--depth", "16", "-o", dir.file("out.jpg")])
    #expect(run.status == 2)
    #expect(run.errors.contains("--depth 16 needs a PNG or TIFF output"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("out.jpg")))
    run = ToolRun(["warp", input, "-m", mesh, "--depth", "12", "-o", dir.file("out.png")])
    #expect(run.status == 2)
    #expect(
      run.errors.contains("--depth 12: a still is written at 8 or 16 bits a value"), "\(run.errors)"
    )
    run = ToolRun(["warp", input, "-m", mesh, "--compress", "lzw", "-o", dir.file("out.png")])
    #expect(run.status == 2)
    #expect(run.errors.contains("--compress applies to TIFF output only"), "\(run.errors)")
  }

  /// `--compress` picks the TIFF compression: none holds every sample
  /// (6 bytes a pixel), Deflate (`zip`, ImageMagick's word) is smaller,
  /// LZW another size again.
  @Test func compressPicksTheTIFFCompression() throws {
    let dir = TemporaryFolder()
    let (input, mesh) = try Self.deepInput(dir)
    var sizes: [String: Int] = [:]
    for word in ["none", "lzw", "zip"] {
      let out = dir.file("\(word).tif")
      let run = ToolRun(["warp", input, "-m", mesh, "--compress", word, "-o", out])
      #expect(run.status == 0, "\(run.errors)")
      sizes[word] = try Data(contentsOf: URL(fileURLWithPath: out)).count
    }
    let none = try #require(sizes["none"])
    #expect(none >= 20 * 14 * 6, "uncompressed: \(none) bytes")
    #expect(try #require(sizes["zip"]) < none && (try #require(sizes["lzw"])) != none)
  }
}

/// HEIC and AVIF through the command: a damaged file is a clear error
/// naming it, and neither is written.
@Suite struct HEIFCommandTests {
  @Test func truncatedHEICAndHEIFOutputsAreRefused() throws {
    let dir = TemporaryFolder()
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    // A HEIC's ftyp box and the start of its meta box, cut off.
    let cut: [UInt8] =
      [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
      + [0, 0, 1, 0] + Array("meta".utf8) + [0, 0, 0, 0]
    try Data(cut).write(to: URL(fileURLWithPath: dir.file("cut.heic")))
    var run = ToolRun(["warp", dir.file("cut.heic"), "-m", mesh, "-o", dir.file("out.png")])
    #expect(run.status == 1)
    #expect(run.errors.contains("cut.heic: invalid HEIC: "), "\(run.errors)")
    let input = dir.write(RGBAImage(width: 4, height: 4, fill: .white), "in.png")
    run = ToolRun(["warp", input, "-m", mesh, "-o", dir.file("out.heic")])
    #expect(run.status == 2)
    #expect(run.errors.contains("cannot write .heic images (supported: .png"), "\(run.errors)")
  }
}
