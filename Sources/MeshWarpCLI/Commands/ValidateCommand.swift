import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles

/// `meshwarp validate FILE.json... [--json] [--size WxH]`
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "validate", summary: "Check a mesh, point set, gradient, morph or keyframe file.",
    details: """
      Tells the file's kind by its keys, says which it found, and checks it by its rules:
        mesh ("faces", or the grid shorthand "columns"/"rows"): the face-ordering rules,
          coordinates (non-finite, absurd, looking like pixels);
        point set ("from"/"to" or "pairs", no faces): coordinates, and whether the
          thin-plate spline can be built (three points not on one line, no two at one place);
        gradient ("points" or "bezierPoints" with "colors"): the gradient's rules;
        morph ("a" and "b"): each picture's points as a mesh's, and every face over t
          (a face that folds part way is named with the first t it folds at);
        keyframe file ("keyframes"): every keyframe's mesh or gradient.
      Prints every problem, one a line, naming the face (if any), its vertex indices and
      the rule; a file that cannot be read (JSON syntax, a wrong value) is one error with
      its line and column, in the --json report too. "units": "pixels" without
      "width"/"height" is checked against --size.
      Exit status: 0 when there is no error (warnings allowed), 1 otherwise.
      """,
    examples: [
      ("Check a mesh and list its problems:", "meshwarp validate mesh.json"),
      (
        "Check several files, one JSON record a line (a valid file's too):",
        "meshwarp validate a.json b.json keyframes.json --json"
      ),
      (
        "Check a pixel-unit mesh without \"width\"/\"height\" against the picture it is for:",
        "meshwarp validate pixels.json --size 1920x1080"
      ),
    ])

  @Argument(
    repeating: "FILE.json", help: "The mesh, point set, gradient, morph or keyframe files to check."
  )
  var paths: [String]
  @Flag(
    help:
      "One JSON object per problem and line on stdout (file, kind, severity, rule, face, vertices, line, column, path, message), for every error, JSON syntax included; a valid file's object has severity \"ok\" and rule \"valid\"."
  )
  var json: Bool
  @Option(
    short: "s",
    help:
      "The picture's size, for \"units\": \"pixels\" files without \"width\"/\"height\" (as warp reads them against its input); the report names it."
  )
  var size: PixelSize?

  struct Line: Encodable {
    var file: String
    /// What the file was read as (``DocumentKind`` in words); nil when that could not be told.
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

  /// Checks every file; with one file its error is the command's, with
  /// several each invalid file's is printed and the command fails at the
  /// end, naming how many.
  func run(console: Console) throws {
    guard paths.count > 1 else { return try validate(paths[0], console: console) }
    var invalid = 0
    for path in paths {
      do {
        try validate(path, console: console)
      } catch let error as CLIError {
        guard case .interrupted = error else {
          console.error("meshwarp validate: \(error)")
          invalid += 1
          continue
        }
        throw error
      }
    }
    if invalid > 0 {
      throw CLIError.failure(
        "\(invalid) of \(paths.count) files \(invalid == 1 ? "has" : "have") errors")
    }
  }

  /// Checks one file: its problems, then "valid …" (text) or a record of
  /// severity "ok" (`--json`) when it has no error.
  private func validate(_ path: String, console: Console) throws {
    var kind: DocumentKind?
    let issues: [Line]
    let summary: String
    do {
      (issues, summary) = try check(path, found: &kind)
    } catch {
      // A file that cannot be read as its kind: one error, placed.
      let line = Self.line(for: error, file: path, kind: kind?.description)
      if json {
        try report([line], path: path, console: console)
      }
      let reading = kind.map { " (read as a \($0.description))" } ?? ""
      var message = InputFiles.describe(error) + reading
      if size == nil, message.contains("\"units\": \"pixels\" needs the content size") {
        message += "; or give the picture's size: meshwarp validate \(path) --size WxH"
      }
      if case .usage = error as? CLIError { throw CLIError.usage(message) }
      throw CLIError.failure(message)
    }
    try report(issues, path: path, console: console)
    let errors = issues.filter { $0.severity == "error" }.count
    let warnings = issues.count - errors
    if errors > 0 {
      throw CLIError.failure(
        "\(path): \(plural(errors, "error")) in the \(kind?.description ?? "file")")
    }
    let note = warnings > 0 ? ", \(plural(warnings, "warning"))" : ""
    let verdict = "valid \(kind?.description ?? "file")\(summary)\(note)"
    if json {
      let record = Line(
        file: path, kind: kind?.description, severity: "ok", rule: "valid", face: nil, vertices: [],
        message: verdict)
      try report([record], path: path, console: console)
    } else {
      try console.print("\(path): \(verdict)")
    }
  }

  /// Reads the file, tells its kind (set in `found` before its rules run)
  /// and checks it: the problems found and a summary of what it holds.
  private func check(_ path: String, found: inout DocumentKind?) throws -> ([Line], String) {
    // Syntax first, placed at line:column; the kind from the document's
    // keys (a document that is no object is read as a point set, whose
    // decoder says what is missing).
    let file = try DocumentFile.read(path)
    try file.checkSyntax()
    let contentSize = size.map { Vector2(Double($0.width), Double($0.height)) }
    let units = MeshUnitsReport()
    // Which size pixel coordinates were read against, for the summary.
    func pixels() -> String {
      if let declared = units.declaredSize {
        return ", in pixels of \(Int(declared.x))x\(Int(declared.y))"
      }
      if let size, units.impliedSize != nil {
        return ", in pixels of \(size.argumentDescription) (--size)"
      }
      return ""
    }
    let kind = file.kind ?? .pointSet
    found = kind
    let issues: [Line]
    let summary: String
    switch kind {
    case .mesh:
      let mesh = try file.mesh(contentSize: contentSize, units: units)
      issues = mesh.validate().map { line($0, kind, path) }
      summary =
        " (\(plural(mesh.pointPairs.count, "point pair")), \(plural(mesh.faces.count, "face"))\(pixels()))"
    case .pointSet:
      let points = try file.pointSet(contentSize: contentSize, units: units)
      var found = points.issues.map { line($0, kind, path) }
      if !found.contains(where: { $0.severity == "error" }) {
        do {
          _ = try points.mesh(outputSize: Vector2(256, 256))
        } catch {
          found.append(
            Line(
              file: path, kind: kind.description, severity: "error", rule: "thin-plate-spline",
              face: nil,
              vertices: [], message: "\(error)"))
        }
      }
      issues = found
      summary =
        " (\(plural(points.pairs.count, "point pair")), corners \(points.pinCorners ? "pinned" : "free")\(pixels()))"
    case .gradient:
      let gradient = try file.gradient()
      issues = gradient.validationErrors.map { line($0, kind, path) }
      summary = " (\(gradient.width)×\(gradient.height) points)"
    case .effect, .effectKeyframes:
      // An effect's parameters hold or fold depending on the size: --size,
      // else the size `meshwarp mesh` checks at.
      let side = MeshCommand.effectCheckSize
      let (w, h) = (size?.width ?? side, size?.height ?? side)
      let animation: MeshAnimation =
        kind == .effect
        ? .effect(try file.effect()) : .animatedEffect(try file.timeline(MeshEffect.self))
      issues =
        animation.effectProblem(width: w, height: h).map { place, error in
          [
            Line(
              file: path, kind: kind.description, severity: "error", rule: "effect-parameters",
              face: nil, vertices: [], message: "\(place)\(error)")
          ]
        } ?? []
      let what =
        kind == .effect
        ? animation.keyframeEffects[0].kind.rawValue
        : plural(animation.keyframeEffects.count, "keyframe")
      summary = " (\(what), checked at \(w)x\(h)\(size == nil ? "; give --size for yours" : ""))"
    case .morph:
      let morph = try file.morph()
      issues = Self.morphLines(morph, file: path)
      summary =
        " (\(plural(morph.a.count, "point")) in each picture, \(plural(morph.faces.count, "face")), checked over t)"
    case .gradientKeyframes, .meshKeyframes:
      if path == FileInput.standardInputPath {
        throw CLIError.usage("a keyframe file is read from a file (its references are relative)")
      }
      if kind == .gradientKeyframes {
        let timeline = try file.timeline(GradientMesh.self)
        issues = timeline.keyframes.enumerated().flatMap { i, k in
          k.value.validationErrors.map { prefixed(line($0, kind, path), i) }
        }
        summary = " (\(plural(timeline.keyframes.count, "keyframe")))"
      } else {
        let timeline = try file.timeline(WarpMesh.self)
        issues = timeline.keyframes.enumerated().flatMap { i, k in
          k.value.validate().map { prefixed(line($0, kind, path), i) }
        }
        summary = " (\(plural(timeline.keyframes.count, "keyframe")))"
      }
    }
    return (issues, summary)
  }

  /// A morph's problems: its structural error, or one line a folding
  /// face naming the first t it folds at.
  static func morphLines(_ morph: MorphDocument, file: String) -> [Line] {
    let kind = DocumentKind.morph.description
    do {
      try morph.validate()
      return []
    } catch .folds(let folds) {
      return folds.map { fold in
        Line(
          file: file, kind: kind, severity: "error", rule: "morph-fold", face: fold.face,
          vertices: morph.faces[fold.face].indices,
          message:
            "folds at t = \(MorphError.format(fold.t)): its quad in the intermediate points crosses itself, collapses or turns over; move its points in \"a\" or \"b\""
        )
      }
    } catch {
      var line = Line(
        file: file, kind: kind, severity: "error", rule: "morph", face: nil, vertices: [],
        message: "\(error)")
      if case .points(_, let issue) = error {
        (line.rule, line.face, line.vertices) = (issue.rule.rawValue, issue.face, issue.vertices)
      }
      return [line]
    }
  }

  /// Prints `lines`, as JSON objects with `--json`, else as text.
  private func report(_ lines: [Line], path: String, console: Console) throws {
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
    case FileError.jsonSyntax(_, let row, let column, let reason):
      line.rule = "json-syntax"
      (line.line, line.column, line.message) = (row, column, "JSON syntax error: \(reason)")
    case FileError.jsonContent(_, let row, let column, let codingPath, let reason):
      line.rule = "json-content"
      (line.line, line.column, line.message) = (row, column, reason)
      line.path = codingPath.isEmpty ? nil : codingPath
    case FileError.fileSystem:
      line.rule = "file"
    case let cli as CLIError:
      line.rule = "usage"
      line.message = cli.description
    default:
      break
    }
    return line
  }

  private func line(_ issue: MeshIssue, _ kind: DocumentKind, _ path: String) -> Line {
    Line(
      file: path, kind: kind.description, severity: issue.severity.rawValue,
      rule: issue.rule.rawValue,
      face: issue.face, vertices: issue.vertices, message: issue.message)
  }

  private func line(_ error: GradientMeshError, _ kind: DocumentKind, _ path: String) -> Line {
    Line(
      file: path, kind: kind.description, severity: "error", rule: "gradient", face: nil,
      vertices: [],
      message: "\(error)")
  }

  private func prefixed(_ line: Line, _ keyframe: Int) -> Line {
    var line = line
    line.message = "keyframes[\(keyframe)]: " + line.message
    return line
  }
}
