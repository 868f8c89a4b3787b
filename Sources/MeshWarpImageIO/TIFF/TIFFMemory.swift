import CTIFF

/// The bytes libtiff reads or writes (`meshwarp_tiff_memory` in
/// `Sources/CTIFF/shim.h`), at a fixed address for as long as libtiff
/// holds it.
final class TIFFMemory {
  let pointer: UnsafeMutablePointer<meshwarp_tiff_memory>

  /// Memory for writing: it grows as libtiff writes.
  init() {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: meshwarp_tiff_memory())
    pointer.pointee.writable = 1
  }

  /// Memory over `bytes` for reading; `bytes` must outlive it.
  init(reading bytes: UnsafeBufferPointer<UInt8>) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: meshwarp_tiff_memory())
    pointer.pointee.data = UnsafeMutablePointer(mutating: bytes.baseAddress)
    pointer.pointee.size = bytes.count
  }

  deinit {
    if pointer.pointee.writable != 0 { free(pointer.pointee.data) }
    pointer.deallocate()
  }

  /// libtiff's first error message, without the "TIFF: " libtiff puts
  /// before some (the name `meshwarp_tiff_open` gives the data), or
  /// `fallback`.
  func message(or fallback: String) -> String {
    var text = withUnsafeBytes(of: &pointer.pointee.message) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    if text.hasPrefix("TIFF: ") { text.removeFirst(6) }
    return text.isEmpty ? fallback : text
  }

  /// What libtiff wrote.
  var written: [UInt8] {
    guard let data = pointer.pointee.data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: pointer.pointee.size))
  }
}
