import Foundation
import MeshWarpImageIO
import Testing
import _TestSupport

/// `meshwarp warp a.png b.png … -o folder/`: ImageMagick's mogrify habit.
@Suite struct BatchWarpTests {
  /// Two pictures of different sizes and one missing file: each picture is
  /// written into the folder under its own name at its own size, the same
  /// bytes as warping it alone; the missing one is named, the summary
  /// counts 2 of 3, and the status is 1.
  @Test func eachInputIntoTheFolder() throws {
    let dir = TemporaryFolder()
    let a = dir.write(TestImages.photoLike(width: 64, height: 48), "a.png")
    let b = dir.write(TestImages.photoLike(width: 40, height: 60), "b.png")
    try FileManager.default.createDirectory(
      atPath: dir.file("out"), withIntermediateDirectories: true)
    let run = ToolRun([
      "warp", a, dir.file("missing.png"), b, "--effect", "twirl", "--angle", "60", "-o",
      dir.file("out/"),
    ])
    #expect(run.status == 1)
    #expect(run.errors.contains("missing.png: cannot open"), "\(run.errors)")
    #expect(run.errors.contains("2 of 3 inputs written into"), "\(run.errors)")
    for (name, width, height) in [("a.png", 64, 48), ("b.png", 40, 60)] {
      let written = try PNGDecoder.decodeFile(path: dir.file("out/" + name))
      #expect(written.width == width && written.height == height, "\(name)")
      let alone = ToolRun([
        "warp", dir.file(name), "--effect", "twirl", "--angle", "60", "-o", dir.file("alone.png"),
      ])
      #expect(alone.status == 0)
      #expect(try PNGDecoder.decodeFile(path: dir.file("alone.png")).pixels == written.pixels)
    }
    #expect(!FileManager.default.fileExists(atPath: dir.file("out/missing.png")))
  }

  /// `--format` names each output's extension; several inputs need `-o`
  /// to name an existing folder.
  @Test func formatAndFolder() throws {
    let dir = TemporaryFolder()
    let a = dir.write(TestImages.photoLike(width: 32, height: 32), "a.png")
    let b = dir.write(TestImages.photoLike(width: 32, height: 32), "b.png")
    let notFolder = ToolRun(["warp", a, b, "--effect", "bulge", "-o", dir.file("nope")])
    #expect(notFolder.status == 2 && notFolder.errors.contains("existing folder"))
    let jpeg = ToolRun(["warp", a, b, "--effect", "bulge", "--format", "jpg", "-o", dir.path])
    #expect(jpeg.status == 0, "\(jpeg.errors)")
    #expect(jpeg.errors.contains("2 of 2 inputs written"))
    for name in ["a.jpg", "b.jpg"] {
      #expect(FileManager.default.fileExists(atPath: dir.file(name)), "\(name)")
    }
  }
}
