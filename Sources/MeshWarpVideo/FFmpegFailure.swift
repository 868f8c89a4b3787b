import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ffmpeg's error output turned into what a user reads: one sentence for
/// the common causes, and the whole output saved to a log file instead of
/// being shown (it is ffmpeg's, in ffmpeg's terms).
enum FFmpegFailure {
  /// The cause in a sentence when `output` (ffmpeg's error output) shows
  /// a known one; nil otherwise. Matched on ffmpeg 5.1's wording.
  static func cause(of output: String) -> String? {
    let text = output.lowercased()
    if text.contains("no space left on device") { return "the disk is full" }
    if let name = quoted(after: "unknown encoder '", in: output) {
      return "this ffmpeg has no \(name) encoder (install an ffmpeg built with it)"
    }
    if text.contains("encoder not found") || text.contains("unknown encoder") {
      return "this ffmpeg lacks the encoder"
    }
    if text.contains("permission denied") { return "permission denied writing the output" }
    if text.contains("invalid data found when processing input") {
      return "ffmpeg could not read its input (invalid data)"
    }
    if text.contains("not divisible by 2") || text.contains("incompatible pixel format")
      || text.contains("does not support pixel format")
      || text.contains("pixel format") && text.contains("not supported")
      || text.contains("error while opening encoder")
      || text.contains("invalid argument") && text.contains("encoder")
    {
      return "the encoder refused the frame size or pixel format"
    }
    if text.contains("codec not currently supported in container")
      || text.contains("could not find tag for codec")
    {
      return "the container cannot hold this codec"
    }
    if text.contains("cannot allocate memory") || text.contains("out of memory") {
      return "ffmpeg ran out of memory"
    }
    return nil
  }

  /// The text between `prefix` and the next `'` in `output`.
  private static func quoted(after prefix: String, in output: String) -> String? {
    guard let start = output.range(of: prefix, options: .caseInsensitive)?.upperBound,
      let end = output[start...].firstIndex(of: "'")
    else { return nil }
    return String(output[start..<end])
  }

  /// Saves `output` to `meshwarp-ffmpeg-PID-XXXXXX.log` in the temporary
  /// directory (`TMPDIR`); returns its path, nil when `output` is empty or
  /// the file cannot be written.
  static func saveLog(_ output: [UInt8]) -> String? {
    guard !output.isEmpty else { return nil }
    let directory = NSTemporaryDirectory()
    let name = "meshwarp-ffmpeg-\(getpid())-XXXXXX.log"
    var template = Array(
      (directory.hasSuffix("/") ? directory + name : directory + "/" + name).utf8CString)
    let file = mkstemps(&template, 4)
    guard file >= 0 else { return nil }
    defer { close(file) }
    let written = output.withUnsafeBytes { write(file, $0.baseAddress!, $0.count) }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard written == output.count else {
      unlink(path)
      return nil
    }
    return path
  }

  /// The reason of a failed ffmpeg: `what` (its exit status, what it
  /// stopped), the cause when known, and where its output was saved.
  static func reason(_ what: String, output: [UInt8]) -> String {
    var reason = what
    if let cause = cause(of: String(decoding: output, as: UTF8.self)) {
      reason += ": " + cause
    }
    if let log = saveLog(output) { reason += "; ffmpeg's output is in \(log)" }
    return reason
  }
}
