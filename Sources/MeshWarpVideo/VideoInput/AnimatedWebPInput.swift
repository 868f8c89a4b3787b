import Foundation
import MeshWarpImageIO
import Synchronization

/// Animated WebP input for ffmpeg builds that cannot decode it (ffmpeg's
/// WebP decoder reads still images only before version 8): the file is
/// decoded once with libwebp (`AnimatedWebPReader`: frames composed on
/// the canvas, each with its own duration) into a temporary Matroska file
/// of raw RGBA frames with those timestamps (``MatroskaRawFrames``), which
/// ffprobe and ffmpeg then read like any video. The frames are exact
/// (raw) and their times are the file's to the microsecond.
///
/// One file per input path and process, in the temporary directory
/// (`TMPDIR`), removed when the process exits.
enum AnimatedWebPInput {
  /// The file ffmpeg reads for `path`: a temporary Matroska file for an
  /// animated WebP, else `path` itself.
  ///
  /// - Throws: `ImageCodecError` for a damaged animation, or
  ///   ``VideoInputError/unsupported(path:reason:)`` when the temporary
  ///   file cannot be written.
  static func decodable(_ path: String) throws -> String {
    try decoded(path)?.file ?? path
  }

  /// For an animated WebP, the temporary file ffmpeg reads and the
  /// animation's loop count (0: forever); nil for any other file.
  static func decoded(_ path: String) throws -> (file: String, loopCount: Int)? {
    guard isAnimatedWebP(path) else { return nil }
    return try cache.withLock { files in
      if let made = files[path] { return made }
      let made = try transcode(path)
      files[path] = made
      return made
    }
  }

  /// Whether the file starts as a WebP with the animation flag (RIFF
  /// "WEBP", a `VP8X` chunk whose flags have bit 1 set).
  static func isAnimatedWebP(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = [UInt8](handle.readData(ofLength: 21))
    guard head.count == 21, Array(head[0..<4]) == Array("RIFF".utf8),
      Array(head[8..<12]) == Array("WEBP".utf8), Array(head[12..<16]) == Array("VP8X".utf8)
    else { return false }
    return head[20] & 0x02 != 0
  }

  /// The temporary files made so far, by input path.
  private static let cache = Mutex<[String: (file: String, loopCount: Int)]>([:])

  private static func transcode(_ path: String) throws -> (file: String, loopCount: Int) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let reader = try AnimatedWebPReader(bytes, source: path)
    let directory = NSTemporaryDirectory()
    let name = "meshwarp-webp-\(getpid())-XXXXXX.mkv"
    var template = Array(
      (directory.hasSuffix("/") ? directory + name : directory + "/" + name).utf8CString)
    let file = mkstemps(&template, 4)
    guard file >= 0 else {
      throw VideoInputError.unsupported(
        path: path, reason: "cannot write the decoded animation to \(directory)")
    }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    removeAtExit(temporary)
    let handle = FileHandle(fileDescriptor: file, closeOnDealloc: true)
    var written = MatroskaRawFrames.header(
      width: reader.width, height: reader.height, fourCC: "RGBA")
    var start = 0
    while let (image, milliseconds) = try reader.next() {
      // (A frame of 0 ms, which browsers show for 100 ms, keeps 1 ms so
      // that timestamps stay increasing.)
      let duration = max(milliseconds, 1) * 1000
      written += MatroskaRawFrames.framePrefix(
        microseconds: start, durationMicroseconds: duration, frameBytes: image.pixels.count)
      written += image.pixels
      start += duration
      if written.count >= 8 << 20 {
        handle.write(Data(written))
        written.removeAll(keepingCapacity: true)
      }
    }
    handle.write(Data(written))
    guard reader.framesRead > 0 else {
      throw VideoInputError.unsupported(path: path, reason: "the animation has no frames")
    }
    return (temporary, reader.loopCount)
  }

  /// Paths removed when the process exits.
  private static let leftovers = Mutex<[String]>([])

  private static func removeAtExit(_ path: String) {
    let first = leftovers.withLock { list in
      list.append(path)
      return list.count == 1
    }
    if first {
      atexit {
        for path in AnimatedWebPInput.leftovers.withLock({ $0 }) { unlink(path) }
      }
    }
  }
}
