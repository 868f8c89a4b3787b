import Foundation
import MeshWarpFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ffmpeg or ffprobe run with its standard output on a pipe we read and
/// its error output in an unlinked temporary file (nothing to drain, read
/// after it ends), started by ``SpawnedProcess`` (it dies with us). Killed
/// and reaped by ``stop()`` or on deinit.
final class ChildProcess {
  let tool: String
  private let process: SpawnedProcess
  private var output: Int32
  private let errorFile: Int32
  private var ending: Ending?

  /// How the child ended.
  typealias Ending = SpawnedProcess.Ending

  /// ffmpeg's input argument for `path`: `file:` keeps names that start
  /// with "-" or look like URLs (`http:…`) plain files.
  static func inputURL(_ path: String) -> String { "file:" + path }

  init(tool: String, executable: String, arguments: [String]) throws {
    self.tool = tool
    var template = Array((NSTemporaryDirectory() + "/meshwarp-\(tool)-XXXXXX").utf8CString)
    let errorFile: Int32
    do {
      errorFile = try systemCall { mkstemp(&template) }
    } catch {
      throw VideoError.toolUnavailable(
        tool: tool, reason: "cannot create a temporary file: \(error)")
    }
    unlink(template)
    _ = fcntl(errorFile, F_SETFD, FD_CLOEXEC)
    var ends: [Int32] = [-1, -1]
    do {
      try systemCall { pipe(&ends) }
    } catch {
      close(errorFile)
      throw VideoError.toolUnavailable(tool: tool, reason: "pipe failed: \(error)")
    }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    #if os(Linux)
      // A 1 MiB pipe (the unprivileged maximum by default) instead of 64 KiB:
      // 16× fewer wake-ups per frame. Best effort.
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc does not export
      _ = fcntl(ends[0], setPipeSize, 1 << 20)
    #endif
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    self.errorFile = errorFile
    output = ends[0]
    do {
      process = try SpawnedProcess(
        tool: tool, executable: executable, arguments: arguments, output: ends[1],
        error: errorFile)
    } catch {
      close(ends[0])
      close(ends[1])
      close(errorFile)
      throw error
    }
    close(ends[1])  // the child holds its own copy; ours would hide the end
  }

  deinit {
    stop()
    close(errorFile)
  }

  /// read(2) from the child's standard output, retried on EINTR
  /// (`systemCall`); 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard output >= 0, buffer.count > 0 else { return 0 }
    do {
      return try systemCall { systemRead(output, buffer.baseAddress, buffer.count) }
    } catch {
      throw VideoError.toolUnavailable(
        tool: tool, reason: "reading its output failed: \(error)")
    }
  }

  /// Waits for the child to end (after its output ended) and reaps it.
  func wait() -> Ending {
    if let ending { return ending }
    let result = process.wait()
    ending = result
    closeOutput()
    return result
  }

  /// Kills the child if it still runs, and reaps it.
  func stop() {
    guard ending == nil else { return closeOutput() }
    closeOutput()
    process.send(SIGKILL)
    _ = wait()
  }

  private func closeOutput() {
    if output >= 0 {
      close(output)
      output = -1
    }
  }

  /// The end of the error output (at most 4 KiB), with the input file
  /// `input` (as `file:INPUT` or bare) written as `name`: the file the
  /// user gave, where ffmpeg read a temporary one made from it.
  func errorTail(replacingInput input: String, with name: String? = nil) -> String {
    let size = lseek(errorFile, 0, SEEK_END)
    guard size > 0 else { return "" }
    let start = max(0, Int(size) - 4096)
    var bytes = [UInt8](repeating: 0, count: Int(size) - start)
    let n = bytes.withUnsafeMutableBytes {
      pread(errorFile, $0.baseAddress, $0.count, off_t(start))
    }
    guard n > 0 else { return "" }
    let text = String(decoding: bytes[0..<n], as: UTF8.self)
      .replacingOccurrences(of: Self.inputURL(input), with: input)
    guard let name, name != input else { return text }
    return text.replacingOccurrences(of: input, with: name)
  }

  /// The last non-empty line of the error output.
  func lastErrorLine(replacingInput input: String, with name: String? = nil) -> String {
    errorTail(replacingInput: input, with: name).split(separator: "\n").last {
      !$0.allSatisfy(\.isWhitespace)
    }
    .map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
  }

  private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }
}
