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
/// `MeshWarpIOError.standardOutputClosed` instead of a silent death.
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
  /// - Throws: `MeshWarpIOError.standardOutputClosed` when the reader has
  ///   gone (EPIPE), standard output is closed (EBADF) or the write fails.
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
      throw MeshWarpIOError.standardOutputClosed(
        reason: "the reader closed the pipe before all output was written (EPIPE)")
    case EBADF:
      throw MeshWarpIOError.standardOutputClosed(reason: "standard output is closed")
    default:
      throw MeshWarpIOError.standardOutputClosed(reason: errnoDescription(error.code))
    }
  }
}

/// Where a finished file goes: a path written atomically, or standard output.
public enum OutputFile {
  /// Writes `bytes` to `path` atomically, or to standard output when `path`
  /// is `"-"`.
  ///
  /// - Throws: `MeshWarpIOError.fileSystem` or `.standardOutputClosed`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    if path == StandardOutput.path {
      try StandardOutput.write(bytes)
    } else {
      try AtomicFile.write(bytes, to: path)
    }
  }
}
