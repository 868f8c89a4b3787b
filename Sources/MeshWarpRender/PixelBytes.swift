#if canImport(Glibc)
  import Glibc
#endif

/// Large byte buffers for pictures (decoded frames, render targets).
///
/// A 12-megapixel RGBA frame is 48 MB: 12,288 pages of 4 KiB, each faulted
/// in (zeroed and charged to the cgroup) on first touch. Measured with
/// `perf` on a 12 MP JPEG warp, the kernel's page-fault path took about a
/// quarter of the samples. On Linux, buffers of `hugePageThreshold` bytes
/// or more are marked `madvise(MADV_HUGEPAGE)` before they are written, so
/// that where transparent huge pages are in "madvise" mode (Debian's
/// default) the kernel backs them with 2 MiB pages: 512× fewer faults. It
/// is only advice: without THP nothing changes but the call.
package enum PixelBytes {
  /// Buffers smaller than this are not advised (4 MiB: two huge pages).
  package static let hugePageThreshold = 4 << 20

  /// `count` bytes, written by `initialize` (which must write all of them).
  package static func make(
    count: Int, _ initialize: (UnsafeMutableBufferPointer<UInt8>) -> Void
  ) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      adviseHugePages(buffer)
      initialize(buffer)
      initialized = count
    }
  }

  /// `count` zero bytes.
  package static func zeros(count: Int) -> [UInt8] {
    make(count: count) { buffer in
      guard let base = buffer.baseAddress else { return }
      base.initialize(repeating: 0, count: buffer.count)
    }
  }

  /// Asks for huge pages over the 2 MiB-aligned part of `buffer` (Linux
  /// only, and only for large buffers).
  package static func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    #if os(Linux)
      guard buffer.count >= hugePageThreshold, let base = buffer.baseAddress else { return }
      let huge = 2 << 20
      let start = (UInt(bitPattern: base) + UInt(huge - 1)) & ~UInt(huge - 1)
      let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~UInt(huge - 1)
      guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
    #endif
  }
}
