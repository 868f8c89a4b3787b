import CZlib

/// PNG chunk framing (PNG spec §5.3): a 4-byte big-endian data length, a
/// 4-byte type, the data, and a CRC-32 (ISO 3309, zlib's `crc32`) of type and
/// data.
enum PNGChunk {
  /// Appends one chunk to `output`.
  ///
  /// - Precondition: `type` is 4 ASCII letters; `data.count < 2³¹`.
  static func append(type: String, data: some Collection<UInt8>, to output: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    precondition(typeBytes.count == 4, "chunk type \(type) is not 4 bytes")
    precondition(data.count < 1 << 31, "chunk of \(data.count) bytes")
    output.appendBigEndian(UInt32(data.count))
    let start = output.count
    output.append(contentsOf: typeBytes)
    output.append(contentsOf: data)
    let crc = output[start...].withUnsafeBufferPointer { crc32OfBytes($0) }
    output.appendBigEndian(crc)
  }

  /// One chunk as bytes.
  static func make(type: String, data: some Collection<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(data.count + 12)
    append(type: type, data: data, to: &output)
    return output
  }
}

/// CRC-32 of `bytes` through zlib (the PNG and gzip polynomial).
func crc32OfBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
  var crc = crc32(0, nil, 0)
  var offset = 0
  while offset < bytes.count {
    let n = min(bytes.count - offset, Int(UInt32.max >> 1))
    crc = crc32(crc, bytes.baseAddress! + offset, uInt(n))
    offset += n
  }
  return UInt32(truncatingIfNeeded: crc)
}

extension Array where Element == UInt8 {
  mutating func appendBigEndian(_ value: UInt32) {
    append(UInt8(value >> 24))
    append(UInt8((value >> 16) & 0xFF))
    append(UInt8((value >> 8) & 0xFF))
    append(UInt8(value & 0xFF))
  }

  mutating func appendBigEndian(_ value: UInt16) {
    append(UInt8(value >> 8))
    append(UInt8(value & 0xFF))
  }
}

/// Reading big-endian integers from a byte slice (bounds are the caller's
/// job).
extension Collection where Element == UInt8, Index == Int {
  func bigEndianUInt32(at offset: Int) -> UInt32 {
    UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
      | UInt32(self[offset + 3])
  }

  func bigEndianUInt16(at offset: Int) -> UInt16 {
    UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
  }
}
