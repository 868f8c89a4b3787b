/// What happens to a video's subtitle streams in an output container:
/// copied where the container holds their codec, converted where a
/// standard conversion of text subtitles exists (SubRip, ASS, WebVTT and
/// MP4's `mov_text` into one another), else left out with a note, as the
/// audio is. Frame times are kept, so subtitles stay in step. A trimmed
/// clip (`--start`, `--end`) keeps none, with a note: ffmpeg's input seek
/// does not move subtitle packets.
///
/// What each container holds (ffmpeg 5.1's muxers): MP4 and MOV take
/// `mov_text` only; Matroska every codec ffmpeg reads but `mov_text`
/// (converted to SubRip); WebM WebVTT only; GIF, WebP, APNG and picture
/// sequences none. Bitmap subtitles (DVD, Blu-ray PGS, DVB) cannot be
/// converted to text: they are copied into Matroska, else left out.
public enum SubtitlePlan: Sendable, Equatable {
  /// No subtitle stream in the output.
  case none
  /// The subtitle packets copied untouched (`-c:s copy`).
  case copy
  /// Converted by ffmpeg's `encoder` (`mov_text`, `srt`, `webvtt`).
  case convert(encoder: String)

  /// Text subtitle codecs, which convert into one another.
  static let text: Set<String> = ["subrip", "srt", "ass", "ssa", "webvtt", "mov_text", "text"]

  /// The plan for subtitle streams of ffprobe's `codecs` going into
  /// `container` (nil: a format with no container, e.g. an APNG), and
  /// the note a user should read when some are not kept as they were.
  public static func decide(codecs: [String], into container: VideoContainer?) -> (
    plan: SubtitlePlan, note: String?
  ) {
    guard !codecs.isEmpty else { return (.none, nil) }
    let names = codecs.joined(separator: ", ")
    guard let container, container != .gif, container != .webp else {
      return (.none, "the subtitles (\(names)) are not kept: the output holds none")
    }
    let allText = codecs.allSatisfy(text.contains)
    switch container {
    case .mkv:
      guard codecs.contains("mov_text") else { return (.copy, nil) }
      return allText
        ? (
          .convert(encoder: "srt"), "the subtitles (\(names)) are converted to SubRip for Matroska"
        )
        : (
          .none,
          "the subtitles (\(names)) are not kept: Matroska holds no mov_text, and bitmap subtitles are not converted"
        )
    case .mp4, .mov:
      guard allText else {
        return (
          .none,
          "the subtitles (\(names)) are not kept: \(container.displayName) holds text subtitles only (mov_text)"
        )
      }
      return codecs.allSatisfy { $0 == "mov_text" }
        ? (.copy, nil)
        : (
          .convert(encoder: "mov_text"),
          "the subtitles (\(names)) are converted to mov_text for \(container.displayName)"
        )
    case .webm:
      guard allText else {
        return (.none, "the subtitles (\(names)) are not kept: WebM holds WebVTT only")
      }
      return codecs.allSatisfy { $0 == "webvtt" }
        ? (.copy, nil)
        : (.convert(encoder: "webvtt"), "the subtitles (\(names)) are converted to WebVTT for WebM")
    case .gif, .webp:
      return (.none, nil)
    }
  }

  /// The codec names of `path`'s subtitle streams; empty when it has none
  /// or ffprobe fails.
  public static func codecs(ofSubtitlesIn path: String, ffprobePath: String) -> [String] {
    StreamCodecs.probe("s", in: path, ffprobePath: ffprobePath)
  }

  /// ffmpeg's options for the subtitles of input `input`.
  func arguments(input: Int) -> [String] {
    switch self {
    case .none: []
    case .copy: ["-map", "\(input):s?", "-c:s", "copy"]
    case .convert(let encoder): ["-map", "\(input):s?", "-c:s", encoder]
    }
  }
}
