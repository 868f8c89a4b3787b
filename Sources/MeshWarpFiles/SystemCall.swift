#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: its `errno`.
package struct SystemCallError: Error, CustomStringConvertible {
  /// The `errno` value, e.g. `ENOENT`.
  package let code: Int32

  package init(code: Int32) { self.code = code }

  /// The system's text for `code`, e.g. "no such file or directory".
  package var description: String { errnoDescription(code) }

  /// The error as `FileError.fileSystem` naming `path`.
  package func fileSystem(path: String, _ operation: FileError.FileOperation)
    -> FileError
  {
    .fileSystem(path: path, operation: operation, reason: description)
  }
}

/// Runs a C system call that returns a negative value on failure, the one
/// place the IO modules read `errno`: a call interrupted by a signal (EINTR)
/// is made again, any other failure throws its `errno`.
///
/// - Parameters:
///   - retriesOnInterrupt: false for close(2), which must not be repeated
///     (on Linux the descriptor is released even when it reports EINTR).
///   - call: the system call.
/// - Returns: the call's non-negative result.
/// - Throws: `SystemCallError` with the failing call's `errno`.
@discardableResult
package func systemCall<Result: BinaryInteger>(
  retriesOnInterrupt: Bool = true, _ call: () -> Result
) throws(SystemCallError) -> Result {
  while true {
    let result = call()
    if result >= 0 { return result }
    let code = errno
    if code != EINTR || !retriesOnInterrupt { throw SystemCallError(code: code) }
  }
}

/// Writes all of `bytes` through `write`, which is given a start, a byte
/// count and the offset of that start in `bytes`, and returns how many bytes
/// it wrote or −1 (write(2), pwrite(2), send(2)); partial writes and EINTR
/// are retried.
///
/// - Throws: the `errno` of the failing call.
package func writeAll(
  _ bytes: UnsafeRawBufferPointer, through write: (UnsafeRawPointer, Int, _ offset: Int) -> Int
) throws(SystemCallError) {
  var done = 0
  while done < bytes.count {
    done += try systemCall { write(bytes.baseAddress! + done, bytes.count - done, done) }
  }
}

/// Writes all of `bytes` to `fd` with write(2); see `writeAll(_:through:)`.
package func writeAll(fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
  try writeAll(bytes) { start, count, _ in write(fd, start, count) }
}

/// The text of a C `errno` value, e.g. "no such file or directory".
package func errnoDescription(_ code: Int32) -> String {
  guard let cString = strerror(code) else { return "error \(code)" }
  let text = String(cString: cString)
  // strerror capitalises ("No such file or directory"); messages read better
  // in lower case after a colon.
  return text.prefix(1).lowercased() + text.dropFirst()
}
