import Foundation
import MeshWarpCLI
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

/// `warp`'s quality options (smooth, point sets, edges, address,
/// interpolation, minification filter), `mesh grid` and `validate` by kind.
@Suite struct WarpQualityCommandTests {
  /// A 4×4 grid with two interior points moved.
  static var bentGrid: WarpMesh {
    var mesh = WarpMesh.identity(columns: 4, rows: 4)
    mesh[column: 1, row: 1] = CGPoint(x: 0.45, y: 0.25)
    mesh[column: 2, row: 2] = CGPoint(x: 0.55, y: 0.78)
    return mesh
  }

  @Test func smoothGridEqualsTheLibrarysSmoothRender() throws {
    let dir = TemporaryFolder()
    let image = TestImages.checkerboard(width: 48, height: 40, cell: 4)
    let input = dir.write(image, "in.png")
    let mesh = dir.write(Self.bentGrid, "grid.json")
    let run = ToolRun(["warp", input, "--mesh", mesh, "--smooth", "-o", dir.file("s.png")])
    #expect(run.status == 0, "\(run.errors)")
    let smooth = try PNGDecoder.decodeFile(path: dir.file("s.png"))
    let expected = WarpRenderer.render(
      image, mesh: Self.bentGrid, options: WarpOptions(width: 48, height: 40, smooth: true))
    #expect(smooth == expected)
    let plain = ToolRun(["warp", input, "--mesh", mesh, "-o", dir.file("p.png")])
    #expect(plain.status == 0)
    #expect(try PNGDecoder.decodeFile(path: dir.file("p.png")) != smooth)
  }

  /// A grid saved with its faces but without "columns" and "rows" renders
  /// with --smooth as the declared grid does; a point set with --smooth is
  /// a usage error (its spline is smooth already).
  @Test func smoothInfersTheGridAndRefusesPointSets() throws {
    let dir = TemporaryFolder()
    let image = TestImages.checkerboard(width: 48, height: 40, cell: 4)
    let input = dir.write(image, "in.png")
    let declared = dir.write(Self.bentGrid, "grid.json")
    var bare = Self.bentGrid
    bare.grid = nil
    let encoded = String(decoding: try JSONEncoder().encode(bare), as: UTF8.self)
    #expect(!encoded.contains("columns"))
    let undeclared = dir.write(encoded, "bare.json")
    for (mesh, out) in [(declared, "a.png"), (undeclared, "b.png")] {
      let run = ToolRun(["warp", input, "--mesh", mesh, "--smooth", "-o", dir.file(out)])
      #expect(run.status == 0, "\(run.errors)")
    }
    #expect(
      try PNGDecoder.decodeFile(path: dir.file("a.png"))
        == PNGDecoder.decodeFile(path: dir.file("b.png")))
    let points = dir.write(#"{"from": [[0.5,0.5]], "to": [[0.6,0.4]]}"#, "points.json")
    let run = ToolRun(["warp", input, "--mesh", points, "--smooth", "-o", dir.file("p.png")])
    #expect(run.status == 2 && run.errors.contains("is a point set"), "\(run.errors)")
  }

