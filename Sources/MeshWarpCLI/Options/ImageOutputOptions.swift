import Foundation
import MeshWarpArguments
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpVideo

/// `--format`, `--quality`, `--lossless`, `--background`: how a command
/// that writes a still image encodes it (beside `-o`, `OutputOptions`);
/// `--overwrite` for a numbered sequence.
struct ImageOutputOptions: ParsableArguments {
  @Option(
    placeholder: "FORMAT", parser: Self.formatParser,
    help:
      "Image format: png, jpg, webp, tif (a note when OUT's name says another); for an animation it must agree with OUT's name, or picks what '-' streams (apng, mp4, mkv, mov, webm, gif, webp).",
    defaultHelp: "from OUT's extension; png for '-', apng for an animation")
  var format: String?
  @Option(
    range: EncoderQuality.range,
    help:
      "Quality of JPEG, lossy and animated WebP, and video (ProRes and GIF ignore it). The default 90 is photo tools' \"high\": JPEG and WebP quality 90; H.264 CRF 18, x264's visually lossless point; HEVC CRF 23 (x265 looks like x264 at a CRF 5 lower); VP9 CRF 24. 100 is CRF 0, 1 the largest CRF, linear between."
  )
  var quality: Int = EncoderQuality.defaultValue
  @Flag(help: "WebP: lossless instead of lossy.") var lossless: Bool
  @Option(
    help:
      "JPEG chroma sampling: 444 keeps colour at full resolution (sharp colour edges), 422 halves it across, 420 both ways (smaller files).",
    defaultHelp: "444 at --quality 90 and above, 420 below, as ImageMagick")
  var subsampling: JPEGEncoder.ChromaSubsampling?
  @Option(
    help:
      "TIFF compression, as ImageMagick's -compress: deflate (zip) or lzw, both with the horizontal predictor, or none.",
    defaultHelp: "deflate")
  var compress: TIFFEncoder.Compression?
  @Option(
    placeholder: "N", range: 0...9,
    help:
      "PNG's zlib level, as Pillow's compress_level and ImageMagick's -quality tens digit: 0 stores (largest, fastest), 1 compresses fastest, 9 smallest; every level is encoded on every core (--threads).",
    defaultHelp: "6")
  var compression: Int?
  @Option(
    short: "b",
    help:
      "Colour behind transparent pixels: #RGB, #RRGGBB, #RRGGBBAA (its alpha kept in PNG and WebP), transparent, black or white.",
    defaultHelp: "white in JPEG, black in .mp4 video, none otherwise")
  var background: ArgumentColor?
  @Flag(
    short: "y",
    help:
      "Replace an existing output, as ffmpeg's -y: a file (also what it does without -y, atomically, once the new one is complete), or the frames of a numbered sequence in its folder (removed once the new ones are written; without -y they are refused)."
  )
  var overwrite: Bool
  @Flag(
    short: "n",
    help:
      "Never replace an existing output, as ffmpeg's -n: exit 1, nothing written, when OUT is an existing file or its sequence's folder holds frames of its pattern."
  )
  var noClobber: Bool

  init() {}

  func validate() throws {
    if overwrite && noClobber {
      throw CLIError.usage(
        "give --overwrite (-y) or --no-clobber (-n), not both: one replaces an existing output, the other keeps it"
      )
    }
  }

  /// `--no-clobber` for the output at `path`: an existing file (a link
  /// followed) is kept, exit 1 (as ffmpeg's `-n`), before any work.
  /// Standard output, FIFOs and devices are written through, replacing
  /// nothing; a sequence's frames are `AnimatedOutput.checkExistingFrames`'s.
  func checkNoClobber(_ path: String) throws {
    guard noClobber, path != StandardOutput.path, !path.contains("%") else { return }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, OutputFile.writesThrough(path) == nil
    else { return }
    throw CLIError.failure(
      "\(path) already exists and --no-clobber (-n) keeps it: nothing written (leave out -n, or give -y, to replace it)"
    )
  }

  /// `--format`: any text reaches the library, which names what it writes
  /// when the word is not one; shells offer the writable formats.
  static var formatParser: ValueParser<String> {
    ValueParser(
      placeholder: "FORMAT", expectation: "", parse: { $0 },
      completion: .words(Self.formatNames))
  }

  /// Every name `--format` takes: the still formats written, then the
  /// animated ones (`OutputFormat.named(_:)`).
  static var formatNames: [String] {
    let still = ImageFormat.allCases.filter(\.isWritable).map(\.rawValue)
    let animated = ["apng"] + VideoContainer.allCases.map(\.rawValue)
    return still + animated.filter { !still.contains($0) }
  }

