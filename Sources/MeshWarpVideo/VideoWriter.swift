import Foundation
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Settings of the ffmpeg video writer (``VideoWriter``).
public struct VideoEncoding: Sendable, Equatable {
  /// What to do with an odd width or height, which H.264 in 4:2:0 cannot
  /// hold.
  public enum OddSizeHandling: Sendable, Equatable {
    /// Add one column/row at the right/bottom that repeats the edge pixels
    /// (default): no seam of another colour.
    case pad
    /// Drop the last row/column.
    case crop
  }

  /// x264 speed/size presets, fastest to slowest.
  public enum Preset: String, Sendable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow
  }

  /// Frames per second (> 0).
  public var framesPerSecond: Double
  /// Quality 1 … 100 (default 90), mapped to each encoder's setting by
  /// ``VideoQuality``: the H.264 and VP9 constant rate factor, the WebP
  /// quality; no effect on ProRes and GIF.
  public var quality: Int
  /// An expert override of the H.264 (0 … 51) or VP9 (0 … 63) constant rate
  /// factor, lower is better; nil (default): from ``quality``.
  public var constantRateFactor: Int?
  public var preset: Preset
  public var oddSize: OddSizeHandling
  /// Video has no alpha: frames are composited over this colour, its alpha
  /// ignored (and padding uses it). Opaque black by default.
  public var background: RGBA8
  /// The ffmpeg to run; nil: `MESHWARP_FFMPEG`, else `ffmpeg` on PATH.
  public var ffmpegPath: String?
  /// The encoder; nil (default): the container's default
  /// (``VideoContainer/defaultCodec(transparent:)``: for MOV, ProRes 4444
  /// with alpha, or ProRes 422 HQ when an export finds its frames opaque).
  /// Must be one of ``container``'s ``VideoContainer/codecs``.
  public var codec: VideoCodec?
  /// The file format; nil (default): ``codec``'s usual one
  /// (``VideoCodec/usualContainer``), else MP4. ``FrameSinks`` set it from
  /// the output's extension.
  public var container: VideoContainer?
  /// A media file whose audio streams are copied into the output untouched
  /// (`-map 1:a? -c:a copy`), when the codec's container carries audio; nil
  /// for none.
  public var audioSource: String?
  /// What happens to ``audioSource``'s audio: copied (default), or
  /// transcoded where the container cannot hold it
  /// (``AudioPlan/decide(codecs:into:)``); `.none` leaves it out.
  public var audioPlan: AudioPlan = .copy
  /// Seconds of ``audioSource`` skipped before its audio is taken (≥ 0;
  /// ffmpeg's input `-ss`), so that a trimmed clip keeps its sound in sync.
  /// Copied audio starts with the first whole packet after the cut (at
  /// most one packet in, e.g. 23 ms of AAC at 44.1 kHz: `-copypriorss 0`);
  /// transcoded audio starts at the cut.
  public var audioStart: Double = 0
  /// Seconds of ``audioSource``'s audio taken (input `-t`); nil: to its end.
  public var audioDuration: Double?
  /// How many times a GIF or animated WebP output plays (0, the default:
  /// forever): an animated input's own count travels (``VideoInfo/loopCount``).
  public var loopCount = 0
  /// A media file whose subtitle streams go into the output as
  /// ``subtitlePlan`` says, cut as the audio is (``audioStart``,
  /// ``audioDuration``); nil for none.
  public var subtitleSource: String?
  /// What happens to ``subtitleSource``'s subtitles (``SubtitlePlan``);
  /// default `.none`.
  public var subtitlePlan: SubtitlePlan = .none
  /// A media file whose container metadata (creation time, location,
  /// make, model: an iPhone clip's `com.apple.quicktime.*` keys) is
  /// written into a MOV, MP4 or MKV output (`-map_metadata`, with
  /// `-movflags use_metadata_tags` so that MP4 and MOV keep Apple's keys);
  /// nil (default): none.
  public var metadataSource: String?
  /// The frames hold BT.709 limited-range Y′CbCr in their R, G, B bytes
  /// (a warp kept in Y′CbCr: ``YCbCr420Packing``), sent packed, not
  /// converted; ``background`` stays sRGB and is converted. Only for H.264
  /// at an even size (``VideoWriter/sendsYUV(width:height:codec:)``).
  package var framesAreYCbCr = false
  /// Each frame keeps the duration given to `VideoWriter.append(_:duration:)`
  /// (a variable-rate clip, a GIF's delays): frames go to ffmpeg in
  /// Matroska with their timestamps (`MatroskaRawFrames`), encoded with
  /// `-fps_mode passthrough` in the input's microsecond time base, instead
  /// of as raw video at ``framesPerSecond``. Frames appended without a
  /// duration show for `1 / framesPerSecond`. The last frame keeps its
  /// duration too (`LastFrameDuration`: a stream-copy remux of MP4, MOV,
  /// Matroska and WebM, GIF's final delay, WebP's last frame), except in
  /// a stream to standard output, where it ends one tick after it starts.
  public var keepsFrameTimes = false
  /// A numbered sequence (``PNGSequenceWriter``, made by ``FrameSinks``)
  /// into a folder that already holds frames of its pattern: false
  /// (default) refuses it, true removes the old frames once the new ones
  /// are in place.
  public var replacesExistingFrames = false
  /// Frames that the APNG and numbered-sequence writers made by
  /// ``FrameSinks`` encode at once, one thread each (≥ 1); 0 (default):
  /// one per active core. A command's `--threads` sets it, so that
  /// `--threads 1` keeps an export on one core.
  public var concurrentFrames = 0
  /// The output's bits per value: 8, or 10 and 12 where the codec holds
  /// them (``VideoCodec/depths``); nil (default): a video input's own
  /// depth, as deep as the codec holds (an 8-bit input stays at 8). A
  /// warp decides it (``VideoWarp``); a writer on its own reads
  /// `deepOutput`.
  public var depth: Int?
  /// How an HDR (HLG or PQ) video is brought to SDR BT.709 for an output
  /// written at 8 bits (default ``ToneMapping/hable``).
  public var toneMapping = ToneMapping.hable
  /// A deep output: the colour its frames are in, which it is converted
  /// to Y′CbCr with and tagged with, and its bits per value; nil: frames
  /// are sRGB, written as 8-bit BT.709 (10-bit for ProRes).
  package var deepOutput: DeepOutput?
  /// Frames come as `RGBA16Image` (``VideoWriter/append(_:duration:)-(RGBA16Image,_)``),
  /// sent as `rgba64le`; only with `deepOutput`.
  package var framesAreDeep = false

  public init(
    framesPerSecond: Double = 30, quality: Int = EncoderQuality.defaultValue,
    constantRateFactor: Int? = nil, preset: Preset = .medium,
    oddSize: OddSizeHandling = .pad, background: RGBA8 = .black, ffmpegPath: String? = nil,
    codec: VideoCodec? = nil, container: VideoContainer? = nil, audioSource: String? = nil
  ) {
    self.codec = codec
    self.container = container
    self.audioSource = audioSource
    self.framesPerSecond = framesPerSecond
    self.quality = quality
    self.constantRateFactor = constantRateFactor
    self.preset = preset
    self.oddSize = oddSize
    self.background = background
    self.ffmpegPath = ffmpegPath
  }

  /// The container written: ``container``, else ``codec``'s usual one,
  /// else MP4.
  public var resolvedContainer: VideoContainer {
    container ?? codec?.usualContainer ?? .mp4
  }

  /// The encoder used: ``codec``, else the container's default for frames
  /// that may be transparent (MOV: ProRes 4444 with alpha).
  public var resolvedCodec: VideoCodec {
    codec ?? resolvedContainer.defaultCodec(transparent: true)
  }

  /// Why ``codec`` cannot go into ``resolvedContainer``, naming the codecs
  /// it holds; nil when it can.
  public var codecMismatch: String? {
    let container = resolvedContainer
    guard let codec, !container.codecs.contains(codec) else { return nil }
    return "\(container.displayName) cannot hold \(codec.rawValue); it takes "
      + container.codecs.map(\.rawValue).joined(separator: ", ")
  }

  /// Throws ``VideoError/unsupportedOutput(path:reason:)`` for `path` when
  /// ``codec`` cannot go into ``resolvedContainer`` (``codecMismatch``).
  package func checkCodecFits(path: String) throws(VideoError) {
    if let mismatch = codecMismatch { throw .unsupportedOutput(path: path, reason: mismatch) }
  }
}

