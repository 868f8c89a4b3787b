import Foundation

/// What happens to a video's audio in an output container: copied as it
/// is when the container holds its codec, else transcoded to the
/// container's usual codec, or left out where the format has no audio.
///
/// What each container holds (ffmpeg 5.1's muxers): MP4 takes AAC, MP3,
/// ALAC, AC-3 and E-AC-3 (not PCM); MOV takes those and PCM; WebM takes
/// Opus and Vorbis only. Transcoding goes to AAC at 192 kb/s for MP4 and
/// MOV, Opus at 128 kb/s for WebM.
public enum AudioPlan: Sendable, Equatable {
  /// No audio stream in the output.
  case none
  /// The audio packets copied untouched (`-c:a copy`).
  case copy
  /// Re-encoded with ffmpeg's `encoder` at `bitrate` (e.g. "aac", "192k").
  case transcode(encoder: String, bitrate: String)

  /// The plan for audio streams of ffprobe's `codecs` (e.g. `["pcm_s16le"]`)
  /// going into `container`; `.none` when there is no audio or the format
  /// holds none (GIF, WebP).
  public static func decide(codecs: [String], into container: VideoContainer) -> AudioPlan {
    guard !codecs.isEmpty, container.carriesAudio else { return .none }
    let usual: Set<String> = ["aac", "mp3", "alac", "ac3", "eac3"]
    let held: (String) -> Bool
    let target: AudioPlan
    switch container {
    // Matroska holds every audio codec ffmpeg reads.
    case .mkv: return .copy
    case .webm:
      held = { $0 == "opus" || $0 == "vorbis" }
      target = .transcode(encoder: "libopus", bitrate: "128k")
    case .mov:
      held = { usual.contains($0) || $0.hasPrefix("pcm_") }
      target = .transcode(encoder: "aac", bitrate: "192k")
    case .mp4, .gif, .webp:
      held = usual.contains
      target = .transcode(encoder: "aac", bitrate: "192k")
    }
    return codecs.allSatisfy(held) ? .copy : target
  }

  /// The codec names (ffprobe's `codec_name`) of `path`'s audio streams;
  /// empty when it has none or ffprobe fails.
  public static func codecs(ofAudioIn path: String, ffprobePath: String) -> [String] {
    StreamCodecs.probe("a", in: path, ffprobePath: ffprobePath)
  }

  /// The codec's name for messages: "AAC", "Opus".
  public var encoderName: String? {
    guard case .transcode(let encoder, _) = self else { return nil }
    return encoder == "libopus" ? "Opus" : encoder.uppercased()
  }

  /// ffmpeg's options for the audio of input 1.
  var arguments: [String] {
    switch self {
    case .none: []
    case .copy: ["-map", "1:a?", "-c:a", "copy"]
    case .transcode(let encoder, let bitrate):
      ["-map", "1:a?", "-c:a", encoder, "-b:a", bitrate]
    }
  }
}
