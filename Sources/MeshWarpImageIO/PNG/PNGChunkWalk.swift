/// Walks a PNG file's chunks in file order (PNG spec §5.3: a 4-byte
/// big-endian length, the 4-byte type, the data, a 4-byte CRC), calling
/// `body` with each chunk's type and data until it returns false. Stops
/// quietly at a chunk whose length runs past the end: callers read
/// ancillary chunks from files libpng has already checked.
func forEachPNGChunk(in bytes: [UInt8], _ body: (_ type: String, _ data: [UInt8]) -> Bool) {
  var offset = 8
  while offset + 12 <= bytes.count {
    let length = Int(bytes.bigEndianUInt32(at: offset))
    let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
    let start = offset + 8
    guard length <= bytes.count - start - 4 else { return }
    guard body(type, Array(bytes[start..<(start + length)])) else { return }
    offset = start + length + 4
  }
}