  /// The still-image format for `path`: `--format`, else the extension.
  ///
  /// - Throws: `CLIError.usage` (exit 2) listing what is written.
  func stillFormat(for path: String) throws -> ImageFormat {
    let chosen: ImageFormat
    do {
      guard case .still(let format) = try OutputTarget.still(path: path, format: format).content
      else { preconditionFailure("a still target holds a still") }
      chosen = format
    } catch let error as OutputTargetError {
      throw CLIError.usage("\(error) (add --duration S)")
    } catch ImageCodecError.missingOutputFormat(let path, let supported) {
      // The library names its `format` parameter; the user gave a flag.
      throw CLIError.usage(
        "\(path): the name has no extension: say which image format with \(longName(of: $format)) (supported: \(supported))"
      )
    } catch let error as ImageCodecError {
      throw CLIError.usage(error.description)
    }
    if lossless && chosen != .webp {
      throw CLIError.usage("--lossless applies to WebP output only (\(path) is \(chosen.name))")
    }
    if subsampling != nil && chosen != .jpeg {
      throw CLIError.usage(
        "--subsampling applies to JPEG output only (\(path) is \(chosen.name))")
    }
    if compress != nil && chosen != .tiff {
      throw CLIError.usage("--compress applies to TIFF output only (\(path) is \(chosen.name))")
    }
    if compression != nil && chosen != .png {
      throw CLIError.usage(
        "--compression applies to PNG output only (\(path) is \(chosen.name)\(chosen == .tiff ? "; TIFF's is --compress" : ""))"
      )
    }
    return chosen
  }

  /// The library's writer of a still at `path` with these options, in
  /// `stillFormat` (what `stillFormat(for:)` chose; nil: chosen here); a
  /// note when `--format` overrides the name's extension.
  ///
  /// - Parameters:
  ///   - keepsMetadata: write the input's metadata and colour (`--strip`: false).
  ///   - threads: encoder threads (`--threads`; 0: every core).
  ///   - depth: the bits a value (`--depth`); nil: the picture's own.
  ///   - toSRGB: convert the pixels to sRGB (`--to-srgb`).
  func stillOutput(
    for path: String, format stillFormat: ImageFormat? = nil, keepsMetadata: Bool = true,
    threads: Int = 0, depth: SampleDepth? = nil, toSRGB: Bool = false, console: Console
  ) throws -> StillOutput {
    let chosen = try stillFormat ?? self.stillFormat(for: path)
    if depth == .bits16 && !chosen.holdsDeepSamples {
      throw CLIError.usage(
        "--depth 16 needs a PNG or TIFF output; \(path) is \(chosen.name), which holds 8 bits a value (give --depth 8 or leave it out)"
      )
    }
    if format != nil,
      let named = ImageFormat.fileExtension(of: path).flatMap(ImageFormat.init(fileExtension:)),
      named != chosen
    {
      console.error(
        "note: \(path) is named as \(named.name) but written as \(chosen.name) (\(longName(of: $format)))"
      )
    }
    var output = try StillOutput(
      path: path, format: chosen, quality: quality, lossless: lossless,
      jpegSubsampling: subsampling, background: background?.rgba, keepsMetadata: keepsMetadata,
      threads: threads, depth: depth, tiffCompression: compress ?? .deflate,
      convertsToSRGB: toSRGB)
    if let compression { output.pngSpeed = .level(compression) }
    return output
  }

  /// Encodes `image` for `path` and writes it (`-`: the console), printing
  /// the encoder's notes (JPEG compositing) on stderr.
  ///
  /// - Parameters:
  ///   - color: the input's colour description, carried to the output.
  ///   - metadata: the input's EXIF, XMP and density, carried to the output.
  ///   - grayscale: the input was grey and the result may stay grey.
  ///   - threads: encoder threads (`--threads`; 0: every core).
  ///   - stillFormat: the format `stillFormat(for:)` already chose; nil: chosen here.
  ///   - depth: the bits a value written; nil: the picture's own.
  func write(
    _ image: PixelImage, to path: String, console: Console,
    color: ColorDescription = ColorDescription(), metadata: ImageMetadata = ImageMetadata(),
    grayscale: Bool = false, threads: Int = 0, format stillFormat: ImageFormat? = nil,
    depth: SampleDepth? = nil
  ) throws {
    let output = try stillOutput(
      for: path, format: stillFormat, threads: threads, depth: depth, console: console)
    if let bytes = try output.write(
      image, color: color, metadata: metadata, grayscale: grayscale,
      note: { console.error("note: " + $0) })
    {
      try console.write(bytes)
    }
  }
}
