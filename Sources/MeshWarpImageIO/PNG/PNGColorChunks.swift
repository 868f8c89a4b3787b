import CZlib

/// PNG's colour chunks (PNG spec §11.3.3: `gAMA`, `cHRM`, `sRGB`, `iCCP`)
/// read from a file's bytes and written into an encoded file, so that a
/// warp carries them through unchanged.
enum PNGColorChunks {
  /// The colour chunks before the first `IDAT` (where the spec puts them).
  /// Malformed chunks are ignored (libpng has already checked the file).
  static func read(_ bytes: [UInt8]) -> ColorDescription {
    var color = ColorDescription()
    forEachPNGChunk(in: bytes) { type, data in
      switch type {
      case "IDAT", "IEND": return false
      case "gAMA" where data.count == 4: color.gamma = data.bigEndianUInt32(at: 0)
      case "cHRM" where data.count == 32:
        color.chromaticities = (0..<8).map { data.bigEndianUInt32(at: 4 * $0) }
      case "sRGB" where data.count == 1: color.sRGBIntent = data[0]
      case "iCCP":
        // name (1–79 bytes), NUL, compression method 0, zlib stream.
        if let nul = data.firstIndex(of: 0), nul + 2 <= data.count, data[nul + 1] == 0 {
          color.iccProfile = Zlib.inflateAll(Array(data[(nul + 2)...]))
        }
      default: break
      }
      return true
    }
    return color
  }

  /// The chunks describing `color`, in the order the spec asks (before
  /// PLTE/IDAT). With an ICC profile no `sRGB` is written (the spec allows
  /// one of them).
  static func chunks(for color: ColorDescription) -> [UInt8] {
    var output: [UInt8] = []
    if let gamma = color.gamma {
      var data: [UInt8] = []
      data.appendBigEndian(gamma)
      PNGChunk.append(type: "gAMA", data: data, to: &output)
    }
    if let chromaticities = color.chromaticities, chromaticities.count == 8 {
      var data: [UInt8] = []
      for value in chromaticities { data.appendBigEndian(value) }
      PNGChunk.append(type: "cHRM", data: data, to: &output)
    }
    if let profile = color.iccProfile,
      let compressed = try? profile.withUnsafeBytes({ try Zlib.compress($0, level: 9) })
    {
      PNGChunk.append(
        type: "iCCP", data: Array("ICC profile".utf8) + [0, 0] + compressed, to: &output)
    } else if let intent = color.sRGBIntent {
      PNGChunk.append(type: "sRGB", data: [intent], to: &output)
    }
    return output
  }

  /// `png` (a file libpng wrote) with its colour chunks replaced by those of
  /// `color`: libpng's simplified writer always adds its own `sRGB`.
  static func replace(in png: [UInt8], with color: ColorDescription) -> [UInt8] {
    // IHDR is 8 + 25 bytes after the signature.
    let afterIHDR = 8 + 25
    var output = Array(png[0..<afterIHDR])
    output.append(contentsOf: chunks(for: color))
    var offset = afterIHDR
    while offset + 12 <= png.count {
      let length = Int(png.bigEndianUInt32(at: offset))
      let end = offset + 12 + length
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if ["gAMA", "cHRM", "sRGB", "iCCP"].contains(type) {
        offset = end
        continue
      }
      output.append(contentsOf: png[offset...])
      return output
    }
    return png
  }
}

extension Zlib {
  /// Inflates a zlib stream of unknown expanded size (at most `limit`
  /// bytes, 16 MiB by default: far above any ICC profile); nil when corrupt
  /// or larger.
  static func inflateAll(_ input: [UInt8], limit: Int = 16 << 20) -> [UInt8]? {
    var capacity = max(1024, input.count * 4)
    while capacity <= limit * 2 {
      var size = uLongf(min(capacity, limit))
      var output = [UInt8](repeating: 0, count: Int(size))
      let status = output.withUnsafeMutableBufferPointer { out in
        input.withUnsafeBufferPointer {
          uncompress(out.baseAddress, &size, $0.baseAddress, uLong($0.count))
        }
      }
      if status == Z_OK { return Array(output[0..<Int(size)]) }
      guard status == Z_BUF_ERROR, capacity < limit else { return nil }
      capacity *= 4
    }
    return nil
  }
}
