import CZlib
import MeshWarpRender

extension PNGEncoder {
  /// The balanced encoder's settings, chosen by measurement on the 48 MP
  /// benchmark pattern (see Documentation/Performance.md): adaptive row
  /// filters and zlib level 6 with the default strategy, as Pillow writes.
  static let balancedLevel: Int32 = 6
  static let balancedFilter = PNGFilterStrategy.adaptive

  /// Encodes `image` as libpng's simplified writer lays it out (IHDR, sRGB
  /// with perceptual intent, IDAT, IEND; 8-bit RGBA, non-interlaced), with
  /// rows filtered in bands and deflated in chunks on `threads` threads
  /// (`ParallelDeflate`). The bytes do not depend on the thread count.
  static func encodeParallel(
    _ image: RGBAImage, level: Int32 = balancedLevel, filter: PNGFilterStrategy = balancedFilter,
    threads: Int, chunkBytes: Int = ParallelDeflate.chunkBytes
  ) throws(Zlib.Failure) -> [UInt8] {
    try encodeParallel(
      pixels: image.pixels, width: image.width, height: image.height, channels: 4, level: level,
      filter: filter, threads: threads, chunkBytes: chunkBytes)
  }

  /// Encodes 8-bit samples of `channels` per pixel (1 grey, 2 grey+alpha,
  /// 3 RGB, 4 RGBA; rows packed) the same way. With `sourceChannels` 4 and
  /// `channels` 3, `pixels` are RGBA and each band packs its rows as RGB
  /// into two rows of scratch just before filtering them (the alpha is
  /// dropped unread: the caller has checked that it is all 255).
  /// `bitDepth` 16: `pixels` hold each sample as two bytes, big-endian
  /// (PNG spec §7.1), and the filters work on 2·`channels` bytes a pixel.
  static func encodeParallel(
    pixels: [UInt8], width: Int, height: Int, channels: Int, sourceChannels: Int? = nil,
    bitDepth: Int = 8, level: Int32 = balancedLevel, filter: PNGFilterStrategy = balancedFilter,
    threads: Int, chunkBytes: Int = ParallelDeflate.chunkBytes
  ) throws(Zlib.Failure) -> [UInt8] {
    precondition((1...4).contains(channels), "1 to 4 channels")
    precondition(bitDepth == 8 || bitDepth == 16, "8 or 16 bits")
    let packs = (sourceChannels ?? channels) != channels
    precondition(!packs || (sourceChannels == 4 && channels == 3), "RGBA to RGB only")
    precondition(!packs || bitDepth == 8, "packing at 8 bits only")
    let pixelBytes = channels * bitDepth / 8
    let rowBytes = width * pixelBytes
    // Every byte is written by the bands below (a type byte and the row),
    // so the buffer is not zero-filled first: that was a serial pass over
    // it, with all of its first-touch page faults on one thread.
    var filtered = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * height) { buffer, count in
      PixelBytes.adviseHugePages(buffer)
      count = buffer.count
    }
    let zeros = [UInt8](repeating: 0, count: rowBytes)
    pixels.withUnsafeBufferPointer { pixels in
      filtered.withUnsafeMutableBufferPointer { out in
        zeros.withUnsafeBufferPointer { zero in
          typealias Shared = SharedPointer<UInt8>
          let source = Shared(UnsafeMutablePointer(mutating: pixels.baseAddress!))
          let dst = Shared(out.baseAddress!)
          let zeros = Shared(UnsafeMutablePointer(mutating: zero.baseAddress!))
          forEachRowBand(rows: height, threads: threads) { band in
            if packs {
              filterPackingRGB(
                band, rgba: UnsafePointer(source.base), width: width, filter: filter,
                output: dst.base, zeroRow: UnsafePointer(zeros.base))
              return
            }
            // The band's first row is filtered against the row above it
            // (another band's), as in one pass over the image.
            let (src, zeroRow) = (UnsafePointer(source.base), UnsafePointer(zeros.base))
            let first = band.lowerBound
            if first == 0 {
              PNGRowFilter.filter(
                rows: src, rowBytes: rowBytes, height: 1, stride: rowBytes,
                bytesPerPixel: pixelBytes,
                strategy: filter, output: dst.base, zeroRow: zeroRow)
            }
            let start = max(first, 1)
            guard start < band.upperBound else { return }
            PNGRowFilter.filter(
              rows: src + start * rowBytes, rowBytes: rowBytes, height: band.upperBound - start,
              stride: rowBytes, bytesPerPixel: pixelBytes, strategy: filter,
              output: dst.base + start * (rowBytes + 1), zeroRow: zeroRow,
              above: src + (start - 1) * rowBytes)
          }
        }
      }
    }
    let compressed = filtered.withUnsafeBytes { raw in
      Result { () throws(Zlib.Failure) in
        try ParallelDeflate.compress(raw, level: level, threads: threads, chunkBytes: chunkBytes)
      }
    }
    let stream = try compressed.get()
    filtered = []
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png.reserveCapacity(stream.count + stream.count / 65536 * 12 + 128)
    var header: [UInt8] = []
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    // 8 or 16 bits per sample; colour type 0 grey, 4 grey+alpha, 2 RGB, 6
    // RGBA (PNG spec §11.2.2); deflate, adaptive filtering, no interlace.
    let colorType: UInt8 = [0, 4, 2, 6][channels - 1]
    header += [UInt8(bitDepth), colorType, 0, 0, 0]
    PNGChunk.append(type: "IHDR", data: header, to: &png)
    PNGChunk.append(type: "sRGB", data: [0], to: &png)
    // IDAT chunks of at most 1 MiB (any split is valid: PNG spec §5.6).
    let idat = 1 << 20
    var offset = 0
    repeat {
      let end = min(stream.count, offset + idat)
      PNGChunk.append(type: "IDAT", data: stream[offset..<end], to: &png)
      offset = end
    } while offset < stream.count
    PNGChunk.append(type: "IEND", data: [], to: &png)
    return png
  }

  /// Filters the rows `band` of an opaque RGBA image as RGB rows: each row
  /// (and the one above the band) is packed into a row of scratch first,
  /// which stays in cache for the filter.
  private static func filterPackingRGB(
    _ band: Range<Int>, rgba: UnsafePointer<UInt8>, width: Int, filter: PNGFilterStrategy,
    output: UnsafeMutablePointer<UInt8>, zeroRow: UnsafePointer<UInt8>
  ) {
    let rowBytes = width * 3
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
    defer { scratch.deallocate() }
    var (current, other) = (scratch, scratch + rowBytes)
    var above: UnsafePointer<UInt8>? = nil
    if band.lowerBound > 0 {
      _ = packOpaqueRow(rgba + (band.lowerBound - 1) * width * 4, width: width, into: other)
      above = UnsafePointer(other)
    }
    for y in band {
      _ = packOpaqueRow(rgba + y * width * 4, width: width, into: current)
      PNGRowFilter.filter(
        rows: current, rowBytes: rowBytes, height: 1, stride: rowBytes, bytesPerPixel: 3,
        strategy: filter, output: output + y * (rowBytes + 1), zeroRow: zeroRow, above: above)
      above = UnsafePointer(current)
      swap(&current, &other)
    }
  }
}
