import Foundation
import MeshWarpFiles
import MeshWarpRender

/// Decodes a video (anything ffmpeg decodes: MP4, MOV, MKV, WebM, animated
/// PNG and GIF, …) into RGBA frames, one at a time, through an `ffmpeg`
/// process.
///
/// `init` runs ffprobe (``VideoProbe``) for ``info``, then starts
/// `ffmpeg -i IN -map 0:N -fps_mode cfr -r RATE -f rawvideo -pix_fmt rgba -`
/// (`-pix_fmt yuv420p` for the common limited-range 4:2:0 streams, turned
/// into RGBA here in parallel: `YUV420ToRGBA`): ffmpeg applies the
/// rotation metadata (its default autorotation) and delivers frames at the
/// constant rate ``VideoInfo/frameRate`` (a
/// variable-rate input gets frames repeated or dropped, as ffmpeg's `-r`
/// does), so a frame's timestamp is `index / fps`. Only the frame being
/// read is held (plus the pipe's buffer). ``cancel()`` or deinit kills and
/// reaps ffmpeg.
///
/// Not thread-safe: use one reader from one thread at a time.
public final class VideoReader {
  /// The file as the caller named it.
  public let path: String
  /// The file ffmpeg reads: `path`, or for an animated WebP the frames
  /// libwebp decoded from it (``AnimatedWebPInput``).
  let input: String
  public private(set) var info: VideoInfo
  /// The ffmpeg and ffprobe in use.
  public let ffmpegPath: String
  public let ffprobePath: String
  /// Each frame's time and duration, for a stream whose frames are not
  /// evenly spaced (a phone clip, a GIF with varied delays): frames then
  /// come as the file has them (`-fps_mode passthrough`), each with its own
  /// timestamp. Nil for an evenly spaced stream, delivered at
  /// ``VideoInfo/frameRate``.
  public private(set) var frameTimes: VideoFrameTimes?
  /// Errors ffmpeg printed while still exiting successfully (a damaged
  /// but readable file), available after the last frame; "" when none.
  public private(set) var warnings = ""

  private var parser: RawVideoFrameParser
  private var child: ChildProcess?

  /// Frames delivered so far.
  public var framesRead: Int { parser.framesRead }
  /// The matrix of the `yuv420p` frames ffmpeg sends; nil: it sends RGBA.
  package var yuv: YUV420ToRGBA.Matrix? { parser.yuv }

  /// From now on, frames of a `yuv420p` stream (``yuv`` not nil) come as
  /// Y′CbCr in their R, G, B bytes, not converted (``YCbCr420Packing``);
  /// false when the stream is not sent as planes (frames stay RGBA).
  package func keepYCbCr() -> Bool {
    guard parser.yuv != nil else { return false }
    parser.keepsYCbCr = true
    return true
  }

  /// How ffmpeg turns the stream into the frames sent here.
  package enum Decoding: Sendable, Equatable {
    /// 8-bit RGBA (or `yuv420p` planes), as ffmpeg converts by default.
    case rgba8
    /// 8-bit RGBA through zscale with the stream's matrix and range
    /// (`DeepVideoFilters`): a deep SDR stream into an 8-bit output.
    case exact8(VideoColor)
    /// 16-bit RGBA (`rgba64le`) through zscale: read with
    /// ``nextDeepFrame(reusing:)``.
    case deep(VideoColor)
    /// An HDR stream tone-mapped to 8-bit SDR BT.709 RGBA.
    case toneMapped(VideoColor, ToneMapping)
  }

  /// Restarts decoding, before the first frame is read, at the constant
  /// rate `rate`: frames dropped or repeated by time, as ffmpeg's `-r`
  /// does (a variable-rate stream's own frame times give way to it).
  ///
  /// - Throws: as ``decode(_:)``.
  package func resample(to rate: FrameRate) throws {
    info.frameRate = rate
    resampled = true
    // The stated count was the stream's; duration × rate is the new one.
    info.frameCount = nil
    frameTimes = nil
    try restart(decoding)
  }

  /// Whether ``resample(to:)`` set the rate: ffmpeg's `fps` filter then
  /// picks the frames (by time, ending where the stream ends: `-r` alone
  /// repeats the last frame past it).
  private var resampled = false

  /// How frames are decoded (``decode(_:)``).
  package private(set) var decoding = Decoding.rgba8

  /// Restarts decoding, before the first frame is read, so that frames
  /// come as `decoding` says.
  ///
  /// - Throws: `VideoError.toolUnavailable` when ffmpeg does not start,
  ///   ``VideoInputError`` for a bad size.
  package func decode(_ decoding: Decoding) throws {
    guard decoding != self.decoding else { return }
    try restart(decoding)
  }

