import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// `--to-srgb`: a Display P3 picture written as sRGB, its values
/// converted; without the flag, values and profile travel unchanged.
@Suite struct ToSRGBCommandTests {
  @Test func toSRGBConvertsAndDropsTheProfile() throws {
    let dir = TemporaryFolder()
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let p3 = try #require(
      NCLXProfile.profile(
        white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690),
        blue: (0.150, 0.060), primaries: 12, transfer: 13))
    let input = dir.file("p3.png")
    let colour = RGBA8(200, 120, 90)
    try Data(
      try PNGEncoder.encode(
        RGBAImage(width: 8, height: 8, fill: colour), color: ColorDescription(iccProfile: p3))
    ).write(to: URL(fileURLWithPath: input))
    var run = ToolRun(["warp", input, "-m", mesh, "-o", dir.file("kept.png")])
    #expect(run.status == 0, "\(run.errors)")
    let kept = try ImageDecoder.decodeFile(path: dir.file("kept.png"))
    #expect(kept.color.iccProfile == p3 && kept.image[3, 3] == colour)
    run = ToolRun(["warp", input, "-m", mesh, "--to-srgb", "-o", dir.file("srgb.png")])
    #expect(run.status == 0, "\(run.errors)")
    let converted = try ImageDecoder.decodeFile(path: dir.file("srgb.png"))
    #expect(converted.color == ColorDescription(sRGBIntent: 1))
    // The same colour in sRGB is redder and less green (P3's gamut is wider).
    let p = converted.image[3, 3]
    #expect(p.r > colour.r + 5 && p.g < colour.g, "\(p)")
  }
}
