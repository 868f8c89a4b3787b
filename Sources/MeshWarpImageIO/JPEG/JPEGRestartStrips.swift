/// Joins JPEGs of horizontal strips of one picture into one baseline JPEG
/// with restart markers, so that the strips can be encoded on separate
/// threads (libjpeg-turbo's encoder is serial).
///
/// ITU T.81 §B.2.4.4 and §E.1.4: with a restart interval of Ri MCUs (the DRI
/// segment), the encoder resets its DC predictions to zero and pads the
/// entropy-coded data to a byte after every Ri MCUs, then writes RSTm
/// (m = 0…7 in turn). A strip encoded as a JPEG of its own starts from zero
/// predictions and ends padded, so strip k's entropy-coded data is exactly
/// interval k of the whole picture when every strip but the last holds Ri
/// MCUs: its height is a multiple of the MCU height. Chroma downsampling
/// (libjpeg's 2×2 box, no smoothing) and the DCT work within an MCU, so the
/// joined file decodes to the same pixels as one serial encode; only the
/// restart markers (2 bytes each, plus up to 7 padding bits) are added.
enum JPEGRestartStrips {
  /// The segments of a JPEG: the bytes from SOI to the SOS segment's start,
  /// the SOS segment, and the entropy-coded data up to the final EOI; nil
  /// when the layout is not SOI … SOS data EOI.
  static func split(_ jpeg: [UInt8]) -> (
    tables: ArraySlice<UInt8>, sos: ArraySlice<UInt8>, data: ArraySlice<UInt8>
  )? {
    guard jpeg.count >= 6, jpeg[0] == 0xFF, jpeg[1] == 0xD8,
      jpeg[jpeg.count - 2] == 0xFF, jpeg[jpeg.count - 1] == 0xD9
    else { return nil }
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
      let marker = jpeg[offset + 1]
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      let end = offset + 2 + length
      guard length >= 2, end <= jpeg.count - 2 else { return nil }
      if marker == 0xDA {
        return (jpeg[0..<offset], jpeg[offset..<end], jpeg[end..<(jpeg.count - 2)])
      }
      offset = end
    }
    return nil
  }

  /// The strips' JPEGs joined, or nil when they do not share their tables
  /// (every segment before SOS equal but the frame's height) or are not
  /// laid out as libjpeg-turbo writes them.
  ///
  /// - Parameters:
  ///   - strips: the strips top to bottom; all but the last `mcusPerStrip`
  ///     MCUs each.
  ///   - height: the whole picture's height.
  static func join(_ strips: [[UInt8]], height: Int, mcusPerStrip: Int) -> [UInt8]? {
    guard !strips.isEmpty, mcusPerStrip > 0, mcusPerStrip <= 0xFFFF, height <= 0xFFFF else {
      return nil
    }
    var parts: [(tables: ArraySlice<UInt8>, sos: ArraySlice<UInt8>, data: ArraySlice<UInt8>)] = []
    for strip in strips {
      guard let part = split(strip) else { return nil }
      parts.append(part)
    }
    guard let heightAt = frameHeightOffset(in: parts[0].tables) else { return nil }
    var tables = Array(parts[0].tables)
    // Compare the tables with the height bytes masked out.
    func masked(_ t: ArraySlice<UInt8>) -> [UInt8]? {
      guard let at = frameHeightOffset(in: t) else { return nil }
      var copy = Array(t)
      copy[at - t.startIndex] = 0
      copy[at - t.startIndex + 1] = 0
      return copy
    }
    let reference = masked(parts[0].tables)
    for part in parts.dropFirst() {
      guard masked(part.tables) == reference, part.sos.elementsEqual(parts[0].sos) else {
        return nil
      }
    }
    let at = heightAt - parts[0].tables.startIndex
    tables[at] = UInt8(height >> 8)
    tables[at + 1] = UInt8(height & 0xFF)
    var out: [UInt8] = []
    out.reserveCapacity(tables.count + parts.reduce(0) { $0 + $1.data.count + 2 } + 32)
    out += tables
    out += [0xFF, 0xDD, 0x00, 0x04, UInt8(mcusPerStrip >> 8), UInt8(mcusPerStrip & 0xFF)]
    out += parts[0].sos
    for (k, part) in parts.enumerated() {
      if k > 0 { out += [0xFF, 0xD0 + UInt8((k - 1) & 7)] }
      out += part.data
    }
    out += [0xFF, 0xD9]
    return out
  }

  /// Where the baseline frame header's (SOF0) 16-bit height lies, or nil
  /// when there is no SOF0 or there is a DRI already.
  static func frameHeightOffset(in tables: ArraySlice<UInt8>) -> Int? {
    var offset = tables.startIndex + 2
    var found: Int?
    while offset + 4 <= tables.endIndex, tables[offset] == 0xFF {
      let marker = tables[offset + 1]
      let length = Int(tables[offset + 2]) << 8 | Int(tables[offset + 3])
      if marker == 0xDD { return nil }
      if marker == 0xC0, length >= 8 { found = offset + 5 }
      offset += 2 + length
    }
    return found
  }
}
