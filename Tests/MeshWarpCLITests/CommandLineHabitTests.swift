import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// What users of getopt tools, ImageMagick and Pillow type, and what the
/// tool answers.
@Suite struct CommandLineHabitTests {
  /// A 4×4 white picture and an identity mesh in `dir`.
  func picture(in dir: TemporaryFolder) -> (input: String, mesh: String) {
    (
      dir.write(RGBAImage(width: 4, height: 4, fill: .white), "in.png"),
      dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    )
  }

  @Test func typosGetTheNearestName() {
    let dir = TemporaryFolder()
    let (input, mesh) = picture(in: dir)
    let out = dir.file("out.png")
    let cases: [([String], String)] = [
      (
        ["warp", input, "--mesh", mesh, "-o", out, "--qualty", "80"],
        "meshwarp warp: unknown option '--qualty' for 'meshwarp warp'; did you mean '--quality'? (see 'meshwarp warp --help')\n"
      ),
      (
        ["warp", input, "--mseh", mesh, "-o", out],
        "meshwarp warp: unknown option '--mseh' for 'meshwarp warp'; did you mean '--mesh'? (see 'meshwarp warp --help')\n"
      ),
      (
        ["wrap", input, "--mesh", mesh, "-o", out],
        "meshwarp: unknown command 'wrap'; did you mean 'warp'?\nRun 'meshwarp --help' for the list of commands.\n"
      ),
      (
        ["help", "valdiate"],
        "meshwarp: unknown command 'valdiate'; did you mean 'validate'?\nRun 'meshwarp --help' for the list of commands.\n"
      ),
      (
        ["frobnicate"],
        "meshwarp: unknown command 'frobnicate'\nRun 'meshwarp --help' for the list of commands.\n"
      ),
      (
        ["mesh", "gird", "4x4"],
        "meshwarp mesh: KIND expects one of grid, twirl, bulge, ripple, wave, lens, morph-grid, got 'gird'; did you mean 'grid'?\n"
      ),
    ]
    for (args, message) in cases {
      let run = ToolRun(args)
      #expect(run.status == 2, "\(args)")
      // The whole message, and not the whole help after it.
      #expect(run.errors == message, "\(args)")
    }
  }

  /// `--size` is W×H in `text` as everywhere: the canvas, the text fitted
  /// into it unless `--font-size` is given; the font size has its own name.
  @Test func textSizeIsTheCanvas() throws {
    let dir = TemporaryFolder()
    func inkBox(_ image: RGBAImage) -> (width: Int, height: Int) {
      var (x0, y0, x1, y1) = (image.width, image.height, -1, -1)
      for y in 0..<image.height {
        for x in 0..<image.width where image[x, y].a > 0 {
          (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        }
      }
      return (x1 - x0 + 1, y1 - y0 + 1)
    }
    let fitted = ToolRun(["text", "Hi", "--size", "200x100", "-o", dir.file("fit.png")])
    #expect(fitted.status == 0, "\(fitted.errors)")
    let fit = try PNGDecoder.decodeFile(path: dir.file("fit.png"))
    #expect(fit.width == 200 && fit.height == 100)
    let box = inkBox(fit)
    // Fitted: the ink reaches the padding on one axis at least.
    #expect(box.width >= 200 - 2 * 8 - 4 || box.height >= 100 - 2 * 8 - 4, "\(box)")
    let small = ToolRun([
      "text", "Hi", "-s", "200x100", "--font-size", "20", "-o", dir.file("small.png"),
    ])
    #expect(small.status == 0, "\(small.errors)")
    let smallImage = try PNGDecoder.decodeFile(path: dir.file("small.png"))
    #expect(smallImage.width == 200 && smallImage.height == 100)
    #expect(inkBox(smallImage).height < 30)
    let old = ToolRun(["text", "Hi", "--size", "40", "-o", dir.file("old.png")])
    #expect(old.status == 2 && old.errors.contains("the font size is --font-size"), "\(old.errors)")
  }

  /// `validate --json` says something for a valid file too, and `validate`
  /// takes several files, going on past a bad one.
  @Test func validateTakesSeveralFilesAndRecordsValidOnes() throws {
    let dir = TemporaryFolder()
    let good = dir.write(WarpMesh.identity(columns: 2, rows: 2), "good.json")
    let also = dir.write(WarpMesh.identity(columns: 3, rows: 2), "also.json")
    let json = ToolRun(["validate", good, "--json"])
    #expect(json.status == 0, "\(json.errors)")
    let record = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any],
      "\(json.output)")
    #expect(record["file"] as? String == good && record["kind"] as? String == "mesh")
    #expect(record["severity"] as? String == "ok" && record["rule"] as? String == "valid")
    #expect(record["message"] as? String == "valid mesh (4 point pairs, 1 face)")

