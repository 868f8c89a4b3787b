/// PNG's metadata chunks (PNG spec, third edition: `eXIf` §11.3.6.1,
/// `pHYs` §11.3.5.3, and `iTXt` §11.3.3.4 with the keyword
/// `XML:com.adobe.xmp` that XMP Part 3 §1.1.5 gives the packet) read from a
/// file and written into an encoded one.
enum PNGMetadataChunks {
  /// The `iTXt` keyword of an XMP packet.
  static let xmpKeyword = Array("XML:com.adobe.xmp".utf8)

  /// The first `eXIf`, XMP `iTXt` and `pHYs` before `IEND`. Malformed
  /// chunks are ignored (libpng has already checked the file).
  static func read(_ bytes: [UInt8]) -> ImageMetadata {
    var metadata = ImageMetadata()
    forEachPNGChunk(in: bytes) { type, data in
      switch type {
      case "IEND": return false
      case "eXIf" where metadata.exif == nil: metadata.exif = EXIF.tiffStructure(data)
      case "iTXt" where metadata.xmp == nil: metadata.xmp = xmp(inITXt: data)
      case "pHYs" where data.count == 9 && metadata.density == nil:
        let x = Int(data.bigEndianUInt32(at: 0))
        let y = Int(data.bigEndianUInt32(at: 4))
        if x > 0, y > 0, data[8] <= 1 {
          metadata.density = PixelDensity(
            horizontal: x, vertical: y, unit: data[8] == 1 ? .metre : .aspectRatio)
        }
      default: break
      }
      return true
    }
    return metadata
  }

  /// The text of an `iTXt` chunk whose keyword is XMP's: keyword, NUL,
  /// compression flag and method, language tag, NUL, translated keyword,
  /// NUL, then the text (zlib-compressed when the flag is 1); else nil.
  static func xmp(inITXt data: [UInt8]) -> [UInt8]? {
    guard data.starts(with: xmpKeyword + [0]) else { return nil }
    let flags = xmpKeyword.count + 1
    guard flags + 2 <= data.count,
      let languageEnd = data[(flags + 2)...].firstIndex(of: 0),
      let translatedEnd = data[(languageEnd + 1)...].firstIndex(of: 0)
    else { return nil }
    let text = Array(data[(translatedEnd + 1)...])
    return data[flags] == 1 ? Zlib.inflateAll(text) : text
  }

  /// The chunks for `metadata` (all may come before `IDAT`, where `eXIf`
  /// and `pHYs` must): `pHYs`, `eXIf`, then XMP as an uncompressed `iTXt`
  /// with empty language and translated keyword.
  static func chunks(for metadata: ImageMetadata) -> [UInt8] {
    var output: [UInt8] = []
    if let density = metadata.density {
      let (unit, x, y) = density.pHYs
      var data: [UInt8] = []
      data.appendBigEndian(x)
      data.appendBigEndian(y)
      data.append(unit)
      PNGChunk.append(type: "pHYs", data: data, to: &output)
    }
    if let exif = metadata.exif { PNGChunk.append(type: "eXIf", data: exif, to: &output) }
    if let xmp = metadata.xmp {
      PNGChunk.append(type: "iTXt", data: xmpKeyword + [0, 0, 0, 0, 0] + xmp, to: &output)
    }
    return output
  }

  /// `png` with the chunks of `metadata` inserted after `IHDR`.
  static func inserting(_ metadata: ImageMetadata, into png: [UInt8]) -> [UInt8] {
    guard !metadata.isEmpty else { return png }
    // IHDR is 8 + 25 bytes after the signature.
    var output = png
    output.insert(contentsOf: chunks(for: metadata), at: 8 + 25)
    return output
  }
}
