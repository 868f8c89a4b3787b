import Foundation

/// The codec names (ffprobe's `codec_name`) of a file's streams of one
/// kind, for the audio and subtitle plans.
enum StreamCodecs {
  /// The codecs of `path`'s streams of `kind` (ffprobe's stream
  /// specifier: `a` audio, `s` subtitles), in order; empty when it has
  /// none or ffprobe fails.
  static func probe(_ kind: String, in path: String, ffprobePath: String) -> [String] {
    guard
      let child = try? ChildProcess(
        tool: "ffprobe", executable: ffprobePath,
        arguments: [
          "-hide_banner", "-loglevel", "error", "-select_streams", kind, "-show_entries",
          "stream=codec_name", "-of", "csv=p=0", ChildProcess.inputURL(path),
        ])
    else { return [] }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while let n = try? chunk.withUnsafeMutableBytes({ try child.read(into: $0) }), n > 0 {
      output += chunk[0..<n]
    }
    guard child.wait().succeeded else { return [] }
    return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
