import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpCLI

private let hasScriptAFont = !fontFamilies(with: "\u{1D49C}").isEmpty
private let privateUseIsMissing =
  fontFamilies(with: "\u{E000}").isEmpty && !fontFamilies(with: "A").isEmpty

/// The command line's messages: colours in every form, gradient errors
/// placed at line:column, validate's kinds and JSON report, plurals,
/// version, and the text command's widths and font fallback.
@Suite struct MessagesCommandTests {
  /// A 2×2 gradient file whose `colors` line is line 3.
  func gradient(_ colors: String, background: String? = nil) -> String {
    """
    {"width": 2, "height": 2,
     "points": [[0,0],[1,0],[0,1],[1,1]],
     "colors": \(colors)\(background.map { ",\n \"background\": \($0)" } ?? "")}
    """
  }

  @Test func gradientFilesTakeHexColors() throws {
    let dir = TemporaryFolder()
    let file = dir.write(gradient(##"["#FF8800", "#0F0", "#0000FF", "#FFFFFF80"]"##), "hex.json")
    let run = ToolRun(["gradient", file, "--size", "64x64", "--no-dither", "-o", dir.file("g.png")])
    #expect(run.status == 0, "\(run.errors)")
    let image = try PNGDecoder.decodeFile(path: dir.file("g.png"))
    // Pixel centres near a corner are close to its vertex colour.
    let corner = image[0, 0]
    #expect(abs(Int(corner.r) - 255) <= 8 && abs(Int(corner.g) - 136) <= 8 && corner.b <= 8)
    let green = image[63, 0]
    #expect(green.r <= 8 && green.g >= 247 && green.b <= 8)
  }

  @Test func colorsAboveOneAndCountsArePlacedAtLineAndColumn() {
    let dir = TemporaryFolder()
    let big = dir.write(gradient("[[1,0,0], [255, 136, 0], [0,0,1], [1,1,1]]"), "big.json")
    let run = ToolRun(["gradient", big, "-o", dir.file("x.png")])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "meshwarp gradient: \(big):3:22: colors[1]: the colour of point 1 has a component 255 above 1: components run 0…1 (sRGB-encoded); if these are 0–255 values, write \"#FF8800\"\n"
    )
    let short = dir.write(gradient(##"["#F80", "#0F0", "#00F"]"##), "short.json")
    let count = ToolRun(["gradient", short, "-o", dir.file("x.png")])
    #expect(count.status == 1)
    #expect(
      count.errors
        == "meshwarp gradient: \(short):3:12: colors: 3 colors for a 2×2 mesh (expected width·height = 4)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir.file("x.png")))
  }

  @Test func keyframeGradientsTakeHexColorsToo() throws {
    let dir = TemporaryFolder()
    let ok = dir.write(
      """
      {"keyframes": [
        {"time": 0, "gradient": {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
                                 "colors": ["#F00", "#0F0", "#00F", "#FFF"]}},
        {"time": 1, "gradient": {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
                                 "colors": ["#000", "#0F0", "#00F", "#FFF"]}}]}
      """, "kf.json")
    let valid = ToolRun(["validate", ok])
    #expect(valid.status == 0, "\(valid.errors)")
    #expect(valid.output == "\(ok): valid gradient keyframe file (2 keyframes)\n")
    let bad = dir.write(
      """
      {"keyframes": [
        {"time": 0, "gradient": {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
                                 "colors": [[0,0,0], "#0F0", "#00F", [0, 0, 200]]}}]}
      """, "bad.json")
    let run = ToolRun(["gradient", bad, "-o", dir.file("x.apng")])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "\(bad):3:64: keyframes[0].gradient.colors[3]: the colour of point 3 has a component 200 above 1"
      ), "\(run.errors)")
  }

  @Test func everyColorFlagReadsEveryForm() throws {
    for text in ["#F80", "#FF8800", "#ff8800ff", "FF8800"] {
      #expect(ArgumentColor.argumentParser.parse(text)?.rgba == RGBA8(255, 136, 0, 255), "\(text)")
    }
    #expect(ArgumentColor.argumentParser.parse("#FF880080")?.rgba == RGBA8(255, 136, 0, 128))
    let dir = TemporaryFolder()
    // --background (text) and --edge-color (warp) take #RGB.
    let text = ToolRun(["text", "I", "--font-size", "20", "-b", "#F80", "-o", dir.file("t.png")])
    #expect(text.status == 0, "\(text.errors)")
    let t = try PNGDecoder.decodeFile(path: dir.file("t.png"))
    #expect(t[0, 0] == RGBA8(255, 136, 0, 255))
    let input = dir.write(RGBAImage(width: 8, height: 8, fill: RGBA8(0, 0, 0, 255)), "in.png")
    var shrunk = WarpMesh.identity(columns: 2, rows: 2)
    shrunk[column: 1, row: 1] = CGPoint(x: 0.5, y: 0.5)
    let mesh = dir.write(shrunk, "m.json")
    let warp = ToolRun([
      "warp", input, "-m", mesh, "--edge-color", "#F80", "-o", dir.file("w.png"),
    ])
    #expect(warp.status == 0, "\(warp.errors)")
    #expect(try PNGDecoder.decodeFile(path: dir.file("w.png"))[7, 7] == RGBA8(255, 136, 0, 255))
    let bad = ToolRun(["text", "I", "-b", "orange", "-o", dir.file("x.png")])
    #expect(bad.status == 2)
    #expect(
      bad.errors.contains(
        "-b expects #RGB, #RRGGBB, #RRGGBBAA, transparent, black or white, got 'orange'"),
      "\(bad.errors)")
  }

