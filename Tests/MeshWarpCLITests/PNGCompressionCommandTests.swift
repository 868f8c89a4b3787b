import Foundation
import MeshWarpImageIO
import MeshWarpRender
import Testing

/// `--compression N`: PNG's zlib level, the pixels the same at every one.
@Suite struct PNGCompressionCommandTests {
  @Test func levelsTradeSizeAndKeepPixels() throws {
    let dir = TemporaryFolder()
    var sizes: [Int] = []
    var pictures: [RGBAImage] = []
    for level in ["0", "1", "9"] {
      let out = dir.file("g\(level).png")
      let run = ToolRun([
        "gradient", "--preset", "meshing", "--size", "200x200", "--compression", level, "-o", out,
      ])
      #expect(run.status == 0, "\(run.errors)")
      sizes.append(try Data(contentsOf: URL(fileURLWithPath: out)).count)
      pictures.append(try ImageDecoder.decodeFile(path: out).image)
    }
    // Level 0 stores the filtered rows (more than the 120 000 bytes of
    // RGB samples); 1 and 9 compress, 9 the most.
    #expect(sizes[0] > 120_000 && sizes[0] > sizes[1] && sizes[1] > sizes[2], "\(sizes)")
    #expect(pictures[0] == pictures[1] && pictures[1] == pictures[2])
  }

  @Test func otherFormatsAndLevelsAreRefused() {
    let dir = TemporaryFolder()
    var run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "16x16", "--compression", "3", "-o",
      dir.file("g.jpg"),
    ])
    #expect(run.status == 2 && run.errors.contains("--compression applies to PNG output only"))
    run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "16x16", "--compression", "10", "-o",
      dir.file("g.png"),
    ])
    #expect(run.status == 2, "\(run.errors)")
  }
}
