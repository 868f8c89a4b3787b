import Foundation

/// The demuxer ffmpeg and ffprobe are told to use for an input, where
/// their own probing guesses wrong.
enum InputDemuxer {
  /// `["-f", "apng"]` for a file that starts with the PNG signature, else
  /// none. ffmpeg probes the first 2 KiB: the `apng` demuxer claims a PNG
  /// only once it has seen `acTL`, and the `png_pipe` one claims any PNG
  /// at once, so an APNG with a large chunk before `acTL` (Pillow writes
  /// `iCCP` first) is read as its first frame alone, without a warning.
  /// Only animated PNGs reach the video reader (`InputKind`).
  static func options(path: String) -> [String] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    let head = [UInt8]((try? handle.read(upToCount: 8)) ?? Data())
    return head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] ? ["-f", "apng"] : []
  }
}
