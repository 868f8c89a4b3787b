#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading whole files with errors that name the path.
public enum FileInput {
  /// The path that means standard input.
  public static let standardInputPath = "-"

  /// Reads the whole file at `path` (or standard input when `path` is `"-"`).
  ///
  /// - Parameters:
  ///   - path: a file path, or `"-"` for standard input.
  ///   - maxBytes: refuse files larger than this (bytes, > 0); a guard against
  ///     reading a huge file by mistake. The default is 1 GiB.
  /// - Returns: the bytes of the file.
  /// - Throws: `FileError.fileSystem` naming `path` when the file is
  ///   missing, is a directory, cannot be read, or is larger than `maxBytes`.
  /// - Complexity: O(file size).
  public static func readBytes(path: String, maxBytes: Int = 1 << 30) throws -> [UInt8] {
    if path == standardInputPath {
      return try readAll(fd: 0, path: "standard input", sizeHint: 0, maxBytes: maxBytes)
    }
    let fd: Int32
    do {
      fd = try systemCall { open(path, O_RDONLY | O_CLOEXEC) }
    } catch {
      throw error.fileSystem(path: path, .open)
    }
    defer { close(fd) }
    var info = stat()
    do {
      try systemCall { fstat(fd, &info) }
    } catch {
      throw error.fileSystem(path: path, .stat)
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw FileError.fileSystem(path: path, operation: .read, reason: "is a directory")
    }
    let size = Int(info.st_size)
    if (info.st_mode & S_IFMT) == S_IFREG && size > maxBytes {
      throw FileError.fileSystem(
        path: path, operation: .read,
        reason: "file is \(size) bytes, above the limit of \(maxBytes)")
    }
    return try readAll(fd: fd, path: path, sizeHint: size, maxBytes: maxBytes)
  }

  /// Checks that `path` exists and may be read (standard input, `"-"`,
  /// always may), so that a mistyped input is named before anything else
  /// is looked at. access(2), not open(2): a FIFO's writer is not woken.
  ///
  /// - Throws: `FileError.fileSystem` naming `path` and the system's reason
  ///   ("no such file or directory", "permission denied").
  package static func checkOpens(path: String) throws {
    guard path != standardInputPath else { return }
    do {
      try systemCall { access(path, R_OK) }
    } catch {
      throw error.fileSystem(path: path, .open)
    }
  }

  /// Reads `fd` to its end, growing the buffer as needed (files that change
  /// size while read and pipes both work).
  private static func readAll(fd: Int32, path: String, sizeHint: Int, maxBytes: Int) throws
    -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)  // +1 detects growth/EOF
    var count = 0
    while true {
      if count == bytes.count {
        if count > maxBytes {
          throw FileError.fileSystem(
            path: path, operation: .read, reason: "more than \(maxBytes) bytes")
        }
        bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 64 << 10)))
      }
      let n: Int
      do {
        n = try systemCall {
          bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
        }
      } catch {
        throw error.fileSystem(path: path, .read)
      }
      if n == 0 { break }
      count += n
    }
    if count > maxBytes {
      throw FileError.fileSystem(
        path: path, operation: .read, reason: "more than \(maxBytes) bytes")
    }
    bytes.removeSubrange(count...)
    return bytes
  }
}
