/// The parts of an EXIF block (a TIFF structure, TIFF 6.0 §2: `II` or `MM`
/// byte order, 42, the offset of IFD0; 12-byte directory entries) that
/// decoding reads and patches: the orientation tag 0x0112 and the link to
/// IFD1, the thumbnail's directory. Patches are made in place, so every
/// offset in the block stays valid.
enum EXIF {
  /// The block without JPEG's `Exif\0\0` header, which some writers also
  /// put into PNG `eXIf` and WebP `EXIF` chunks.
  static func tiffStructure(_ payload: [UInt8]) -> [UInt8] {
    payload.starts(with: Array("Exif\0\0".utf8)) ? Array(payload.dropFirst(6)) : payload
  }

  /// The orientation 1–8 of IFD0, or nil when the tag is absent or
  /// unreadable.
  static func orientation(_ tiff: [UInt8]) -> Int? {
    guard let reader = Reader(tiff), let entry = reader.orientationEntry else { return nil }
    return reader.u16(entry + 8)
  }

  /// `tiff` with the orientation tag set to 1 when it says 2–8 (absent: left
  /// absent) and IFD0's link to IFD1 cleared (the thumbnail is not the
  /// warped picture); unreadable blocks are returned unchanged.
  static func upright(_ tiff: [UInt8]) -> [UInt8] {
    guard let reader = Reader(tiff), let count = reader.u16(reader.ifd0) else { return tiff }
    var result = tiff
    if let entry = reader.orientationEntry, let value = reader.u16(entry + 8), value != 1 {
      // SHORT 1, in the block's byte order.
      result[entry + 8] = reader.little ? 1 : 0
      result[entry + 9] = reader.little ? 0 : 1
    }
    let link = reader.ifd0 + 2 + 12 * count
    if link + 4 <= result.count { result.replaceSubrange(link..<(link + 4), with: [0, 0, 0, 0]) }
    return result
  }

  /// Bounds-checked reading of a TIFF structure.
  struct Reader {
    let tiff: [UInt8]
    let little: Bool
    private(set) var ifd0 = 0

    init?(_ tiff: [UInt8]) {
      guard tiff.count >= 8 else { return nil }
      self.tiff = tiff
      if tiff[0] == 0x49 && tiff[1] == 0x49 {
        little = true
      } else if tiff[0] == 0x4D && tiff[1] == 0x4D {
        little = false
      } else {
        return nil
      }
      guard u16(2) == 42, let offset = u32(4) else { return nil }
      ifd0 = offset
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

    /// The IFD0 entry of tag 0x0112 with type 3 (SHORT; its value sits in
    /// the first two bytes of the field) and a value 1–8, or nil.
    var orientationEntry: Int? {
      guard let count = u16(ifd0) else { return nil }
      for i in 0..<count {
        let entry = ifd0 + 2 + 12 * i
        guard let tag = u16(entry) else { return nil }
        if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) {
          return entry
        }
      }
      return nil
    }
  }
}

/// XMP's copy of the orientation, `tiff:Orientation` (XMP Specification
/// Part 2, §3.2.1: the TIFF tag as an attribute or an element), which
/// Photoshop and cameras write beside the EXIF tag.
enum XMPOrientation {
  /// `xmp` with every `tiff:Orientation` of 2–8 set to 1, in place (one
  /// byte each, so the packet's length and padding are unchanged).
  static func upright(_ xmp: [UInt8]) -> [UInt8] {
    let name = Array("tiff:Orientation".utf8)
    var result = xmp
    var i = 0
    while i + name.count < result.count {
      guard result[i..<(i + name.count)].elementsEqual(name) else {
        i += 1
        continue
      }
      var j = i + name.count
      // `="6"`, `='6'` or `>6<`, with spaces around `=`.
      while j < result.count, [0x20, 0x3D, 0x22, 0x27, 0x3E].contains(result[j]) { j += 1 }
      if j + 1 < result.count, (0x32...0x38).contains(result[j]),
        !(0x30...0x39).contains(result[j + 1])
      {
        result[j] = 0x31
      }
      i = j
    }
    return result
  }
}
