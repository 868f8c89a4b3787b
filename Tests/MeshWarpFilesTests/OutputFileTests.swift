import Foundation
import Testing
import _TestSupport

@testable import MeshWarpFiles

#if canImport(Glibc)
  import Glibc
#endif

/// `OutputFile.write` never breaks what it writes to: links stay links,
/// FIFOs and devices are written through, not renamed over.
@Suite struct OutputFileTests {
  static let isRoot = getuid() == 0

  func fileType(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  @Test func regularFileIsReplaced() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("out.png")
    try OutputFile.write([1, 2, 3], to: path)
    try OutputFile.write([4, 5], to: path)
    #expect(FileManager.default.contents(atPath: path) == Data([4, 5]))
    #expect(directoryListing(folder.path) == ["out.png"])
  }

  @Test func symbolicLinkIsFollowedAndKept() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: folder.file("real"), withIntermediateDirectories: true)
    try OutputFile.write([9], to: folder.file("real/target.png"))
    // A relative link, through a second link.
    #expect(symlink("real/target.png", folder.file("link1.png")) == 0)
    #expect(symlink(folder.file("link1.png"), folder.file("link2.png")) == 0)
    try OutputFile.write([7, 7], to: folder.file("link2.png"))
    #expect(fileType(folder.file("link1.png")) == S_IFLNK)
    #expect(fileType(folder.file("link2.png")) == S_IFLNK)
    #expect(FileManager.default.contents(atPath: folder.file("real/target.png")) == Data([7, 7]))
    // A dangling link: its target is created.
    #expect(symlink("new.png", folder.file("dangling.png")) == 0)
    try OutputFile.write([1], to: folder.file("dangling.png"))
    #expect(fileType(folder.file("dangling.png")) == S_IFLNK)
    #expect(FileManager.default.contents(atPath: folder.file("new.png")) == Data([1]))
  }

  @Test func fifoReaderGetsTheBytes() async throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("pipe.png")
    #expect(mkfifo(path, 0o600) == 0)
    let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    let reader = Task.detached { () -> Data? in
      FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()
    }
    try OutputFile.write(bytes, to: path)
    #expect(await reader.value == Data(bytes))
    #expect(fileType(path) == S_IFIFO)
  }

  /// The device number of a system node (read, never written).
  func deviceNumber(_ path: String) -> dev_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_rdev : 0
  }

  /// Private copies of /dev/null and /dev/full (their device numbers) made
  /// in the test's own folder: still devices afterwards; /dev/full's "no
  /// space" comes back as an error.
  @Test(.enabled(if: isRoot)) func characterDevicesAreWrittenThrough() throws {
    let folder = try TemporaryDirectory()
    let null = folder.file("null")
    let full = folder.file("full")
    #expect(mknod(null, S_IFCHR | 0o666, deviceNumber("/dev/null")) == 0)
    #expect(mknod(full, S_IFCHR | 0o666, deviceNumber("/dev/full")) == 0)
    try OutputFile.write([1, 2, 3], to: null)
    #expect(fileType(null) == S_IFCHR)
    #expect {
      try OutputFile.write([1, 2, 3], to: full)
    } throws: { "\($0)".contains("no space left on device") }
    #expect(fileType(full) == S_IFCHR)
    #expect(directoryListing(folder.path) == ["full", "null"])
  }

  @Test func directoryAndMissingParentAreClearErrors() throws {
    let folder = try TemporaryDirectory()
    #expect {
      try OutputFile.write([1], to: folder.path)
    } throws: { "\($0)".hasSuffix("is a directory") }
    #expect {
      try OutputFile.write([1], to: folder.file("missing/out.png"))
    } throws: { "\($0)".contains("does not exist") }
  }
}
