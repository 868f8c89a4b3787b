import Foundation
import MeshWarpFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last frame's duration, which ffmpeg 5 does not carry from its input
/// to an encoder's packets (it ends a variable-rate clip one guessed tick
/// after the last frame starts): restored per container once the frames
/// are in.
///
/// - MP4, MOV, Matroska, WebM: a stream-copy remux whose `setts` filter
///   gives the last packet in decoding order the duration
///   `end − (dts − first dts)`, so that the track, which ends at the last
///   decoding time plus its duration, lasts to the end of the last frame
///   (`end` in seconds from the first frame, over the stream's time base).
/// - GIF: the muxer's `-final_delay`, in centiseconds.
/// - Animated WebP: the last ANMF chunk's 24-bit duration in milliseconds
///   (WebP container specification), rewritten in the file.
enum LastFrameDuration {
  /// Whether the container's last frame is set by the remux.
  static func remuxes(_ container: VideoContainer) -> Bool {
    switch container {
    case .mp4, .mov, .mkv, .webm: true
    case .gif, .webp: false
    }
  }

  /// The remux's video bitstream filter for `frames` packets ending at
  /// `end` seconds.
  static func filter(frames: Int, end: Double) -> String {
    "setts=pts=PTS:dts=DTS:duration=if(eq(N\\,\(frames - 1))\\,\(end)/TB+STARTDTS-DTS\\,DURATION)"
  }

  /// The GIF muxer's final delay for a last frame of `seconds`
  /// (centiseconds, 1 … 65535).
  static func gifFinalDelay(seconds: Double) -> Int {
    min(max(Int((seconds * 100).rounded()), 1), 65535)
  }

  /// Sets the duration of the last frame of the animated WebP at `path`
  /// to `seconds` (milliseconds, 1 … 2²⁴ − 1); a file without ANMF chunks
  /// is left as it is.
  static func setWebPLastFrame(path: String, seconds: Double) throws {
    let bytes = try FileInput.readBytes(path: path)
    var at = 12
    var last: Int?
    while at + 8 <= bytes.count {
      let size = (0..<4).reduce(0) { $0 | Int(bytes[at + 4 + $1]) << (8 * $1) }
      if bytes[at..<at + 4].elementsEqual("ANMF".utf8), at + 8 + 16 <= bytes.count {
        last = at + 8 + 12
      }
      at += 8 + size + (size & 1)
    }
    guard let field = last else { return }
    let milliseconds = min(max(Int((seconds * 1000).rounded()), 1), (1 << 24) - 1)
    let value = (0..<3).map { UInt8(truncatingIfNeeded: milliseconds >> (8 * $0)) }
    let file = open(path, O_WRONLY | O_CLOEXEC)
    let written =
      file < 0 ? -1 : value.withUnsafeBytes { pwrite(file, $0.baseAddress!, 3, off_t(field)) }
    let reason = String(cString: strerror(errno))
    if file >= 0 { close(file) }
    guard written == 3 else {
      throw FileError.fileSystem(path: path, operation: .write, reason: reason)
    }
  }
}
