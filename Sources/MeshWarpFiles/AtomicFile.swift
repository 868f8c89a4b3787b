#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written atomically: the bytes go to a temporary file in the target's
/// directory, which `commit()` renames over the target (rename(2) is atomic
/// within one file system). Until then, and whenever anything fails, an
/// existing file at the target path is left untouched, and the temporary
/// file is removed. No fsync: this guards against failed runs, not against
/// power loss.
///
/// The temporary file is `.<name>.meshwarp-XXXXXX` beside the target. The
/// committed file gets the mode of the file it replaces, or `0666 & ~umask`
/// for a new file. A symbolic link at the target is followed (through any
/// chain of links) and the file it points to is replaced: the link stays a
/// link.
///
/// A target that is not a file to replace, but a FIFO, a device, a socket or
/// anything under /dev/ or /proc/ (`/dev/stdout`), is written through
/// instead (`OutputFile.writesThrough(_:)`): the bytes are staged in a
/// temporary file in `$TMPDIR` (or /tmp), and `commit()` copies them into
/// the target, which is never renamed over. Every finished output (a
/// still, an animation, a video from ffmpeg) goes through here, so `-o
/// some.fifo` behaves the same for each.
///
/// Not thread-safe: one writer, one thread at a time.
public final class AtomicFileWriter {
  /// The target path, as given.
  public let path: String
  /// The temporary file, renamed to `path` by `commit()`.
  package let temporaryPath: String
  /// `path` with symbolic links followed: the file `commit()` replaces.
  package let targetPath: String
  private var fd: Int32
  private var state: State = .open
  /// Nil: `commit()` renames; else the target is written through, and
  /// truncated first when it is a regular file (reached through /dev/).
  private let writesThroughTruncating: Bool?

  private enum State { case open, committed, discarded }

  /// Creates the temporary file beside `path`.
  ///
  /// - Throws: `FileError.fileSystem` naming `path` when its directory
  ///   is missing or not writable, or `path` is a directory.
  public init(path: String) throws {
    self.path = path
    if path.isEmpty {
      throw FileError.fileSystem(path: path, operation: .create, reason: "empty path")
    }
    self.targetPath = try Self.resolvingSymbolicLinks(path)
    var info = stat()
    if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw FileError.fileSystem(path: path, operation: .write, reason: "is a directory")
    }
    writesThroughTruncating = OutputFile.writesThrough(path)
    var (directory, name) = Self.split(targetPath)
    if writesThroughTruncating != nil {
      let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? ""
      directory = (temporary.isEmpty ? "/tmp" : temporary) + "/"
    }
    var template = Array("\(directory).\(name).meshwarp-XXXXXX".utf8CString)
    let fd: Int32
    do {
      fd = try systemCall { mkstemp(&template) }
    } catch {
      let reason =
        error.code == ENOENT || error.code == ENOTDIR
        ? Self.whyNoFile(in: directory, code: error.code) : error.description
      throw FileError.fileSystem(path: path, operation: .create, reason: reason)
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // not inherited by ffmpeg & co.
    self.fd = fd
    self.temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  deinit {
    if state == .open { discard() }
  }

  /// Appends bytes to the file.
  ///
  /// - Throws: `FileError.fileSystem` naming `path` (e.g. "no space
  ///   left on device"); the writer is then discarded.
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    try checkOpen()
    try discardingOnError(.write) { try writeAll(fd: fd, bytes) }
  }

