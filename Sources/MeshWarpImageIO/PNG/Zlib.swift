import CZlib

/// zlib streams (RFC 1950) for PNG image data, through the system zlib.
enum Zlib {
  /// Why a zlib call failed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Compresses `input` into one complete zlib stream.
  ///
  /// - Parameters:
  ///   - level: 0 (store) … 9 (smallest), or -1 for zlib's default (6).
  ///   - strategy: a zlib strategy (`Z_DEFAULT_STRATEGY`, `Z_FILTERED`, `Z_RLE`).
  /// - Complexity: O(input); output ≤ `deflateBound(input)`.
  static func compress(
    _ input: UnsafeRawBufferPointer, level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY
  ) throws(Failure) -> [UInt8] {
    var stream = z_stream()
    // windowBits 15 (32 KiB, the PNG maximum), memLevel 8 (zlib's default).
    var status = deflateInit2_(
      &stream, level, Z_DEFLATED, 15, 8, strategy, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw Failure(description: "deflateInit2 failed (\(status))") }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(input.count)))
    var output = [UInt8](repeating: 0, count: bound)
    let produced: Int
    (status, produced) = finish(&stream, input: input, output: &output, with: deflate)
    guard status == Z_STREAM_END else {
      throw Failure(description: "deflate did not finish (\(status))")
    }
    output.removeSubrange(produced...)
    return output
  }

  /// Decompresses one zlib stream that must expand to exactly
  /// `expectedCount` bytes.
  ///
  /// - Throws: `Failure` for corrupt data, a stream that ends early, or one
  ///   that holds more than `expectedCount` bytes.
  /// - Complexity: O(expectedCount).
  static func decompress(_ input: [UInt8], expectedCount: Int) throws(Failure) -> [UInt8] {
    var stream = z_stream()
    var status = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw Failure(description: "inflateInit failed (\(status))") }
    defer { inflateEnd(&stream) }
    // One spare byte detects a stream longer than expected.
    var output = [UInt8](repeating: 0, count: expectedCount + 1)
    let produced: Int
    (status, produced) = input.withUnsafeBytes {
      finish(&stream, input: $0, output: &output, with: inflate)
    }
    let message = stream.msg.map { String(cString: $0) } ?? ""
    switch status {
    case Z_STREAM_END:
      guard produced == expectedCount else {
        throw Failure(
          description: "image data holds \(produced) bytes, expected \(expectedCount)")
      }
      return Array(output[..<produced])
    case Z_BUF_ERROR where produced > expectedCount:
      throw Failure(description: "image data holds more than the expected \(expectedCount) bytes")
    case Z_BUF_ERROR:
      throw Failure(description: "image data ends early (\(produced) of \(expectedCount) bytes)")
    default:
      throw Failure(
        description: "corrupt compressed data"
          + (message.isEmpty ? " (zlib \(status))" : ": \(message)"))
    }
  }

  /// Runs `step` (`deflate` or `inflate`) once with `Z_FINISH` over all of
  /// `input` into all of `output`.
  ///
  /// - Returns: zlib's status and the number of bytes written to `output`.
  private static func finish(
    _ stream: inout z_stream, input: UnsafeRawBufferPointer, output: inout [UInt8],
    with step: (UnsafeMutablePointer<z_stream>, Int32) -> Int32
  ) -> (status: Int32, produced: Int) {
    output.withUnsafeMutableBytes { out in
      stream.next_in = UnsafeMutablePointer(
        mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.avail_in = uInt(input.count)
      stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
      stream.avail_out = uInt(out.count)
      let status = step(&stream, Z_FINISH)
      return (status, out.count - Int(stream.avail_out))
    }
  }
}
