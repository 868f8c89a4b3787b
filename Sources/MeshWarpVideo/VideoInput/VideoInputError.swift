/// Why a video could not be read. `description` is a message for a user,
/// naming the file.
public enum VideoInputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// ffprobe or ffmpeg cannot open or decode the file; `detail` is the last
  /// line of its error output.
  case cannotDecode(path: String, tool: String, detail: String)
  /// The file has no video stream; `streams` lists what it has.
  case noVideoStream(path: String, streams: String)
  /// The file or request is something this reader does not handle
  /// (standard input, an animated WebP with an ffmpeg that cannot decode
  /// it, a stream ffprobe reports without size or frame rate).
  case unsupported(path: String, reason: String)
  /// The raw frame stream stopped inside a frame: `framesRead` whole
  /// frames, then `partialBytes` of the `frameBytes` of the next one.
  case endedEarly(source: String, framesRead: Int, partialBytes: Int, frameBytes: Int)
  /// ffmpeg exited with a failure or was killed while decoding, after
  /// `framesRead` frames; `reason` says how it ended, the cause in one
  /// sentence when its error output shows a known one, and the log file
  /// that output was saved to (it is never shown as the message).
  case decoderFailed(path: String, framesRead: Int, reason: String)

  public var description: String {
    switch self {
    case .cannotDecode(let path, let tool, let detail):
      return detail.isEmpty
        ? "\(path): \(tool) cannot read it as a video"
        : "\(path): \(tool) cannot read it as a video: \(detail)"
    case .noVideoStream(let path, let streams):
      return "\(path): has no video stream (streams: \(streams.isEmpty ? "none" : streams))"
    case .unsupported(let path, let reason):
      return "\(path): \(reason)"
    case .endedEarly(let source, let framesRead, let partialBytes, let frameBytes):
      return
        "\(source): stream ended early after \(framesRead) frames (\(partialBytes) of the \(frameBytes) bytes of frame \(framesRead + 1))"
    case .decoderFailed(let path, let framesRead, let reason):
      return "\(path): ffmpeg failed after \(framesRead) frames: \(reason)"
    }
  }
}