  /// Appends bytes to the file.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Overwrites bytes already written, at byte `offset` from the start (for
  /// headers whose content is known only at the end).
  ///
  /// - Precondition: `offset ≥ 0`; `offset + bytes.count` ≤ bytes written.
  public func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    try checkOpen()
    try discardingOnError(.write) {
      try bytes.withUnsafeBytes { raw in
        try writeAll(raw) { start, count, done in pwrite(fd, start, count, off_t(offset + done)) }
      }
    }
  }

  /// Closes the temporary file and renames it over `path` (or copies it
  /// into a target that is written through).
  ///
  /// - Throws: `FileError.fileSystem` when closing, renaming or copying
  ///   fails; the temporary file is then removed and the old target kept.
  public func commit() throws {
    try checkOpen()
    if let truncating = writesThroughTruncating {
      do {
        try copyThrough(truncating: truncating)
      } catch {
        discard()
        throw error
      }
      close(fd)
      fd = -1
      unlink(temporaryPath)
      state = .committed
      return
    }
    _ = fchmod(fd, Self.modeForNewFile(replacing: targetPath))
    let fd = self.fd
    self.fd = -1
    try discardingOnError(.write) { try systemCall(retriesOnInterrupt: false) { close(fd) } }
    try discardingOnError(.rename) { try systemCall { rename(temporaryPath, targetPath) } }
    state = .committed
  }

  /// Copies the staged bytes into the target, opened for writing (a FIFO
  /// waits for its reader), in 1 MiB pieces.
  ///
  /// - Throws: `FileError.fileSystem` naming `path`.
  private func copyThrough(truncating: Bool) throws {
    let flags = O_WRONLY | O_CLOEXEC | (truncating ? O_TRUNC : 0)
    let target: Int32
    do {
      target = try systemCall { open(path, flags) }
    } catch {
      throw error.fileSystem(path: path, .open)
    }
    var closed = false
    defer { if !closed { close(target) } }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var offset: off_t = 0
    do {
      while true {
        let count = try buffer.withUnsafeMutableBytes { raw in
          try systemCall { pread(fd, raw.baseAddress, raw.count, offset) }
        }
        if count == 0 { break }
        try buffer.withUnsafeBytes {
          try writeAll(fd: target, UnsafeRawBufferPointer(rebasing: $0[..<count]))
        }
        offset += off_t(count)
      }
      closed = true
      try systemCall(retriesOnInterrupt: false) { close(target) }
    } catch let error as SystemCallError {
      throw error.fileSystem(path: path, .write)
    }
  }

  /// Abandons the write: closes and removes the temporary file. The target is
  /// untouched. Safe to call more than once.
  public func discard() {
    guard state == .open else { return }
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(temporaryPath)
    state = .discarded
  }

  /// Runs `body`; when a system call in it fails, discards the write and
  /// throws the failure as `FileError.fileSystem` naming `path`.
  private func discardingOnError(
    _ operation: FileError.FileOperation, _ body: () throws -> Void
  ) throws {
    do {
      try body()
    } catch let error as SystemCallError {
      discard()
      throw error.fileSystem(path: path, operation)
    }
  }

  private func checkOpen() throws {
    guard state == .open else {
      throw FileError.fileSystem(
        path: path, operation: .write,
        reason: state == .committed ? "already committed" : "write was abandoned after an error")
    }
  }

  /// `path` with symbolic links followed (readlink(2), relative targets
  /// taken from the link's folder), so that the file is replaced and the
  /// link kept. A dangling link gives the path it points to.
  ///
  /// - Throws: `FileError.fileSystem` for a loop of links (over 40).
  package static func resolvingSymbolicLinks(_ path: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = try? systemCall { readlink(current, &buffer, buffer.count - 1) }
      guard let count else { return current }
      let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : split(current).directory + target
    }
    throw FileError.fileSystem(
      path: path, operation: .write, reason: "too many levels of symbolic links")
  }

  /// ("dir/", "name") for "dir/name"; ("", "name") for "name".
  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
  }

  /// Why no file can be created in `directory` (with its trailing slash;
  /// empty for the current folder) after mkstemp failed with `code`
  /// (ENOENT or ENOTDIR): the first part of the path that is a file, not a
  /// folder; else the first folder that does not exist; else the folder
  /// exists and refuses new files (/proc, /sys).
  private static func whyNoFile(in directory: String, code: Int32) -> String {
    let folder = directory.isEmpty ? "." : directory.count == 1 ? "/" : String(directory.dropLast())
    return missingFolder(folder)
      ?? "the directory \(folder) does not take new files (\(errnoDescription(code)))"
  }

  /// Why `folder` (no trailing slash; "." for the current one) is no
  /// folder to write into, checked before any work: the first part of the
  /// path that is a file ("out.png is a file, not a directory"), else the
  /// first folder that does not exist ("the directory nodir does not
  /// exist"); nil when it is a folder.
  package static func missingFolder(_ folder: String) -> String? {
    var prefix = folder.hasPrefix("/") ? "/" : ""
    for part in folder.split(separator: "/") {
      prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(part) : "/" + part
      var info = stat()
      if stat(prefix, &info) != 0 { return "the directory \(prefix) does not exist" }
      if (info.st_mode & S_IFMT) != S_IFDIR { return "\(prefix) is a file, not a directory" }
    }
    return nil
  }

  /// The existing file's permission bits, else `0666 & ~umask`.
  private static func modeForNewFile(replacing path: String) -> mode_t {
    var info = stat()
    if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
      return info.st_mode & 0o7777
    }
    return 0o666 & ~currentUmask()
  }

  /// The process umask, read from /proc (reading it with umask(2) would
  /// briefly change it for every thread). 0o022 when unknown.
  private static func currentUmask() -> mode_t {
    guard let bytes = try? FileInput.readBytes(path: "/proc/self/status", maxBytes: 1 << 20)
    else { return 0o022 }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
      let digits = line.dropFirst("Umask:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      if let value = mode_t(digits, radix: 8) { return value }
    }
    return 0o022
  }
}

extension Substring {
  fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
    var s = self
    while let first = s.first, predicate(first) { s = s.dropFirst() }
    return s
  }
}

/// Whole-file atomic writes; see `AtomicFileWriter`.
public enum AtomicFile {
  /// Writes `bytes` to `path` atomically.
  ///
  /// - Throws: `FileError.fileSystem` naming `path`; an existing file
  ///   at `path` is then unchanged.
  /// - Complexity: O(bytes).
  public static func write(_ bytes: [UInt8], to path: String) throws {
    try write(to: path) { try $0.write(bytes) }
  }

  /// Lets `body` write the file in pieces, then commits it. If `body` throws,
  /// the temporary file is removed and the error rethrown; the target is
  /// unchanged.
  public static func write(to path: String, _ body: (AtomicFileWriter) throws -> Void) throws {
    let writer = try AtomicFileWriter(path: path)
    do {
      try body(writer)
      try writer.commit()
    } catch {
      writer.discard()
      throw error
    }
  }
}