/// A deep video output: its colour (every tag named) and bits per value.
package struct DeepOutput: Sendable, Equatable {
  package var color: VideoColor
  package var bits: Int

  package init(color: VideoColor, bits: Int) {
    self.color = color
    self.bits = bits
  }
}

/// Writes video (H.264 or HEVC in MP4, MOV or MKV, ProRes 4444 or 422 HQ
/// in MOV, VP9 in WebM or MKV, GIF, animated WebP: ``VideoEncoding/codec``
/// and ``VideoEncoding/container``) by piping raw RGBA frames to an `ffmpeg` process:
/// `ffmpeg -f rawvideo -pix_fmt rgba -s WxH -r FPS -i - [-i AUDIO] -vf …
/// -c:v ENCODER …` (see `arguments(width:height:options:outputPath:)`).
///
/// Colour: frames are sRGB; the YUV formats are converted with the BT.709
/// matrix in limited ("TV") range and tagged BT.709 (matrix, primaries,
/// transfer), which is what players assume for HD and what sRGB content
/// displays as on them. H.264 at an even size is converted here
/// (`YUV420Conversion`, in parallel) and sent as `yuv420p` (HEVC too), or, for
/// frames kept in Y′CbCr (`VideoEncoding/framesAreYCbCr`), packed
/// (`YCbCr420Packing`); the rest as RGBA, converted by ffmpeg's `scale`
/// filter.
///
/// ffmpeg writes a temporary file beside the target, renamed over it only
/// when ffmpeg succeeds; a failure leaves an existing file untouched and
/// reports ffmpeg's exit status and the cause in a sentence
/// (`FFmpegFailure`), its whole error output saved to a log file.
///
/// To standard output (`"-"`) ffmpeg writes straight to this process's
/// standard output (`pipe:1`) as the frames arrive, in a form that needs no
/// seeking: fragmented MP4 and MOV (`-movflags
/// frag_keyframe+empty_moov+default_base_moof`), Matroska and WebM as they
/// are, GIF from its second pass (the intermediate files then wait in the
/// temporary directory). What was streamed cannot be taken back: a failure
/// part-way leaves the reader a cut-off stream (and the error); a reader
/// that goes away is `FileError.brokenPipe`.
///
/// Frames go through a Unix socket pair rather than a pipe, written with
/// `MSG_NOSIGNAL`: if ffmpeg dies mid-way the write fails with EPIPE instead
/// of raising SIGPIPE, whatever the process's signal settings.
public final class VideoWriter: FrameSink {
  public let destination: String
  public let width: Int
  public let height: Int
  public let options: VideoEncoding
  /// The encoder in use (``VideoEncoding/resolvedCodec``).
  public let codec: VideoCodec
  /// The file format written (``VideoEncoding/resolvedContainer``).
  public let container: VideoContainer
  /// The ffmpeg executable in use.
  public let ffmpegPath: String

