import Foundation
import MeshWarpFiles

/// What an input file holds, judged by its first bytes.
public enum InputKind: Equatable, Sendable {
  /// A still image (PNG without animation, JPEG, still WebP).
  case still
  /// Frames for ffmpeg: an animated PNG, or anything else (MP4, MOV, MKV,
  /// WebM, GIF, animated WebP, …): ffprobe decides.
  case video

  /// Reads up to 64 KiB of `path`: a PNG is a still unless an `acTL`
  /// chunk comes before its first `IDAT`; JPEG and a WebP without the
  /// animation flag are stills; known video containers and GIF are video
  /// (`looksLikeVideo(_:)`); the rest is left to the image decoder. Standard input and
  /// unreadable files are stills (the image decoder reports the problem).
  ///
  /// - Parameter path: the file (`"-"`: standard input).
  /// - Returns: `.video` or `.still`.
  public static func detect(path: String) -> InputKind {
    guard path != FileInput.standardInputPath, let handle = FileHandle(forReadingAtPath: path)
    else { return .still }
    defer { try? handle.close() }
    let head = [UInt8]((try? handle.read(upToCount: 65536)) ?? Data())
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if head.starts(with: png) {
      var offset = 8
      while offset + 8 <= head.count {
        let length = head[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: head[offset + 4..<offset + 8], as: UTF8.self)
        if type == "acTL" { return .video }
        if type == "IDAT" { return .still }
        offset += 12 + length
      }
      return .still
    }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .still }
    if head.count >= 21, head.starts(with: Array("RIFF".utf8)),
      Array(head[8..<12]) == Array("WEBP".utf8)
    {
      // VP8X: flags byte at 20; bit 1 (0x02) marks an animation.
      let extended = Array(head[12..<16]) == Array("VP8X".utf8)
      return extended && head[20] & 0x02 != 0 ? .video : .still
    }
    return looksLikeVideo(head) ? .video : .still
  }

  /// Whether `head` starts like a container ffmpeg reads for video: ISO
  /// media (MP4, MOV: `ftyp` at 4), Matroska/WebM (EBML), GIF, AVI, MPEG
  /// transport or program streams, FLV. Anything else goes to the image
  /// decoder, whose error names what the bytes look like.
  package static func looksLikeVideo(_ head: [UInt8]) -> Bool {
    func at(_ offset: Int, _ bytes: [UInt8]) -> Bool {
      head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    return at(4, Array("ftyp".utf8)) || at(0, [0x1A, 0x45, 0xDF, 0xA3])
      || at(0, Array("GIF8".utf8)) || (at(0, Array("RIFF".utf8)) && at(8, Array("AVI ".utf8)))
      || at(0, [0x00, 0x00, 0x01, 0xBA]) || at(0, Array("FLV".utf8))
      || (head.count > 188 && head[0] == 0x47 && head[188] == 0x47)
  }
}
