import CDeflate
import MeshWarpRender

/// The decoder's fast path for the files most tools write: 8-bit RGB
/// (without `tRNS`) or RGBA, not interlaced. The image data (every `IDAT`
/// chunk, CRCs checked) is inflated in one call of libdeflate, which knows
/// the decoded size from the header and is about twice as fast as zlib's
/// streaming inflate that libpng drives, and the rows are unfiltered
/// straight into RGBA (`PNGRowFilter.unfilterRowToRGBA`). The bytes are
/// libpng's: inflating and unfiltering have one answer.
///
/// The filtered rows are inflated into the tail of the pixel buffer itself
/// and unfiltered forwards in place, so each page is touched by one buffer:
/// row y's RGBA ends where row y + 1's filtered bytes begin at the latest,
/// since a filtered row (1 + 3w or 1 + 4w bytes) is at most one byte longer
/// than the RGBA row (4w) and the buffer has `height` spare bytes for RGBA.
/// Within a row, the RGBA of pixel x ends before the residuals of pixel
/// x + 1 begin (RGBA: the row's residuals start y + 1 bytes after its RGBA;
/// RGB: (w − 1)(h − y) + 1 bytes after, and x ≤ w − 1 ≤ that), so the
/// unfilter reads each residual before anything overwrites it.
///
/// Anything unusual (another layout, a bad CRC, a chunk out of place,
/// corrupt or short data, an unknown filter type) returns nil, and libpng
/// decodes the file as before and names what is wrong.
extension PNGDecoder {
  /// `IDAT`, `IEND` and `tRNS` as big-endian chunk type words.
  private static let idat: UInt32 = 0x4944_4154
  private static let iend: UInt32 = 0x4945_4E44
  private static let trns: UInt32 = 0x7452_4E53

  /// The RGBA pixels of `file`, or nil when the fast path does not apply
  /// or the data is not as it should be.
  ///
  /// - Parameters:
  ///   - file: the whole PNG file.
  ///   - width, height: from its header (≥ 1, within the pixel limit).
  ///   - bitDepth, colorType, interlace: from its header.
  ///   - threads: threads that fault the pixel buffer in (0: every core).
  static func decodeWholeInflate(
    _ file: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bitDepth: Int32,
    colorType: Int32, interlace: Int32, threads: Int = 0
  ) -> [UInt8]? {
    // Colour types 2 (RGB) and 6 (RGBA), PNG spec §11.2.2.
    guard bitDepth == 8, interlace == 0, colorType == 2 || colorType == 6, width > 0, height > 0
    else { return nil }
    let channels = colorType == 2 ? 3 : 4
    guard let compressed = imageData(file, rgb: channels == 3) else { return nil }
    let rowBytes = width * channels
    let filteredCount = (rowBytes + 1) * height
    let pixelCount = width * height * 4
    let capacity = max(pixelCount, filteredCount)
    var decoded = false
    // Four bytes after the filtered data: the last RGB load reads one past it.
    let pixels = [UInt8](unsafeUninitializedCapacity: capacity + 4) { buffer, count in
      count = 0
      PixelBytes.adviseHugePages(buffer)
      let out = buffer.baseAddress!
      faultInPages(out, count: capacity + 4, threads: threads)
      (out + capacity).initialize(repeating: 0, count: 4)
      let filtered = out + (capacity - filteredCount)
      guard inflate(compressed, into: filtered, count: filteredCount) else { return }
      // The row of zeros above the first.
      let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
      defer { zeros.deallocate() }
      zeros.initialize(repeating: 0, count: width * 4)
      for y in 0..<height {
        let row = filtered + y * (rowBytes + 1)
        let target = out + y * width * 4
        let above = y == 0 ? UnsafePointer(zeros) : UnsafePointer(target - width * 4)
        guard
          PNGRowFilter.unfilterRowToRGBA(
            type: row[0], residuals: row + 1, channels: channels, above: above, width: width,
            out: target)
        else { return }
      }
      count = pixelCount
      decoded = true
    }
    return decoded ? pixels : nil
  }

  /// Touches every page of a fresh buffer on `threads` threads (0: every
  /// core), so that the kernel zeroes its pages in parallel: the inflate
  /// that writes the buffer next runs on one thread, and at 48 MP its
  /// first touches of 192 MB were a tenth of the whole `meshwarp warp`
  /// run's CPU time, all of it serial. The bytes written (zeros) are
  /// overwritten later. On one thread it is left to the inflate.
  private static func faultInPages(
    _ buffer: UnsafeMutablePointer<UInt8>, count: Int, threads: Int
  ) {
    let page = 4096
    guard count >= PixelBytes.hugePageThreshold, resolvedThreadCount(threads) > 1 else { return }
    let base = SharedPointer(buffer)
    forEachRowBand(
      rows: (count + page - 1) / page, threads: threads, minimumRowsPerBand: 512
    ) {
      pages in
      for p in pages { base.base[p * page] = 0 }
    }
  }

  /// The concatenated data of the file's `IDAT` chunks, or nil unless they
  /// are consecutive with good CRCs, only ancillary chunks follow them up
  /// to an intact `IEND`, and (for RGB) no `tRNS` turns a colour
  /// transparent. libpng has already checked the chunks before the first
  /// `IDAT` (`meshwarp_png_raw_begin`).
  private static func imageData(_ file: UnsafeBufferPointer<UInt8>, rgb: Bool) -> [UInt8]? {
    var offset = signature.count
    var data: [UInt8] = []
    var afterData = false
    while file.count - offset >= 12 {
      let length = Int(file.bigEndianUInt32(at: offset))
      guard length <= file.count - offset - 12 else { return nil }
      let type = file.bigEndianUInt32(at: offset + 4)
      let body = offset + 8
      if type == idat || type == iend {
        // CRC-32 of the type and the data (PNG spec §5.3).
        let crc = libdeflate_crc32(0, file.baseAddress! + offset + 4, length + 4)
        guard crc == file.bigEndianUInt32(at: body + length) else { return nil }
      }
      if type == iend { return data.isEmpty ? nil : data }
      if type == idat {
        guard !afterData else { return nil }
        data.append(contentsOf: UnsafeBufferPointer(rebasing: file[body..<(body + length)]))
      } else if !data.isEmpty {
        afterData = true
        // Bit 5 of the first type byte clear: a critical chunk (§5.4).
        guard type & 0x2000_0000 != 0 else { return nil }
      } else if rgb && type == trns {
        return nil
      }
      offset = body + length + 4
    }
    return nil
  }

  /// Inflates one zlib stream that must fill exactly `count` bytes and use
  /// every byte of `compressed`.
  private static func inflate(
    _ compressed: [UInt8], into out: UnsafeMutablePointer<UInt8>, count: Int
  ) -> Bool {
    guard let decompressor = libdeflate_alloc_decompressor() else { return false }
    defer { libdeflate_free_decompressor(decompressor) }
    var consumed = 0
    var produced = 0
    let result = compressed.withUnsafeBytes { input in
      libdeflate_zlib_decompress_ex(
        decompressor, input.baseAddress, input.count, out, count, &consumed, &produced)
    }
    return result == LIBDEFLATE_SUCCESS && consumed == compressed.count && produced == count
  }
}