  /// The temporary file renamed over the target; nil for standard output.
  private let output: AtomicFileWriter?
  /// Where ffmpeg writes: the temporary file, or ``standardOutputTarget``.
  private let target: String
  /// The GIF passes' intermediate files are named after this path.
  private let intermediates: String
  private let process: SpawnedProcess
  /// H.264 at an even size: frames go to ffmpeg as `yuv420p`
  /// (``YUV420Conversion``), converted here; else as RGBA.
  private let sendsYUV: Bool
  /// Whether the frames go to the file with their alpha (else composited
  /// over the background): the codec's, but a deep VP9 (profile 2) has none.
  private let keepsAlpha: Bool
  /// The converted frame, reused.
  private var planes: [UInt8] = []
  private var socket: Int32
  private let stderrFile: Int32
  /// ffmpeg's `-progress` report (its standard output, an unlinked
  /// temporary file; ``EncoderProgress``); -1 when it streams.
  private let progressFile: Int32
  /// Each frame's start in seconds, for ``framesEncoded``.
  private var starts: [Double] = []
  /// The opaque canvas each frame is drawn over (video has no alpha).
  private let background: RGBAImage
  private let lifecycle: FrameWriterLifecycle
  /// ``VideoEncoding/keepsFrameTimes``: the next frame's start, in seconds.
  private var clock: Double = 0
  /// ``VideoEncoding/keepsFrameTimes``: the last frame's duration, in seconds.
  private var lastDuration: Double = 0
  /// Where the encoding ffmpeg writes: ``target``, or, for a variable-rate
  /// MP4, MOV, Matroska or WebM file, an intermediate file that
  /// ``LastFrameDuration`` remuxes into ``target``.
  private let encoded: String

