import CJPEG
import Dispatch
import Foundation
import MeshWarpRender

/// Decodes a sequential (baseline or extended, Huffman-coded) JPEG in
/// horizontal strips on several threads, without restart markers: each
/// thread starts its own libjpeg decompressor on the same bytes, skips to
/// its strip with `jpeg_skip_scanlines` (which decodes only the entropy-
/// coded data of the rows before: no IDCT, upsampling or colour
/// conversion) and decodes its rows straight into the shared buffer.
///
/// The pixels are TurboJPEG's `tjDecompress2` pixels byte for byte: the
/// same library, the same defaults (accurate integer IDCT, fancy
/// upsampling); libjpeg-turbo's skip keeps the upsampler's context rows
/// (the chroma rows above a strip) as a full decode has them.
/// `JPEGParallelDecodeTests` compares the two on every sampling.
enum JPEGStripDecoding {
  /// Pictures smaller than this many pixels are decoded on one thread.
  static let minimumStripPixels = 1 << 20

  /// The rows of each strip, top to bottom, for `threads` threads: whole
  /// iMCU rows (`imcuRows` high) but the last, sized so that every thread
  /// ends at once. Strip k costs `skip · top + full · rows`, where skipping
  /// a row costs `skipShare` of decoding it (its entropy decode), so the
  /// strips shrink down the picture: with share r and n threads the
  /// common cost is h·r / (1 − (1 − r)ⁿ) full rows. Nil when one strip
  /// would do.
  static func strips(height: Int, imcuRows: Int, threads: Int, skipShare: Double)
    -> [Range<Int>]?
  {
    guard threads > 1, imcuRows > 0, height > 2 * imcuRows else { return nil }
    let r = min(max(skipShare, 0.01), 0.99)
    let n = min(threads, height / imcuRows)
    guard n > 1 else { return nil }
    let cost = Double(height) * r / (1 - pow(1 - r, Double(n)))
    var bounds = [0]
    var top = 0.0
    for _ in 1..<n {
      top = top * (1 - r) + cost
      let row = Int((top / Double(imcuRows)).rounded()) * imcuRows
      guard row > bounds.last!, row < height else { break }
      bounds.append(row)
    }
    bounds.append(height)
    guard bounds.count > 2 else { return nil }
    return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
  }

  /// The share of a row's decode that skipping it costs, from the
  /// compressed density: the entropy decode grows with the bits a pixel
  /// takes, the IDCT, upsampling and colour conversion do not. Callgrind
  /// on libjpeg-turbo 2.1.5 (x86-64, AVX2), 4000×3000 4:2:0: decoding
  /// costs about 13.6 + 11.8·b instructions a pixel and skipping about
  /// 1.5 + 6.5·b at b bits a pixel (0.21 for a smooth picture at 0.35
  /// bits, 0.42 for a noisy one at 2.7 bits).
  static func skipShare(bytes: Int, pixels: Int) -> Double {
    let b = 8 * Double(bytes) / Double(max(pixels, 1))
    return (1.5 + 6.5 * b) / (13.6 + 11.8 * b)
  }

  /// Decodes `strips` of `bytes` into `pixels` (`width` · 4 bytes a row),
  /// each on its own thread; the first failing strip's libjpeg message, or
  /// nil. `cmyk`: the file's CMYK samples instead of RGBA.
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, strips: [Range<Int>], width: Int, cmyk: Bool,
    into pixels: UnsafeMutablePointer<UInt8>
  ) -> String? {
    let failures = StripFailures(count: strips.count)
    // Read only: the strips share the compressed bytes.
    let (source, size) = (
      SharedPointer(UnsafeMutablePointer(mutating: bytes.baseAddress!)), bytes.count
    )
    let target = SharedPointer(pixels)
    let stride = width * 4
    DispatchQueue.concurrentPerform(iterations: strips.count) { k in
      let strip = strips[k]
      var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
      let status = meshwarp_jpeg_decode_rows(
        source.base, size, cmyk ? 1 : 0, UInt32(strip.lowerBound),
        UInt32(strip.count), target.base + strip.lowerBound * stride, stride, &message)
      if status != 0 {
        failures.set(
          k,
          String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
      }
    }
    return failures.first
  }
}

/// One message slot per strip, written at most once each from its thread.
private final class StripFailures: @unchecked Sendable {
  private var messages: [String?]
  private let lock = NSLock()
  init(count: Int) { messages = Array(repeating: nil, count: count) }
  func set(_ k: Int, _ message: String) {
    lock.lock()
    messages[k] = message.isEmpty ? "libjpeg failed" : message
    lock.unlock()
  }
  /// The topmost failing strip's message: its failing read comes earliest
  /// in the file, so its error is the one a whole-picture decode meets
  /// first.
  var first: String? {
    lock.lock()
    defer { lock.unlock() }
    return messages.lazy.compactMap { $0 }.first
  }
}
