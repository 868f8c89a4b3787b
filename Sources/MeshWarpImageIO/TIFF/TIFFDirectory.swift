/// One image file directory of a TIFF structure (TIFF 6.0 §2): entries
/// sorted by tag, each a field type, a count and a value that sits in the
/// entry when it fits 4 bytes, else at an offset; then the offset of the
/// next directory (always 0 here: one directory).
///
/// Values are held in little-endian order element by element, so a
/// directory read from a big-endian (`MM`) structure is written into a
/// little-endian one unchanged in meaning. The sub-directories EXIF links
/// by tag (EXIF 2.32 §4.6.3: Exif IFD 0x8769, GPS IFD 0x8825,
/// Interoperability IFD 0xA005) are held as directories, so they move with
/// their parent. A MakerNote (0x927C) is copied as bytes: offsets inside
/// it that count from the old structure's start are not rewritten, as
/// with most tools.
struct TIFFDirectory: Equatable {
  /// An entry's value.
  enum Value: Equatable {
    /// The value, little-endian element by element.
    case bytes([UInt8])
    /// An out-of-line value left where it is, at this offset of the same
    /// file (a directory rewritten in place of the one libtiff wrote).
    case offset(UInt32)
    /// A linked sub-directory.
    case directory(TIFFDirectory)
  }

  /// One 12-byte entry.
  struct Entry: Equatable {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    var value: Value
  }

  var entries: [Entry]

  /// The tags whose value is the offset of a sub-directory.
  static let directoryTags: Set<UInt16> = [0x8769, 0x8825, 0xA005]

  /// Bytes of one element of field `type` and elements per count (a
  /// RATIONAL is two LONGs), or nil for types a classic TIFF does not
  /// define.
  static func element(_ type: UInt16) -> (bytes: Int, perCount: Int)? {
    switch type {
    case 1, 2, 6, 7: (1, 1)
    case 3, 8: (2, 1)
    case 4, 9, 11, 13: (4, 1)
    case 5, 10: (4, 2)
    case 12: (8, 1)
    default: nil
    }
  }

  /// The entry of `tag`, if any.
  subscript(tag: UInt16) -> Entry? { entries.first { $0.tag == tag } }

  /// Reads the directory at `offset` of `reader`'s structure; sub-directories
  /// are followed to `depth` levels. With `keepingOffsets`, out-of-line
  /// values stay where they are (`.offset`) instead of being copied; with
  /// `only`, other tags are skipped. Entries of unknown types, values
  /// outside the structure, sub-directories that cannot be read, a tag's
  /// second entry (a second link of one kind too) and values past `maxBytes` copied in this directory
  /// (each linked one has its own budget, at most 13 directories in all)
  /// are left out, so a damaged or hostile structure costs little; nil
  /// when the directory itself cannot be read.
  static func read(
    _ reader: EXIF.Reader, at offset: Int, keepingOffsets: Bool = false, depth: Int = 2,
    only: Set<UInt16>? = nil, maxBytes: Int = 1 << 20
  ) -> TIFFDirectory? {
    guard offset >= 8, let count = reader.u16(offset), count <= 4096,
      offset + 2 + 12 * count + 4 <= reader.tiff.count
    else { return nil }
    var entries: [Entry] = []
    var seen: Set<UInt16> = []
    var copied = 0
    for i in 0..<count {
      let at = offset + 2 + 12 * i
      guard let tag = reader.u16(at), let type = reader.u16(at + 2), let n = reader.u32(at + 4),
        let element = element(UInt16(type))
      else { continue }
      // A tag once (a hostile file may repeat one; TIFF 6.0 allows one).
      guard only?.contains(UInt16(tag)) ?? true, seen.insert(UInt16(tag)).inserted else {
        continue
      }
      let length = n * element.bytes * element.perCount
      if directoryTags.contains(UInt16(tag)) {
        guard depth > 0, n == 1, type == 4 || type == 13,
          let link = reader.u32(at + 8),
          let sub = read(reader, at: link, depth: depth - 1)
        else { continue }
        entries.append(Entry(tag: UInt16(tag), type: 4, count: 1, value: .directory(sub)))
        continue
      }
      let start: Int
      if length <= 4 {
        start = at + 8
      } else {
        guard let pointer = reader.u32(at + 8), length <= reader.tiff.count,
          pointer <= reader.tiff.count - length
        else { continue }
        if keepingOffsets {
          entries.append(
            Entry(
              tag: UInt16(tag), type: UInt16(type), count: UInt32(n),
              value: .offset(UInt32(pointer))))
          continue
        }
        guard copied + length <= maxBytes else { continue }
        copied += length
        start = pointer
      }
      var bytes = Array(reader.tiff[start..<(start + length)])
      if !reader.little && element.bytes > 1 {
        for e in stride(from: 0, to: length, by: element.bytes) {
          bytes[e..<(e + element.bytes)].reverse()
        }
      }
      entries.append(
        Entry(tag: UInt16(tag), type: UInt16(type), count: UInt32(n), value: .bytes(bytes)))
    }
    return TIFFDirectory(entries: entries)
  }

  /// The directory's bytes when its first byte lands at `base` (even) of a
  /// structure in the byte order `little` says: the entries sorted by tag,
  /// a next-directory offset of 0, then each out-of-line value (at an even
  /// offset), then each sub-directory.
  func serialized(at base: Int, little: Bool) -> [UInt8] {
    let sorted = entries.sorted { $0.tag < $1.tag }
    let tableSize = 2 + 12 * sorted.count + 4
    // Out-of-line values, then sub-directories, in entry order.
    var data: [UInt8] = []
    var inline: [[UInt8]] = []
    var pending: [(index: Int, directory: TIFFDirectory)] = []
    for (index, entry) in sorted.enumerated() {
      switch entry.value {
      case .bytes(let value):
        let ordered = Self.ordered(value, type: entry.type, little: little)
        if ordered.count <= 4 {
          inline.append(ordered + [UInt8](repeating: 0, count: 4 - ordered.count))
        } else {
          inline.append(Self.word(UInt32(base + tableSize + data.count), little: little))
          data += ordered
          if data.count % 2 == 1 { data.append(0) }
        }
      case .offset(let offset):
        inline.append(Self.word(offset, little: little))
      case .directory(let directory):
        inline.append([0, 0, 0, 0])
        pending.append((index, directory))
      }
    }
    var children: [UInt8] = []
    for (index, directory) in pending {
      let at = base + tableSize + data.count + children.count
      inline[index] = Self.word(UInt32(at), little: little)
      children += directory.serialized(at: at, little: little)
    }
    var out = Self.half(UInt16(sorted.count), little: little)
    for (entry, value) in zip(sorted, inline) {
      out += Self.half(entry.tag, little: little) + Self.half(entry.type, little: little)
      out += Self.word(entry.count, little: little) + value
    }
    out += [0, 0, 0, 0]
    return out + data + children
  }

  /// Little-endian `value` in the order `little` asks.
  private static func ordered(_ value: [UInt8], type: UInt16, little: Bool) -> [UInt8] {
    guard !little, let size = element(type)?.bytes, size > 1 else { return value }
    var out = value
    for e in stride(from: 0, to: out.count - size + 1, by: size) { out[e..<(e + size)].reverse() }
    return out
  }

  static func half(_ v: UInt16, little: Bool) -> [UInt8] {
    little ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
  }

  static func word(_ v: UInt32, little: Bool) -> [UInt8] {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
    return little ? bytes : bytes.reversed()
  }
}