  /// Starts ffmpeg again for `decoding` and the current ``info``, before
  /// the first frame is read.
  private func restart(_ decoding: Decoding) throws {
    precondition(parser.framesRead == 0, "frames already read")
    child?.stop()
    child = nil
    let rgba = decoding == .rgba8 ? YUV420ToRGBA.matrix(for: info) : nil
    parser = try RawVideoFrameParser(
      width: info.width, height: info.height, framesPerSecond: info.framesPerSecond,
      source: path, yuv: rgba)
    if case .deep = decoding { parser.deep = true }
    let filters: [String]
    switch decoding {
    case .rgba8: filters = []
    case .exact8(let color):
      filters = DeepVideoFilters.decode(
        color, alpha: info.hasAlpha, deep: false, width: info.storedWidth,
        height: info.storedHeight)
    case .deep(let color):
      filters = DeepVideoFilters.decode(
        color, alpha: info.hasAlpha, deep: true, width: info.storedWidth,
        height: info.storedHeight)
    case .toneMapped(let color, let method):
      filters = DeepVideoFilters.toneMap(
        color, method: method, alpha: info.hasAlpha, width: info.storedWidth,
        height: info.storedHeight)
    }
    child = try ChildProcess(
      tool: "ffmpeg", executable: ffmpegPath,
      arguments: Self.arguments(
        path: input, info: info, yuv: rgba != nil, keepsTimes: frameTimes != nil,
        filters: (resampled ? ["fps=\(info.frameRate)"] : []) + filters, deep: parser.deep))
    self.decoding = decoding
  }

  /// Probes `path` and starts decoding it.
  ///
  /// - Parameters:
  ///   - path: the video (or animated GIF, PNG or WebP) file.
  ///   - environment: where `MESHWARP_FFMPEG` and `PATH` are read.
  /// - Throws: `VideoError.toolUnavailable` when ffmpeg or ffprobe is
  ///   missing, `FileError.fileSystem` when the file cannot be
  ///   opened, or ``VideoInputError`` (cannot decode, no video stream,
  ///   unsupported).
  public init(path: String, environment: [String: String] = ProcessInfo.processInfo.environment)
    throws
  {
    guard path != "-" else {
      throw VideoInputError.unsupported(
        path: "standard input", reason: "videos are read from files, not standard input")
    }
    do {
      close(try systemCall { open(path, O_RDONLY | O_CLOEXEC) })
    } catch {
      throw error.fileSystem(path: path, .open)
    }
    (ffmpegPath, ffprobePath) = try Self.tools(environment: environment)
    self.path = path
    let webp = try AnimatedWebPInput.decoded(path)
    input = webp?.file ?? path
    var info = try VideoProbe.probe(path: path, reading: input, ffprobePath: ffprobePath)
    if let webp {
      info.codec = "webp"
      info.loopCount = webp.loopCount
    }
    self.info = info
    let times = VideoFrameTimes.probe(
      path: input, streamIndex: info.streamIndex, ffprobePath: ffprobePath)
    frameTimes = times.flatMap { $0.isConstant ? nil : $0 }
    // A container that states no frame count: the stream's packets count
    // them (duration × rate is only an estimate).
    if self.info.frameCount == nil, let count = times?.timestamps.count, count > 0 {
      self.info.frameCount = count
    }
    let yuv = YUV420ToRGBA.matrix(for: info)
    parser = try RawVideoFrameParser(
      width: info.width, height: info.height, framesPerSecond: info.framesPerSecond,
      source: path, yuv: yuv)
    child = try ChildProcess(
      tool: "ffmpeg", executable: ffmpegPath,
      arguments: Self.arguments(
        path: input, info: info, yuv: yuv != nil, keepsTimes: frameTimes != nil))
  }

  deinit { child?.stop() }

  /// ffmpeg, and ffprobe from the same folder when there is one there,
  /// else from PATH.
  ///
  /// - Throws: `VideoError.toolUnavailable`.
  public static func tools(environment: [String: String]) throws -> (
    ffmpeg: String, ffprobe: String
  ) {
    let ffmpeg = try ExecutableLocator.ffmpeg(environment: environment)
    let folder = (ffmpeg as NSString).deletingLastPathComponent
    if !folder.isEmpty, let beside = ExecutableLocator.find(folder + "/ffprobe", environment: [:]) {
      return (ffmpeg, beside)
    }
    guard let ffprobe = ExecutableLocator.find("ffprobe", environment: environment) else {
      throw VideoError.toolUnavailable(
        tool: "ffprobe",
        reason:
          "not found beside \(ffmpeg) nor on PATH (\(environment["PATH"] ?? "unset")); it comes with ffmpeg (Debian: apt-get install ffmpeg)"
      )
    }
    return (ffmpeg, ffprobe)
  }

