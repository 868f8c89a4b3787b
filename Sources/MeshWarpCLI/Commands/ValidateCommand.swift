import Foundation

/// `meshwarp validate MESH.json [--json]`
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "validate", summary: "Check a mesh against the face-ordering rules.",
    details: """
      Prints every problem, one a line, naming the face, its vertex indices and the rule.
      Exit status: 0 when there is no error (warnings allowed), 1 otherwise.
      """)

  @Argument(placeholder: "MESH.json", help: "The mesh to check.") var path: String
  @Flag(help: "One JSON object per problem and line: severity, rule, face, vertices, message.")
  var json: Bool

  struct Line: Encodable {
    var file: String
    var severity: String
    var rule: String
    var face: Int?
    var vertices: [Int]
    var message: String
  }

  func run(console: Console) throws {
    let mesh = try JSONFile.decode(WarpMesh.self, path: path)
    let issues = mesh.validate()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for issue in issues {
      if json {
        let line = Line(
          file: path, severity: issue.severity.rawValue, rule: issue.rule.rawValue,
          face: issue.face, vertices: issue.vertices, message: issue.message)
        try console.print(String(decoding: try encoder.encode(line), as: UTF8.self))
      } else {
        try console.print("\(path): \(issue)")
      }
    }
    let errors = issues.filter { $0.severity == .error }.count
    if !json && issues.isEmpty {
      try console.print(
        "\(path): valid (\(plural(mesh.pointPairs.count, "point pair")), \(plural(mesh.faces.count, "face")))"
      )
    }
    if errors > 0 {
      throw CLIError.failure("\(path): \(plural(errors, "error"))")
    }
  }
}

/// `1 face`, `2 faces`.
func plural(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
