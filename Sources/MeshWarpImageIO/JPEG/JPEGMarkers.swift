/// The metadata segments of a JPEG file (ITU T.81 §B.1.1.4 marker layout)
/// that decoding needs and libjpeg-turbo's TurboJPEG API does not expose:
/// EXIF orientation (APP1), ICC profile (APP2) and Adobe's colour transform
/// (APP14).
struct JPEGMarkers {
  /// EXIF orientation 1–8 (1 when absent or unreadable).
  var orientation = 1
  /// The ICC profile, from the APP2 `ICC_PROFILE` segments in sequence order.
  var iccProfile: [UInt8]?
  /// Whether an Adobe APP14 segment is present: Adobe applications store
  /// CMYK inverted (0 = full ink), as Pillow and libjpeg's docs assume.
  var hasAdobe = false

  /// Reads the segments between SOI and the first SOS.
  init(_ bytes: [UInt8]) {
    var iccParts: [Int: [UInt8]] = [:]
    var offset = 2
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { break }
      let marker = bytes[offset + 1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if marker == 0xDA || marker == 0xD9 { break }  // SOS, EOI: no metadata after
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      let start = offset + 4
      let end = offset + 2 + length
      guard length >= 2, end <= bytes.count else { break }
      let data = bytes[start..<end]
      switch marker {
      case 0xE1 where data.starts(with: Array("Exif\0\0".utf8)):
        orientation = Self.exifOrientation(Array(data.dropFirst(6))) ?? orientation
      case 0xE2 where data.starts(with: Array("ICC_PROFILE\0".utf8)) && data.count >= 14:
        let sequence = Int(data[data.startIndex + 12])
        iccParts[sequence] = Array(data.dropFirst(14))
      case 0xEE where data.starts(with: Array("Adobe".utf8)):
        hasAdobe = true
      default: break
      }
      offset = end
    }
    if !iccParts.isEmpty {
      iccProfile = iccParts.keys.sorted().flatMap { iccParts[$0]! }
    }
  }

  /// The orientation tag (0x0112) of IFD0 in a TIFF structure (TIFF 6.0
  /// §2: "II"/"MM" byte order, 42, IFD0 offset; 12-byte entries), or nil.
  static func exifOrientation(_ tiff: [UInt8]) -> Int? {
    guard tiff.count >= 8 else { return nil }
    let little: Bool
    if tiff[0] == 0x49 && tiff[1] == 0x49 {
      little = true
    } else if tiff[0] == 0x4D && tiff[1] == 0x4D {
      little = false
    } else {
      return nil
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      return little
        ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }
    func u32(_ at: Int) -> Int? {
      guard let a = u16(at), let b = u16(at + 2) else { return nil }
      return little ? a | b << 16 : a << 16 | b
    }
    guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
    for i in 0..<count {
      let entry = ifd + 2 + 12 * i
      guard let tag = u16(entry) else { return nil }
      // Type 3 = SHORT; the value sits in the first two bytes of the field.
      if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) {
        return value
      }
    }
    return nil
  }

  /// `jpeg` with the ICC profile inserted as APP2 segments after SOI and any
  /// APP0 (JFIF) segment (ICC.1 Annex B.4: at most 65519 profile bytes per
  /// segment, 1-based sequence numbers).
  static func insertingICCProfile(_ profile: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
    let chunkSize = 65519
    let chunkCount = (profile.count + chunkSize - 1) / chunkSize
    guard chunkCount >= 1, chunkCount <= 255 else { return jpeg }
    var insertAt = 2
    if jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
      insertAt = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
    }
    var segments: [UInt8] = []
    for i in 0..<chunkCount {
      let part = profile[(i * chunkSize)..<min(profile.count, (i + 1) * chunkSize)]
      let length = 2 + 14 + part.count
      segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
      segments += Array("ICC_PROFILE\0".utf8) + [UInt8(i + 1), UInt8(chunkCount)]
      segments += part
    }
    return Array(jpeg[0..<insertAt]) + segments + Array(jpeg[insertAt...])
  }
}
