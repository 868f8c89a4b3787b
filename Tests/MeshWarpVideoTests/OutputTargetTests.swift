import Foundation
import MeshWarpFiles
import MeshWarpImageIO
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// One decision for every `-o`: what a path is written as, and where.
@Suite struct OutputTargetTests {
  @Test func stillsAndFramesAreToldFromThePathAndWhetherContentChanges() throws {
    let cases: [(String, String?, Bool, OutputTarget.Content, OutputTarget.Destination)] = [
      ("out.png", nil, false, .still(.png), .file),
      ("out.png", nil, true, .frames(.apng), .file),
      ("out.jpg", nil, false, .still(.jpeg), .file),
      ("out.mp4", nil, true, .frames(.video(.mp4)), .file),
      ("-", nil, false, .still(.png), .standardOutput),
      ("-", "jpg", false, .still(.jpeg), .standardOutput),
      ("-", nil, true, .frames(.apng), .standardOutput),
      ("-", "webm", true, .frames(.video(.webm)), .standardOutput),
    ]
    for (path, format, animates, content, destination) in cases {
      let target = try OutputTarget.decide(path: path, format: format, animates: animates)
      #expect(target.content == content, "\(path) \(format ?? "") \(animates)")
      #expect(target.destination == destination, "\(path)")
    }
    let sequence = try OutputTarget.frames(path: "/tmp/frame_%04d.png")
    #expect(sequence.destination == .sequence)
  }

  @Test func devicesAndFIFOsAreWrittenThrough() throws {
    #expect(try OutputTarget.still(path: "/dev/null", format: "png").destination == .writtenThrough)
    let directory = try TemporaryDirectory()
    let fifo = directory.file("pipe.mp4")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(try OutputTarget.frames(path: fifo).destination == .writtenThrough)
  }

  @Test func refusalsSayWhy() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: OutputTargetError.isADirectory(path: directory.path)) {
      try OutputTarget.still(path: directory.path)
    }
    #expect(throws: OutputTargetError.notAnimated(format: "jpg")) {
      try OutputTarget.frames(path: "-", format: "jpg")
    }
    #expect(throws: OutputTargetError.formatMismatch(format: "webm", path: "out.mp4")) {
      try OutputTarget.frames(path: "out.mp4", format: "webm")
    }
    #expect(throws: VideoError.self) { try OutputTarget.frames(path: "out.txt") }
    #expect(throws: ImageCodecError.self) { try OutputTarget.still(path: "out.mp4") }
  }
}