  /// Starts ffmpeg for a `width × height` video at `path`.
  ///
  /// - Parameters:
  ///   - path: the file to write (its extension need not match the codec);
  ///     replaced only when ``finish()`` succeeds; `"-"`: streamed to
  ///     standard output.
  ///   - width: the frame width in pixels (≥ 1).
  ///   - height: the frame height in pixels (≥ 1).
  ///   - options: frame rate, quality, codec, background, audio source.
  ///   - environment: where `MESHWARP_FFMPEG` and `PATH` are read (the
  ///     process environment by default).
  /// - Throws: `VideoError.toolUnavailable` when ffmpeg is not found or
  ///   does not start; `.unsupportedOutput` for a bad size or a codec the
  ///   container cannot hold; `.fileSystem` when the temporary file cannot
  ///   be created.
  public init(
    path: String, width: Int, height: Int, options: VideoEncoding = .init(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    let minimum = options.oddSize == .crop ? 2 : 1
    guard width >= minimum, height >= minimum, width <= 16384, height <= 16384 else {
      throw VideoError.unsupportedOutput(
        path: path,
        reason: "an MP4 video cannot be \(width)×\(height) (H.264: \(minimum)…16384 per side)")
    }
    guard options.framesPerSecond > 0, options.framesPerSecond.isFinite else {
      throw VideoError.unsupportedOutput(
        path: path, reason: "frame rate must be > 0 (got \(options.framesPerSecond))")
    }
    try options.checkCodecFits(path: path)
    codec = options.resolvedCodec
    container = options.resolvedContainer
    destination = path
    self.width = width
    self.height = height
    self.options = options
    sendsYUV =
      options.deepOutput == nil && Self.sendsYUV(width: width, height: height, codec: codec)
    keepsAlpha = Self.keepsAlpha(codec, options)
    ffmpegPath =
      try options.ffmpegPath.map { explicit in
        guard let found = ExecutableLocator.find(explicit, environment: environment) else {
          throw VideoError.toolUnavailable(
            tool: "ffmpeg", reason: "\(explicit) is not an executable file")
        }
        return found
      } ?? ExecutableLocator.ffmpeg(environment: environment)
    let streams = path == StandardOutput.path
    let output = streams ? nil : try AtomicFileWriter(path: path)
    self.output = output
    target = output?.temporaryPath ?? Self.standardOutputTarget
    intermediates =
      output?.temporaryPath
      ?? Self.temporaryDirectoryPath("meshwarp-gif-" + UUID().uuidString.prefix(8))
    encoded =
      output != nil && options.keepsFrameTimes
        && LastFrameDuration.remuxes(options.resolvedContainer)
      ? Self.untimedPath(intermediates) : target
    precondition(
      !options.framesAreYCbCr || sendsYUV, "Y′CbCr frames need H.264 at an even size")
    let b = options.background
    let canvas = RGBA8(b.r, b.g, b.b, 255)
    background =
      keepsAlpha
      ? RGBAImage(width: 0, height: 0)
      : RGBAImage(
        width: width, height: height,
        fill: options.framesAreYCbCr ? YUV420Conversion.ycbcr(of: canvas) : canvas)
    lifecycle = FrameWriterLifecycle(destination: path, noun: "video", frameSize: (width, height))

    // ffmpeg's error output goes to an unlinked temporary file: no pipe to
    // drain, readable after ffmpeg exits.
    var template = Array(Self.temporaryDirectoryPath("meshwarp-ffmpeg-XXXXXX").utf8CString)
    let stderrFile: Int32
    do {
      stderrFile = try systemCall { mkstemp(&template) }
    } catch {
      output?.discard()
      throw error.fileSystem(path: NSTemporaryDirectory(), .create)
    }
    unlink(template)
    _ = fcntl(stderrFile, F_SETFD, FD_CLOEXEC)
    self.stderrFile = stderrFile
    var progressTemplate = Array(
      Self.temporaryDirectoryPath("meshwarp-progress-XXXXXX").utf8CString)
    progressFile = streams ? -1 : mkstemp(&progressTemplate)
    if progressFile >= 0 {
      unlink(progressTemplate)
      _ = fcntl(progressFile, F_SETFD, FD_CLOEXEC)
    }

    var pair: [Int32] = [-1, -1]
    do {
      try systemCall {
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
      }
    } catch {
      output?.discard()
      close(stderrFile)
      if progressFile >= 0 { close(progressFile) }
      throw VideoError.toolUnavailable(tool: "ffmpeg", reason: "socketpair failed: \(error)")
    }
    socket = pair[0]
    shutdown(pair[0], Int32(SHUT_RD))
    shutdown(pair[1], Int32(SHUT_WR))

    do {
      process = try SpawnedProcess(
        tool: "ffmpeg", executable: ffmpegPath,
        arguments: Self.arguments(
          width: width, height: height, options: options, outputPath: encoded,
          intermediates: intermediates, reportsProgress: progressFile >= 0),
        input: pair[1],
        output: streams ? (codec != .gif ? STDOUT_FILENO : nil) : progressFile,
        error: stderrFile)
    } catch {
      close(pair[0])
      close(pair[1])
      close(stderrFile)
      if progressFile >= 0 { close(progressFile) }
      output?.discard()
      throw error
    }
    close(pair[1])  // ffmpeg holds its own copy; ours would hide its exit
  }

  deinit { cancel() }

  /// The size of the encoded video for frames of `width × height`: H.264,
  /// HEVC and ProRes need even sides (``VideoCodec/needsEvenSize``), so an
  /// odd one grows by one pixel (``VideoEncoding/OddSizeHandling/pad``) or
  /// loses one (`crop`); the other codecs keep the size.
  package static func encodedSize(width: Int, height: Int, options: VideoEncoding) -> (
    width: Int, height: Int
  ) {
    guard options.resolvedCodec.needsEvenSize else { return (width, height) }
    let grow = options.oddSize == .pad ? 1 : 0
    return (
      width + (width % 2 == 1 ? 2 * grow - 1 : 0), height + (height % 2 == 1 ? 2 * grow - 1 : 0)
    )
  }

  /// The note for frames of `width × height` that ``encodedSize(width:height:options:)``
  /// changes ("H.264 needs even sizes: 65x49 padded to 66x50 by repeating
  /// the edge pixels"); nil when the size is kept. A MOV whose ProRes is
  /// not chosen yet says "ProRes" (both need even sizes).
  package static func evenSizeNote(width: Int, height: Int, options: VideoEncoding) -> String? {
    let encoded = encodedSize(width: width, height: height, options: options)
    guard encoded != (width, height) else { return nil }
    let codec = options.resolvedCodec
    let name =
      options.codec == nil && options.resolvedContainer.choosesCodecByContent
      ? "ProRes" : codec.displayName
    let change =
      encoded.width > width || encoded.height > height
      ? "padded to \(encoded.width)x\(encoded.height) by repeating the edge pixels"
      : "cropped to \(encoded.width)x\(encoded.height)"
    return "\(name) needs even sizes: \(width)x\(height) \(change)"
  }

  /// Whether frames of this size and codec are sent as `yuv420p`: H.264
  /// or HEVC (whose 4:2:0 needs no alpha) at an even size (odd sizes are
  /// padded or cropped by ffmpeg's filters first).
  package static func sendsYUV(width: Int, height: Int, codec: VideoCodec) -> Bool {
    codec.takesYUV420 && width % 2 == 0 && height % 2 == 0
  }

  /// Whether `codec` keeps alpha as `options` write it: a deep VP9
  /// (`yuv420p10le`, profile 2) has no alpha plane.
  static func keepsAlpha(_ codec: VideoCodec, _ options: VideoEncoding) -> Bool {
    codec.keepsAlpha && !(options.deepOutput != nil && codec == .vp9)
  }

  /// Where ffmpeg writes for standard output: its own standard output,
  /// which is this process's.
  static let standardOutputTarget = "pipe:1"

  /// ffmpeg's command line (without the program): frames to `outputPath`
  /// (``standardOutputTarget``: streamed), the GIF passes' intermediate
  /// files named after `intermediates` (default: `outputPath`).
  static func arguments(
    width: Int, height: Int, options: VideoEncoding, outputPath: String,
    intermediates: String? = nil, reportsProgress: Bool = false
  ) -> [String] {
    let streams = outputPath == standardOutputTarget
    // MP4 and MOV put their index (moov) after the media, or move it to
    // the front (faststart) by seeking back; a stream needs fragments
    // after an empty moov.
    let fragmented = ["-movflags", "frag_keyframe+empty_moov+default_base_moof"]
    let (p, q) = bestRationalApproximation(options.framesPerSecond, limit: 1_000_000)
    let codec = options.resolvedCodec
    let container = options.resolvedContainer
    let keys = options.metadataSource != nil ? "+use_metadata_tags" : ""
    let movieFlags =
      container == .mp4 || container == .mov
      ? (streams
        ? [fragmented[0], fragmented[1] + keys]
        : container == .mp4
          ? ["-movflags", "+faststart" + keys] : keys.isEmpty ? [] : ["-movflags", keys])
      : []
    let deep = options.deepOutput
    let yuv = deep == nil && sendsYUV(width: width, height: height, codec: codec)
    let alpha = keepsAlpha(codec, options)
    var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error"]
    if reportsProgress { arguments += ["-progress", "pipe:1"] }
    if !options.keepsFrameTimes {
      arguments += [
        "-f", "rawvideo", "-pix_fmt",
        options.framesAreDeep ? "rgba64le" : yuv ? "yuv420p" : "rgba", "-s", "\(width)x\(height)",
        "-r", "\(p)/\(q)",
      ]
    }
    if yuv {
      arguments += [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
        "-color_range", "tv",
      ]
    }
    if options.keepsFrameTimes { arguments += ["-f", "matroska"] }
    arguments += ["-i", "-"]
    let audio = container.carriesAudio && options.audioPlan != .none ? options.audioSource : nil
    if let audio {
      if options.audioStart > 0 { arguments += ["-ss", "\(options.audioStart)"] }
      if let seconds = options.audioDuration { arguments += ["-t", "\(seconds)"] }
      arguments += ["-i", "file:" + audio]
    }
    var inputs = audio.map { [$0] } ?? []
    // The subtitles: from the audio's input where it is the same file, else
    // from an input cut the same way.
    var subtitles: Int? = nil
    if let source = options.subtitleSource, options.subtitlePlan != .none, codec != .gif {
      if let index = inputs.firstIndex(of: source) {
        subtitles = index + 1
      } else {
        if options.audioStart > 0 { arguments += ["-ss", "\(options.audioStart)"] }
        if let seconds = options.audioDuration { arguments += ["-t", "\(seconds)"] }
        arguments += ["-i", "file:" + source]
        inputs.append(source)
        subtitles = inputs.count
      }
    }
    // The container metadata: from an input already open on that file,
    // else from one of which nothing is read (`-t 0`).
    var metadata: Int? = nil
    if let source = options.metadataSource, [.mp4, .mov, .mkv].contains(container) {
      if let index = inputs.firstIndex(of: source) {
        metadata = index + 1
      } else {
        arguments += ["-t", "0", "-i", "file:" + source]
        inputs.append(source)
        metadata = inputs.count
      }
    }
    if codec != .gif { arguments += ["-map", "0:v"] }
    if let metadata { arguments += ["-map_metadata", "\(metadata)"] }
    if audio != nil { arguments += options.audioPlan.arguments }
    if let subtitles { arguments += options.subtitlePlan.arguments(input: subtitles) }
    // Copied audio cut by the input's `-ss` keeps the packets from ffmpeg's
    // seek point on (up to 1 s before the cut: pre-roll at negative times,
    // hidden in MP4 and MOV by an edit list; in Matroska, which has none,
    // everything was shifted and the video began 2 s after the sound):
    // dropped, so that the audio starts with the first whole packet after
    // the cut, at most one packet (23 ms of AAC at 44.1 kHz) in.
    if audio != nil, options.audioPlan == .copy, options.audioStart > 0 {
      arguments += ["-copypriorss", "0"]
    }
    if options.keepsFrameTimes { arguments += keepingTimes }
    // The constant rate factor of H.264 and VP9: the override, else from
    // the quality.
    let crf =
      options.constantRateFactor ?? VideoQuality.constantRateFactor(
        quality: options.quality, codec: codec) ?? 0
    // sRGB to BT.709 YUV in limited range (the matrix on the frames, then
    // the pixel format), with the tags that say so on the frames (what
    // ProRes writes in its headers) and on the stream.
    let frameTags = "setparams=color_primaries=bt709:color_trc=bt709:colorspace=bt709:range=tv"
    var bt709: (String) -> String = { pixelFormat in
      "scale=out_color_matrix=bt709:out_range=tv,format=\(pixelFormat)," + frameTags
    }
    var tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
    // A deep output: converted by zscale in the frames' own matrix and
    // range, tagged with all of their colour.
    if let deep, let pixelFormat = codec.pixelFormat(bits: deep.bits, alpha: alpha) {
      bt709 = { _ in
        DeepVideoFilters.encode(deep.color, pixelFormat: pixelFormat, alpha: alpha)
          .joined(separator: ",")
      }
      tags = [
        "-colorspace", deep.color.matrix, "-color_primaries", deep.color.primaries,
        "-color_trc", deep.color.transfer, "-color_range", deep.color.range,
      ]
    }
    // An odd side, which these codecs' chroma blocks cannot hold: padded,
    // then the new column/row overwritten by the edge's pixels
    // (fillborders' smear, which takes planar formats only), or cropped.
    var filters: [String] = []
    if codec.needsEvenSize, width % 2 == 1 || height % 2 == 1 {
      switch options.oddSize {
      case .pad:
        filters.append(
          "format=\(codec.keepsAlpha ? "gbrap" : "gbrp")\(deep == nil ? "" : "16le"),pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0,fillborders=right=\(width % 2):bottom=\(height % 2):mode=smear"
        )
      case .crop: filters.append("crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0")
      }
    }
    switch codec {
    case .h264, .hevc:
      // (Sent as yuv420p already at an even size: only the tags.)
      filters.append(yuv ? frameTags : bt709("yuv420p"))
      arguments += ["-vf", filters.joined(separator: ",")]
      arguments += [
        "-c:v", codec.encoder, "-preset", options.preset.rawValue,
        "-crf", "\(min(max(crf, 0), 51))",
      ]
      if codec == .hevc {
        // x265 logs to stderr on its own; Apple's players want `hvc1`.
        arguments += [
          "-x265-params", (["log-level=error"] + x265Colour(deep)).joined(separator: ":"),
        ]
        if container == .mp4 || container == .mov { arguments += ["-tag:v", "hvc1"] }
      }
      arguments += tags + movieFlags + ["-f", container.muxer]
    case .prores422hq, .prores4444:
      let alpha = codec == .prores4444
      filters.append(bt709(alpha ? "yuva444p10le" : "yuv422p10le"))
      arguments += ["-vf", filters.joined(separator: ",")]
      arguments += [
        "-c:v", "prores_ks", "-profile:v", alpha ? "4444" : "3", "-vendor", "apl0",
      ]
      arguments += tags + movieFlags + ["-f", container.muxer]
    case .vp9:
      arguments += ["-vf", bt709("yuva420p")]
      arguments += [
        "-c:v", "libvpx-vp9", "-crf", "\(min(max(crf, 0), 63))", "-b:v", "0", "-row-mt", "1",
      ]
      if deep != nil { arguments += ["-profile:v", "2"] }
      arguments += tags + ["-f", container.muxer]
    case .ffv1:
      filters.append(bt709("yuva444p"))
      arguments += ["-vf", filters.joined(separator: ",")]
      arguments += ["-c:v", "ffv1", "-level", "3", "-g", "1", "-slicecrc", "1"]
      arguments += tags + ["-f", container.muxer]
    case .gif:
      // Pass 1 of 2 (then `gifSecondPassArguments`): the clip's palette,
      // and the frames losslessly (FFV1 in Matroska) to a file, so that no
      // process holds the clip in memory.
      let base = intermediates ?? outputPath
      arguments += [
        "-filter_complex",
        "[0:v]split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p]",
        "-map", "[p]", "-f", "image2", "-update", "1", "-y", gifPalettePath(base),
        "-map", "[b]",
      ]
      if options.keepsFrameTimes { arguments += keepingTimes }
      arguments += ["-c:v", "ffv1", "-f", "matroska", "-y", gifFramesPath(base)]
      return arguments
    case .webp:
      let quality = EncoderQuality.clamped(options.quality)
      arguments += [
        "-c:v", "libwebp_anim", "-pix_fmt", "yuva420p", "-quality", "\(quality)", "-loop",
        "\(options.loopCount)",
        "-f", "webp",
      ]
    }
    arguments += ["-y", outputPath]
    return arguments
  }

  /// x265's own colour settings for a deep output (its VUI and SEI, which
  /// ffmpeg's `-color_*` options do not all reach): primaries, transfer,
  /// matrix, range, and the HDR side data (`master-display`, `max-cll`).
  static func x265Colour(_ deep: DeepOutput?) -> [String] {
    guard let deep else { return [] }
    let color = deep.color
    var parameters = [
      "colorprim=\(color.primaries)", "transfer=\(color.transfer)",
      "colormatrix=\(color.matrix)", "range=\(color.range == "pc" ? "full" : "limited")",
    ]
    if let display = color.masteringDisplay { parameters.append("master-display=\(display.x265)") }
    if let light = color.contentLightLevel { parameters.append("max-cll=\(light.x265)") }
    if color.masteringDisplay != nil || color.contentLightLevel != nil {
      parameters.append("hdr10=1")
    }
    return parameters
  }

  /// Output options that keep every frame's timestamp: no frame dropped
  /// or repeated to a rate, and the encoder in the input's time base
  /// (by default it takes 1/rate, which rounds the times).
  static let keepingTimes = ["-fps_mode", "passthrough", "-enc_time_base", "-1"]

  /// GIF pass 2 (after ``arguments(width:height:options:outputPath:intermediates:)``):
  /// the saved frames mapped to the clip's palette, dithered, looping.
  static func gifSecondPassArguments(
    outputPath: String, intermediates: String? = nil, keepsFrameTimes: Bool = false,
    finalDelay: Int? = nil, loopCount: Int = 0
  ) -> [String] {
    let base = intermediates ?? outputPath
    return [
      "-hide_banner", "-nostdin", "-loglevel", "error",
      "-i", gifFramesPath(base), "-i", gifPalettePath(base),
      "-filter_complex", "[0:v][1:v]paletteuse=dither=sierra2_4a:alpha_threshold=128",
    ]
      // In GIF's own centiseconds: through paletteuse's two inputs the
      // demuxer's time base moved the second frame (100 ms became 80).
      + (keepsFrameTimes ? ["-fps_mode", "passthrough", "-enc_time_base", "1/100"] : [])
      + (finalDelay.map { ["-final_delay", "\($0)"] } ?? [])
      + ["-loop", "\(loopCount)", "-f", "gif", "-y", outputPath]
  }

  /// The GIF passes' intermediate files, named after the temporary output
  /// (beside it), or a name in the temporary directory when streamed.
  static func gifFramesPath(_ outputPath: String) -> String { outputPath + ".frames.mkv" }
  static func gifPalettePath(_ outputPath: String) -> String { outputPath + ".palette.png" }

  public func append(_ image: RGBAImage) throws {
    try append(image, duration: 1 / options.framesPerSecond)
  }

  /// Adds a frame shown for `duration` seconds (> 0): kept with
  /// ``VideoEncoding/keepsFrameTimes``, else the frame rate decides.
  public func append(_ image: RGBAImage, duration: Double) throws {
    var frame = image
    // An opaque frame needs no compositing (a warp that covers the frame
    // costs no blend).
    if !keepsAlpha && !image.isOpaque {
      frame = background
      frame.drawOver(image, at: 0, 0)
    }
    try transmit(width: image.width, height: image.height, duration: duration) { sendAll in
      if options.framesAreYCbCr {
        YCbCr420Packing.pack(frame, into: &planes, threads: 0)
        try planes.withUnsafeBytes(sendAll)
      } else if sendsYUV {
        YUV420Conversion.convert(frame, into: &planes, threads: 0)
        try planes.withUnsafeBytes(sendAll)
      } else {
        try frame.pixels.withUnsafeBytes(sendAll)
      }
    }
  }

  /// Adds a deep frame: sent as it is (`rgba64le`) to a deep output
  /// (`VideoEncoding.framesAreDeep`), else rounded to 8 bits.
  public func append(_ image: RGBA16Image, duration: Double) throws {
    guard options.framesAreDeep else {
      try append(image.rounded8(), duration: duration)
      return
    }
    let b = options.background
    let frame = keepsAlpha ? image : image.flattened(over: RGBA16(RGBA8(b.r, b.g, b.b, 255)))
    try transmit(width: image.width, height: image.height, duration: duration) { sendAll in
      try frame.pixels.withUnsafeBytes(sendAll)
    }
  }

  /// Sends a `width × height` frame shown for `duration` seconds: its
  /// Matroska prefix when frame times are kept, then the bytes `body`
  /// passes to the function it is given.
  private func transmit(
    width: Int, height: Int, duration: Double,
    _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
  ) throws {
    let index = lifecycle.framesAccepted
    try lifecycle.accept(width: width, height: height, cancel: cancel)
    if progressFile >= 0 {
      starts.append(options.keepsFrameTimes ? clock : Double(index) / options.framesPerSecond)
    }
    do {
      func sendAll(_ bytes: UnsafeRawBufferPointer) throws {
        try writeAll(bytes) { start, count, _ in
          send(socket, start, count, Int32(MSG_NOSIGNAL))
        }
      }
      if options.keepsFrameTimes {
        var prefix: [UInt8] = []
        if index == 0 {
          prefix = MatroskaRawFrames.header(
            width: width, height: height,
            fourCC: options.framesAreDeep ? "RBA@" : sendsYUV ? "I420" : "RGBA")
        }
        let start = Int((clock * 1e6).rounded())
        let shown = duration.isFinite && duration > 0 ? duration : 1 / options.framesPerSecond
        clock += shown
        lastDuration = shown
        let bytes =
          options.framesAreDeep
          ? width * height * 8
          : sendsYUV
            ? width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2) : width * height * 4
        prefix += MatroskaRawFrames.framePrefix(
          microseconds: start, durationMicroseconds: Int((clock * 1e6).rounded()) - start,
          frameBytes: bytes)
        try prefix.withUnsafeBytes(sendAll)
      }
      try body(sendAll)
    } catch {
      // ffmpeg stopped reading: it has exited or is about to.
      close(socket)
      socket = -1
      let ending = process.wait()
      let reason = FFmpegFailure.reason(
        "it stopped reading its input (\(ending.text)) while frame \(index) was being sent (\(error))",
        output: stderrContents())
      abandon()
      throw readerGone()
        ?? VideoError.toolFailed(
          tool: "ffmpeg", destination: destination, reason: reason)
    }
  }

