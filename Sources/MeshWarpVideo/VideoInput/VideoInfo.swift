/// What ffprobe says about a video's first video stream, as the reader
/// delivers it (rotation applied).
public struct VideoInfo: Hashable, Sendable {
  /// The displayed size: the stored size, swapped when ``rotation`` is 90
  /// or 270 (ffmpeg rotates the frames it delivers).
  public var width: Int
  public var height: Int
  /// The size as stored in the stream, before rotation.
  public var storedWidth: Int
  public var storedHeight: Int
  /// Counterclockwise degrees the display matrix turns the picture (as
  /// ffprobe reports it, normalized to 0..<360); 0 when none.
  public var rotation: Int
  /// Frames per second as a fraction (ffprobe's `avg_frame_rate`, else
  /// `r_frame_rate`): the rate the reader delivers frames at.
  public var frameRate: FrameRate
  /// The stream's frame count when the container states it (`nb_frames`).
  public var frameCount: Int?
  /// Seconds (the stream's duration, else the container's), when known.
  public var duration: Double?
  /// Whether the file has an audio stream.
  public var hasAudio: Bool
  /// Whether frames carry alpha (an alpha pixel format, GIF/PNG palettes,
  /// or VP8/VP9 with `alpha_mode` 1).
  public var hasAlpha: Bool
  /// ffprobe's codec name, e.g. "h264", "gif", "apng".
  public var codec: String
  /// How many times an animation plays, as its file says (0: forever),
  /// where it is known (an animated WebP's); nil otherwise.
  public var loopCount: Int? = nil
  /// ffprobe's pixel format, e.g. "yuv420p"; "" when not reported.
  public var pixelFormat: String
  /// The stream's index in the file (what `-map 0:N` selects).
  public var streamIndex: Int
  /// ffprobe's colour matrix (`color_space`), e.g. "bt709", "smpte170m";
  /// "" when the stream names none.
  public var colorMatrix: String
  /// ffprobe's `color_range`: "tv" (limited) or "pc" (full); "" when the
  /// stream names none.
  public var colorRange: String
  /// ffprobe's `color_primaries`, e.g. "bt709", "bt2020"; "" when none.
  public var colorPrimaries: String
  /// ffprobe's `color_transfer`, e.g. "bt709", "arib-std-b67" (HLG),
  /// "smpte2084" (PQ); "" when none.
  public var colorTransfer: String
  /// The mastering display and content light level the first frame
  /// carries (probed for HLG and PQ streams only).
  public var masteringDisplay: MasteringDisplay?
  public var contentLightLevel: ContentLightLevel?

  /// The stream's depth and colour together.
  public var color: VideoColor {
    VideoColor(
      bitDepth: VideoColor.bitDepth(pixelFormat: pixelFormat), primaries: colorPrimaries,
      transfer: colorTransfer, matrix: colorMatrix, range: colorRange,
      masteringDisplay: masteringDisplay, contentLightLevel: contentLightLevel)
  }

  /// Frames per second as a number.
  public var framesPerSecond: Double { frameRate.value }

  /// The frame count when stated, else duration × frame rate rounded; nil
  /// when that is not a plausible count (a container may claim any
  /// duration: 10³⁰⁰ s must not trap converting to `Int`).
  public var estimatedFrameCount: Int? {
    if let frameCount { return frameCount }
    guard let duration, duration.isFinite, duration >= 0 else { return nil }
    let frames = (duration * framesPerSecond).rounded()
    guard frames.isFinite, frames < 1e15 else { return nil }
    return Int(frames)
  }

  public init(
    width: Int, height: Int, storedWidth: Int, storedHeight: Int, rotation: Int,
    frameRate: FrameRate, frameCount: Int?, duration: Double?, hasAudio: Bool, hasAlpha: Bool,
    codec: String, pixelFormat: String, streamIndex: Int, colorMatrix: String = "",
    colorRange: String = "", colorPrimaries: String = "", colorTransfer: String = "",
    masteringDisplay: MasteringDisplay? = nil, contentLightLevel: ContentLightLevel? = nil
  ) {
    self.width = width
    self.height = height
    self.storedWidth = storedWidth
    self.storedHeight = storedHeight
    self.rotation = rotation
    self.frameRate = frameRate
    self.frameCount = frameCount
    self.duration = duration
    self.hasAudio = hasAudio
    self.hasAlpha = hasAlpha
    self.codec = codec
    self.pixelFormat = pixelFormat
    self.streamIndex = streamIndex
    self.colorMatrix = colorMatrix
    self.colorRange = colorRange
    self.colorPrimaries = colorPrimaries
    self.colorTransfer = colorTransfer
    self.masteringDisplay = masteringDisplay
    self.contentLightLevel = contentLightLevel
  }
}

/// A frame rate `numerator / denominator` frames per second, both > 0.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
  public var numerator: Int
  public var denominator: Int

  public init(numerator: Int, denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The rate `framesPerSecond` (> 0) in thousandths, reduced: 25 is
  /// 25/1, 29.97 is 2997/100 (ffmpeg's NTSC 30000/1001 is
  /// `init(numerator:denominator:)`'s).
  public init(framesPerSecond: Double) {
    let thousandths = max(1, Int((framesPerSecond * 1000).rounded()))
    var (a, b) = (thousandths, 1000)
    while b != 0 { (a, b) = (b, a % b) }
    self.init(numerator: thousandths / a, denominator: 1000 / a)
  }

  /// Parses ffprobe's `"30000/1001"` (or a plain integer); nil for `"0/0"`
  /// and anything not positive.
  public init?(ffprobe text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2, let n = Int(parts[0]) else { return nil }
    let d = parts.count == 2 ? Int(parts[1]) : 1
    guard let d, n > 0, d > 0 else { return nil }
    self.init(numerator: n, denominator: d)
  }

  public var value: Double { Double(numerator) / Double(denominator) }
  /// `"30000/1001"`, as ffmpeg's `-r` takes it.
  public var description: String { "\(numerator)/\(denominator)" }
}
