import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// What the tool refuses or explains about `-o` before any work: an output
/// that is one of the inputs, binary data for a terminal, a folder where a
/// file is meant, a path through a file; and how it ends when its reader
/// closes the pipe.
@Suite struct OutputSafetyTests {
  /// A folder with a 16×12 picture `in.png` and an identity mesh `m.json`.
  static func fixture() -> (TemporaryFolder, input: String, mesh: String) {
    let folder = TemporaryFolder()
    let input = folder.write(TestImages.smooth(width: 16, height: 12), "in.png")
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    return (folder, input, mesh)
  }

  /// `-o` naming the input (as given, through `./`, through a symbolic
  /// link) or the mesh is a usage error naming both paths; nothing changes.
  @Test func outputThatIsAnInputIsRefused() throws {
    let (folder, input, mesh) = Self.fixture()
    let link = folder.file("link.png")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
    let picture = try Data(contentsOf: URL(fileURLWithPath: input))
    let meshBytes = try Data(contentsOf: URL(fileURLWithPath: mesh))
    let dotted = folder.path + "/./in.png"
    for (arguments, named) in [
      (["warp", input, "--mesh", mesh, "-o", input], input),
      (["warp", input, "--mesh", mesh, "-o", dotted], dotted),
      (["warp", link, "--mesh", mesh, "-o", input], link),
      (["warp", input, "--mesh", mesh, "-o", mesh], mesh),
      (["genie", input, "-o", input], input),
      (["shader-data", mesh, "-o", mesh], mesh),
    ] {
      let run = ToolRun(arguments)
      #expect(run.status == 2, "\(arguments): \(run.errors)")
      #expect(run.errors.contains("is the input file"), "\(run.errors)")
      #expect(run.errors.contains(named), "\(run.errors)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == picture)
    #expect(try Data(contentsOf: URL(fileURLWithPath: mesh)) == meshBytes)
    // A different file of the same name elsewhere is no input.
    let other = folder.path + "/sub"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    #expect(ToolRun(["warp", input, "--mesh", mesh, "-o", other + "/in.png"]).status == 0)
  }

  /// Binary image data is not written to a terminal; text (a mesh) is.
  @Test func binaryDataIsNotWrittenToATerminal() {
    let (folder, input, mesh) = Self.fixture()
    defer { withExtendedLifetime(folder) {} }
    let (console, output, errors) = Console.capturing(stdoutIsTerminal: true)
    let status = MeshwarpTool.run(["warp", input, "--mesh", mesh, "-o", "-"], console: console)
    #expect(status == 2)
    #expect(errors().contains("standard output is a terminal"), "\(errors())")
    #expect(output().isEmpty)
    let text = Console.capturing(stdoutIsTerminal: true)
    #expect(MeshwarpTool.run(["mesh", "grid", "2x2"], console: text.console) == 0)
    #expect(text.output().contains("\"columns\""))
    // Not a terminal: the picture is written.
    let piped = ToolRun(["warp", input, "--mesh", mesh, "-o", "-"])
    #expect(piped.status == 0, Comment(rawValue: piped.errors))
    #expect(piped.output.hasSuffix("IEND\u{FFFD}B`\u{FFFD}"), "not a whole PNG")
  }

  /// Where no file can be created, the message says why: a folder that
  /// takes no files, a path through a file, a missing folder, a folder
  /// given for a still picture.
  @Test func unwritableOutputsAreExplained() throws {
    let (folder, input, mesh) = Self.fixture()
    var cases = [
      (input + "/out.png", 1, "\(input) is a file, not a directory"),
      (folder.file("no/such/out.png"), 1, "the directory \(folder.file("no")) does not exist"),
      (folder.path, 2, "\(folder.path) is a directory"),
    ]
    if FileManager.default.fileExists(atPath: "/proc/version") {
      cases.append(("/proc/version.png", 1, "the directory /proc does not take new files"))
    }
    for (output, status, message) in cases {
      let run = ToolRun(["warp", input, "--mesh", mesh, "-o", output])
      #expect(run.status == Int32(status), "\(output): \(run.errors)")
      #expect(run.errors.contains(message), "\(output): \(run.errors)")
    }
  }

  /// `meshwarp … -o - | head -c 10`: the tool ends by SIGPIPE, as Unix
  /// tools do, and prints nothing. The picture is noise, so that its PNG
  /// (about 360 kB) outgrows the pipe's buffer after the reader has gone.
  @Test(.enabled(if: VideoCommandTests.binary != nil, "the meshwarp binary is not built"))
  func closedPipeEndsQuietly() throws {
    let (folder, _, mesh) = Self.fixture()
    let noise = folder.write(TestImages.random(width: 300, height: 300, seed: 7), "noise.png")
    let errors = folder.file("errors.txt")
    let script =
      "'\(VideoCommandTests.binary!)' warp '\(noise)' --mesh '\(mesh)' -o - "
      + "2>'\(errors)' | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let answer = String(
      decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(answer.trimmingCharacters(in: .whitespacesAndNewlines) == "141")
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
  }
}