  public func finish() throws {
    try lifecycle.checkFinish(cancel: cancel)
    close(socket)  // end of input: ffmpeg finishes the file
    socket = -1
    let ending = process.wait()
    guard ending.succeeded else {
      let reason = FFmpegFailure.reason(ending.text, output: stderrContents())
      abandon()
      throw readerGone()
        ?? VideoError.toolFailed(
          tool: "ffmpeg", destination: destination, reason: reason)
    }
    if codec == .gif { try runGIFSecondPass() }
    if encoded != target { try runRemux() }
    if codec == .webp, options.keepsFrameTimes, output != nil {
      do {
        try LastFrameDuration.setWebPLastFrame(path: target, seconds: lastDuration)
      } catch {
        abandon()
        throw error
      }
    }
    // ffmpeg may end with status 0 though its last write to a closed pipe
    // failed (a fragmented MP4's only fragment, written at the end).
    if let gone = readerGone() {
      abandon()
      throw gone
    }
    removeGIFIntermediates()
    try lifecycle.cancelling(abandon) { try output?.commit() }
    close(stderrFile)
    if progressFile >= 0 { close(progressFile) }
    lifecycle.markFinished()
  }

  public func cancel() {
    guard lifecycle.phase == .open else { return }
    if socket >= 0 {
      close(socket)
      socket = -1
    }
    process.send(SIGTERM)
    process.wait()
    abandon()
  }

