import Foundation
import MeshWarpCLI
import MeshWarpCore
import MeshWarpImageIO
import Testing
import _TestSupport

@Suite struct ValidateCommandTests {
  @Test func validMeshExitsZero() {
    let dir = TemporaryFolder()
    let run = ToolRun(["validate", dir.write(WarpMesh.identity(columns: 3, rows: 3), "m.json")])
    #expect(run.status == 0)
    #expect(run.output.contains("valid mesh (9 point pairs, 4 faces)"))
    let one = ToolRun(["validate", dir.write(WarpMesh.identity(columns: 2, rows: 2), "one.json")])
    #expect(
      one.status == 0 && one.output.hasSuffix("one.json: valid mesh (4 point pairs, 1 face)\n"))
  }

  @Test func warningsAloneExitZeroErrorsExitOne() throws {
    let dir = TemporaryFolder()
    var folded = WarpMesh.identity(columns: 3, rows: 3)
    folded[column: 1, row: 1] = CGPoint(x: -0.2, y: -0.2)
    let warn = ToolRun(["validate", dir.write(folded, "f.json")])
    #expect(warn.status == 0)
    #expect(warn.output.contains("warning [rule-4-convex] face 0"))

    let bad = dir.write(
      #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,2,3],[0,1,5,3],[0,2,1,3]]}"#,
      "bad.json")
    let run = ToolRun(["validate", bad, "--json"])
    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
    #expect(first["rule"] as? String == "index-out-of-range")
    #expect(first["face"] as? Int == 1)
    #expect(first["vertices"] as? [Int] == [0, 1, 5, 3])
    let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: Any]
    #expect(second["rule"] as? String == "rule-1-perimeter-order" && second["face"] as? Int == 2)
  }

  @Test func syntaxErrorsNameTheFile() {
    let dir = TemporaryFolder()
    let run = ToolRun(["validate", dir.write("{\"from\": [[0,0],\n oops", "broken.json")])
    #expect(run.status == 1)
    #expect(run.errors.contains("broken.json"))
  }
}

@Suite struct DemoAndBenchTests {
  @Test func demoWritesItsPictures() throws {
    let dir = TemporaryFolder()
    let run = ToolRun(["demo", "-o", dir.path, "--frames", "3"])
    #expect(run.status == 0, "\(run.errors)")
    for name in ["card.png", "checkerboard.png", "wave.png", "meshing.png"] {
      #expect(run.output.contains(name))
      let image = try PNGDecoder.decodeFile(path: dir.file(name))
      #expect(image.width > 0)
    }
    let card = try PNGDecoder.decodeFile(path: dir.file("card.png"))
    #expect(card.width == 300 && card.height == 300)
    #expect(card[299, 299].a == 0)  // the pulled corner uncovers it
    #expect(card[2, 2].a == 255)
    let animation = try APNGReader.readFile(path: dir.file("meshing.apng"))
    #expect(animation.frames.count == 3 && animation.loopCount == 0)
    let genie = try APNGReader.readFile(path: dir.file("genie.apng"))
    #expect(genie.frames.count == 3 && genie.width == 420 && genie.height == 520)
    // Progress 0 shows the card in place; the last frame has it inside the slot.
    #expect(genie.frames[0].image[210, 170].a == 255)
    #expect(genie.frames[2].image[210, 170].a == 0 && genie.frames[2].image[210, 500].a == 255)
  }

  @Test func benchJSONLines() throws {
    let run = ToolRun(["bench", "--json", "--runs", "2", "--case", "copy", "--threads", "1"])
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 1)
    let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
    #expect(object["case"] as? String == "copy")
    #expect(object["width"] as? Int == 1920 && object["height"] as? Int == 1080)
    #expect(object["threads"] as? Int == 1)
    #expect((object["median_ms"] as? Double ?? -1) > 0)
    let nothing = ToolRun(["bench", "--case", "nothing"])
    #expect(
      nothing.status == 2
        && nothing.errors.hasPrefix(
          "meshwarp bench: no bench case starts with 'nothing'; cases: copy,")
    )
  }
}
