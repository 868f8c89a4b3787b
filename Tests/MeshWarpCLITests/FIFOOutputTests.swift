import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// Every finished output is written by one writer: a FIFO named by `-o`
/// gets the bytes and stays a FIFO, for a still, an animation and a video.
@Suite struct FIFOOutputTests {
  /// Runs `meshwarp ARGUMENTS -o DIR/NAME` into a FIFO and returns what a
  /// reader of the FIFO got, and whether the path is still a FIFO after.
  func throughFIFO(_ name: String, _ arguments: [String]) throws -> (
    run: ToolRun, bytes: [UInt8], isFIFO: Bool
  ) {
    let dir = TemporaryFolder()
    let path = dir.file(name)
    #expect(mkfifo(path, 0o600) == 0)
    // A second name for the FIFO, which survives a rename over `path`.
    let keep = dir.file("keep")
    #expect(link(path, keep) == 0)
    // The reader blocks in open(2) until the tool opens the FIFO: a thread
    // of its own, not one of the test runner's few.
    let reader = FIFOReader(path: path)
    let image = dir.write(TestImages.photoLike(width: 64, height: 48), "in.png")
    let mesh = dir.write(MeshPresets.sinusoidal(columns: 4, rows: 4, amplitude: 0.05), "m.json")
    let run = ToolRun(["warp", image, "--mesh", mesh] + arguments + ["-o", path])
    var info = stat()
    let isFIFO = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    // Had the FIFO not been written (or been replaced, living on as
    // `keep`), a writer's open and close end the reader's wait.
    while !reader.finished(within: 0.05) {
      let fd = open(keep, O_WRONLY | O_NONBLOCK)
      if fd >= 0 { close(fd) }
    }
    let bytes = reader.bytes()
    let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
      .filter { $0.contains(".meshwarp") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    return (run, bytes, isFIFO)
  }

  @Test func stillGoesThroughAFIFO() throws {
    let (run, bytes, isFIFO) = try throughFIFO("pipe.png", [])
    #expect(run.status == 0, "\(run.errors)")
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
    #expect(isFIFO)
  }

  @Test func animationGoesThroughAFIFO() throws {
    let (run, bytes, isFIFO) = try throughFIFO(
      "pipe.apng", ["--duration", "0.2", "--fps", "10"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "an animated PNG")
    #expect(bytes.count > 100 && Array(bytes[37..<41]) == Array("acTL".utf8), "acTL after IHDR")
    #expect(isFIFO)
  }

  @Test(.enabled(if: ExternalTools.hasFFmpeg, "needs ffmpeg"))
  func videoGoesThroughAFIFO() throws {
    let (run, bytes, isFIFO) = try throughFIFO(
      "pipe.mp4", ["--duration", "0.2", "--fps", "10"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(bytes.count > 12 && Array(bytes[4..<8]) == Array("ftyp".utf8), "an MP4")
    #expect(isFIFO)
  }
}

/// Reads a FIFO to its end on a thread of its own.
final class FIFOReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(path: String) {
    let thread = Thread { [self] in
      data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
      done.signal()
    }
    thread.start()
  }

  private var isFinished = false

  /// Whether the reader has read to the end, waiting up to `seconds`.
  func finished(within seconds: Double) -> Bool {
    if !isFinished { isFinished = done.wait(timeout: .now() + seconds) == .success }
    return isFinished
  }

  /// What was read, once the writer closed the FIFO.
  func bytes() -> [UInt8] {
    while !finished(within: 1) {}
    return [UInt8](data)
  }
}
