/// Raw frames with their own timestamps, as a Matroska stream for ffmpeg's
/// standard input (`-f matroska -i -`): raw video at one rate
/// (`-f rawvideo -r …`) cannot say when each frame shows, Matroska can.
///
/// The stream (Matroska specification, RFC 9559): an EBML header; a
/// Segment of unknown size (a live stream); Info with a TimestampScale of
/// 1000 ns (timestamps in microseconds); one video track, codec
/// `V_UNCOMPRESSED` with the pixel format as a FourCC in ColourSpace
/// (`RGBA`, or `I420` for `yuv420p` planes: ffmpeg's raw tags); then per
/// frame a Cluster holding its Timestamp and a BlockGroup of BlockDuration
/// and the Block (track 1, relative time 0, the frame's bytes). Every size
/// is written as an 8-byte EBML number, so a frame's prefix is fixed-size
/// and the pixels follow it unchanged.
enum MatroskaRawFrames {
  /// The header, up to the first frame.
  static func header(width: Int, height: Int, fourCC: String) -> [UInt8] {
    let ebml = element(
      [0x1A, 0x45, 0xDF, 0xA3],
      unsigned([0x42, 0x86], 1) + unsigned([0x42, 0xF7], 1) + unsigned([0x42, 0xF2], 4)
        + unsigned([0x42, 0xF3], 8) + element([0x42, 0x82], Array("matroska".utf8))
        + unsigned([0x42, 0x87], 4) + unsigned([0x42, 0x85], 2))
    let info = element([0x15, 0x49, 0xA9, 0x66], unsigned([0x2A, 0xD7, 0xB1], 1000))
    let video = element(
      [0xE0],
      unsigned([0xB0], width) + unsigned([0xBA], height)
        + element([0x2E, 0xB5, 0x24], Array(fourCC.utf8)))
    let track = element(
      [0xAE],
      unsigned([0xD7], 1) + unsigned([0x73, 0xC5], 1) + unsigned([0x83], 1)
        + element([0x86], Array("V_UNCOMPRESSED".utf8)) + video)
    let tracks = element([0x16, 0x54, 0xAE, 0x6B], track)
    // Segment of unknown size: all ones in an 8-byte number.
    let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    return ebml + segment + info + tracks
  }

  /// What goes before a frame of `frameBytes` bytes shown at
  /// `microseconds` for `durationMicroseconds` (≥ 0 both).
  static func framePrefix(microseconds: Int, durationMicroseconds: Int, frameBytes: Int)
    -> [UInt8]
  {
    let blockHeader: [UInt8] = [0x81, 0x00, 0x00, 0x80]  // track 1, +0, flags
    let block = [0xA1] + size(blockHeader.count + frameBytes) + blockHeader
    let group = unsigned([0x9B], durationMicroseconds) + block
    let groupSize = group.count + frameBytes
    let inner = unsigned([0xE7], microseconds) + [0xA0] + size(groupSize) + group
    return [0x1F, 0x43, 0xB6, 0x75] + size(inner.count + frameBytes) + inner
  }

  /// An 8-byte EBML size.
  private static func size(_ n: Int) -> [UInt8] {
    [0x01] + (0..<7).reversed().map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) }
  }

  private static func element(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] {
    id + size(payload.count) + payload
  }

  /// An unsigned integer element, 8 bytes.
  private static func unsigned(_ id: [UInt8], _ value: Int) -> [UInt8] {
    element(id, (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
  }
}
