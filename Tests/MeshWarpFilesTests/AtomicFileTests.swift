import Foundation
import Testing
import _TestSupport

@testable import MeshWarpFiles

/// Atomic replacement: a failed write never damages the file it would
/// replace and leaves no temporary file; standard output errors are errors.
@Suite struct AtomicFileTests {
  @Test func writesNewAndReplacesExistingFiles() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("a.bin")
    try AtomicFile.write([1, 2, 3], to: path)
    #expect(try FileInput.readBytes(path: path) == [1, 2, 3])
    try AtomicFile.write([4], to: path)
    #expect(try FileInput.readBytes(path: path) == [4])
    #expect(directoryListing(directory.path) == ["a.bin"])
  }

  @Test func failureMidwayLeavesTheOldFileIntact() throws {
    struct Injected: Error {}
    let directory = try TemporaryDirectory()
    let path = directory.file("keep.bin")
    try AtomicFile.write(Array("precious".utf8), to: path)
    #expect(throws: Injected.self) {
      try AtomicFile.write(to: path) { writer in
        try writer.write(Array(repeating: 7, count: 100_000))
        throw Injected()
      }
    }
    #expect(try FileInput.readBytes(path: path) == Array("precious".utf8))
    #expect(directoryListing(directory.path) == ["keep.bin"], "temporary file removed")
  }

  @Test func abandonedWriterRemovesItsTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    do {
      let writer = try AtomicFileWriter(path: directory.file("x"))
      try writer.write([1, 2])
      #expect(directoryListing(directory.path).count == 1, "the temporary file exists meanwhile")
    }  // dropped without commit
    #expect(directoryListing(directory.path).isEmpty)
  }

  @Test func keepsThePermissionsOfTheReplacedFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("mode")
    try AtomicFile.write([1], to: path)
    chmod(path, 0o640)
    try AtomicFile.write([2], to: path)
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o640)
  }

  @Test func unwritablePlacesNameThePath() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("no/such/dir/out.png")
    #expect(
      throws: FileError.fileSystem(
        path: missing, operation: .create,
        reason: "the directory \(directory.path)/no does not exist")
    ) {
      try AtomicFile.write([1], to: missing)
    }
    #expect(
      throws: FileError.fileSystem(
        path: directory.path, operation: .write, reason: "is a directory")
    ) {
      try AtomicFile.write([1], to: directory.path)
    }
  }

  /// A directory without write permission. Root ignores permissions, so
  /// this runs as any other user; the read-only file system below refuses
  /// root too.
  @Test(.enabled(if: geteuid() != 0, "root ignores directory permissions"))
  func readOnlyDirectoryNamesThePath() throws {
    let directory = try TemporaryDirectory()
    let locked = directory.file("locked")
    mkdir(locked, 0o500)
    defer { chmod(locked, 0o700) }
    #expect(
      throws: FileError.fileSystem(
        path: locked + "/f", operation: .create, reason: "permission denied")
    ) {
      try AtomicFile.write([1], to: locked + "/f")
    }
    #expect(directoryListing(locked).isEmpty)
  }

  /// A file system mounted read-only (a tmpfs: needs the right to mount,
  /// root with CAP_SYS_ADMIN) refuses the temporary file, whoever asks.
  @Test(.enabled(if: AtomicFileTests.canMountTmpfs, "needs the right to mount a tmpfs"))
  func readOnlyFileSystemNamesThePath() throws {
    let directory = try TemporaryDirectory()
    let mountPoint = directory.file("read-only")
    mkdir(mountPoint, 0o755)
    try #require(
      mount("tmpfs", mountPoint, "tmpfs", UInt(MS_RDONLY), "size=64k") == 0,
      "cannot mount a read-only tmpfs (\(errnoDescription(errno)))")
    defer { umount2(mountPoint, Int32(MNT_DETACH)) }
    let path = mountPoint + "/out.bin"
    #expect(
      throws: FileError.fileSystem(
        path: path, operation: .create, reason: "read-only file system")
    ) {
      try AtomicFile.write([1], to: path)
    }
    #expect(directoryListing(mountPoint).isEmpty)
  }

  /// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN),
  /// found by mounting and unmounting one in a temporary folder.
  static let canMountTmpfs: Bool = {
    guard let directory = try? TemporaryDirectory() else { return false }
    let mountPoint = directory.file("probe")
    mkdir(mountPoint, 0o755)
    guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=64k") == 0 else { return false }
    umount2(mountPoint, Int32(MNT_DETACH))
    return true
  }()

  @Test(.enabled(if: AtomicFileTests.canMountTmpfs, "needs the right to mount a tmpfs"))
  func fullDiskKeepsTheOldFile() throws {
    // A 64 KiB tmpfs: needs the right to mount (root with CAP_SYS_ADMIN).
    let directory = try TemporaryDirectory()
    let mountPoint = directory.file("small")
    mkdir(mountPoint, 0o755)
    guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=64k") == 0 else {
      Issue.record("cannot mount a tmpfs (\(errnoDescription(errno)))")
      return
    }
    defer { umount2(mountPoint, Int32(MNT_DETACH)) }
    let path = mountPoint + "/out.bin"
    try AtomicFile.write(Array("old".utf8), to: path)
    var rng = SeededRandom(seed: 3)
    let big = (0..<160_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
    do {
      try AtomicFile.write(big, to: path)
      Issue.record("writing 160 KB into 64 KiB must fail")
    } catch {
      #expect("\(error)" == "\(path): cannot write: no space left on device")
    }
    #expect(try FileInput.readBytes(path: path) == Array("old".utf8))
    #expect(directoryListing(mountPoint) == ["out.bin"], "temporary file removed")
  }

  @Test func fullDeviceIsAnErrorNotACrash() throws {
    // /dev/full fails every write with ENOSPC: the error path of writeAll.
    let fd = open("/dev/full", O_WRONLY)
    try #require(fd >= 0, "/dev/full is missing")
    defer { close(fd) }
    let result = [UInt8](repeating: 1, count: 10).withUnsafeBytes { bytes -> Int32? in
      do {
        try writeAll(fd: fd, bytes)
        return nil
      } catch let error as SystemCallError {
        return error.code
      } catch {
        return -1
      }
    }
    #expect(result == ENOSPC)
  }

  @Test func closedPipeOnStandardOutputIsAnError() throws {
    StandardOutput.ignoreBrokenPipeSignal()
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    close(fds[0])  // the reader goes away
    defer { close(fds[1]) }
    do {
      try [UInt8](repeating: 0, count: 100).withUnsafeBytes {
        try writeStandardOutput($0, fd: fds[1])
      }
      Issue.record("writing into a closed pipe must fail")
    } catch {
      #expect(error as? FileError == .brokenPipe, "\(error)")
      #expect("\(error)".contains("EPIPE"), "\(error)")
    }
    // A closed descriptor.
    do {
      try [UInt8](repeating: 0, count: 1).withUnsafeBytes {
        try writeStandardOutput($0, fd: 987_654)
      }
      Issue.record("writing to a closed descriptor must fail")
    } catch {
      #expect("\(error)" == "standard output: standard output is closed")
    }
  }
}
