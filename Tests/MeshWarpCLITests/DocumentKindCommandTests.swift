import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// The tool reads its documents through the one reader: a picture or a
/// document of another kind where one kind belongs is named for what it is.
@Suite struct DocumentKindCommandTests {
  static let gradient =
    ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#F00", "#0F0", "#00F", "#FFF"]}"##

  @Test func pictureGivenAsMeshIsNamed() {
    let dir = TemporaryFolder()
    let image = dir.write(TestImages.photoLike(width: 16, height: 16), "photo.png")
    let run = ToolRun(["warp", image, "--mesh", image, "-o", dir.file("out.png")])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "meshwarp warp: \(image) is a PNG image, not a mesh file (--mesh takes a mesh, a point set, a mesh keyframe file, an effect or an effect keyframe file)\n"
    )
  }

  @Test func wrongKindsAreNamed() {
    let dir = TemporaryFolder()
    let image = dir.write(TestImages.photoLike(width: 16, height: 16), "photo.png")
    let gradient = dir.write(Self.gradient, "gradient.json")
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let warp = ToolRun(["warp", image, "--mesh", gradient, "-o", dir.file("out.png")])
    #expect(warp.status == 1)
    #expect(
      warp.errors
        == "meshwarp warp: \(gradient) is a gradient file; --mesh takes a mesh, a point set, a mesh keyframe file, an effect or an effect keyframe file\n"
    )
    let fill = ToolRun(["gradient", mesh, "-o", dir.file("g.png")])
    #expect(fill.status == 1)
    #expect(
      fill.errors
        == "meshwarp gradient: \(mesh) is a mesh file; meshwarp gradient takes a gradient or a gradient keyframe file\n"
    )
    // validate reads every kind and names the one it found.
    let valid = ToolRun(["validate", gradient])
    #expect(valid.output == "\(gradient): valid gradient (2×2 points)\n", "\(valid.errors)")
  }
}
