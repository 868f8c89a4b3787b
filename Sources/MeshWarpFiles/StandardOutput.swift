#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing results to standard output (the output path `"-"`).
///
/// A reader that goes away early (`meshwarp … -o - | head -c 10`) makes
/// write(2) fail with EPIPE — but only if the process ignores SIGPIPE;
/// otherwise the kernel kills it first. Command-line tools call
/// `ignoreBrokenPipeSignal()` once at start-up, and then get a thrown
/// `FileError.brokenPipe` instead of a death before they clean up.
public enum StandardOutput {
  /// The output path that means standard output.
  public static let path = "-"

  /// Sets SIGPIPE to "ignore" for the whole process, so that writing to a
  /// closed pipe returns EPIPE instead of killing the process. Call once, at
  /// start-up, from the main program (it changes process-wide state).
  public static func ignoreBrokenPipeSignal() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Writes all of `bytes` to standard output.
  ///
  /// - Throws: `FileError.brokenPipe` when the reader has gone
  ///   (EPIPE); `.standardOutputClosed` when standard output is closed
  ///   (EBADF) or the write fails.
  public static func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try writeStandardOutput($0, fd: STDOUT_FILENO) }
  }
}

/// `writeAll` with errors worded for standard output. `fd` is a parameter so
/// tests can use a pipe.
package func writeStandardOutput(_ bytes: UnsafeRawBufferPointer, fd: Int32) throws {
  do {
    try writeAll(fd: fd, bytes)
  } catch {
    switch error.code {
    case EPIPE:
      throw FileError.brokenPipe
    case EBADF:
      throw FileError.standardOutputClosed(reason: "standard output is closed")
    default:
      throw FileError.standardOutputClosed(reason: errnoDescription(error.code))
    }
  }
}

/// Where a finished file goes, without breaking what is there: a regular
/// file (or the file a symbolic link points to) is replaced atomically
/// (`AtomicFile`); a FIFO, a character or block device, a socket, or
/// anything under /dev/ or /proc/ (`/dev/stdout`) is opened and written
/// straight through, never renamed over; `"-"` is standard output. A
/// directory or a missing parent folder is an error.
public enum OutputFile {
  /// Writes `bytes` to `path`; see the type's rules.
  ///
  /// - Throws: `FileError.fileSystem`, `.brokenPipe` or
  ///   `.standardOutputClosed`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    if path == StandardOutput.path {
      try StandardOutput.write(bytes)
    } else {
      try AtomicFile.write(bytes, to: path)
    }
  }

  /// Whether `path` is written in place, and if so whether it is a regular
  /// file (reached through /dev/ or /proc/, e.g. `/dev/stdout` redirected
  /// to a file); nil for an atomic replace.
  package static func writesThrough(_ path: String) -> Bool? {
    var info = stat()
    let exists = stat(path, &info) == 0  // follows links
    let type = info.st_mode & S_IFMT
    if exists && type == S_IFDIR { return nil }  // AtomicFileWriter explains
    let special =
      exists && (type == S_IFIFO || type == S_IFCHR || type == S_IFBLK || type == S_IFSOCK)
    if special { return false }
    if exists && (path.hasPrefix("/dev/") || path.hasPrefix("/proc/")) { return type == S_IFREG }
    return nil
  }
}
