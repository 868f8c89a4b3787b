import Foundation
import MeshWarpCLI
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@Suite struct WarpCommandTests {
  @Test func identityMeshReproducesTheImage() throws {
    let dir = TemporaryFolder()
    let image = TestImages.random(width: 33, height: 21, seed: 5)
    let input = dir.write(image, "in.png")
    let mesh = dir.write(WarpMesh.identity(columns: 4, rows: 3), "mesh.json")
    let run = ToolRun(["warp", input, "--mesh", mesh, "-o", dir.file("out.png")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try PNGDecoder.decodeFile(path: dir.file("out.png")) == image)
  }

  @Test func cardWarpAtAnotherSize() throws {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 30, height: 30, fill: RGBA8(0, 122, 255)), "in.png")
    let mesh = dir.write(MeshPresets.originalCard, "card.json")
    let run = ToolRun([
      "warp", input, "--mesh", mesh, "--size", "60x40", "--edges", "transparent", "--antialias",
      "2",
      "-o", dir.file("out.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let out = try PNGDecoder.decodeFile(path: dir.file("out.png"))
    #expect(out.width == 60 && out.height == 40)
    #expect(out[0, 0] == RGBA8(0, 122, 255))
    #expect(out[59, 39] == .transparent)  // the pulled corner left this uncovered
  }

  @Test func invalidMeshStopsWithFaceAndRule() {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 4, height: 4, fill: .white), "in.png")
    let mesh = dir.write(
      #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,2,1,3]]}"#,
      "bowtie.json")
    let run = ToolRun(["warp", input, "--mesh", mesh, "-o", dir.file("out.png")])
    #expect(run.status == 1)
    #expect(run.errors.contains("face 0") && run.errors.contains("rule-1-perimeter-order"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("out.png")))
  }

  @Test func usageAndInputErrors() {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 4, height: 4, fill: .white), "in.png")
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let usage: [([String], String)] = [
      (
        ["warp", input, "-o", dir.file("o.png")],
        "meshwarp warp: give --mesh MESH.json or --effect KIND (twirl, bulge, ripple, wave, lens)\n"
      ),
      (
        ["warp", input, "--mesh", mesh],
        "meshwarp warp: missing --output OUT: where to write the result: .png, .jpg, .webp; animations and video .apng, .mp4, .mkv, .mov, .webm, .gif, .webp ('-' for stdout)\nUsage: meshwarp warp"
      ),
      (
        ["warp", input, "--mesh", mesh, "-o", "x.png", "--edges", "mirror"],
        "meshwarp warp: --edges expects one of transparent, unwarped, origin, color, got 'mirror'\n"
      ),
      (
        ["warp", input, "--mesh", mesh, "-o", "x.png", "--size", "0x10"],
        "meshwarp warp: --size expects WIDTHxHEIGHT in pixels, each side 1 to 65535 (e.g. 800x600), got '0x10'\n"
      ),
      (
        ["warp", input, "--mesh", mesh, "-o", "x.png", "--antialias", "99"],
        "meshwarp warp: --antialias expects a whole number from 1 to 16, got '99'\n"
      ),
      (
        ["warp", input, "--mesh", mesh, "-o", "x.png", "--frobnicate"],
        "meshwarp warp: unknown option '--frobnicate' for 'meshwarp warp' (see 'meshwarp warp --help')\n"
      ),
      (
        ["warp", "--mesh", mesh, "-o", "x.png"],
        "meshwarp warp: 'meshwarp warp' takes 1 or more arguments (IN...), got 0\nUsage: meshwarp warp"
      ),
      (["warp", input, "--mesh"], "meshwarp warp: option '--mesh' needs a value: MESH.json\n"),
      (
        ["warp", input, "--mesh", mesh, "-o", "x.png", "-j", "0"],
        "meshwarp warp: -j expects a whole number from 1 to 256, got '0'\n"
      ),
      (["frobnicate"], "meshwarp: unknown command 'frobnicate'\n"),
    ]
    for (args, message) in usage {
      let run = ToolRun(args)
      #expect(run.status == 2, "\(args): \(run.errors)")
      #expect(run.errors.hasPrefix(message), "\(args): \(run.errors)")
    }
    let missing = ToolRun(["warp", dir.file("nope.png"), "--mesh", mesh, "-o", dir.file("o.png")])
    #expect(missing.status == 1 && missing.errors.contains("nope.png"))
    let notPNG = ToolRun(["warp", mesh, "--mesh", mesh, "-o", dir.file("o.png")])
    #expect(notPNG.status == 1 && notPNG.errors.contains("mesh.json"))
    let tooBig = ToolRun([
      "warp", input, "--mesh", mesh, "--size", "5000x5000", "--max-pixels", "1000000", "-o",
      dir.file("o.png"),
    ])
    #expect(
      tooBig.status == 2
        && tooBig.errors
          == "meshwarp warp: output 5000x5000 = 25000000 pixels exceeds the limit of 1000000 (raise it with --max-pixels)\n"
    )
  }

  @Test func helpEverywhere() {
    let top = ToolRun(["--help"])
    #expect(top.status == 0)
    for name in ["warp", "validate", "demo", "bench"] {
      #expect(top.output.contains(name))
      let run = ToolRun([name, "--help"])
      #expect(run.status == 0 && run.output.contains("Usage: meshwarp \(name)"))
    }
    let bare = ToolRun([])
    #expect(bare.status == 2 && bare.errors.hasPrefix("meshwarp: warp images"))
  }
}