  /// ffmpeg's command line (without the program); `yuv`: frames as
  /// `yuv420p` planes (``YUV420ToRGBA/matrix(for:)``), else RGBA;
  /// `keepsTimes`: every frame as the file has it, else resampled to the
  /// constant ``VideoInfo/frameRate`` from the first frame; `filters`:
  /// the colour conversion (`DeepVideoFilters`); `deep`: frames as
  /// `rgba64le`.
  static func arguments(
    path: String, info: VideoInfo, yuv: Bool = false, keepsTimes: Bool = false,
    filters: [String] = [], deep: Bool = false
  )
    -> [String]
  {
    var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error"]
    // ffmpeg's native VP8/VP9 decoders drop the alpha that WebM keeps in
    // side data; libvpx's decoders read it.
    if info.hasAlpha, info.codec == "vp9" { arguments += ["-c:v", "libvpx-vp9"] }
    if info.hasAlpha, info.codec == "vp8" { arguments += ["-c:v", "libvpx"] }
    arguments += InputDemuxer.options(path: path)
    arguments += [
      "-i", ChildProcess.inputURL(path), "-map", "0:\(info.streamIndex)", "-an", "-sn", "-dn",
    ]
    // Resampled from the first frame (`setpts=PTS-STARTPTS`): from the
    // file's start, a video that starts after it (its audio first) had
    // its first frame repeated to fill the gap (76 frames of 75).
    let graph = (keepsTimes ? [] : ["setpts=PTS-STARTPTS"]) + filters
    if !graph.isEmpty { arguments += ["-vf", graph.joined(separator: ",")] }
    arguments +=
      keepsTimes
      ? ["-fps_mode", "passthrough"]
      : ["-fps_mode", "cfr", "-r", info.frameRate.description]
    arguments += [
      "-f", "rawvideo", "-pix_fmt", deep ? "rgba64le" : yuv ? "yuv420p" : "rgba", "-",
    ]
    return arguments
  }

  /// The next frame, or nil after the last one (ffmpeg then has exited
  /// successfully and been reaped). `storage`: a spent frame of this size
  /// to read into, as ``RawVideoFrameParser/nextFrame(reusing:read:)``
  /// takes it.
  ///
  /// - Throws: ``VideoInputError/decoderFailed(path:framesRead:reason:)``
  ///   when ffmpeg fails or dies (also mid-frame), ``VideoInputError/endedEarly(source:framesRead:partialBytes:frameBytes:)``
  ///   when its output stops inside a frame although it exited cleanly.
  ///   After an error or ``cancel()`` every call returns nil.
  public func nextFrame(reusing storage: consuming RGBAImage? = nil) throws -> VideoFrame? {
    var spare = storage
    return try next { read in
      guard var frame = try parser.nextFrame(reusing: spare.take(), read: read) else { return nil }
      if let frameTimes { frame.timestamp = frameTimes.timestamp(at: frame.index) }
      return frame
    }
  }

  /// The next frame of a stream decoded ``Decoding/deep(_:)``, or nil
  /// after the last one; as ``nextFrame(reusing:)``.
  ///
  /// - Throws: as ``nextFrame(reusing:)``.
  package func nextDeepFrame(reusing storage: consuming RGBA16Image? = nil) throws -> (
    timestamp: Double, image: RGBA16Image
  )? {
    var spare = storage
    return try next { read in
      guard let frame = try parser.nextDeepFrame(reusing: spare.take(), read: read) else {
        return nil
      }
      return (frameTimes?.timestamp(at: frame.index) ?? frame.timestamp, frame.image)
    }
  }

  /// One frame from `parse` (which reads the child's output through the
  /// function it is given), or nil at the end: then ffmpeg is reaped and
  /// its exit checked (a failure names what it printed), and what it
  /// printed on success is kept as ``warnings``. A parse error reaps it
  /// too and is thrown, unless ffmpeg failed, whose error says more; any
  /// other error stops it.
  private func next<Frame>(
    _ parse: (_ read: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> Frame?
  ) throws -> Frame? {
    guard let child else { return nil }
    do {
      if let frame = try parse({ try child.read(into: $0) }) { return frame }
    } catch let error as VideoInputError {
      let ending = child.wait()
      self.child = nil
      if !ending.succeeded { throw failure(child, ending) }
      throw error
    } catch {
      cancel()
      throw error
    }
    let ending = child.wait()
    self.child = nil
    guard ending.succeeded else { throw failure(child, ending) }
    warnings = child.errorTail(replacingInput: input, with: path).trimmingCharacters(
      in: .whitespacesAndNewlines)
    return nil
  }

  private func failure(_ child: ChildProcess, _ ending: ChildProcess.Ending) -> VideoInputError {
    .decoderFailed(
      path: path, framesRead: parser.framesRead,
      reason: FFmpegFailure.reason(
        ending.text, output: Array(child.errorTail(replacingInput: input, with: path).utf8)))
  }

  /// Stops decoding: kills and reaps ffmpeg. Later `nextFrame()` calls
  /// return nil.
  public func cancel() {
    child?.stop()
    child = nil
  }
}
