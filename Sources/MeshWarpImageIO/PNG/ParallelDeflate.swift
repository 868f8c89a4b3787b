import CDeflate
import CZlib
import MeshWarpRender

/// One zlib stream (RFC 1950) compressed on several threads, as pigz does:
/// the input is cut into chunks of ``chunkBytes``; each chunk is deflated
/// on its own as raw deflate (RFC 1951), primed with the 32 KiB before it
/// (`deflateSetDictionary`, so matches still reach back across the cut);
/// every chunk but the last ends with `Z_SYNC_FLUSH` (an empty stored block
/// that byte-aligns it, no final-block bit) and the last with `Z_FINISH`.
/// The chunks are concatenated behind a zlib header, and the Adler-32 of
/// the whole input is combined from the chunks' (`adler32_combine`).
///
/// The chunk size does not depend on the thread count, so the bytes are
/// the same on any number of threads.
enum ParallelDeflate {
  /// Input bytes per chunk (1 MiB: about 0.2 % larger output than one
  /// stream on the 48 MP benchmark pattern, and chunks enough to balance).
  static let chunkBytes = 1 << 20
  /// Deflate's window: the dictionary each chunk is primed with.
  static let window = 1 << 15

  /// Compresses `input` into one complete zlib stream.
  ///
  /// - Parameters:
  ///   - level: zlib level 1…9.
  ///   - strategy: a zlib strategy.
  ///   - threads: worker threads (0: every core).
  ///   - chunkBytes: input bytes per chunk (tests make it small).
  static func compress(
    _ input: UnsafeRawBufferPointer, level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY,
    threads: Int, chunkBytes: Int = chunkBytes
  ) throws(Zlib.Failure) -> [UInt8] {
    let count = input.count
    let chunks = max(1, (count + chunkBytes - 1) / chunkBytes)
    let base = input.baseAddress.map {
      SharedPointer(UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: UInt8.self)))
    }
    // One slot per chunk, each written by the one worker that compresses it.
    var results = [Result<([UInt8], uLong), Zlib.Failure>](
      repeating: .success(([], 1)), count: chunks)
    results.withUnsafeMutableBufferPointer { buffer in
      let slots = SharedPointer(buffer.baseAddress!)
      forEachRowBand(rows: chunks, threads: threads, minimumRowsPerBand: 1) { band in
        for i in band {
          let start = i * chunkBytes
          slots.base[i] = Result { () throws(Zlib.Failure) in
            try deflateChunk(
              base?.base, range: start..<min(count, start + chunkBytes), last: i == chunks - 1,
              level: level, strategy: strategy)
          }
        }
      }
    }
    let parts = try results.map { result throws(Zlib.Failure) in try result.get() }
    var output: [UInt8] = []
    output.reserveCapacity(parts.reduce(6) { $0 + $1.0.count })
    // CMF 0x78: deflate with a 32 KiB window; FLG: the level class (RFC 1950
    // §2.2) with the check bits that make CMF·256 + FLG a multiple of 31.
    let levelClass: UInt8 = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
    var flag = levelClass << 6
    flag += UInt8(31 - (0x78 * 256 + Int(flag)) % 31) % 31
    output += [0x78, flag]
    var adler = adler32(0, nil, 0)
    for (i, (part, partAdler)) in parts.enumerated() {
      output += part
      let length = min(count, (i + 1) * chunkBytes) - i * chunkBytes
      adler = adler32_combine(adler, partAdler, Int(length))
    }
    output.appendBigEndian(UInt32(truncatingIfNeeded: adler))
    return output
  }

  /// Raw deflate of `input[range]`, primed with up to ``window`` bytes
  /// before it; ends with `Z_FINISH` when `last`, else `Z_SYNC_FLUSH`.
  /// Returns the bytes and the range's Adler-32.
  private static func deflateChunk(
    _ input: UnsafeMutablePointer<UInt8>?, range: Range<Int>, last: Bool, level: Int32,
    strategy: Int32
  ) throws(Zlib.Failure) -> ([UInt8], uLong) {
    var stream = z_stream()
    var status = deflateInit2_(
      &stream, level, Z_DEFLATED, -15, 8, strategy, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw Zlib.Failure(description: "deflateInit2 failed (\(status))") }
    defer { deflateEnd(&stream) }
    guard let input else { return (last ? [0x03, 0x00] : [], 1) }
    let dictionary = max(0, range.lowerBound - window)..<range.lowerBound
    if !dictionary.isEmpty {
      status = deflateSetDictionary(&stream, input + dictionary.lowerBound, uInt(dictionary.count))
      guard status == Z_OK else {
        throw Zlib.Failure(description: "deflateSetDictionary failed (\(status))")
      }
    }
    // deflateBound plus the sync flush's empty stored block (5 bytes) and
    // slack; the loop below grows the buffer should it still be short. Left
    // unset: deflate writes what is kept (a zero fill of the whole bound,
    // ~1 MiB per chunk, was 30 times what the pattern compresses to).
    let bound = Int(deflateBound(&stream, uLong(range.count))) + 64
    var output = [UInt8](unsafeUninitializedCapacity: bound) { _, count in count = bound }
    stream.next_in = input + range.lowerBound
    stream.avail_in = uInt(range.count)
    var produced = 0
    while true {
      if produced == output.count { output += [UInt8](repeating: 0, count: output.count / 2 + 64) }
      status = output.withUnsafeMutableBufferPointer { out in
        stream.next_out = out.baseAddress! + produced
        stream.avail_out = uInt(out.count - produced)
        let status = deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
        produced = out.count - Int(stream.avail_out)
        return status
      }
      if last ? status == Z_STREAM_END : (status == Z_OK && stream.avail_out > 0) { break }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        throw Zlib.Failure(description: "deflate failed (\(status))")
      }
    }
    output.removeSubrange(produced...)
    // libdeflate's vectorized Adler-32: the same value as zlib's, in a fifth
    // of the instructions.
    let adler = libdeflate_adler32(1, input + range.lowerBound, range.count)
    return (output, uLong(adler))
  }
}
