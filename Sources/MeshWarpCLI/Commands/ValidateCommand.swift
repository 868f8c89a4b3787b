import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpVideo

/// `meshwarp validate FILE.json [--json]`
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "validate", summary: "Check a mesh, point set, gradient or keyframe file.",
    details: """
      Tells the file's kind by its keys, says which it found, and checks it by its rules:
        mesh ("faces", or the grid shorthand "columns"/"rows"): the face-ordering rules,
          coordinates (non-finite, absurd, looking like pixels);
        point set ("from"/"to" or "pairs", no faces): coordinates, and whether the
          thin-plate spline can be built (three points not on one line, no two at one place);
        gradient ("points" or "bezierPoints" with "colors"): the gradient's rules;
        keyframe file ("keyframes"): every keyframe's mesh or gradient.
      Prints every problem, one a line, naming the face (if any), its vertex indices and
      the rule; a file that cannot be read (JSON syntax, a wrong value) is one error with
      its line and column, in the --json report too. "units": "pixels" without
      "width"/"height" is checked against --size.
      Exit status: 0 when there is no error (warnings allowed), 1 otherwise.
      """)

  @Argument(placeholder: "FILE.json", help: "The mesh, point set, gradient or keyframe file.")
  var path: String
  @Flag(
    help:
      "One JSON object per problem and line on stdout (file, kind, severity, rule, face, vertices, line, column, path, message), for every error, JSON syntax included."
  )
  var json: Bool
  @Option(
    short: "s",
    help: "The content size for \"units\": \"pixels\" files without \"width\"/\"height\".")
  var size: PixelSize?

  struct Line: Encodable {
    var file: String
    /// What the file was read as (``Kind/name``); nil when that could not be told.
    var kind: String?
    var severity: String
    var rule: String
    var face: Int?
    var vertices: [Int]
    /// Where in the file, for errors that stopped reading it.
    var line: Int?
    var column: Int?
    var path: String?
    var message: String

    /// Laid out as ``MeshIssue``'s description: `error [rule] face 2
    /// (vertices …): message`.
    var text: String {
      MeshIssue.line(
        severity: severity, rule: rule, face: face, vertices: vertices, message: message)
    }
  }

  /// What a file holds, by its top-level keys.
  enum Kind: Equatable {
    case mesh, pointSet, gradient
    case keyframes(gradient: Bool)

    static func of(_ object: [String: Any]) -> Kind {
      if let frames = object["keyframes"] as? [Any] {
        let first = frames.first as? [String: Any]
        return .keyframes(gradient: first?["gradient"] != nil)
      }
      if object["keyframes"] != nil { return .keyframes(gradient: false) }
      if object["colors"] != nil || object["points"] != nil || object["bezierPoints"] != nil {
        return .gradient
      }
      if object["faces"] != nil || object["columns"] != nil || object["rows"] != nil {
        return .mesh
      }
      return .pointSet
    }

    /// The kind in words, as the report names it.
    var name: String {
      switch self {
      case .mesh: "mesh"
      case .pointSet: "point set"
      case .gradient: "gradient"
      case .keyframes(let gradient): gradient ? "gradient keyframe file" : "mesh keyframe file"
      }
    }
  }

  func run(console: Console) throws {
    var kind: Kind?
    let issues: [Line]
    let summary: String
    do {
      (issues, summary) = try check(found: &kind)
    } catch {
      // A file that cannot be read as its kind: one error, placed.
      let line = Self.line(for: error, file: path, kind: kind?.name)
      if json {
        try report([line], console: console)
      }
      let reading = kind.map { " (read as a \($0.name))" } ?? ""
      let message = InputFiles.describe(error) + reading
      if case .usage = error as? CLIError { throw CLIError.usage(message) }
      throw CLIError.failure(message)
    }
    try report(issues, console: console)
    let errors = issues.filter { $0.severity == "error" }.count
    let warnings = issues.count - errors
    if errors > 0 {
      throw CLIError.failure("\(path): \(plural(errors, "error")) in the \(kind?.name ?? "file")")
    }
    if !json {
      let note = warnings > 0 ? ", \(plural(warnings, "warning"))" : ""
      try console.print("\(path): valid \(kind?.name ?? "file")\(summary)\(note)")
    }
  }

  /// Reads the file, tells its kind (set in `found` before its rules run)
  /// and checks it: the problems found and a summary of what it holds.
  private func check(found: inout Kind?) throws -> ([Line], String) {
    let bytes = try FileInput.readBytes(path: path, maxBytes: JSONFile.defaultMaxBytes)
    let source = path == FileInput.standardInputPath ? "standard input" : path
    // Syntax first, by the reader that places errors at line:column.
    _ = try JSONFile.decode(AnyJSONValue.self, from: bytes, source: source)
    let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    var userInfo: [CodingUserInfoKey: Any] = [:]
    if let size { userInfo[.meshContentSize] = Vector2(Double(size.width), Double(size.height)) }
    let kind = Kind.of(object)
    found = kind
    let issues: [Line]
    let summary: String
    switch kind {
    case .mesh:
      let mesh = try JSONFile.decode(WarpMesh.self, from: bytes, source: source, userInfo: userInfo)
      issues = mesh.validate().map { line($0, kind) }
      summary =
        " (\(plural(mesh.pointPairs.count, "point pair")), \(plural(mesh.faces.count, "face")))"
    case .pointSet:
      let points = try JSONFile.decode(
        WarpPointSet.self, from: bytes, source: source, userInfo: userInfo)
      var found = points.issues.map { line($0, kind) }
      if !found.contains(where: { $0.severity == "error" }) {
        do {
          _ = try points.mesh(outputSize: Vector2(256, 256))
        } catch {
          found.append(
            Line(
              file: path, kind: kind.name, severity: "error", rule: "thin-plate-spline", face: nil,
              vertices: [], message: "\(error)"))
        }
      }
      issues = found
      summary =
        " (\(plural(points.pairs.count, "point pair")), corners \(points.pinCorners ? "pinned" : "free"))"
    case .gradient:
      let gradient = try JSONFile.decode(GradientMesh.self, from: bytes, source: source)
      issues = gradient.validationErrors.map { line($0, kind) }
      summary = " (\(gradient.width)×\(gradient.height) points)"
    case .keyframes(let isGradient):
      if path == FileInput.standardInputPath {
        throw CLIError.usage("a keyframe file is read from a file (its references are relative)")
      }
      if isGradient {
        let timeline = try KeyframeFile.load(GradientMesh.self, path: path)
        issues = timeline.keyframes.enumerated().flatMap { i, k in
          k.value.validationErrors.map { prefixed(line($0, kind), i) }
        }
        summary = " (\(plural(timeline.keyframes.count, "keyframe")))"
      } else {
        let timeline = try KeyframeFile.load(WarpMesh.self, path: path)
        issues = timeline.keyframes.enumerated().flatMap { i, k in
          k.value.validate().map { prefixed(line($0, kind), i) }
        }
        summary = " (\(plural(timeline.keyframes.count, "keyframe")))"
      }
    }
    return (issues, summary)
  }

  /// Prints `lines`, as JSON objects with `--json`, else as text.
  private func report(_ lines: [Line], console: Console) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for issue in lines {
      if json {
        try console.print(String(decoding: try encoder.encode(issue), as: UTF8.self))
      } else {
        try console.print("\(path): \(issue.text)")
      }
    }
  }

  /// The report line of an error that stopped reading the file: a JSON
  /// syntax or content error keeps its line, column and key path.
  static func line(for error: any Error, file: String, kind: String?) -> Line {
    var line = Line(
      file: file, kind: kind, severity: "error", rule: "input", face: nil, vertices: [],
      message: InputFiles.describe(error))
    switch error {
    case MeshWarpIOError.jsonSyntax(_, let row, let column, let reason):
      line.rule = "json-syntax"
      (line.line, line.column, line.message) = (row, column, "JSON syntax error: \(reason)")
    case MeshWarpIOError.jsonContent(_, let row, let column, let codingPath, let reason):
      line.rule = "json-content"
      (line.line, line.column, line.message) = (row, column, reason)
      line.path = codingPath.isEmpty ? nil : codingPath
    case MeshWarpIOError.fileSystem:
      line.rule = "file"
    case let cli as CLIError:
      line.rule = "usage"
      line.message = cli.description
    default:
      break
    }
    return line
  }

  private func line(_ issue: MeshIssue, _ kind: Kind) -> Line {
    Line(
      file: path, kind: kind.name, severity: issue.severity.rawValue, rule: issue.rule.rawValue,
      face: issue.face, vertices: issue.vertices, message: issue.message)
  }

  private func line(_ error: GradientMeshError, _ kind: Kind) -> Line {
    Line(
      file: path, kind: kind.name, severity: "error", rule: "gradient", face: nil, vertices: [],
      message: "\(error)")
  }

  private func prefixed(_ line: Line, _ keyframe: Int) -> Line {
    var line = line
    line.message = "keyframes[\(keyframe)]: " + line.message
    return line
  }
}

/// Any JSON value, read only to check the syntax.
private struct AnyJSONValue: Decodable {
  init(from decoder: any Decoder) throws {}
}