  /// GIF: a second ffmpeg maps the saved frames to the palette (stopped,
  /// like the first, by ``RunningTools/stopAll()`` on a signal).
  private func runGIFSecondPass() throws {
    let second: SpawnedProcess
    do {
      second = try SpawnedProcess(
        tool: "ffmpeg", executable: ffmpegPath,
        arguments: Self.gifSecondPassArguments(
          outputPath: target, intermediates: intermediates,
          keepsFrameTimes: options.keepsFrameTimes,
          finalDelay: options.keepsFrameTimes
            ? LastFrameDuration.gifFinalDelay(seconds: lastDuration) : nil,
          loopCount: options.loopCount),
        output: output == nil ? STDOUT_FILENO : nil, error: stderrFile)
    } catch {
      abandon()
      throw error
    }
    let ending = second.wait()
    guard ending.succeeded else {
      let reason = FFmpegFailure.reason(
        "palette pass: " + ending.text, output: stderrContents())
      abandon()
      throw readerGone()
        ?? VideoError.toolFailed(
          tool: "ffmpeg", destination: destination, reason: reason)
    }
  }

  /// A variable-rate MP4, MOV, Matroska or WebM: a second ffmpeg copies
  /// the encoded streams into the target with the last frame's duration
  /// (``LastFrameDuration``).
  private func runRemux() throws {
    let muxer = container.muxer
    let keys = options.metadataSource != nil ? "+use_metadata_tags" : ""
    let flags =
      container == .mp4
      ? ["-movflags", "+faststart" + keys]
      : container == .mov && !keys.isEmpty ? ["-movflags", keys] : []
    let remux: SpawnedProcess
    do {
      remux = try SpawnedProcess(
        tool: "ffmpeg", executable: ffmpegPath,
        arguments: [
          "-hide_banner", "-nostdin", "-loglevel", "error", "-i", encoded, "-map", "0",
          "-c", "copy", "-bsf:v",
          LastFrameDuration.filter(frames: lifecycle.framesAccepted, end: clock),
        ] + flags + ["-f", muxer, "-y", target],
        output: nil, error: stderrFile)
    } catch {
      abandon()
      throw error
    }
    let ending = remux.wait()
    unlink(encoded)
    guard ending.succeeded else {
      let reason = FFmpegFailure.reason("remux: " + ending.text, output: stderrContents())
      abandon()
      throw VideoError.toolFailed(tool: "ffmpeg", destination: destination, reason: reason)
    }
  }

