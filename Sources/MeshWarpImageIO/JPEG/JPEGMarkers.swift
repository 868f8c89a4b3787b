/// The metadata segments of a JPEG file (ITU T.81 §B.1.1.4 marker layout)
/// that decoding needs and libjpeg-turbo's TurboJPEG API does not expose:
/// the JFIF density (APP0), EXIF and XMP (APP1), the ICC profile (APP2) and
/// Adobe's colour transform (APP14); and the writing of those segments.
struct JPEGMarkers {
  /// The first APP1 `Exif` segment's TIFF structure.
  var exif: [UInt8]?
  /// The first APP1 XMP packet (standard XMP; extended XMP is not read).
  var xmp: [UInt8]?
  /// The JFIF APP0 density; nil when absent or the meaningless 1:1 ratio
  /// without unit that libjpeg writes by default.
  var density: PixelDensity?
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
      case 0xE0 where data.starts(with: Array("JFIF\0".utf8)) && data.count >= 12:
        let d = Array(data)
        let x = Int(d.bigEndianUInt16(at: 8))
        let y = Int(d.bigEndianUInt16(at: 10))
        let unit: PixelDensity.Unit? =
          switch d[7] {
          case 1: .inch
          case 2: .centimetre
          case 0 where x != y: .aspectRatio
          default: nil
          }
        if let unit, x > 0, y > 0 { density = PixelDensity(horizontal: x, vertical: y, unit: unit) }
      case 0xE1 where exif == nil && data.starts(with: Self.exifHeader):
        exif = Array(data.dropFirst(Self.exifHeader.count))
      case 0xE1 where xmp == nil && data.starts(with: Self.xmpHeader):
        xmp = Array(data.dropFirst(Self.xmpHeader.count))
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

  /// The header of an APP1 EXIF segment (CIPA DC-008 §4.5.4).
  static let exifHeader = Array("Exif\0\0".utf8)
  /// The header of an APP1 XMP segment (XMP Specification Part 3, §1.1.3).
  static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
  /// The most data one segment holds: its 16-bit length counts itself.
  static let maximumSegmentData = 65533

  /// `jpeg` (as libjpeg-turbo writes it: SOI, then a JFIF APP0) with the
  /// metadata and profile inserted after the APP0, in the order Pillow and
  /// cameras write: APP1 EXIF, APP1 XMP, APP2 ICC; and the APP0 density set.
  /// An EXIF block or XMP packet too large for one segment is left out
  /// (`fitsOneSegment`).
  static func inserting(
    _ metadata: ImageMetadata, iccProfile: [UInt8]?, into jpeg: [UInt8]
  ) -> [UInt8] {
    var output = jpeg
    var insertAt = 2
    if jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
      insertAt = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
      // APP0 JFIF: "JFIF\0", version (2 bytes), units, Xdensity, Ydensity.
      if let density = metadata.density, insertAt >= 18,
        jpeg[6..<11].elementsEqual(Array("JFIF\0".utf8))
      {
        let (unit, x, y) = density.jfif
        output.replaceSubrange(
          13..<18, with: [unit, UInt8(x >> 8), UInt8(x & 0xFF), UInt8(y >> 8), UInt8(y & 0xFF)])
      }
    }
    var segments: [UInt8] = []
    for (header, data) in [(exifHeader, metadata.exif), (xmpHeader, metadata.xmp)] {
      guard let data, fitsOneSegment(data, header: header) else { continue }
      let length = 2 + header.count + data.count
      segments += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + header + data
    }
    if let iccProfile, !iccProfile.isEmpty { segments += iccSegments(iccProfile) }
    output.insert(contentsOf: segments, at: insertAt)
    return output
  }

  /// Whether `data` after `header` fits one APP1 segment.
  static func fitsOneSegment(_ data: [UInt8], header: [UInt8]) -> Bool {
    2 + header.count + data.count <= maximumSegmentData + 2
  }

  /// The ICC profile as APP2 segments (ICC.1 Annex B.4: at most 65519
  /// profile bytes per segment, 1-based sequence numbers); none for a
  /// profile over 255 segments.
  static func iccSegments(_ profile: [UInt8]) -> [UInt8] {
    let chunkSize = 65519
    let chunkCount = (profile.count + chunkSize - 1) / chunkSize
    guard chunkCount >= 1, chunkCount <= 255 else { return [] }
    var segments: [UInt8] = []
    for i in 0..<chunkCount {
      let part = profile[(i * chunkSize)..<min(profile.count, (i + 1) * chunkSize)]
      let length = 2 + 14 + part.count
      segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
      segments += Array("ICC_PROFILE\0".utf8) + [UInt8(i + 1), UInt8(chunkCount)]
      segments += part
    }
    return segments
  }
}
