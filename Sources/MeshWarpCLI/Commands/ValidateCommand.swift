import Foundation

/// `meshwarp validate FILE.json [--json]`
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "validate", summary: "Check a mesh, point set, gradient or keyframe file.",
    details: """
      Tells the file's kind by its keys and checks it by that kind's rules:
        mesh ("faces", or the grid shorthand "columns"/"rows"): the face-ordering rules,
          coordinates (non-finite, absurd, looking like pixels);
        point set ("from"/"to" or "pairs", no faces): coordinates, and whether the
          thin-plate spline can be built (three points not on one line, no two at one place);
        gradient ("points" or "bezierPoints" with "colors"): the gradient's rules;
        keyframe file ("keyframes"): every keyframe's mesh or gradient.
      Prints every problem, one a line, naming the face (if any), its vertex indices and
      the rule. "units": "pixels" without "width"/"height" is checked against --size.
      Exit status: 0 when there is no error (warnings allowed), 1 otherwise.
      """)

  @Argument(placeholder: "FILE.json", help: "The mesh, point set, gradient or keyframe file.")
  var path: String
  @Flag(help: "One JSON object per problem and line: severity, rule, face, vertices, message.")
  var json: Bool
  @Option(
    short: "s",
    help: "The content size for \"units\": \"pixels\" files without \"width\"/\"height\".")
  var size: PixelSize?

  struct Line: Encodable {
    var file: String
    var severity: String
    var rule: String
    var face: Int?
    var vertices: [Int]
    var message: String

    /// As ``MeshIssue``'s description: `error [rule] face 2 (vertices …): message`.
    var text: String {
      var place = ""
      if let face { place = " face \(face)" }
      if !vertices.isEmpty {
        let list = vertices.map(String.init).joined(separator: ", ")
        place += face == nil ? " vertex \(list)" : " (vertices \(list))"
      }
      return "\(severity) [\(rule)]\(place): \(message)"
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
  }

  func run(console: Console) throws {
    let bytes = try FileInput.readBytes(path: path, maxBytes: JSONFile.defaultMaxBytes)
    // An unparsable file is reported by the mesh decoder (line and column).
    let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    var userInfo: [CodingUserInfoKey: Any] = [:]
    if let size { userInfo[.meshContentSize] = Vector2(Double(size.width), Double(size.height)) }
    let source = path == FileInput.standardInputPath ? "standard input" : path
    let issues: [Line]
    let summary: String
    switch Kind.of(object) {
    case .mesh:
      let mesh = try JSONFile.decode(WarpMesh.self, from: bytes, source: source, userInfo: userInfo)
      issues = mesh.validate().map(line)
      summary =
        " (\(plural(mesh.pointPairs.count, "point pair")), \(plural(mesh.faces.count, "face")))"
    case .pointSet:
      let points = try JSONFile.decode(
        WarpPointSet.self, from: bytes, source: source, userInfo: userInfo)
      var found = points.issues.map(line)
      if !found.contains(where: { $0.severity == "error" }) {
        do {
          _ = try points.mesh(outputSize: Vector2(256, 256))
        } catch {
          found.append(
            Line(
              file: path, severity: "error", rule: "thin-plate-spline", face: nil, vertices: [],
              message: "\(error)"))
        }
      }
      issues = found
      summary =
        " point set (\(plural(points.pairs.count, "point pair")), corners \(points.pinCorners ? "pinned" : "free"))"
    case .gradient:
      let gradient = try JSONFile.decode(GradientMesh.self, from: bytes, source: source)
      issues = gradient.validationErrors.map(line)
      summary = " gradient (\(gradient.width)×\(gradient.height) points)"
    case .keyframes(let isGradient):
      if path == FileInput.standardInputPath {
        throw CLIError.usage("a keyframe file is read from a file (its references are relative)")
      }
      if isGradient {
        let timeline = try KeyframeFile.load(GradientMesh.self, path: path)
        issues = timeline.keyframes.enumerated().flatMap { i, k in
          k.value.validationErrors.map { prefixed(line($0), i) }
        }
        summary = " keyframe file (\(plural(timeline.keyframes.count, "gradient keyframe")))"
      } else {
        let timeline = try KeyframeFile.load(WarpMesh.self, path: path)
        issues = timeline.keyframes.enumerated().flatMap { i, k in
          k.value.validate().map { prefixed(line($0), i) }
        }
        summary = " keyframe file (\(plural(timeline.keyframes.count, "mesh keyframe")))"
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for issue in issues {
      if json {
        try console.print(String(decoding: try encoder.encode(issue), as: UTF8.self))
      } else {
        try console.print("\(path): \(issue.text)")
      }
    }
    let errors = issues.filter { $0.severity == "error" }.count
    if !json && issues.isEmpty {
      try console.print("\(path): valid\(summary)")
    }
    if errors > 0 {
      throw CLIError.failure("\(path): \(plural(errors, "error"))")
    }
  }

  private func line(_ issue: MeshIssue) -> Line {
    Line(
      file: path, severity: issue.severity.rawValue, rule: issue.rule.rawValue, face: issue.face,
      vertices: issue.vertices, message: issue.message)
  }

  private func line(_ error: GradientMeshError) -> Line {
    Line(
      file: path, severity: "error", rule: "gradient", face: nil, vertices: [],
      message: "\(error)")
  }

  private func prefixed(_ line: Line, _ keyframe: Int) -> Line {
    var line = line
    line.message = "keyframes[\(keyframe)]: " + line.message
    return line
  }
}

/// `1 face`, `2 faces`.
func plural(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