  @Test func validateSaysWhichKindItFound() {
    let dir = TemporaryFolder()
    let mesh = ToolRun(["validate", dir.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")])
    #expect(mesh.output.hasSuffix("m.json: valid mesh (4 point pairs, 1 face)\n"))
    let file = dir.write(gradient(##"["#F80", "#0F0", "#00F", "#FFF"]"##), "g.json")
    #expect(ToolRun(["validate", file]).output == "\(file): valid gradient (2×2 points)\n")
    // A gradient is checked by a gradient's rules: no complaint about "from".
    let short = dir.write(gradient(##"["#F80", "#0F0", "#00F"]"##), "s.json")
    let bad = ToolRun(["validate", short])
    #expect(bad.status == 1)
    #expect(
      bad.errors
        == "meshwarp validate: \(short):3:12: colors: 3 colors for a 2×2 mesh (expected width·height = 4) (read as a gradient)\n"
    )
  }

  /// Every error reaches the JSON report on stdout: syntax (with line and
  /// column), content (with its key path), a missing file.
  @Test func validateJSONReportsEveryError() throws {
    let dir = TemporaryFolder()
    func report(_ path: String) throws -> [String: Any] {
      let run = ToolRun(["validate", path, "--json"])
      #expect(run.status == 1)
      let lines = run.output.split(separator: "\n")
      #expect(lines.count == 1, "\(run.output)")
      return try #require(
        try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
    }
    let syntax = try report(dir.write("{\"from\": [[0,0],\n  oops", "broken.json"))
    #expect(syntax["rule"] as? String == "json-syntax")
    #expect(syntax["line"] as? Int == 2 && syntax["column"] as? Int == 3)
    #expect(syntax["severity"] as? String == "error")
    #expect((syntax["message"] as? String)?.hasPrefix("JSON syntax error: ") == true)

    let content = try report(
      dir.write(gradient("[[1,0,0], [255, 136, 0], [0,0,1], [1,1,1]]"), "big.json"))
    #expect(content["rule"] as? String == "json-content")
    #expect(content["kind"] as? String == "gradient")
    #expect(content["path"] as? String == "colors[1]")
    #expect(content["line"] as? Int == 3 && content["column"] as? Int == 22)

    let missing = try report(dir.file("nothing.json"))
    #expect(missing["rule"] as? String == "file")
    #expect((missing["message"] as? String)?.contains("no such file") == true)
  }

  @Test func countsOfOneAreSingular() {
    let dir = TemporaryFolder()
    let run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "8x8", "--duration", "0.1", "--fps", "10", "-o",
      dir.file("one.apng"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("(1 frame, 8x8"), "\(run.errors)")
    let face = dir.write(
      #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0]]}"#,
      "face.json")
    let bad = ToolRun(["validate", face])
    #expect(bad.errors.contains("has 1 index, expected 4"), "\(bad.errors)")
    let color = dir.write(gradient("[[1,0,0], [1], [0,0,1], [1,1,1]]"), "c.json")
    #expect(ToolRun(["validate", color]).errors.contains("a colour has 1 number, expected"))
  }

  @Test func versionHasOneSource() {
    let word = ToolRun(["version"])
    #expect(word.status == 0 && word.output == "meshwarp \(MeshwarpTool.version)\n")
    #expect(ToolRun(["--version"]).output == word.output)
    #expect(
      ToolRun(["--help"]).output.contains(
        "--version    Print the version (also 'meshwarp version')."))
  }

  /// The blog's 1.25× look belongs to the default font; a picked font keeps
  /// its width unless --stretch (or --width expanded) asks.
  @Test func stretchIsTheDefaultFontsOnly() throws {
    let dir = TemporaryFolder()
    func render(_ extra: [String], _ name: String) throws -> (errors: String, width: Int) {
      let run = ToolRun(["text", "HH", "--font-size", "40", "-o", dir.file(name)] + extra)
      #expect(run.status == 0, "\(run.errors)")
      return (run.errors, try PNGDecoder.decodeFile(path: dir.file(name)).width)
    }
    let standard = try render([], "default.png")
    #expect(standard.errors.contains("synthesized by a horizontal scale of 1.25"))
    let picked = try render(["--font", "DejaVu Sans:bold"], "picked.png")
    #expect(picked.errors.contains("; normal width\n"))
    let stretched = try render(["--font", "DejaVu Sans:bold", "--stretch", "1.25"], "s.png")
    #expect(stretched.errors.contains("stretched by a horizontal scale of 1.25"))
    #expect(stretched.width == standard.width)
    // Ink plus 2·8 px padding: the stretch widens the ink by 1.25.
    let ratio = Double(standard.width - 16) / Double(picked.width - 16)
    #expect(abs(ratio - 1.25) < 0.05, "\(ratio)")
    let both = ToolRun([
      "text", "HH", "--stretch", "1.25", "--width", "standard", "-o", dir.file("x.png"),
    ])
    #expect(both.status == 2)
    #expect(
      both.errors.contains("--stretch sets the width itself, so --width standard does not apply"))
  }

  @Test(.enabled(if: hasScriptAFont, "needs a font with U+1D49C (fonts-dejavu-extra)"))
  func textNamesTheFallbackFont() {
    let dir = TemporaryFolder()
    let run = ToolRun(["text", "A\u{1D49C}", "--font-size", "30", "-o", dir.file("t.png")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("for U+1D49C \u{1D49C}, which DejaVu Sans lacks"), "\(run.errors)")
    #expect(!run.errors.contains("warning"))
  }

  @Test(.enabled(if: privateUseIsMissing, "needs U+E000 to be in no installed font"))
  func textWarnsAboutCharactersNoFontHas() {
    let dir = TemporaryFolder()
    let run = ToolRun(["text", "a\u{E000}b", "--font-size", "30", "-o", dir.file("t.png")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors.contains(
        "meshwarp text: warning: no installed font has U+E000 \u{E000}; it shows as the font's missing-glyph box"
      ), "\(run.errors)")
  }
}