  @Test func smoothNonGridMeshIsAnError() {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 8, height: 8, fill: .white), "in.png")
    let mesh = dir.write(
      #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[0.9,0.9],[0,1]], "faces": [[0,1,2,3]]}"#,
      "quad.json")
    let run = ToolRun(["warp", input, "--mesh", mesh, "--smooth", "-o", dir.file("o.png")])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "meshwarp warp: \(mesh): --smooth: \(WarpMeshError.notAGrid)\n")
    #expect(!FileManager.default.fileExists(atPath: dir.file("o.png")))
  }

  /// A mesh file saying `"smooth": true` (as the editor saves one with K
  /// on) renders as the renderer's smooth warp without `--smooth`; one
  /// that is not a grid is refused naming the key.
  @Test func smoothKeyInTheMeshFileIsHonoured() throws {
    let dir = TemporaryFolder()
    let image = TestImages.checkerboard(width: 48, height: 40, cell: 4)
    let input = dir.write(image, "in.png")
    let text = Self.bentGrid.compactJSON()
    #expect(!text.contains("smooth"))
    let mesh = dir.write(
      text.replacingOccurrences(of: "{\n", with: "{\n  \"smooth\": true,\n"), "s.json")
    let run = ToolRun(["warp", input, "--mesh", mesh, "-o", dir.file("s.png")])
    #expect(run.status == 0, "\(run.errors)")
    let expected = WarpRenderer.render(
      image, mesh: Self.bentGrid, options: WarpOptions(width: 48, height: 40, smooth: true))
    #expect(try PNGDecoder.decodeFile(path: dir.file("s.png")) == expected)
    let quad = dir.write(
      #"{"smooth": true, "from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[0.9,0.9],[0,1]], "faces": [[0,1,2,3]]}"#,
      "quad.json")
    let refused = ToolRun(["warp", input, "--mesh", quad, "-o", dir.file("q.png")])
    #expect(refused.status == 1)
    #expect(
      refused.errors == "meshwarp warp: \(quad): \"smooth\": true: \(WarpMeshError.notAGrid)\n")
  }

  /// `--smooth` and a mesh's `"smooth": true` are one smoothing: the
  /// renderer's, whose surfaces are exact where the fine mesh of
  /// `WarpMesh.smoothed` is only within 0.1 px (40/255 apart on a
  /// checkerboard's edges when the still path pre-smoothed).
  @Test func smoothFlagAndSmoothKeyDrawTheSamePixels() throws {
    let dir = TemporaryFolder()
    let image = TestImages.checkerboard(width: 90, height: 60, cell: 4)
    let input = dir.write(image, "in.png")
    let text = Self.bentGrid.compactJSON()
    let plain = dir.write(text, "m.json")
    let keyed = dir.write(
      text.replacingOccurrences(of: "{\n", with: "{\n  \"smooth\": true,\n"), "s.json")
    let flag = ToolRun(["warp", input, "--mesh", plain, "--smooth", "-o", dir.file("f.png")])
    let key = ToolRun(["warp", input, "--mesh", keyed, "-o", dir.file("k.png")])
    #expect(flag.status == 0 && key.status == 0, "\(flag.errors)\(key.errors)")
    let diff = ImageDiff(
      try PNGDecoder.decodeFile(path: dir.file("f.png")),
      try PNGDecoder.decodeFile(path: dir.file("k.png")))
    #expect(diff.max == 0, "\(diff)")
  }

  @Test func pointSetWarpEqualsTheLibrarysSplineRender() throws {
    let dir = TemporaryFolder()
    let image = TestImages.checkerboard(width: 40, height: 30, cell: 5)
    let input = dir.write(image, "in.png")
    let json = #"{"from": [[0.5,0.5],[0.2,0.8],[0.8,0.7]], "to": [[0.6,0.4],[0.2,0.8],[0.8,0.7]]}"#
    let points = dir.write(json, "points.json")
    let set = try JSONDecoder().decode(WarpPointSet.self, from: Data(json.utf8))
    for (arguments, pinned) in [([String](), true), (["--no-pin-corners"], false)] {
      let out = dir.file("out-\(pinned).png")
      let run = ToolRun(["warp", input, "--mesh", points, "-o", out] + arguments)
      #expect(run.status == 0, "\(run.errors)")
      let mesh = try WarpMesh.thinPlateSpline(
        pairs: set.pairs, outputSize: Vector2(40, 30), contentSize: Vector2(40, 30),
        pinCorners: pinned)
      let expected = WarpRenderer.render(image, mesh: mesh, options: WarpOptions())
      #expect(try PNGDecoder.decodeFile(path: out) == expected)
    }
    #expect(
      try PNGDecoder.decodeFile(path: dir.file("out-true.png"))
        != PNGDecoder.decodeFile(path: dir.file("out-false.png")))
  }

  @Test func pixelMeshWithoutSizeUsesTheInputsSize() throws {
    let dir = TemporaryFolder()
    let image = TestImages.random(width: 40, height: 20, seed: 3)
    let input = dir.write(image, "in.png")
    let pixels = dir.write(
      #"{"units": "pixels", "from": [[0,0],[40,0],[40,20],[0,20]], "to": [[0,0],[40,0],[40,20],[0,20]], "faces": [[0,1,2,3]]}"#,
      "px.json")
    let run = ToolRun(["warp", input, "--mesh", pixels, "-o", dir.file("o.png")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try PNGDecoder.decodeFile(path: dir.file("o.png")) == image)
  }

  @Test func qualityOptionsReachTheRenderer() throws {
    let dir = TemporaryFolder()
    let image = TestImages.random(width: 24, height: 18, seed: 9)
    let input = dir.write(image, "in.png")
    var mesh = WarpMesh.identity(columns: 2, rows: 2)
    mesh[column: 1, row: 1] = CGPoint(x: 0.7, y: 0.6)
    let meshPath = dir.write(mesh, "m.json")
    let run = ToolRun([
      "warp", input, "--mesh", meshPath, "--edge-color", "#0f8", "--address", "mirror-repeat",
      "--interpolation", "bicubic", "--no-minification-filter", "-o", dir.file("o.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let expected = WarpRenderer.render(
      image, mesh: mesh,
      options: WarpOptions(
        edges: .color, edgeColor: RGBA8(0, 0xFF, 0x88, 255), addressMode: .mirrorRepeat,
        interpolation: .bicubic, minification: .off))
    let out = try PNGDecoder.decodeFile(path: dir.file("o.png"))
    #expect(out == expected)
    #expect(out[23, 17] == RGBA8(0, 0xFF, 0x88, 255))  // outside the pulled-in corner
  }

  @Test func clampStillWorksWithAWarning() throws {
    let dir = TemporaryFolder()
    let image = TestImages.random(width: 16, height: 16, seed: 1)
    let input = dir.write(image, "in.png")
    var mesh = WarpMesh.identity(columns: 2, rows: 2)
    mesh[column: 1, row: 1] = CGPoint(x: 0.5, y: 0.5)
    let meshPath = dir.write(mesh, "m.json")
    let old = ToolRun([
      "warp", input, "--mesh", meshPath, "--edges", "clamp", "-o", dir.file("c.png"),
    ])
    let new = ToolRun([
      "warp", input, "--mesh", meshPath, "--edges", "unwarped", "-o", dir.file("u.png"),
    ])
    #expect(old.status == 0 && new.status == 0)
    #expect(old.errors.contains("'--edges clamp' is deprecated; use '--edges unwarped'"))
    #expect(!new.errors.contains("deprecated"))
    #expect(
      try PNGDecoder.decodeFile(path: dir.file("c.png"))
        == PNGDecoder.decodeFile(path: dir.file("u.png")))
  }

  @Test func badOptionValuesAreUsageErrors() {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 4, height: 4, fill: .white), "in.png")
    let mesh = dir.write(WarpMesh.identity(columns: 2, rows: 2), "mesh.json")
    let base = ["warp", input, "--mesh", mesh, "-o", dir.file("o.png")]
    let cases: [([String], String)] = [
      (
        ["--address", "wrap"],
        "meshwarp warp: --address expects one of clampToEdge, repeat, mirrorRepeat, clampToZero, got 'wrap'\n"
      ),
      (
        ["--interpolation", "lanczos"],
        "meshwarp warp: --interpolation expects one of nearest, bilinear, bicubic, got 'lanczos'\n"
      ),
      (
        ["--edge-color", "#12345"],
        "meshwarp warp: --edge-color expects #RGB, #RRGGBB, #RRGGBBAA, transparent, black or white, got '#12345'\n"
      ),
      (
        ["--edges", "origin", "--edge-color", "#fff"],
        "meshwarp warp: --edge-color goes with --edges color (or alone), not --edges origin\n"
      ),
    ]
    for (extra, message) in cases {
      let run = ToolRun(base + extra)
      #expect(run.status == 2, "\(extra)")
      #expect(run.errors == message)
    }
  }

  @Test func meshGridIsTheIdentity() throws {
    let dir = TemporaryFolder()
    for shorthand in [false, true] {
      let path = dir.file("g\(shorthand).json")
      let run = ToolRun(["mesh", "grid", "4x3", "-o", path] + (shorthand ? ["--shorthand"] : []))
      #expect(run.status == 0, "\(run.errors)")
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text.contains("\"faces\"") == !shorthand && text.contains("\"from\"") == !shorthand)
      let mesh = try JSONFile.decode(WarpMesh.self, path: path)
      #expect(mesh == WarpMesh.identity(columns: 4, rows: 3))
    }
    let stdout = ToolRun(["mesh", "grid", "2x2"])
    #expect(stdout.status == 0 && stdout.output.hasPrefix("{\n  \"columns\": 2,\n  \"rows\": 2,"))
    let bad = ToolRun(["mesh", "grid", "1x5"])
    #expect(bad.status == 2)
    #expect(bad.errors.contains("CxR expects COLUMNSxROWS, each 2 to 4096 (e.g. 4x4), got '1x5'"))
  }

  @Test func validateTellsKindsApart() {
    let dir = TemporaryFolder()
    let points = dir.write(#"{"from": [[0.5,0.5]], "to": [[0.6,0.4]]}"#, "p.json")
    let ok = ToolRun(["validate", points])
    #expect(ok.status == 0, "\(ok.errors)")
    #expect(ok.output == "\(points): valid point set (1 point pair, corners pinned)\n")
    let free = dir.write(
      #"{"from": [[0.5,0.5]], "to": [[0.6,0.4]], "pinCorners": false}"#, "f.json")
    let few = ToolRun(["validate", free])
    #expect(few.status == 1)
    #expect(
      few.output.contains(
        "error [collinear-points] vertex 0: a spline needs three points not on one line, and there is 1 (pinned corners count)"
      ))
    let pixels = dir.write(#"{"from": [[50,40]], "to": [[60,30]]}"#, "px.json")
    let warn = ToolRun(["validate", pixels])
    #expect(warn.status == 0 && warn.output.contains("warning [looks-like-pixels]"))

    let gradient = dir.write(
      #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1,0,0],[0,1,0],[0,0,1],[1,1,1]]}"#,
      "g.json")
    let g = ToolRun(["validate", gradient])
    #expect(g.status == 0, "\(g.errors)")
    #expect(g.output == "\(gradient): valid gradient (2×2 points)\n")
    let badGradient = dir.write(
      #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1,0,0],[0,1,0],[0,0,1]]}"#,
      "bg.json")
    let bg = ToolRun(["validate", badGradient])
    #expect(bg.status == 1 && !bg.errors.contains("\"from\""))

    let grid = dir.write(#"{"columns": 3, "rows": 2}"#, "grid.json")
    let m = ToolRun(["validate", grid])
    #expect(m.output == "\(grid): valid mesh (6 point pairs, 2 faces)\n")
  }
}
