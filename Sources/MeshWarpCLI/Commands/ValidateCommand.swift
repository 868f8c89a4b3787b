import Foundation

/// `meshwarp validate MESH.json [--json]`
enum ValidateCommand: Command {
  static let spec = CommandSpec(
    name: "validate", summary: "Check a mesh against the face-ordering rules.",
    usage: "meshwarp validate MESH.json [--json]",
    options: [
      OptionSpec(
        names: ["--json"], value: nil,
        help: "One JSON object per problem and line: severity, rule, face, vertices, message.")
    ],
    positionals: 1...1,
    details: """
      Prints every problem, one a line, naming the face, its vertex indices and the rule.
      Exit status: 0 when there is no error (warnings allowed), 1 otherwise.
      """)

  struct Line: Encodable {
    var file: String
    var severity: String
    var rule: String
    var face: Int?
    var vertices: [Int]
    var message: String
  }

  static func run(_ args: ParsedArguments, console: Console) throws {
    let path = args.positionals[0]
    let mesh = try JSONFile.decode(WarpMesh.self, path: path)
    let issues = mesh.validate()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for issue in issues {
      if args.flag("--json") {
        let line = Line(
          file: path, severity: issue.severity.rawValue, rule: issue.rule.rawValue,
          face: issue.face, vertices: issue.vertices, message: issue.message)
        try console.print(String(decoding: try encoder.encode(line), as: UTF8.self))
      } else {
        try console.print("\(path): \(issue)")
      }
    }
    let errors = issues.filter { $0.severity == .error }.count
    if !args.flag("--json") && issues.isEmpty {
      try console.print(
        "\(path): valid (\(mesh.pointPairs.count) point pairs, \(mesh.faces.count) faces)")
    }
    if errors > 0 {
      throw CLIError.failure("\(path): \(errors) error\(errors == 1 ? "" : "s")")
    }
  }
}
