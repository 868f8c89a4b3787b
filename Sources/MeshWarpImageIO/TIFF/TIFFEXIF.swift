/// EXIF in a TIFF file. A TIFF has no EXIF block: its first directory
/// holds the camera's descriptive tags (make, model, date, …) beside the
/// image's own, and links the Exif and GPS directories by tag (EXIF 2.32
/// §4.6.3). Reading gathers those into a stand-alone EXIF block (the TIFF
/// structure other formats carry); writing puts a block's descriptive tags
/// and linked directories into the first directory libtiff wrote, which is
/// rewritten at the end of the file (the old one stays as unused bytes).
enum TIFFEXIF {
  /// The first directory's tags that describe the picture rather than its
  /// pixels: ImageDescription, Make, Model, Software, DateTime, Artist,
  /// Copyright, and the Exif and GPS links.
  static let carriedTags: Set<UInt16> = [
    0x010E, 0x010F, 0x0110, 0x0131, 0x0132, 0x013B, 0x8298, 0x8769, 0x8825,
  ]

  /// The EXIF block (little-endian) of a TIFF file, or nil when its first
  /// directory links no Exif or GPS directory, or the file is not a
  /// classic TIFF (BigTIFF is not read). The orientation is left out: the
  /// decoder applies the file's own.
  static func block(fromFile file: [UInt8]) -> [UInt8]? {
    guard let reader = EXIF.Reader(file),
      let first = TIFFDirectory.read(reader, at: reader.ifd0, only: carriedTags)
    else { return nil }
    let carried = first.entries
    guard carried.contains(where: { $0.tag == 0x8769 || $0.tag == 0x8825 }) else { return nil }
    let header: [UInt8] = [0x49, 0x49, 42, 0] + TIFFDirectory.word(8, little: true)
    return header + TIFFDirectory(entries: carried).serialized(at: 8, little: true)
  }

  /// `file` (a TIFF libtiff wrote, one directory) with `exif`'s descriptive
  /// tags and Exif and GPS directories added to its first directory; tags
  /// the file already has keep the file's values. `file` unchanged when
  /// `exif` cannot be read or carries none of those tags.
  static func attach(_ exif: [UInt8], to file: [UInt8]) -> [UInt8] {
    guard let source = EXIF.Reader(exif),
      let exifFirst = TIFFDirectory.read(source, at: source.ifd0, only: carriedTags),
      let target = EXIF.Reader(file),
      var first = TIFFDirectory.read(target, at: target.ifd0, keepingOffsets: true, depth: 0)
    else { return file }
    let present = Set(first.entries.map(\.tag))
    let added = exifFirst.entries.filter {
      carriedTags.contains($0.tag) && !present.contains($0.tag)
    }
    guard !added.isEmpty else { return file }
    first.entries += added
    var out = file
    if out.count % 2 == 1 { out.append(0) }
    let at = out.count
    out += first.serialized(at: at, little: target.little)
    out.replaceSubrange(4..<8, with: TIFFDirectory.word(UInt32(at), little: target.little))
    return out
  }
}
