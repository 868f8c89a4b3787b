import Foundation
import MeshWarpCore
import Testing

/// `meshwarp validate` on morph documents, `meshwarp mesh morph-grid` and
/// `meshwarp morph`.
@Suite struct MorphCommandTests {
  /// A 3×3 grid whose middle column is mirrored in B (x → 1 − x), so its
  /// faces are flat at t = 0.5 and fine at both ends.
  static let foldsHalfWay = """
    {"columns": 3, "rows": 2, "a": [[0,0],[0.5,0],[1,0],[0,1],[0.5,1],[1,1]],
     "b": [[1,0],[0.5,0],[0,0],[1,1],[0.5,1],[0,1]]}
    """

  @Test func validateNamesTheTOfAFold() {
    let dir = TemporaryFolder()
    let path = dir.write(Self.foldsHalfWay, "fold.json")
    let run = ToolRun(["validate", path])
    #expect(run.status == 1)
    #expect(run.output.contains("face 0"))
    #expect(run.output.contains("folds at t = 0.5"))
    #expect(run.errors.contains("in the morph"))
    let json = ToolRun(["validate", path, "--json"])
    #expect(json.output.contains(#""rule":"morph-fold""#))
  }

  @Test func validateAcceptsAGoodMorph() {
    let dir = TemporaryFolder()
    let path = dir.write(
      #"{"columns": 2, "rows": 2, "b": [[0.1,0],[1,0],[0,1],[1,0.9]], "dissolveEasing": "easeInOut"}"#,
      "good.json")
    let run = ToolRun(["validate", path])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("valid morph (4 points in each picture, 1 face, checked over t)"))
    let counts = ToolRun([
      "validate",
      dir.write(#"{"faces": [[0,1,2,3]], "a": [[0,0],[1,0],[1,1],[0,1]], "b": [[0,0]]}"#, "c.json"),
    ])
    #expect(counts.status == 1)
    #expect(counts.errors.contains("\"b\" has 1 point but \"a\" has 4"))
  }
}