  /// The encoded file that ``runRemux()`` copies, named after the
  /// temporary output.
  static func untimedPath(_ outputPath: String) -> String { outputPath + ".untimed" }

  /// Removes the GIF passes' and the remux's intermediate files (none for
  /// other codecs).
  private func removeGIFIntermediates() {
    if encoded != target { unlink(encoded) }
    guard codec == .gif else { return }
    unlink(Self.gifFramesPath(intermediates))
    unlink(Self.gifPalettePath(intermediates))
  }

  /// `FileError.brokenPipe` when ffmpeg streamed to standard output
  /// and its reader has gone (poll reports an error on a pipe without
  /// readers): why ffmpeg failed, and no failure of the encoder; else nil.
  private func readerGone() -> (any Error)? {
    guard output == nil else { return nil }
    var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
    guard poll(&descriptor, 1, 0) == 1 else { return nil }
    return descriptor.revents & Int16(POLLERR | POLLHUP) != 0 ? FileError.brokenPipe : nil
  }

  /// The frames ffmpeg has written to the file so far (not those sent to
  /// it, which its encoder may hold: x264 looks 40 frames ahead at
  /// `medium`), from its `-progress` report (``EncoderProgress``); nil
  /// when it streams or has reported no time yet.
  package var framesEncoded: Int? {
    guard progressFile >= 0 else { return nil }
    let size = lseek(progressFile, 0, SEEK_END)
    guard size > 0 else { return nil }
    // The last blocks are enough (one is about 250 bytes).
    let count = Int(min(size, 2048))
    var bytes = [UInt8](repeating: 0, count: count)
    let n = bytes.withUnsafeMutableBytes {
      pread(progressFile, $0.baseAddress!, count, size - off_t(count))
    }
    guard n > 0 else { return nil }
    return EncoderProgress.framesWritten(
      report: Substring(decoding: bytes[..<n], as: UTF8.self), starts: starts)
  }

  /// Drops the temporary output and the error log.
  private func abandon() {
    if socket >= 0 {
      close(socket)
      socket = -1
    }
    removeGIFIntermediates()
    output?.discard()
    close(stderrFile)
    if progressFile >= 0 { close(progressFile) }
    _ = lifecycle.markCancelled()
  }

  /// `name` inside the system's temporary directory.
  private static func temporaryDirectoryPath(_ name: String) -> String {
    let directory = NSTemporaryDirectory()
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// ffmpeg's error output so far (at most its last 1 MiB), for
  /// `FFmpegFailure`: saved to a log, never shown as it is.
  private func stderrContents() -> [UInt8] {
    let size = lseek(stderrFile, 0, SEEK_END)
    guard size > 0 else { return [] }
    let count = Int(min(size, 1 << 20))
    var bytes = [UInt8](repeating: 0, count: count)
    let n = bytes.withUnsafeMutableBytes {
      pread(stderrFile, $0.baseAddress!, count, size - off_t(count))
    }
    return n > 0 ? Array(bytes[..<n]) : []
  }
}
