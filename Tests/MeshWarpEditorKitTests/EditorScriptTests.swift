import Foundation
import MeshWarpEditorKit
import Testing

@Suite struct EditorScriptTests {
  @Test func dragExpandsIntoFrames() throws {
    let steps = try EditorScript.parse("drag 10 20 50 60 4\n")
    #expect(
      steps == [
        .inject([.mouseDown(x: 10, y: 20)]),
        .inject([.mouseMove(x: 20, y: 30)]),
        .inject([.mouseMove(x: 30, y: 40)]),
        .inject([.mouseMove(x: 40, y: 50)]),
        .inject([.mouseMove(x: 50, y: 60)]),
        .inject([.mouseUp(x: 50, y: 60)]),
      ])
    #expect(try EditorScript.parse("drag 0 0 8 8").count == EditorScript.defaultDragSteps + 2)
  }

  @Test func everyCommand() throws {
    let text = """
      # a comment

      click 5 6   # trailing comment
      down 1 2
      move 3 4
      up 3 4
      key space
      save out/a.png
      wait 3
      sleep 20
      quit
      """
    #expect(
      try EditorScript.parse(text) == [
        .inject([.mouseDown(x: 5, y: 6)]), .inject([.mouseUp(x: 5, y: 6)]),
        .inject([.mouseDown(x: 1, y: 2)]), .inject([.mouseMove(x: 3, y: 4)]),
        .inject([.mouseUp(x: 3, y: 4)]), .inject([.key("space")]), .inject([.save("out/a.png")]),
        .waitFrames(3), .sleepMilliseconds(20), .inject([.quit]),
      ])
  }

  @Test func errorsNameTheLine() {
    for (text, line, fragment) in [
      ("click 1\n", 1, "takes 2"),
      ("wait 1\n\njump 3", 3, "unknown command 'jump'"),
      ("drag 1 2 3 x", 1, "'x' is not an integer"),
      ("key", 1, "one key name"),
      ("drag 1 2 3 4 0", 1, "at least 1"),
    ] {
      #expect {
        try EditorScript.parse(text)
      } throws: { error in
        guard let e = error as? EditorScript.ParseError else { return false }
        return e.line == line && e.description.contains(fragment)
      }
    }
  }
}