    let both = ToolRun(["validate", good, also])
    #expect(both.status == 0, "\(both.errors)")
    #expect(
      both.output
        == "\(good): valid mesh (4 point pairs, 1 face)\n\(also): valid mesh (6 point pairs, 2 faces)\n"
    )
    let missing = dir.file("missing.json")
    let mixed = ToolRun(["validate", good, missing, also, "--json"])
    #expect(mixed.status == 1)
    #expect(mixed.output.split(separator: "\n").count == 3, "\(mixed.output)")
    #expect(
      mixed.errors.hasSuffix("meshwarp validate: 1 of 3 files has errors\n"), "\(mixed.errors)")
  }

  /// Every command's help and the main help end with worked examples (a
  /// test in ShellIntegrationTests parses each); the options' help names
  /// every animated output.
  @Test func helpsHaveExamplesAndTheirOutputs() {
    for name in ["--help"] + MeshwarpTool.commands.map { $0.configuration.name } {
      let run = ToolRun(name == "--help" ? [name] : [name, "--help"])
      #expect(run.output.contains("\nExamples:\n  "), "\(name)")
    }
    for name in ["gradient", "text", "genie", "warp"] {
      let help = ToolRun([name, "--help"]).output.replacingOccurrences(of: "\n", with: " ")
        .split(separator: " ").joined(separator: " ")
      #expect(help.contains(".mov, .webm, .gif, .webp, frame_%04d.png or a folder"), "\(name)")
    }
    #expect(!ToolRun(["genie", "--help"]).output.contains("as PNG"))
    #expect(!ToolRun(["gradient", "--help"]).output.contains("Refuse input images"))
  }

  /// `mesh grid` writes no mesh the tool would refuse to read: above the
  /// one point limit it stops at once, naming the limit.
  @Test func meshGridStaysWithinTheLimit() {
    let dir = TemporaryFolder()
    let run = ToolRun(["mesh", "grid", "1449x1449", "-o", dir.file("big.json")])
    #expect(run.status == 2)
    #expect(
      run.errors
        == "meshwarp mesh: a 1449x1449 grid has 2099601 points, more than the 2097152 a mesh may hold (e.g. 1448x1448)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir.file("big.json")))
  }

  /// A pixel mesh made for another size is named; a mesh that would draw
  /// nothing is an error with its reason; validate reads pixels against
  /// --size and says so.
  @Test func pixelMeshesAgainstTheImage() throws {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 40, height: 30, fill: .white), "in.png")
    func mesh(_ points: String, _ extra: String) -> String {
      #"{"from": \#(points), "to": \#(points), "faces": [[0, 1, 2, 3]]\#(extra)}"#
    }
    let declared = dir.write(
      mesh("[[0,0],[80,0],[80,60],[0,60]]", #", "units": "pixels", "width": 80, "height": 60"#),
      "declared.json")
    let run1 = ToolRun(["warp", input, "-m", declared, "-o", dir.file("a.png")])
    #expect(run1.status == 0, "\(run1.errors)")
    #expect(
      run1.errors.contains(
        "declared.json: warning: the mesh is in pixels of a 80×60 picture, and the image is 40×30"),
      "\(run1.errors)")
    let implied = dir.write(
      mesh("[[0,0],[80,0],[80,60],[0,60]]", #", "units": "pixels""#), "implied.json")
    let run2 = ToolRun(["warp", input, "-m", implied, "-o", dir.file("b.png")])
    #expect(run2.status == 0, "\(run2.errors)")
    #expect(
      run2.errors.contains("the mesh's points reach 80×60 pixels, beyond the 40×30 image"),
      "\(run2.errors)")
    let fitting = dir.write(
      mesh("[[0,0],[40,0],[40,30],[0,30]]", #", "units": "pixels""#), "fits.json")
    let run3 = ToolRun(["warp", input, "-m", fitting, "-o", dir.file("c.png")])
    #expect(run3.status == 0 && !run3.errors.contains("warning"), "\(run3.errors)")

    // Pixel numbers in a normalized file: no face reaches the picture.
    let misread = dir.write(mesh("[[10,10],[40,10],[40,30],[10,30]]", ""), "misread.json")
    let run4 = ToolRun(["warp", input, "-m", misread, "-o", dir.file("d.png")])
    #expect(run4.status == 1)
    #expect(run4.errors.contains("nothing would be drawn"), "\(run4.errors)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("d.png")))

    let valid = ToolRun(["validate", fitting, "--size", "40x30"])
    #expect(valid.status == 0, "\(valid.errors)")
    #expect(
      valid.output
        == "\(fitting): valid mesh (4 point pairs, 1 face, in pixels of 40x30 (--size))\n")
    let sizeless = ToolRun(["validate", fitting])
    #expect(sizeless.status == 1)
    #expect(sizeless.errors.contains("--size WxH"), "\(sizeless.errors)")
  }

  static let canMeasureMemory =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/time") && VideoCommandTests.binary != nil

  /// `validate` on a dense mesh (8 MB, 66 000 points) grows by a few times
  /// the file, measured by GNU time as the process's peak; a `JSONValue`
  /// per number and Foundation's objects for the kind took some 20 times.
  @Test(.enabled(if: canMeasureMemory, "needs /usr/bin/time and the built meshwarp"))
  func denseMeshMemoryFollowsTheFile() throws {
    let dir = TemporaryFolder()
    var mesh = WarpMesh.identity(columns: 300, rows: 220)
    for i in mesh.pointPairs.indices { mesh.pointPairs[i].to.x += 0.001 * Double(i % 7) }
    let big = dir.write(mesh.compactJSON(), "big.json")
    let small = dir.write(
      WarpMesh.identity(columns: 2, rows: 2).compactJSON(),
      "small.json")
    func peakBytes(_ path: String) throws -> Int {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
      process.arguments = ["-f", "peak %M", VideoCommandTests.binary!, "validate", path]
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(text)")
      let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("peak ") })
      return try #require(Int(line.dropFirst(5))) * 1024
    }
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: big)[.size] as? Int)
    let grown = try peakBytes(big) - peakBytes(small)
    #expect(grown < 6 * size, "peak grew by \(grown) bytes for a file of \(size)")
  }

  @Test func getoptSpellingsOfValuesAreAccepted() throws {
    let dir = TemporaryFolder()
    let (input, mesh) = picture(in: dir)
    let run = ToolRun(["warp", input, "--mesh=" + mesh, "-j2", "-o" + dir.file("out.png")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try PNGDecoder.decodeFile(path: dir.file("out.png")).width == 4)
    // A flag never swallows the rest of its word.
    let flag = ToolRun(["validate", mesh, "--jsonx"])
    #expect(flag.status == 2 && flag.errors.contains("did you mean '--json'?"), "\(flag.errors)")
  }
}
